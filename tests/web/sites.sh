#!/bin/sh
# sites.sh OUT - the web sites the browser and validity tests look at:
# a Classical game of three years, a Peloponnesian War of two players and
# a diceless game to its end, each played by mail through the scripts the
# game tests already run (tests/game/play.sh, tests/diceless/
# game_by_mail.py), then `judge web OUT/<family>` over its database.
# Playing the three takes most of a minute of CPU, so the databases are
# kept in the build tree (tests/web/games) and played again only when
# the judge is newer than them; a lock lets the two tests share them when
# make runs them side by side.  The site itself is written anew each time.
# Exit 0, or 1 with the reason on stderr.
set -u
out=$1
judge="$top_builddir/judge/judge"
games="$top_builddir/tests/web/games"
py=python3
mkdir -p "$games" "$out" || exit 1

play() {   # play NAME: the NAME game's database in $games/NAME
	case $1 in
	classical) sh "$top_srcdir/tests/game/play.sh" "$top_srcdir/tests/game/classical_3years.txt" "$games/$1.work" ;;
	pelo) sh "$top_srcdir/tests/game/play.sh" "$top_srcdir/tests/game/pw2.txt" "$games/$1.work" ;;
	diceless) rm -rf "$games/$1.work" &&
		$py "$top_srcdir/tests/diceless/game_by_mail.py" "$judge" "$games/$1.work" ;;
	esac >"$games/$1.log" 2>&1
}

build() {
	for g in classical pelo diceless; do
		if [ ! -f "$games/$g.stamp" ] || [ "$judge" -nt "$games/$g.stamp" ]; then
			rm -f "$games/$g.stamp"
			play $g || { echo "sites.sh: the $g game failed (tests/web/games/$g.log):" >&2
				tail -20 "$games/$g.log" >&2; return 1; }
			touch "$games/$g.stamp"
		fi
	done
}

if command -v flock >/dev/null 2>&1; then
	( flock 9 && build ) 9>"$games/lock" || exit 1
else
	build || exit 1
fi

for g in classical pelo diceless; do
	rm -rf "$out/$g"
	"$judge" --config "$games/$g.work/judge.conf" web "$out/$g" ||
		{ echo "sites.sh: judge web failed on the $g game" >&2; exit 1; }
done
