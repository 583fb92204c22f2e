#!/bin/sh
# Build the Debian package from this tree and check it (CI runs this):
# dpkg-buildpackage on a copy of the tree (so the .deb and the build
# files stay out of the work tree), lintian without errors, and the
# package's contents: the program, every variant's data, the manual
# pages, the commented settings file postinst makes /etc/judge.conf from
# (with debconf's answers), the units (the clock's and the
# backup's), the cron.d file, and
# maintainer scripts that make the judge user and give it /var/lib/judge.
# Usage: tests/package.sh [OUTDIR]   (the .deb is left in OUTDIR, default
# /var/tmp/judge-package).  As root, first installs the packaging tools
# and the build dependencies (apt-get build-dep), so a fresh Debian needs
# nothing else.
set -e
src=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/var/tmp/judge-package}
TOOLS="debhelper po-debconf lintian fakeroot dpkg-dev"
if [ "$(id -u)" = 0 ]; then
	missing=""
	for p in $TOOLS; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
			missing="$missing $p"
	done
	[ -z "$missing" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
	# and the package's build dependencies, as debian/control lists them
	# (the nocheck profile: the build below runs no tests)
	DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q -Pnocheck "$src" >/dev/null
fi
version=$(sed -n '1s/.*(\(.*\)).*/\1/p' "$src/debian/changelog")
rm -rf "$out"
mkdir -p "$out/judge-$version"
# the tracked files and the new ones, never a build tree; without git (a
# fresh Debian has none, and a tarball no .git) the tree less its builds
if command -v git >/dev/null 2>&1 && git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "$src" && git ls-files -co --exclude-standard | grep -v '^build/' |
		tar -cf - -T -) | tar -xf - -C "$out/judge-$version"
else
	(cd "$src" && tar -cf - --exclude=./build --exclude=./asan-build --exclude=./.git .) |
		tar -xf - -C "$out/judge-$version"
fi
(cd "$out/judge-$version" && DEB_BUILD_OPTIONS="nocheck ${DEB_BUILD_OPTIONS:-}" \
	dpkg-buildpackage -us -uc -b -j2 -Pnocheck >"$out/build.log" 2>&1) ||
	{ tail -40 "$out/build.log"; echo "package: dpkg-buildpackage failed"; exit 1; }
deb=$(ls "$out"/judge_"$version"_*.deb)
echo "package: built $deb"

set +e
failed=0
check() { what=$1; shift; if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; failed=1; fi; }
lintian --fail-on error "$deb" >"$out/lintian.txt" 2>&1
check "lintian finds no error" [ $? = 0 ]
cat "$out/lintian.txt"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$out/files"
for f in /usr/bin/judge /usr/share/judge/judge.conf /etc/cron.d/judge /lib/systemd/system/judge.service \
	/lib/systemd/system/judge.timer /lib/systemd/system/judge-backup.service \
	/lib/systemd/system/judge-backup.timer /usr/share/man/man1/judge.1 \
	/usr/share/man/man5/judge.conf.5 /usr/share/man/man7/judge-mail.7 \
	; do
	check "the package has $f" grep -qxE "$f(\.gz)?" "$out/files"
done
# the drawing module, in the package's libdir (multiarch: /usr/lib/<triplet>)
check "the package has the drawing module" grep -qxE "/usr/lib/([^/]+/)?judge/picture\.so" "$out/files"
check "the package has the SMTP module" grep -qxE "/usr/lib/([^/]+/)?judge/smtp\.so" "$out/files"
check "the package has /usr/share/doc/judge/README.Debian (the units' Documentation=)" \
	grep -qx /usr/share/doc/judge/README.Debian "$out/files"
for f in $(cd "$src" && find variants -mindepth 2 -type f); do
	check "the package has $f" grep -qx "/usr/share/judge/$f" "$out/files"
done
mkdir -p "$out/control"
dpkg-deb -e "$deb" "$out/control"
check "/etc/judge.conf is no conffile (postinst writes debconf's answers in it)" \
	sh -c "! grep -qx /etc/judge.conf '$out/control/conffiles' 2>/dev/null"
check "its source, /usr/share/judge/judge.conf, has every key, commented" sh -c "! dpkg-deb --fsys-tarfile '$deb' |
	tar -xOf - ./usr/share/judge/judge.conf | grep -q '^[a-z]'"
check "debconf asks the address and the admin's" sh -c "grep -q 'db_input .* judge/address' '$out/control/config' &&
	grep -q 'db_input .* judge/admin' '$out/control/config'"
check "debconf asks whether to keep a web site" grep -q 'db_input .* judge/web_site' "$out/control/config"
check "postinst makes /var/www/judge for judge and names it web_dir" sh -c "grep -q 'chown judge:judge /var/www/judge' '$out/control/postinst' &&
	grep -q 'set_key web_dir /var/www/judge' '$out/control/postinst'"
check "postrm removes /etc/judge.conf at purge" grep -q "rm -f /etc/judge.conf" "$out/control/postrm"
sed -e ':a' -e 'N' -e '$!ba' -e 's/\\\n[[:space:]]*/ /g' "$out/control/postinst" >"$out/postinst.joined"
check "postinst makes the system user judge" grep -q "adduser --system .* judge$" "$out/postinst.joined"
check "postinst gives it /var/lib/judge" grep -q "chown judge:judge /var/lib/judge" "$out/control/postinst"
check "postinst migrates the database as judge" grep -q "runuser -u judge -- /usr/bin/judge init" "$out/control/postinst"
check "postinst runs check-config as judge" grep -q "runuser -u judge -- /usr/bin/judge check-config" "$out/control/postinst"
check "postrm asks before deleting the games" grep -q "db_input high judge/purge_games" "$out/control/postrm"
check "the timer is enabled" grep -q "judge.timer" "$out/control/postinst"
check "the backup timer is enabled" grep -q "judge-backup.timer" "$out/control/postinst"
check "the backup service runs judge backup as judge" sh -c "dpkg-deb --fsys-tarfile '$deb' |
	tar -xOf - ./lib/systemd/system/judge-backup.service | grep -q '^ExecStart=/usr/bin/judge backup$'"
check "/etc/cron.d/judge backs up where systemd does not run" sh -c "dpkg-deb --fsys-tarfile '$deb' |
	tar -xOf - ./etc/cron.d/judge | grep -q '	judge	\[ -d /run/systemd/system \] || .* /usr/bin/judge backup$'"
check "Depends on tzdata" sh -c "dpkg-deb -f '$deb' Depends | grep -q tzdata"
check "Recommends an MTA" sh -c "dpkg-deb -f '$deb' Recommends | grep -q mail-transport-agent"
check "Recommends cron where systemd does not run" sh -c "dpkg-deb -f '$deb' Recommends | grep -q 'systemd-sysv | cron'"
check "Depends on fontconfig (a system font cache: pictures draw without warnings)" \
	sh -c "dpkg-deb -f '$deb' Depends | grep -q fontconfig"
check "Depends on sqlite3 (the admin notices' commands use it)" sh -c "dpkg-deb -f '$deb' Depends | grep -q sqlite3"
if command -v systemd-analyze >/dev/null; then
	mkdir -p "$out/units"
	dpkg-deb --fsys-tarfile "$deb" | tar -xf - -C "$out/units" ./lib/systemd/system ./usr/bin/judge
	# verify wants the ExecStart program where the unit names it
	sed -i "s|/usr/bin/judge|$out/units/usr/bin/judge|" "$out/units/lib/systemd/system/judge.service" \
		"$out/units/lib/systemd/system/judge-backup.service"
	check "systemd-analyze verifies the units" systemd-analyze verify --man=no \
		"$out/units/lib/systemd/system/judge.timer" "$out/units/lib/systemd/system/judge.service" \
		"$out/units/lib/systemd/system/judge-backup.timer" \
		"$out/units/lib/systemd/system/judge-backup.service"
	# the exposure systemd-analyze scores, as judge.service and
	# README.Debian state it: with deliver = smtp's drop-in 4.0 or better
	ex=./usr/share/doc/judge/examples
	dpkg-deb --fsys-tarfile "$deb" | tar -xf - -C "$out/units" $ex/judge-smtp.conf $ex/judge-setgid.conf
	score() { systemd-analyze security --offline=yes "$1" 2>/dev/null | sed -n 's/.*Overall exposure level for .*: \([0-9.]*\) .*/\1/p'; }
	# the unit with drop-in NAME added, as systemd would merge it
	with() { (cat "$out/units/lib/systemd/system/judge.service"
		 grep -v '^\[Service\]' "$out/units/$ex/judge-$1.conf") >"$out/units/judge-$1.service"
		score "$out/units/judge-$1.service"; }
	base=$(score "$out/units/lib/systemd/system/judge.service")
	smtp=$(with smtp)
	setgid=$(with setgid)
	check "judge.service's exposure ($base) is the one it states" \
		grep -q "systemd-analyze security: $base\." "$out/units/lib/systemd/system/judge.service"
	check "with the deliver = smtp drop-in, 4.0 or better ($smtp), as stated" \
		sh -c "awk -v s='$smtp' 'BEGIN { exit !(s != \"\" && s <= 4.0) }' &&
			grep -q 'security judge.service: $smtp with it' '$out/units/$ex/judge-smtp.conf'"
	check "with the setgid drop-in, as stated ($setgid)" \
		grep -q "security judge.service: $setgid with it" "$out/units/$ex/judge-setgid.conf"
	# sendmail's set-id bit must work: nothing may imply NoNewPrivileges=
	# for a unit with User= (systemd.exec(5)); the smtp drop-in may
	for u in lib/systemd/system/judge.service judge-setgid.service; do
		check "$u implies no NoNewPrivileges=" sh -c "! grep -Eq \
'^(NoNewPrivileges=yes|ProtectHostname|PrivateDevices|SystemCallFilter|SystemCallArchitectures|RestrictAddressFamilies|RestrictNamespaces|RestrictRealtime|RestrictSUIDSGID|ProtectKernel|ProtectClock|LockPersonality|MemoryDenyWriteExecute|DynamicUser|SystemCallLog)' \
			'$out/units/$u'"
	done
fi
[ $failed = 0 ] && echo "package: all checks passed"
exit $failed
