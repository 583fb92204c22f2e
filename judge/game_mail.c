/*
 * game_mail.c - one mail to every reader of a game (see game_mail.h).
 *
 * The copies are queued one per address, not one to many, because each
 * reader's copy carries what only that reader's powers may see and the
 * map picture only if that reader has not turned pictures off.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/game_mail.h"
#include "judge/outbox.h"
#include "judge/picture.h"

/* The parts of rep and the private information for the powers of seat. */
static void seat_parts(sqlite3 *db, const struct game *g, int seat, const struct variant_report *rep,
                       int with_private, struct strbuf *out)
{
	struct power_set mine = seat_powers(db, g->name, seat);

	for (int w = 0; w < g->v->npowers; w++) {
		if (!pset_has(&mine, w))
			continue;
		if (rep && rep->power[w].len)
			strbuf_addf(out, "\nFor %s only:\n%s", g->v->power[w].name, rep->power[w].buf);
		if (with_private && g->vs.pos) {
			struct strbuf priv = STRBUF_INIT;
			variant_private(&g->vs, w, &priv);
			if (priv.len)
				strbuf_addf(out, "\nFor %s only:\n%s", g->v->power[w].name, priv.buf);
			strbuf_release(&priv);
		}
	}
}

void game_mail_all(sqlite3 *db, const struct config *c, const struct game *g, long long now,
                   const char *subject, const char *text, const struct variant_report *rep,
                   int with_private)
{
	game_mail_all_picture(db, c, g, now, subject, text, rep, with_private, 0);
}

void game_mail_all_picture(sqlite3 *db, const struct config *c, const struct game *g,
                           long long now, const char *subject, const char *text,
                           const struct variant_report *rep, int with_private, long long picture)
{
	struct strbuf to = STRBUF_INIT, body = STRBUF_INIT;
	struct player *p;
	int n = players_load(db, g->name, &p);
	const char *line;
	size_t len;

	game_recipients(db, g, &to);
	const char *rest = to.buf;
	while (str_next_line(&rest, &line, &len)) {
		char addr[256];
		snprintf(addr, sizeof addr, "%.*s", (int)len, line);
		strbuf_reset(&body);
		strbuf_addstr(&body, text);
		for (int i = 0; i < n; i++)
			if (!strcmp(p[i].email, addr) && p[i].seat != SEAT_NONE && !p[i].resigned)
				seat_parts(db, g, p[i].seat, rep, with_private, &body);
		if (rep && rep->master.len && !strcmp(addr, g->master_email))
			strbuf_addf(&body, "\nFor the master only:\n%s", rep->master.buf);
		outbox_queue_picture(db, c, now, addr, subject, body.buf, NULL,
		                     picture_for(db, g, addr, picture));
	}
	free(p);
	strbuf_release(&to);
	strbuf_release(&body);
}

