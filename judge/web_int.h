/*
 * web_int.h - what the site writer's files share (web.h is the outside's
 * view): writing a file, escaping text, a page's frame, and one game's
 * public record as the pages read it.  Kept apart from web.h so that
 * cron and set.c see only the two entry points.
 */
#ifndef JUDGE_WEB_INT_H
#define JUDGE_WEB_INT_H

#include "judge/store.h"
#include "judge/web.h"

/* ---- files (web_file.c) ---- */

/* Text escaped for HTML and XML (& < > " '). */
void web_esc(struct strbuf *out, const char *s);
void web_escn(struct strbuf *out, const char *s, size_t len);

/* Write data to s->dir/rel, atomically (a temporary file in the same
 * folder, fsync, rename: a reader sees the old file or the new, never
 * half), unless the file already holds exactly data.  The folder of rel
 * is made if missing.  Returns 0, or -1 after fail(). */
MUST_CHECK int web_put(struct web_site *s, const char *rel, const char *data, size_t len);

/* 1 if s->dir/rel exists. */
int web_exists(const struct web_site *s, const char *rel);

/* Remove s->dir/game and the files the writer puts there.  Returns 0, or
 * -1 after fail(). */
MUST_CHECK int web_remove_game(struct web_site *s, const char *game);

/* A page's start, up to <body> (the caller writes its header and
 * <main>), and its end from </main>.  up: the
 * path to the site's root ("" or "../"); feed: NULL, or the game's feed. */
void web_page_start(struct strbuf *out, const char *title, const char *up, const char *feed);
void web_page_end(struct strbuf *out);

/* A time as the pages show it ("2026-11-28 01:00 UTC"), and as Atom
 * wants it (RFC 3339). */
void web_time(long long t, char *out, size_t size);
void web_time_rfc3339(long long t, char *out, size_t size);

/* ---- a game's public record (web_game.c) ---- */

struct web_phase {
	int phase_no;
	char *name;
	char *state;              /* the position the phase was played from */
	char *report;             /* history.report: the part for everyone */
	long long adjudicated;
	unsigned char seed[SEED_BYTES];   /* the phase's, for its picture drawn
	                                     again (zero if it had none) */
};

struct web_game {
	struct game g;
	struct web_phase *ph;
	int nph;
};

/* Load game name's row and processed phases.  Returns 0, or -1 after
 * fail(). */
MUST_CHECK int web_game_load(sqlite3 *db, const char *name, struct web_game *w);
void web_game_free(struct web_game *w);

/* The state after phase i (the next phase's, or the game's own). */
const char *web_after(const struct web_game *w, int i);

/* The seed after phase i's (the next phase's, or the game's own), as
 * adjudication had it. */
const unsigned char *web_next_seed(const struct web_game *w, int i);

/* Who plays each power, as the site may say it: the power's name, and
 * the address only of a player who said SET PUBLIC ADDRESS.  A table
 * (Power, Player) appended to out. */
void web_players_table(sqlite3 *db, const struct web_game *w, struct strbuf *out);

/* The game's page, its feed. */
MUST_CHECK int web_game_index(struct web_site *s, const struct web_game *w);
MUST_CHECK int web_game_feed(struct web_site *s, const struct web_game *w);

/* ---- a phase (web_phase.c) ---- */

/* Write phase i's page and its picture.  Returns 0, or -1 after fail(). */
MUST_CHECK int web_phase_page(struct web_site *s, const struct web_game *w, int i);

/* The picture's file name of phase i ("" if the variant draws none). */
void web_picture_name(const struct web_game *w, int i, char *out, size_t size);

/* ---- the report as HTML (web_report.c) ---- */

/* The report's text laid out: a table per power's orders and results,
 * the position's tables, the rest as preformatted text. */
void web_report_html(const struct variant *v, const char *report, struct strbuf *out);

/* The family's own table (variant_ops.score) of the position state. */
void web_score_table(const struct variant *v, const char *state, struct strbuf *out);

#endif
