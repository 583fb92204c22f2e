module judge/bench/godip

go 1.19

require github.com/zond/godip v0.0.0

// bench/godip.sh rewrites this to where godip was checked out (GODIP=...).
replace github.com/zond/godip => /var/tmp/godip
