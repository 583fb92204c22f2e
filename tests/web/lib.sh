# lib.sh - what the web tests share (sourced): the Python that has
# Debian's modules (python3-selenium, python3-cssutils live in
# /usr/lib/python3/dist-packages, which another python3 first on PATH,
# e.g. pyenv's, does not see), and the skip when this judge has no
# `judge web`.  Each test says what it needs itself.
webpy() {   # webpy MODULE: print a python3 that imports MODULE, or fail
	for p in python3 /usr/bin/python3; do
		command -v "$p" >/dev/null 2>&1 && "$p" -c "import $1" 2>/dev/null &&
			{ echo "$p"; return 0; }
	done
	return 1
}
"$top_builddir/judge/judge" web 2>&1 | grep -q "unknown command 'web'" &&
	{ echo "SKIP: this judge has no web command"; exit 77; }
