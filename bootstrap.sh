#!/bin/sh
# Build the Judge from a fresh clone: install the Debian packages it needs
# (when run as root, or through sudo), generate the build system, configure
# into build/ and compile.  Safe to run again: it only does what is missing.
set -e
cd "$(dirname "$0")"

# What a fresh Debian 12 lacks, as package names.  postfix is only for the
# end-to-end mail test, which skips without it; tzdata (not in a minbase
# install) is the time zones SET TIMEZONE and SET DEADLINE resolve.
PACKAGES="build-essential autoconf automake pkg-config libetpan-dev libsqlite3-dev
libpcre2-dev libsodium-dev libcairo2-dev libpng-dev libdeflate-dev fonts-dejavu-core sqlite3
python3 postfix tzdata"

missing=""
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "bootstrap: installing:$missing"
	if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO=sudo; else
		echo "bootstrap: run as root, or install these packages first:$missing" >&2
		exit 1
	fi
	$SUDO apt-get update -q
	# postfix asks questions at install time unless told not to
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $missing
fi

[ -x configure ] && [ configure -nt configure.ac ] || autoreconf -fi
mkdir -p build
cd build
# /etc and /var, as the package has them: `make install` then gives a Judge
# that reads /etc/judge.conf and keeps its games in /var/lib/judge/judge.db
# when given no --config (a program run from build/ never does)
[ -f Makefile ] || ../configure -q --sysconfdir=/etc --localstatedir=/var
make -s -j2
echo "bootstrap: built build/judge/judge"
