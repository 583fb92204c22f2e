/*
 * masterlog.c - the master's log (see masterlog.h).  One row a line, in
 * the mail's transaction, so a command undone with its mail leaves no
 * entry and a command carried out always has one.
 *
 * The log is public (HISTORY needs no sign-on), so two things never
 * reach it as written.  A secret is cut off where the line is recorded,
 * at the word its command's row names (the caller says where: the log
 * knows no command, so the commands that write and read it do not loop
 * back through it to the table of commands), and cut again when the log
 * is read, for rows older versions stored whole; the cut leaves what it
 * would cut, so doing it twice changes nothing.  The
 * lines a master gives as a power after BECOME are that power's orders:
 * until their phase is processed only the master sees them, as only the
 * power sees its own.  Both are known from the line itself ("(as X) " is
 * written only here), so rows of every version read alike, with no
 * column to add.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "judge/db.h"
#include "judge/masterlog.h"

#define HIDDEN "(not shown)"
#define AS "(as "

/* line with its secret, which starts at offset at (-1: none), cut off,
 * into out. */
static void cut_secret(const char *line, long at, struct strbuf *out)
{
	assert(at < 0 || (size_t)at <= strlen(line));
	if (at < 0)
		strbuf_addstr(out, line);
	else
		strbuf_addf(out, "%.*s%s", (int)at, line, HIDDEN);
}

/* A logged line, its "(as X) " first if it has one, cut into out; the
 * length of that prefix is returned (0: the master's own command). */
static size_t kept_line(const char *line, masterlog_secret_fn *secret_at, const void *arg,
                        struct strbuf *out)
{
	const char *end = strncmp(line, AS, strlen(AS)) ? NULL : strstr(line, ") ");
	size_t as = end ? (size_t)(end + 2 - line) : 0;

	strbuf_add(out, line, as);
	cut_secret(line + as, secret_at(line + as, arg), out);
	return as;
}

long long masterlog_add(struct session *s, const char *line, long secret_at)
{
	struct strbuf kept = STRBUF_INIT;

	if (s->became)
		strbuf_addf(&kept, AS "%s) ", seat_name(&s->game, s->seat));
	cut_secret(line, secret_at, &kept);
	db_run(s->db, "INSERT INTO master_log (game, phase_no, at, line) VALUES (?, ?, ?, ?)", "tiit",
	       s->game.name, (long long)s->game.phase_no, s->now, kept.buf);
	strbuf_release(&kept);
	return sqlite3_last_insert_rowid(s->db);
}

void masterlog_drop(struct session *s, long long id)
{
	db_run(s->db, "DELETE FROM master_log WHERE id = ?", "i", id);
}

void masterlog_show(struct session *s, const struct game *g, masterlog_secret_fn *secret_at,
                    const void *arg)
{
	/* the phase by its name: a phase processed has it in the history (or
	 * among the results a ROLLBACK withdrew); the phase under way is the
	 * game's now; before the first, the game was forming */
	sqlite3_stmt *st = db_prepare(s->db, "SELECT m.at, m.phase_no, m.line, coalesce("
	                                     "(SELECT phase_name FROM history h WHERE h.game = m.game"
	                                     " AND h.phase_no = m.phase_no),"
	                                     " (SELECT phase_name FROM history_superseded h"
	                                     " WHERE h.game = m.game AND h.phase_no = m.phase_no"
	                                     " ORDER BY superseded DESC LIMIT 1))"
	                                     " FROM master_log m WHERE m.game = ? ORDER BY m.id");
	int k = 0, held = 0;
	int master = s->signed_on && s->seat == SEAT_MASTER && !strcmp(s->game.name, g->name);
	struct strbuf line = STRBUF_INIT;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		char when[64];
		int phase = sqlite3_column_int(st, 1);
		strbuf_reset(&line);
		if (kept_line((const char *)sqlite3_column_text(st, 2), secret_at, arg, &line) && !master &&
		    phase >= g->phase_no) {
			held++;
			continue;
		}
		const char *name = (const char *)sqlite3_column_text(st, 3);
		if (!name)
			name = phase == g->phase_no && g->vs.pos ? g->vs.phase.name : "Before the start";
		format_time(sqlite3_column_int64(st, 0), when, sizeof when);
		if (!k++)
			reply(s, "\n----------------------------------------\n\n"
			      "The master's commands (phase, time, command):\n");
		reply(s, "  %s, %s\n       %.66s\n", name, when, line.buf);
	}
	sqlite3_finalize(st);
	strbuf_release(&line);
	if (held)
		reply(s, "\n(What the master gave as a power in the phase under way is shown once\n"
		      "it is processed, as the power's own orders are.)\n");
}
