#!/bin/sh
# tests/fuzz/run.sh - build the libFuzzer targets with clang (ASan +
# UBSan) and run each, starting from the mail fixtures and a few orders
# and mails of commands (tests/fuzz/seeds/).  Owns the fuzz build: the
# targets compile the sources directly, apart from the autotools build
# (judge/cmd/main.c with its main renamed, since libFuzzer brings its own).
# make check runs a few seconds of each through short.test; longer runs
# are by hand (figures in tests/fuzz/README.md).  Needs clang with
# libFuzzer (Debian: clang).
# Usage: tests/fuzz/run.sh [SECONDS] [TARGET...]   (from anywhere)
#   TARGET: mail, orders, session (default all).  Environment: FUZZ_DIR
#   where to build and keep the corpora (default /tmp/judge-fuzz);
#   FUZZ_RUNS stop after so many executions instead of SECONDS;
#   FUZZ_OPT the optimisation of the fuzzed code (default -O1; short.test
#   takes -O0, which compiles in 60 % of the CPU and runs slower: a build
#   and a smoke run, not a search).
set -e
cd "$(dirname "$0")/../.."
secs=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-mail orders session}
out=${FUZZ_DIR:-/tmp/judge-fuzz}
mkdir -p "$out/mail" "$out/orders" "$out/session"
# the targets are built in $out, their build tree: they read the source
# tree's variants (variants/datadir.c)
cflags="-g ${FUZZ_OPT:--O1} -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE -I. -DJUDGE_SRCDIR=\"$PWD\" -DJUDGE_DATADIR=\"$PWD\" -DJUDGE_VERSION=\"fuzz\"
	-DJUDGE_BUILDDIR=\"$(cd "$out" && pwd)\" -DJUDGE_BINDIR=\"$out\" -DJUDGE_PKGLIBDIR=\"$out\""
etpan_c=$(pkg-config --cflags libetpan)
etpan_l=$(pkg-config --libs libetpan)
# the variants draw map pictures (picture/: cairo, libpng and zlib, and
# libdeflate for the image data, found as configure finds it: by its .pc
# or by the library alone)
pic_c="$(pkg-config --cflags cairo libpng zlib) $(pkg-config --cflags libdeflate 2>/dev/null || :)"
pic_l="$(pkg-config --libs cairo libpng zlib) $(pkg-config --libs libdeflate 2>/dev/null || echo -ldeflate) -lm"
# the drawing code linked in, as the test programs have it: not the
# module (picture/module.c) nor its loader (picture/load.c), whose one
# other function, telling the loader where the module is, has nothing to
# do here (nomodule.c, below); the same for the SMTP module, whose
# source (deliver_smtp.c) is linked in directly
pic_draw_src="picture/geo.c picture/palette.c picture/raster.c picture/layout.c picture/labels.c picture/draw.c picture/png.c"
pic_src="$pic_draw_src $(ls variants/*picture*.c variants/pic_geo*.c)"
printf '%s\n' '#include "picture/module.h"' '#include "maildir/smtp_module.h"' \
	'void pic_module_path_set(const char *path) { (void)path; }' \
	'void smtp_module_path_set(const char *path) { (void)path; }' >"$out/nomodule.c"
# every source of maildir/ and base/ but the modules' own halves
# (base/dl_module.h): deliver_smtp.c is linked in directly, so neither its
# loader (smtp_load.c) nor a module's fail() (module_fail.c) may be
mail_src=$(ls maildir/*.c | grep -v -e smtp_load.c -e smtp_module.c)
base_src=$(ls base/*.c | grep -v module_fail.c)
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
limit="-max_total_time=$secs"
[ -n "$FUZZ_RUNS" ] && limit="-runs=$FUZZ_RUNS"

# the sources each target links, apart from the pictures' (below)
judge_src=$(ls judge/*.c judge/cmd/*.c judge/mailcmd/*.c | grep -v '^judge/cmd/main\.c$')
srcs() {
	case $1 in
	mail)    echo tests/fuzz/fuzz_mail.c $mail_src $base_src ;;
	orders)  echo tests/fuzz/fuzz_orders.c $base_src parser/*.c adjudicator/*.c variants/*.c $pic_draw_src ;;
	session) echo tests/fuzz/fuzz_session.c $judge_src $mail_src $base_src parser/*.c adjudicator/*.c \
			$(ls variants/*.c | grep -v -e picture -e pic_geo) ;;
	*)       echo "run.sh: unknown target $1" >&2; return 2 ;;
	esac
}
obj() { echo "$out/obj/$(echo "$1" | tr / _).o"; }

# Each source is compiled once, into $out/obj, and the targets linked
# from there: the three share base/, maildir/, parser/, adjudicator/ and
# variants/, which each compiled for itself before (in make check, most
# of short.test's time was these builds, not the fuzzing).  Two
# compilers at a time, the test's own slot and one more, as the three
# target builds side by side had.  (clang warns about Debian's link
# specs: the logs are shown only on a failure.)
rm -rf "$out/obj" "$out/pic"; mkdir -p "$out/obj" "$out/pic"     # no object of an older tree
all=
for t in $targets; do all="$all $(srcs "$t")" || exit 2; done
# compile LIST: each line a source and its object, with the flags $cc
# (exported: unquoted in the child, as here, its \" stay quotes)
compile() {
	xargs -n 2 -P 2 sh -c 'clang $cc -c "$0" -o "$1" 2>"$1.log" || { cat "$1.log" >&2; exit 255; }'
}
export cc="$cflags $etpan_c $pic_c"
printf '%s\n' $all | sort -u | while read -r f; do echo "$f $(obj "$f")"; done | compile || exit 1
case " $targets " in *" session "*)
	clang $cflags -Dmain=judge_cli_main $etpan_c -c judge/cmd/main.c -o "$out/judge_main.o"
	# the map pictures (drawn by every input that adjudicates) with ASan
	# and UBSan but without the fuzzer's coverage tracing, and optimised:
	# what an input steers in them is only the arrows, and the tracing
	# made them most of the target's time (README)
	cc="$(echo "$cflags" | sed "s/ ${FUZZ_OPT:--O1} / -O2 /; s/fuzzer,//") $pic_c"
	printf '%s\n' $pic_src | while read -r f; do echo "$f $out/pic/$(echo "$f" | tr / _).o"; done | compile || exit 1
esac
for t in $targets; do
	objs=$(for f in $(srcs "$t"); do obj "$f"; done)
	case $t in
	mail)    libs="$etpan_l $(pkg-config --libs libpcre2-8)" ;;
	orders)  libs="$(pkg-config --libs libpcre2-8 libsodium) $pic_l" ;;
	session) objs="$objs $out/judge_main.o $out/pic/*.o $out/nomodule.c"
		 libs="$(pkg-config --libs libetpan sqlite3 libpcre2-8 libsodium) $pic_l" ;;
	esac
	clang $cflags $etpan_c $pic_c $objs $libs -o "$out/fuzz_$t" 2>"$out/build-$t.log" ||
		{ cat "$out/build-$t.log" >&2; exit 1; }
done

cp tests/mail/fixtures/*.eml tests/fuzz/seeds/mail/* "$out/mail/"
cp tests/fuzz/seeds/orders/* "$out/orders/"
cp tests/fuzz/seeds/session/* "$out/session/"
for t in $targets; do
	case $t in
	mail)    "$out/fuzz_mail" $limit -max_len=16384 -rss_limit_mb=2048 "$out/mail" ;;
	orders)  "$out/fuzz_orders" $limit -max_len=400 "$out/orders" ;;
	session) "$out/fuzz_session" $limit -max_len=16384 -rss_limit_mb=2048 "$out/session" ;;
	esac
done
