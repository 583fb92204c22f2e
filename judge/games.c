/*
 * games.c - a game's row in SQLite (see games.h).
 *
 * A game is loaded with its state read once through the front layer
 * (vstate_open), and a state that does not read back is kept as a damaged
 * game rather than an error, so the command can still tell the sender and
 * suspend it.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/games.h"
#include "judge/row.h"

/* The row st stands on, in the columns of game_load's SELECT, into *g. */
static void game_from_row(sqlite3_stmt *st, struct game *g)
{
	char status[16];
	const char *state = (const char *)sqlite3_column_text(st, 6);

	row_text(st, 0, g->name, sizeof g->name);
	row_text(st, 1, g->variant_name, sizeof g->variant_name);
	row_text(st, 2, status, sizeof status);
	g->status = status_by_name(status) < 0 ? GS_SUSPENDED : status_by_name(status);
	row_text(st, 3, g->master_email, sizeof g->master_email);
	row_text(st, 4, g->master_pw, sizeof g->master_pw);
	g->phase_no = sqlite3_column_int(st, 5);
	g->state = xstrdup(state ? state : "");
	row_blob(st, 7, g->seed, SEED_BYTES);
	row_blob(st, 8, g->next_seed, SEED_BYTES);
	g->deadline = sqlite3_column_int64(st, 9);
	g->period = sqlite3_column_int64(st, 10);
	g->grace = sqlite3_column_int64(st, 11);
	row_text(st, 12, g->press, sizeof g->press);
	g->reminded = sqlite3_column_int(st, 13);
	if (sqlite3_column_text(st, 14))
		g->result = xstrdup((const char *)sqlite3_column_text(st, 14));
	g->paused_left = sqlite3_column_int64(st, 15);
	if (sqlite3_column_text(st, 16))
		g->fault = xstrdup((const char *)sqlite3_column_text(st, 16));
}

int game_load(sqlite3 *db, const char *name, struct game *g)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT name, variant, status, master_email, master_pw, phase_no, state,"
		" seed, next_seed, deadline, period, grace, press, reminded, result,"
		" paused_left, fault FROM games WHERE name = ?");
	int rc = GAME_MISSING;

	assert(db != NULL && name != NULL && g != NULL);
	memset(g, 0, sizeof *g);
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	if (row_next(db, st)) {
		game_from_row(st, g);
		g->v = variant_find(g->variant_name, NULL);
		rc = g->v ? 0 : -1;
	}
	db_release(db, st);
	if (rc < 0)
		game_free(g);     /* the caller frees nothing it was not given */
	if (rc == 0 && g->state[0] && g->status != GS_FORMING && vstate_open(&g->vs, g->v, g->state)) {
		/* kept, not thrown: the game is damaged, the command is not */
		g->damaged = 1;
		free(g->fault);
		g->fault = xstrdup(fail_text());
	}
	return rc;
}

int game_set_state(struct game *g, char *text)
{
	assert(g != NULL && g->v != NULL && text != NULL);
	vstate_close(&g->vs);
	free(g->state);
	g->state = text;
	g->damaged = vstate_open(&g->vs, g->v, g->state) != 0;
	return g->damaged ? -1 : 0;
}

void game_free(struct game *g)
{
	vstate_close(&g->vs);
	free(g->state);
	free(g->result);
	free(g->fault);
	g->state = g->result = g->fault = NULL;
}

void game_save(sqlite3 *db, const struct game *g)
{
	assert(g->state != NULL);
	/* a constraint cannot fail on this UPDATE; any other fault dies in db_run */
	(void)db_run(db, "UPDATE games SET status = ?, phase_no = ?, state = ?, seed = ?, next_seed = ?,"
	             " deadline = ?, grace = ?, period = ?, press = ?, reminded = ?, result = ?,"
	             " paused_left = ?, fault = ? WHERE name = ?", "titbbiiitititt",
	             status_name(g->status), (long long)g->phase_no, g->state,
	             g->seed, SEED_BYTES, g->next_seed, SEED_BYTES,
	             g->deadline, g->grace, g->period, g->press, (long long)g->reminded,
	             g->result, g->paused_left, g->fault, g->name);
}

long long game_period(sqlite3 *db, const struct game *g, const char *kind)
{
	return db_int(db, "SELECT seconds FROM periods WHERE game = ? AND kind = ?", "tt",
	              g->period, g->name, kind);
}

void game_recipients(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT email FROM players WHERE game = ?1 AND (resigned = 0 OR left_how = 'abandoned')"
		" UNION SELECT email FROM observers WHERE game = ?1"
		" UNION SELECT master_email FROM games WHERE name = ?1");

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (row_next(db, st))
		strbuf_addf(out, "%s\n", (const char *)sqlite3_column_text(st, 0));
	db_release(db, st);
}

int game_name_ok(const char *s, char *out)
{
	size_t n = strlen(s);

	if (n < 1 || n > GAME_NAME_MAX)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!isalnum((unsigned char)s[i]))
			return 0;
		out[i] = (char)tolower((unsigned char)s[i]);
	}
	out[n] = '\0';
	return 1;
}
