/*
 * phase.c - starting games, adjudicating phases, and their mail.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/phase.h"

unsigned phase_missing(sqlite3 *db, const struct game *g)
{
	struct player *p;
	int n = players_load(db, g->name, &p);
	unsigned missing = 0;

	for (int i = 0; i < n; i++) {
		if (p[i].power < 0 || p[i].resigned)
			continue;
		if (!g->v->ops->needs_orders(g->v, g->state, p[i].power))
			continue;
		if (!db_int(db, "SELECT 1 FROM orders WHERE game = ? AND phase_no = ? AND power = ?",
		            "tii", 0, g->name, (long long)g->phase_no, (long long)p[i].power))
			missing |= 1u << p[i].power;
	}
	free(p);
	return missing;
}

int phase_ready(sqlite3 *db, const struct game *g)
{
	if (strcmp(g->status, "active"))
		return 0;
	/* with nobody left playing, phases wait for their deadlines rather
	 * than run on by themselves at every cron */
	if (!db_int(db, "SELECT 1 FROM players WHERE game = ? AND power >= 0 AND resigned = 0",
	            "t", 0, g->name))
		return 0;
	if (db_int(db, "SELECT 1 FROM players WHERE game = ? AND wait = 1 AND resigned = 0 AND power >= 0",
	           "t", 0, g->name))
		return 0;
	return phase_missing(db, g) == 0;
}

static void append_private(const struct game *g, int power, struct strbuf *out)
{
	struct strbuf priv = STRBUF_INIT;
	g->v->ops->private_info(g->v, g->state, power, &priv);
	if (priv.len)
		strbuf_addf(out, "\nFor %s only:\n%s", g->v->power[power].name, priv.buf);
	strbuf_release(&priv);
}

void game_mail_all(sqlite3 *db, const struct config *c, const struct game *g, long long now,
                   const char *subject, const char *text, int with_private)
{
	struct strbuf to = STRBUF_INIT, body = STRBUF_INIT;
	struct player *p;
	int n = players_load(db, g->name, &p);

	game_recipients(db, g, &to);
	char *save = NULL;
	for (char *line = strtok_r(to.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		strbuf_reset(&body);
		strbuf_addstr(&body, text);
		for (int i = 0; with_private && i < n; i++)
			if (!strcmp(p[i].email, line) && p[i].power >= 0)
				append_private(g, p[i].power, &body);
		outbox_queue(db, c, now, line, subject, body.buf, NULL);
	}
	free(p);
	strbuf_release(&to);
	strbuf_release(&body);
}

/* At the end of a game whose variant draws from the powers' keys: the
 * keys themselves, so that every draw can be checked. */
static void reveal_keys(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	unsigned char keys[VARIANT_MAX_POWERS * SEED_BYTES];

	if (!g->v->ops->uses_keys)
		return;
	game_keys(db, g, keys);
	strbuf_addstr(out, "\nThe powers' secret keys, revealed (each hashes to the one\n"
	              "published when the game started):\n");
	for (int w = 0; w < g->v->npowers; w++) {
		char hex[2 * SEED_BYTES + 1];
		sodium_bin2hex(hex, sizeof hex, keys + (size_t)w * SEED_BYTES, SEED_BYTES);
		strbuf_addf(out, "  %s:\n    %s\n", g->v->power[w].name, hex);
	}
}

/* The part of every phase-opening mail: what comes next and when. */
static void next_phase_text(const struct game *g, struct strbuf *out)
{
	char when[64], hash[65];
	struct strbuf ph = STRBUF_INIT;

	g->v->ops->phase_name(g->v, g->state, &ph);
	format_time(g->deadline, when, sizeof when);
	seed_commitment(g->seed, hash);
	strbuf_addf(out, "\nNext phase: %s\nDeadline:   %s", ph.buf, when);
	if (g->grace)
		strbuf_addf(out, " (grace %lld hours)", g->grace / 3600);
	strbuf_addf(out, "\nThis phase's seed will be revealed with its results; its\n"
	            "BLAKE2b-256 hash is published now:\n  %s\n", hash);
	strbuf_release(&ph);
}

/* Power preference order: prefs is a string of power letters, best first. */
static int pref_rank(const struct variant *v, const char *prefs, int power)
{
	for (int i = 0; prefs[i]; i++)
		if (variant_power_by_letter(v, prefs[i]) == power)
			return i;
	return 100;
}

void game_start(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	struct player *p;
	int n = players_load(db, g->name, &p), taken[VARIANT_MAX_POWERS] = { 0 };
	int order[64];
	struct strbuf text = STRBUF_INIT, state = STRBUF_INIT;

	/* players choose in a random order; each gets the best free power
	 * on their list, or a random free one */
	for (int i = 0; i < n; i++)
		order[i] = i;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)randombytes_uniform((uint32_t)i + 1), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (int k = 0; k < n; k++) {
		struct player *pl = &p[order[k]];
		int best = -1, bestrank = 1000, free_count = 0;
		for (int w = 0; w < g->v->npowers; w++) {
			if (taken[w])
				continue;
			free_count++;
			int r = pref_rank(g->v, pl->prefs, w);
			if (r < bestrank) {
				best = w;
				bestrank = r;
			}
		}
		if (bestrank == 100) {    /* no preference left: any free power */
			int pick = (int)randombytes_uniform((uint32_t)free_count);
			for (int w = 0; w < g->v->npowers; w++)
				if (!taken[w] && pick-- == 0)
					best = w;
		}
		taken[best] = 1;
		pl->power = best;
		unsigned char key[SEED_BYTES];
		seed_new(key);
		db_run(db, "UPDATE players SET power = ?, key = ? WHERE game = ? AND email = ?", "ibtt",
		       (long long)best, key, SEED_BYTES, g->name, pl->email);
	}
	seed_new(g->seed);
	seed_new(g->next_seed);
	unsigned char keys[VARIANT_MAX_POWERS * SEED_BYTES];
	game_keys(db, g, keys);
	struct variant_chance chance = { g->seed, g->next_seed, keys };
	g->v->ops->initial(g->v, &chance, &state);
	free(g->state);
	g->state = strbuf_detach(&state, NULL);
	snprintf(g->status, sizeof g->status, "active");
	g->phase_no = 0;
	g->deadline = now + g->period;
	game_save(db, g);

	strbuf_addf(&text, "Game %s (%s) has started.\n\nThe powers:\n", g->name, g->v->name);
	for (int i = 0; i < n; i++)
		strbuf_addf(&text, "  %c %-12s %s\n", g->v->power[p[i].power].letter,
		            g->v->power[p[i].power].name, p[i].email);
	strbuf_addf(&text, "\nSign on with SIGNON <letter>%s <password> followed by your orders.\n\n", g->name);
	g->v->ops->status(g->v, g->state, &text);
	if (g->v->ops->uses_keys) {
		strbuf_addstr(&text, "\nEach power has a secret key for this game, revealed when it ends;\n"
		              "their BLAKE2b-256 hashes are published now:\n");
		for (int w = 0; w < g->v->npowers; w++) {
			char hash[65];
			seed_commitment(keys + (size_t)w * SEED_BYTES, hash);
			strbuf_addf(&text, "  %s:\n    %s\n", g->v->power[w].name, hash);
		}
	}
	next_phase_text(g, &text);
	char subject[128];
	snprintf(subject, sizeof subject, "Game %s has started", g->name);
	game_mail_all(db, c, g, now, subject, text.buf, 1);
	strbuf_release(&text);
	free(p);
}

int phase_process(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	struct order_set sets[VARIANT_MAX_POWERS];
	char *texts[VARIANT_MAX_POWERS];
	int nsets;
	struct strbuf next = STRBUF_INIT, report = STRBUF_INIT, name = STRBUF_INIT, mail = STRBUF_INIT;
	struct game_end end;
	char seedhex[2 * SEED_BYTES + 1], subject[160];

	nsets = orders_load(db, g->name, g->phase_no, sets, texts);
	g->v->ops->phase_name(g->v, g->state, &name);
	unsigned char keys[VARIANT_MAX_POWERS * SEED_BYTES];
	game_keys(db, g, keys);
	struct variant_chance chance = { g->seed, g->next_seed, keys };
	g->v->ops->adjudicate(g->v, g->state, sets, nsets, &chance, &next, &report, &end);
	for (int i = 0; i < nsets; i++)
		free(texts[i]);
	sodium_bin2hex(seedhex, sizeof seedhex, g->seed, SEED_BYTES);
	db_run(db, "INSERT INTO history (game, phase_no, phase_name, state, seed, report, adjudicated)"
	       " VALUES (?, ?, ?, ?, ?, ?, ?)", "tittbti",
	       g->name, (long long)g->phase_no, name.buf, g->state, g->seed, SEED_BYTES, report.buf, now);

	strbuf_addf(&mail, "Game %s (%s)\n\n%s", g->name, g->v->name, report.buf);
	strbuf_addf(&mail, "\nThis phase's seed, revealed (check: BLAKE2b-256 of it is the\n"
	            "hash published when the phase opened):\n  %s\n", seedhex);
	free(g->state);
	g->state = strbuf_detach(&next, NULL);
	g->phase_no++;
	memcpy(g->seed, g->next_seed, SEED_BYTES);
	seed_new(g->next_seed);
	if (end.over) {
		snprintf(g->status, sizeof g->status, "finished");
		free(g->result);
		g->result = xstrdup(end.how);
		strbuf_addf(&mail, "\nTHE GAME IS OVER: %s.\n", end.how);
		reveal_keys(db, g, &mail);
		snprintf(subject, sizeof subject, "Game %s: %s results, game over", g->name, name.buf);
	} else {
		g->deadline = now + g->period;
		next_phase_text(g, &mail);
		snprintf(subject, sizeof subject, "Game %s: %s results", g->name, name.buf);
	}
	g->reminded = -1;
	game_save(db, g);
	game_mail_all(db, c, g, now, subject, mail.buf, !end.over);
	strbuf_release(&name);
	strbuf_release(&report);
	strbuf_release(&mail);
	return 0;
}

void phase_remind(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	unsigned missing = phase_missing(db, g);
	struct player *p;
	int n = players_load(db, g->name, &p);
	char when[64], subject[128];
	struct strbuf text = STRBUF_INIT, ph = STRBUF_INIT;

	format_time(g->deadline, when, sizeof when);
	g->v->ops->phase_name(g->v, g->state, &ph);
	for (int i = 0; i < n; i++) {
		if (p[i].power < 0 || !(missing & (1u << p[i].power)))
			continue;
		strbuf_reset(&text);
		strbuf_addf(&text, "Game %s, %s: the Judge has no orders from %s yet.\n"
		            "The deadline is %s.\n\nSend SIGNON %c%s <password> followed by your orders.\n",
		            g->name, ph.buf, g->v->power[p[i].power].name, when,
		            g->v->power[p[i].power].letter, g->name);
		snprintf(subject, sizeof subject, "Game %s: orders due %s", g->name, when);
		outbox_queue(db, c, now, p[i].email, subject, text.buf, NULL);
	}
	g->reminded = g->phase_no;
	game_save(db, g);
	free(p);
	strbuf_release(&text);
	strbuf_release(&ph);
}

void game_draw(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	struct player *p;
	int n = players_load(db, g->name, &p), k = 0;
	struct strbuf who = STRBUF_INIT, text = STRBUF_INIT;
	char subject[128];

	for (int i = 0; i < n; i++)
		if (p[i].power >= 0 && !p[i].resigned)
			strbuf_addf(&who, "%s%s", k++ ? ", " : "", g->v->power[p[i].power].name);
	snprintf(g->status, sizeof g->status, "finished");
	free(g->result);
	strbuf_addf(&text, "draw between %s", who.buf);
	g->result = xstrdup(text.buf);
	game_save(db, g);
	strbuf_reset(&text);
	strbuf_addf(&text, "Game %s is over: every player still in the game voted for a draw.\n"
	            "The game is drawn between %s.\n", g->name, who.buf);
	reveal_keys(db, g, &text);
	snprintf(subject, sizeof subject, "Game %s: drawn", g->name);
	game_mail_all(db, c, g, now, subject, text.buf, 0);
	strbuf_release(&who);
	strbuf_release(&text);
	free(p);
}
