#!/bin/sh
# bench/godip.sh - the Diplomacy adjudicator side by side with godip (Go) on
# the same movement phases, in one run, one core each, CPU time; prints both
# rates and their ratio (bench/README.md, "Against godip").
#
# The phases are drawn and adjudicated by godip itself (bench/godip/main.go
# gen), so the workload is godip's; `judge cases` then reports how many of
# godip's results the Judge agrees with.  godip is not vendored: GODIP names
# a checkout of github.com/zond/godip, built with Debian's Go offline.
#
# Usage (from the build directory, after `make bench/godip_bench judge/judge`):
#   GODIP=/var/tmp/godip sh ../bench/godip.sh [PHASES_FILE] [SECONDS]
set -e
: "${GODIP:=/var/tmp/godip}" "${top_srcdir:=..}"
phases=${1:-}
secs=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Go may not reach the network: everything godip's adjudicator imports is
# in the checkout itself.
export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local GOMAXPROCS=1
export GOCACHE="${GOCACHE:-$work/gocache}" GOPATH="${GOPATH:-$work/gopath}"
cp "$top_srcdir/bench/godip/main.go" "$top_srcdir/bench/godip/go.mod" "$work/"
(cd "$work" && go mod edit -replace="github.com/zond/godip=$GODIP" &&
	go build -o godipbench .)
if [ -z "$phases" ]; then
	phases=$work/phases.txt
	"$work/godipbench" gen 2000 1 >"$phases"
fi

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
./judge/judge cases "$phases" | tail -n 1 | sed 's/^/agreement with godip: /'
# interleaved, so a change in the machine's load touches both sides alike
for round in 1 2; do
	./bench/godip_bench "$phases" "$secs"
	"$work/godipbench" run "$phases" "$secs"
done | tee "$work/out"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '/^judge:.*phases\/s$/ { j += $(NF-1); nj++ }
     /^godip:.*phases\/s$/ { g += $(NF-1); ng++ }
     END { printf "ratio: %.0f times godip (means of %d runs each)\n", (j/nj)/(g/ng), nj }' "$work/out"
