/*
 * phase.c - starting games, adjudicating phases, suspending damaged games,
 * and the mail each of those sends (see phase.h).
 */
#include <assert.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/datahash.h"
#include "judge/agreement.h"
#include "judge/endgame.h"
#include "judge/game_mail.h"
#include "judge/absence.h"
#include "judge/lateness.h"
#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/phase.h"
#include "judge/picture.h"
#include "judge/powerlist.h"

/*
 * The powers that must order and have a player but no orders stored.
 * complete: also those whose set leaves a unit that must order without
 * one (variant_unordered), as njudge counts "all orders in"; lateness
 * still counts only a power that sent nothing, so that one forgotten
 * unit does not abandon a seat.  fresh: orders that stand
 * from before a ROLLBACK of this phase count as none either (rollback.c
 * dates them before it), so that the phase replayed waits for its
 * deadline or for orders given since.
 */
static struct power_set unordered(sqlite3 *db, const struct game *g, int fresh, int complete)
{
	struct power_set missing = { { 0 } };
	sqlite3_stmt *st;

	if (!g->vs.pos)
		return missing;
	/* one query, not one per player and power: this runs for every mail
	 * of orders */
	st = db_stmt(db, "SELECT sp.power, o.text FROM seat_powers sp JOIN players p"
	                " ON p.game = sp.game AND p.seat = sp.seat AND p.resigned = 0"
	                " LEFT JOIN orders o ON o.game = ?1 AND o.phase_no = ?2 AND o.power = sp.power"
	                " AND (?3 = 0 OR o.received >= coalesce((SELECT max(h.superseded)"
	                " FROM history_superseded h WHERE h.game = ?1 AND h.phase_no = ?2), o.received))"
	                " WHERE sp.game = ?1");
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, g->phase_no);
	sqlite3_bind_int(st, 3, fresh);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int w = sqlite3_column_int(st, 0);
		const char *text = (const char *)sqlite3_column_text(st, 1);
		if (pset_has(&g->vs.phase.must, w) && (!text || (complete && variant_unordered(&g->vs, w, text))))
			pset_add(&missing, w);
	}
	db_release(db, st);
	return missing;
}

struct power_set phase_missing(sqlite3 *db, const struct game *g)
{
	return unordered(db, g, 0, 0);
}

int phase_ready(sqlite3 *db, const struct game *g)
{
	if (g->status != GS_ACTIVE || !g->vs.pos || !g->vs.phase.early)
		return 0;
	/* with nobody left playing, phases wait for their deadlines rather
	 * than run on by themselves at every cron */
	if (!db_int(db, "SELECT 1 FROM players WHERE game = ? AND seat >= 0 AND resigned = 0",
	            "t", 0, g->name))
		return 0;
	if (db_int(db, "SELECT 1 FROM players WHERE game = ? AND wait = 1 AND resigned = 0 AND seat >= 0",
	           "t", 0, g->name))
		return 0;
	struct power_set missing = unordered(db, g, 1, 1);
	return pset_empty(&missing);
}

long long phase_deadline(sqlite3 *db, const struct game *g, long long now)
{
	return absence_adjust(db, g, now + game_period(db, g, g->vs.pos ? g->vs.phase.kind : ""));
}

/* At the end of a game whose variant draws from the powers' keys: the
 * keys themselves, so that every draw can be checked. */
static void reveal_keys(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	unsigned char *keys;

	if (!variant_uses_keys(g->v))
		return;
	keys = xmalloc((size_t)g->v->npowers * SEED_BYTES);
	game_keys(db, g, keys);
	strbuf_addstr(out, "\nThe powers' secret keys, revealed (each hashes to the one\n"
	              "published when the game started):\n");
	for (int w = 0; w < g->v->npowers; w++) {
		char hex[2 * SEED_BYTES + 1];
		sodium_bin2hex(hex, sizeof hex, keys + (size_t)w * SEED_BYTES, SEED_BYTES);
		strbuf_addf(out, "  %s:\n    %s\n", g->v->power[w].name, hex);
	}
	free(keys);
}

void phase_next_text(const struct game *g, struct strbuf *out)
{
	char when[64], hash[65];

	format_time(g->deadline, when, sizeof when);
	seed_commitment(g->seed, hash);
	strbuf_addf(out, "\nNext phase: %s\nDeadline:   %s", g->vs.phase.name, when);
	if (g->grace)
		strbuf_addf(out, " (grace %lld hours)", g->grace / 3600);
	strbuf_addch(out, '\n');
	if (variant_uses_seeds(g->v))
		strbuf_addf(out, "This phase's seed will be revealed with its results; its\n"
		            "BLAKE2b-256 hash is published now:\n  %s\n", hash);
}

/* Put order[0..n) in a uniformly random order (Fisher-Yates). */
static void shuffle(int *order, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)randombytes_uniform((uint32_t)i + 1), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
}

/* How well seat suits a player whose preferences are prefs (power
 * letters, best first) with n players: the place of the first letter
 * whose power the seat commands, or 100. */
static int pref_rank(const struct variant *v, int n, const char *prefs, int seat)
{
	for (int i = 0; prefs[i]; i++) {
		int w = variant_power_by_letter(v, prefs[i]);
		if (w >= 0 && v->seat_of[n][w] == seat)
			return i;
	}
	return 100;
}

/* Deal the seats of n players in two passes.  First those who named
 * powers, in a random order, each taking the best free seat on their
 * list; then, in a random order, everyone still without one (who named
 * none, or whose powers were all taken) gets a free seat at random.  So
 * a player whose wishes cannot be met never takes the seat another asked
 * for: five players, four of them each asking for a different power, all
 * get what they asked; two asking for Syria and a third for Egypt, the
 * third always gets Egypt. */
static void deal_seats(const struct variant *v, struct player *p, int n)
{
	int order[VARIANT_MAX_POWERS], taken[VARIANT_MAX_POWERS] = { 0 };
	int nwish = 0, nleft = 0;

	for (int i = 0; i < n; i++) {
		p[i].seat = SEAT_NONE;
		if (p[i].prefs[0])
			order[nwish++] = i;
	}
	shuffle(order, nwish);
	for (int k = 0; k < nwish; k++) {
		struct player *pl = &p[order[k]];
		int best = SEAT_NONE, bestrank = 100;
		for (int w = 0; w < v->npowers; w++) {
			if (v->seat_of[n][w] != w || taken[w])
				continue;          /* not a seat, or dealt */
			int r = pref_rank(v, n, pl->prefs, w);
			if (r < bestrank)
				best = w, bestrank = r;
		}
		if (best != SEAT_NONE) {
			taken[best] = 1;
			pl->seat = best;
		}
	}
	for (int i = 0; i < n; i++)
		if (p[i].seat == SEAT_NONE)
			order[nleft++] = i;
	shuffle(order, nleft);
	for (int k = 0; k < nleft; k++) {
		int nfree = 0, pick;
		for (int w = 0; w < v->npowers; w++)
			nfree += v->seat_of[n][w] == w && !taken[w];
		assert(nfree > 0);
		pick = (int)randombytes_uniform((uint32_t)nfree);
		for (int w = 0; w < v->npowers; w++)
			if (v->seat_of[n][w] == w && !taken[w] && pick-- == 0) {
				taken[w] = 1;
				p[order[k]].seat = w;
				break;
			}
	}
}

/* Why a player who named powers plays another: each power he put before
 * the one he got went to a player whose turn in the deal came first, or
 * is out of play with this many players.  Said in his own copy of the
 * start mail, so that a disappointed wish is not taken for a fault. */
static void deal_told(const struct variant *v, int n, const struct player *pl, struct strbuf *out)
{
	int rank = pref_rank(v, n, pl->prefs, pl->seat);
	char taken[VARIANT_MAX_POWERS + 1], out_of_play[VARIANT_MAX_POWERS + 1];
	int ntaken = 0, nout = 0;

	if (!pl->prefs[0] || rank == 0)
		return;
	for (int i = 0; pl->prefs[i] && i < rank && ntaken + nout < VARIANT_MAX_POWERS; i++) {
		int w = variant_power_by_letter(v, pl->prefs[i]);
		if (w < 0)
			continue;
		if (v->seat_of[n][w] < 0)
			out_of_play[nout++] = pl->prefs[i];
		else
			taken[ntaken++] = pl->prefs[i];
	}
	taken[ntaken] = out_of_play[nout] = '\0';
	if (ntaken) {
		strbuf_addstr(out, "You asked for ");
		powerlist_names(v, taken, out);
		strbuf_addstr(out, ntaken == 1 ? ", which went to a player whose turn"
		                               : ", which went to players whose turns");
		strbuf_addstr(out, " in the deal came before yours (those who name powers are dealt first, "
		              "in a random order).");
	}
	if (nout) {
		strbuf_addstr(out, ntaken ? " " : "You asked for ");
		powerlist_names(v, out_of_play, out);
		strbuf_addf(out, ", not in play with %d players.", n);
	}
	if (ntaken || nout)
		strbuf_addstr(out, rank < 100 ? " So you have the first power on your list that was still free.\n"
		                              : " No power on your list was free, so yours was dealt at random.\n");
}

int game_start(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	struct player *p;
	int n = players_load(db, g->name, &p);
	struct strbuf text = STRBUF_INIT, state = STRBUF_INIT;
	unsigned char *keys;
	char subject[128];

	if (n < g->v->min_players || n > g->v->max_players) {
		free(p);
		return fail("%s needs %d to %d players, and %d have joined", g->v->name,
		            g->v->min_players, g->v->max_players, n);
	}
	if (game_transition(g, GS_ACTIVE, now)) {
		free(p);
		return -1;
	}
	deal_seats(g->v, p, n);
	for (int i = 0; i < n; i++)
		db_run(db, "UPDATE players SET seat = ? WHERE game = ? AND email = ?", "itt",
		       (long long)p[i].seat, g->name, p[i].email);
	for (int w = 0; w < g->v->npowers; w++) {
		unsigned char key[SEED_BYTES];
		if (g->v->seat_of[n][w] < 0)
			continue;          /* out of play with n players: no seat */
		seed_new(key);
		db_run(db, "INSERT INTO seat_powers (game, seat, power, key) VALUES (?, ?, ?, ?)", "tiib",
		       g->name, (long long)g->v->seat_of[n][w], (long long)w, key, SEED_BYTES);
	}
	seed_new(g->seed);
	seed_new(g->next_seed);
	keys = xmalloc((size_t)g->v->npowers * SEED_BYTES);
	game_keys(db, g, keys);
	struct variant_chance chance = { g->seed, g->next_seed, keys };
	variant_initial(g->v, n, &chance, &state);
	if (game_set_state(g, strbuf_detach(&state, NULL))) {
		free(keys);
		free(p);
		return fail("%s's first position does not read back: %s", g->v->name, fail_text());
	}
	g->phase_no = 0;
	/* a deadline the master set while the game was forming is the first
	 * phase's, as he was told; only one already passed gives way */
	if (g->deadline <= now)
		g->deadline = phase_deadline(db, g, now);
	game_save(db, g);
	game_record_data_hash(db, g);

	strbuf_addf(&text, "Game %s (%s) has started with %d players.\n\nThe seats:\n",
	            g->name, g->v->name, n);
	free(p);
	n = players_load(db, g->name, &p);    /* now in seat order */
	/* the addresses in one column, however long a seat's powers run
	 * ("Sparta, Corinth and Thebes") */
	int width = 12;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++) {
			struct strbuf who = STRBUF_INIT;
			struct power_set mine = variant_seat_powers(g->v, n, p[i].seat);
			seat_text(g->v, &mine, p[i].seat, &who);
			if (!pass && (int)who.len > width)
				width = (int)who.len;
			if (pass)
				strbuf_addf(&text, "  %c %-*s %s\n", g->v->power[p[i].seat].letter, width, who.buf,
				            p[i].email);
			strbuf_release(&who);
		}
	strbuf_addf(&text, "\nSign on with SIGNON <letter>%s <password> followed by your orders.\n\n", g->name);
	variant_status(&g->vs, &text);
	if (variant_uses_keys(g->v)) {
		strbuf_addstr(&text, "\nEach power has a secret key for this game, revealed when it ends;\n"
		              "their BLAKE2b-256 hashes are published now:\n");
		for (int w = 0; w < g->v->npowers; w++) {
			char hash[65];
			seed_commitment(keys + (size_t)w * SEED_BYTES, hash);
			strbuf_addf(&text, "  %s:\n    %s\n", g->v->power[w].name, hash);
		}
	}
	phase_next_text(g, &text);
	snprintf(subject, sizeof subject, "Game %s has started", g->name);
	/* each seat is told, in its own copy, which powers it plays */
	struct variant_report *you = variant_report_new();
	for (int i = 0; i < n; i++) {
		struct power_set mine = variant_seat_powers(g->v, n, p[i].seat);
		struct strbuf who = STRBUF_INIT;
		seat_text(g->v, &mine, p[i].seat, &who);
		strbuf_addf(&you->power[p[i].seat], "You play %s; sign on with SIGNON %c%s <password>.\n",
		            who.buf, g->v->power[p[i].seat].letter, g->name);
		deal_told(g->v, n, &p[i], &you->power[p[i].seat]);
		strbuf_release(&who);
	}
	game_mail_all_picture(db, c, g, now, subject, text.buf, you, 1, picture_start(db, g, now));
	variant_report_free(you);
	strbuf_release(&text);
	free(keys);
	free(p);
	return 0;
}

/* Append to out the names of seat's powers that are in missing ("Sparta,
 * Thebes"); returns how many. */
static int seat_missing(sqlite3 *db, const struct game *g, int seat,
                        const struct power_set *missing, struct strbuf *out)
{
	struct power_set mine = seat_powers(db, g->name, seat);
	int k = 0;

	for (int w = 0; w < g->v->npowers; w++)
		if (pset_has(&mine, w) && pset_has(missing, w))
			strbuf_addf(out, "%s%s", k++ ? ", " : "", g->v->power[w].name);
	return k;
}

void phase_late(sqlite3 *db, const struct config *c, const struct game *g, long long now)
{
	struct power_set missing = phase_missing(db, g);
	struct player *p;
	int n;
	struct strbuf all = STRBUF_INIT, mine = STRBUF_INIT, text = STRBUF_INIT;
	char subject[160];

	if (pset_empty(&missing))
		return;
	n = players_load(db, g->name, &p);
	for (int i = 0; i < n; i++) {
		if (p[i].seat == SEAT_NONE || p[i].resigned)
			continue;
		strbuf_reset(&mine);
		if (!seat_missing(db, g, p[i].seat, &missing, &mine))
			continue;
		strbuf_addf(&all, "%s%s", all.len ? ", " : "", mine.buf);
		strbuf_reset(&text);
		/* one paragraph: the mail's wrap at 78 columns breaks it evenly */
		strbuf_addf(&text, "Game %s, %s: the deadline has passed and the Judge had no orders "
		            "from %s.  You are late; ", g->name, g->vs.phase.name, mine.buf);
		if (now < g->deadline + g->grace) {
			char until[64];
			format_time(g->deadline + g->grace, until, sizeof until);
			strbuf_addf(&text, "orders that arrive before the grace period ends, %s, are "
			            "still taken.\n", until);
		} else {
			strbuf_addstr(&text, "the phase is processed by the rules for missing orders.\n");
		}
		snprintf(subject, sizeof subject, "Game %s: late for %s", g->name, g->vs.phase.name);
		outbox_queue(db, c, now, p[i].email, subject, text.buf, NULL);
	}
	if (all.len) {
		strbuf_reset(&text);
		strbuf_addf(&text, "Game %s, %s: at the deadline no orders had come from %s.\n",
		            g->name, g->vs.phase.name, all.buf);
		snprintf(subject, sizeof subject, "Game %s: late powers in %s", g->name, g->vs.phase.name);
		outbox_queue(db, c, now, g->master_email, subject, text.buf, NULL);
	}
	free(p);
	strbuf_release(&all);
	strbuf_release(&mine);
	strbuf_release(&text);
}

/* What one phase_process carries from step to step. */
struct phase_run {
	sqlite3 *db;
	const struct config *c;
	struct game *g;
	long long now;
	struct power_set missing;       /* who had not ordered, counted late */
	struct variant_report *rep;     /* the family's report of the phase */
	struct strbuf next;             /* the state after it */
	struct game_end end;            /* whether the rules ended the game */
	long long picture;              /* the results map */
	char name[sizeof ((struct game *)0)->vs.phase.name];   /* the phase played */
	struct strbuf mail;             /* the results mail's text */
	char subject[160];
};

/* What the family's rules read for g's current phase: the stored orders,
 * the standing instructions and the chance. */
struct inputs {
	struct order_set sets[VARIANT_MAX_POWERS], stand[VARIANT_MAX_POWERS];
	char *texts[VARIANT_MAX_POWERS], *stexts[VARIANT_MAX_POWERS];
	int nsets, nstand;
	unsigned char *keys;
	struct variant_chance chance;
};

static void inputs_load(sqlite3 *db, const struct game *g, struct inputs *in)
{
	in->nsets = orders_load(db, g->name, g->phase_no, in->sets, in->texts);
	in->nstand = standing_load(db, g->name, in->stand, in->stexts);
	in->keys = xmalloc((size_t)g->v->npowers * SEED_BYTES);
	game_keys(db, g, in->keys);
	in->chance = (struct variant_chance){ g->seed, g->next_seed, in->keys };
}

static void inputs_free(struct inputs *in)
{
	for (int i = 0; i < in->nsets; i++)
		free(in->texts[i]);
	for (int i = 0; i < in->nstand; i++)
		free(in->stexts[i]);
	free(in->keys);
}

/* The family's rules on in: the next state and the report.  Returns the
 * family's 0, or -1 after fail(). */
MUST_CHECK static int rules(const struct game *g, struct inputs *in, struct strbuf *next,
                            struct variant_report *rep, struct game_end *end)
{
	return variant_adjudicate(&g->vs, in->sets, in->nsets, in->stand, in->nstand, &in->chance,
	                          next, rep, end);
}

/* The key of in, the inputs of g's phase (struct phase_draft): each part
 * with its length, so that no two different sets of inputs run together
 * into the same bytes. */
static void inputs_key(const struct game *g, const struct inputs *in, unsigned char key[32])
{
	crypto_generichash_state h;
	const struct order_set *sets[2] = { in->sets, in->stand };
	int nsets[2] = { in->nsets, in->nstand };

	crypto_generichash_init(&h, NULL, 0, 32);
#define PART(p, n) do { unsigned long long n_ = (n); \
		crypto_generichash_update(&h, (const unsigned char *)&n_, sizeof n_); \
		crypto_generichash_update(&h, (const unsigned char *)(p), n_); } while (0)
	PART(g->v->name, strlen(g->v->name));
	PART(g->state, strlen(g->state));
	PART(in->chance.seed, SEED_BYTES);
	PART(in->chance.next_seed, SEED_BYTES);
	PART(in->chance.keys, (size_t)g->v->npowers * SEED_BYTES);
	for (int k = 0; k < 2; k++) {
		PART(&nsets[k], sizeof nsets[k]);
		for (int i = 0; i < nsets[k]; i++) {
			PART(&sets[k][i].power, sizeof sets[k][i].power);
			PART(sets[k][i].text, strlen(sets[k][i].text));
		}
	}
#undef PART
	crypto_generichash_final(&h, key, 32);
}

void phase_draft_release(struct phase_draft *d)
{
	strbuf_release(&d->next);
	if (d->rep)
		variant_report_free(d->rep);
	d->rep = NULL;
	picture_draft_release(&d->picture);
	d->done = 0;
}

void phase_draft(sqlite3 *db, const struct game *g, struct phase_draft *d)
{
	struct inputs in;

	assert(db && g && d && !d->done);
	if (g->status != GS_ACTIVE || !g->vs.pos)
		return;
	if (!d->rep)
		d->rep = variant_report_new();
	inputs_load(db, g, &in);
	if (!rules(g, &in, &d->next, d->rep, &d->end)) {
		inputs_key(g, &in, d->key);
		d->done = 1;
		picture_draft_draw(&d->picture, g, in.sets, in.nsets, in.stand, in.nstand, &in.chance,
		                   d->next.buf);
	}
	inputs_free(&in);
}

/* into to, a copy of from */
static void report_copy(struct variant_report *to, const struct variant_report *from)
{
	strbuf_add(&to->all, from->all.buf, from->all.len);
	strbuf_add(&to->master, from->master.buf, from->master.len);
	for (int w = 0; w < VARIANT_MAX_POWERS; w++)
		strbuf_add(&to->power[w], from->power[w].buf, from->power[w].len);
}

/* Step 1, adjudicate: the family's rules on the stored orders and standing
 * instructions (the draft's results, if it was worked out from the same);
 * the instructions used recorded for replay, the results picture stored
 * (the draft's, if so).  Returns 0, or -1 after fail() with nothing
 * changed. */
MUST_CHECK static int adjudicate(struct phase_run *r, const struct phase_draft *draft)
{
	struct game *g = r->g;
	struct inputs in;
	unsigned char key[32];
	int rc = 0;

	inputs_load(r->db, g, &in);
	if (draft && draft->done)
		inputs_key(g, &in, key);
	if (draft && draft->done && !sodium_memcmp(key, draft->key, sizeof key)) {
		strbuf_add(&r->next, draft->next.buf, draft->next.len);
		report_copy(r->rep, draft->rep);
		r->end = draft->end;
	} else {
		draft = NULL;
		rc = rules(g, &in, &r->next, r->rep, &r->end);
	}
	/* a rules change under a running game is told to its master */
	if (!rc && game_data_changed(r->db, g, &r->rep->master))
		fprintf(stderr, "judge: game %s: its variant's data changed since it started\n", g->name);
	/* in this phase's transaction, as its history row: replay needs the
	 * instructions used, which the seat may change or clear later */
	if (!rc)
		standing_record(r->db, g->name, g->phase_no, in.stand, in.nstand);
	r->picture = rc ? 0 : picture_results(r->db, g, in.sets, in.nsets, in.stand, in.nstand, &in.chance,
	                                      r->next.buf, r->now, draft ? &draft->picture : NULL);
	inputs_free(&in);
	return rc ? -1 : 0;
}

/* Step 2, record: lateness counted on the phase that was played, its
 * history row (state, seed, report), and the mail's opening: the report,
 * who was late, the seed revealed. */
static void record(struct phase_run *r)
{
	struct game *g = r->g;
	struct strbuf late = STRBUF_INIT;
	char seedhex[2 * SEED_BYTES + 1];

	snprintf(r->name, sizeof r->name, "%s", g->vs.phase.name);
	/* counted before the state moves on */
	lateness_count(r->db, r->c, g, &r->missing, r->now, &late);
	sodium_bin2hex(seedhex, sizeof seedhex, g->seed, SEED_BYTES);
	db_run(r->db, "INSERT INTO history (game, phase_no, phase_name, state, seed, report, adjudicated)"
	       " VALUES (?, ?, ?, ?, ?, ?, ?)", "tittbti",
	       g->name, (long long)g->phase_no, r->name, g->state, g->seed, SEED_BYTES, r->rep->all.buf,
	       r->now);
	strbuf_addf(&r->mail, "Game %s (%s)\n\n%s%s", g->name, g->v->name, r->rep->all.buf, late.buf);
	strbuf_release(&late);
	if (variant_uses_seeds(g->v))
		strbuf_addf(&r->mail, "\nThis phase's seed, revealed (check: BLAKE2b-256 of it is the\n"
		            "hash published when the phase opened):\n  %s\n", seedhex);
}

/* Step 3, advance: the game takes the new state, the next phase number
 * and the seed committed to when this phase opened. */
static void advance(struct phase_run *r)
{
	struct game *g = r->g;

	if (game_set_state(g, strbuf_detach(&r->next, NULL))) {
		/* the family wrote what it cannot read: a bug, kept out of the store */
		die("game %s: the state after %s does not read back: %s", g->name, r->name, fail_text());
	}
	g->phase_no++;
	memcpy(g->seed, g->next_seed, SEED_BYTES);
	seed_new(g->next_seed);
}

/* Step 4, end or go on: a draw or concession the players still in agreed
 * on ends the game now, after the phase's orders were adjudicated; a solo
 * reached in this phase stands (agreement.h).  Either the final position,
 * summary and keys, or the next phase's deadline. */
static void end_or_go_on(struct phase_run *r)
{
	struct game *g = r->g;
	struct strbuf agreed = STRBUF_INIT;
	enum agreement how = r->end.over || g->vs.phase.over ? AGREE_NONE :
	                     draw_agreement(r->db, g, g->phase_no - 1, &agreed);  /* advanced */

	if (!r->end.over && !g->vs.phase.over && how == AGREE_NONE) {
		g->deadline = phase_deadline(r->db, g, r->now);
		phase_next_text(g, &r->mail);
		snprintf(r->subject, sizeof r->subject, "Game %s: %s results", g->name, r->name);
		strbuf_release(&agreed);
		return;
	}
	/* phase_process checked that g is active, so the diagram has this
	 * move; if not, the state has moved already and only dying keeps the
	 * half-done phase out of the store */
	if (game_transition(g, GS_FINISHED, r->now))
		die("game %s: %s", g->name, fail_text());
	free(g->result);
	if (how == AGREE_DRAW)
		strbuf_addf(&r->mail, "\nTHE GAME IS OVER: every player still in the game voted for a draw.\n"
		            "It is a %s.\n", agreed.buf);
	else if (how == AGREE_CONCEDE)
		strbuf_addf(&r->mail, "\nTHE GAME IS OVER: every other player still in the game conceded.\n"
		            "%s.\n", agreed.buf);
	else
		strbuf_addf(&r->mail, "\nTHE GAME IS OVER: %s.\n", r->end.how[0] ? r->end.how : "the game has ended");
	g->result = how != AGREE_NONE ? strbuf_detach(&agreed, NULL) :
	            xstrdup(r->end.how[0] ? r->end.how : "the game has ended");
	strbuf_addstr(&r->mail, "\nThe final position:\n");
	variant_status(&g->vs, &r->mail);
	endgame_summary(r->db, g, &r->mail);
	reveal_keys(r->db, g, &r->mail);
	snprintf(r->subject, sizeof r->subject, "Game %s: %s results, game over", g->name, r->name);
	strbuf_release(&agreed);
}

/* Step 5, close: WAIT and draw votes hold one phase, as in njudge, so the
 * next one starts without them; the game saved and the results mailed. */
static void close_phase(struct phase_run *r)
{
	struct game *g = r->g;

	g->reminded = -1;
	db_run(r->db, "UPDATE players SET wait = 0, draw = 0, draw_with = '', concede = -1 WHERE game = ?",
	       "t", g->name);
	game_save(r->db, g);
	game_mail_all_picture(r->db, r->c, g, r->now, r->subject, r->mail.buf, r->rep,
	                      g->status != GS_FINISHED, r->picture);
}

int phase_process(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	return phase_process_drafted(db, c, g, now, NULL);
}

int phase_process_drafted(sqlite3 *db, const struct config *c, struct game *g, long long now,
                          const struct phase_draft *draft)
{
	assert(db && c && g);
	if (g->status != GS_ACTIVE)
		return fail("game %s is %s: only an active game's phase is processed", g->name,
		            status_name(g->status));
	if (!g->vs.pos)
		return fail("game %s has no readable state", g->name);

	struct phase_run r = { .db = db, .c = c, .g = g, .now = now };
	r.missing = phase_missing(db, g);
	r.rep = variant_report_new();
	strbuf_init(&r.next);
	strbuf_init(&r.mail);
	if (adjudicate(&r, draft)) {
		variant_report_free(r.rep);
		strbuf_release(&r.next);
		return -1;
	}
	record(&r);
	advance(&r);
	end_or_go_on(&r);
	close_phase(&r);
	variant_report_free(r.rep);
	strbuf_release(&r.mail);
	return 0;
}

void phase_remind(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	struct power_set missing = phase_missing(db, g);
	struct player *p;
	int n = players_load(db, g->name, &p);
	char when[64], subject[128];
	struct strbuf text = STRBUF_INIT, who = STRBUF_INIT, copies = STRBUF_INIT;

	format_time(g->deadline, when, sizeof when);
	for (int i = 0; i < n; i++) {
		if (p[i].seat == SEAT_NONE || p[i].resigned)
			continue;
		strbuf_reset(&who);
		if (!seat_missing(db, g, p[i].seat, &missing, &who))
			continue;
		strbuf_reset(&text);
		strbuf_addf(&text, "Game %s, %s: the Judge has no orders from %s yet.\n"
		            "The deadline is %s.\n\nSend SIGNON %c%s <password> followed by your orders.\n",
		            g->name, g->vs.phase.name, who.buf, when,
		            g->v->power[p[i].seat].letter, g->name);
		snprintf(subject, sizeof subject, "Game %s: orders due %s", g->name, when);
		outbox_queue(db, c, now, p[i].email, subject, text.buf, NULL);
		strbuf_addf(&copies, "\nTo %s:\n%s", p[i].email, text.buf);
	}
	if (copies.len)
		lateness_copy(db, c, g, now, copies.buf);
	strbuf_release(&copies);
	g->reminded = g->phase_no;
	game_save(db, g);
	free(p);
	strbuf_release(&text);
	strbuf_release(&who);
}


int game_suspend_damaged(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	struct strbuf text = STRBUF_INIT;
	char subject[128];

	if (g->status == GS_SUSPENDED)
		return 1;
	if (!g->damaged || !status_in_play(g->status))
		return 0;
	/* active or paused, and the diagram suspends both; were it not so, the
	 * game could not be kept from running on its damaged state */
	if (game_transition(g, GS_SUSPENDED, now))
		die("game %s: %s", g->name, fail_text());
	game_save(db, g);
	strbuf_addf(&text, "Game %s (%s) is suspended: its stored position, phase %d, does not\n"
	            "read back (%s).\n\nNothing in the game changes and no deadline runs until the\n"
	            "Judge's admin has repaired it; the master then sends RESUME.\n"
	            "Every other game goes on.\n", g->name, g->v->name, g->phase_no,
	            g->fault ? g->fault : "?");
	snprintf(subject, sizeof subject, "Game %s suspended: damaged state", g->name);
	outbox_queue(db, c, now, g->master_email, subject, text.buf, NULL);
	if (c->admin[0] && strcmp(c->admin, g->master_email))
		outbox_queue(db, c, now, c->admin, subject, text.buf, NULL);
	fprintf(stderr, "judge: game %s suspended: %s\n", g->name, g->fault ? g->fault : "?");
	strbuf_release(&text);
	return 1;
}
