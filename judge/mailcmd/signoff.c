/*
 * signoff.c - SIGNOFF: the end of the commands; the rest is ignored.
 */
#include "judge/mailcmd.h"

MAILCMD(signoff)
{
	(void)args;
	session_signoff(s);
	s->done = 1;
	reply(s, "Signed off. The rest of your message was not read.\n");
}
