#!/bin/sh
# Runs the rules case files named on the command line through `judge cases`;
# used by make check for the DATC and the Classical cases.
set -e
: "${top_builddir:=.}" "${top_srcdir:=.}"
exec "$top_builddir/judge/judge" cases "$@"
