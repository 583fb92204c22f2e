#!/bin/sh
# tests/mail/fake_sendmail.sh - stands in for sendmail(8) in the tests:
# writes its arguments (one a line) to $FAKE_SENDMAIL_OUT.args and the
# message from stdin to $FAKE_SENDMAIL_OUT, then exits with
# $FAKE_SENDMAIL_EXIT (default 0), complaining on stderr when not 0.
out=${FAKE_SENDMAIL_OUT:?FAKE_SENDMAIL_OUT is not set}
printf '%s\n' "$@" > "$out.args"
cat > "$out"
status=${FAKE_SENDMAIL_EXIT:-0}
if [ "$status" != 0 ]; then
	echo "fake sendmail: failing with status $status" >&2
fi
exit "$status"
