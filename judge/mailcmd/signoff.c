/*
 * signoff.c - SIGNOFF: the end of the commands; the rest is ignored.
 *
 * Ending explicitly matters by mail: whatever a client adds below
 * (a signature it did not mark, a quoted thread) is never read as orders.
 * Orders collected so far are stored first (session_signoff).
 */
#include "judge/mailcmd.h"
#include "judge/session_orders.h"

void mailcmd_signoff(struct session *s, const char *args)
{
	(void)args;
	session_signoff(s);
	s->done = 1;
	reply(s, "Signed off. The rest of your message was not read.\n");
}
