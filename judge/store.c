/*
 * store.c - games and players in SQLite (see store.h).
 *
 * A game is loaded with its state read once through the front layer
 * (vstate_open), and a state that does not read back is kept as a damaged
 * game rather than an error, so the command can still tell the sender and
 * suspend it.  Passwords are Argon2id with a cost measured for mail (the
 * guess throttle does the rest); older salted hashes are still checked and
 * upgraded on the next sign-on.
 */
#include <ctype.h>
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "judge/db.h"
#include "judge/store.h"

static void copy_col(sqlite3_stmt *st, int col, char *out, size_t len)
{
	const unsigned char *t = sqlite3_column_text(st, col);
	snprintf(out, len, "%s", t ? (const char *)t : "");
}

static void copy_blob(sqlite3_stmt *st, int col, unsigned char *out, size_t len)
{
	const void *b = sqlite3_column_blob(st, col);
	memset(out, 0, len);
	if (b && (size_t)sqlite3_column_bytes(st, col) == len)
		memcpy(out, b, len);
}

int game_load(sqlite3 *db, const char *name, struct game *g)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT name, variant, status, master_email, master_pw, phase_no, state,"
		" seed, next_seed, deadline, period, grace, press, reminded, result,"
		" paused_left, fault FROM games WHERE name = ?");
	int rc = 1;

	memset(g, 0, sizeof *g);
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_ROW) {
		char status[16];
		copy_col(st, 0, g->name, sizeof g->name);
		copy_col(st, 1, g->variant_name, sizeof g->variant_name);
		copy_col(st, 2, status, sizeof status);
		g->status = status_by_name(status) < 0 ? GS_SUSPENDED : status_by_name(status);
		copy_col(st, 3, g->master_email, sizeof g->master_email);
		copy_col(st, 4, g->master_pw, sizeof g->master_pw);
		g->phase_no = sqlite3_column_int(st, 5);
		g->state = xstrdup(sqlite3_column_text(st, 6) ? (const char *)sqlite3_column_text(st, 6) : "");
		copy_blob(st, 7, g->seed, SEED_BYTES);
		copy_blob(st, 8, g->next_seed, SEED_BYTES);
		g->deadline = sqlite3_column_int64(st, 9);
		g->period = sqlite3_column_int64(st, 10);
		g->grace = sqlite3_column_int64(st, 11);
		copy_col(st, 12, g->press, sizeof g->press);
		g->reminded = sqlite3_column_int(st, 13);
		if (sqlite3_column_text(st, 14))
			g->result = xstrdup((const char *)sqlite3_column_text(st, 14));
		g->paused_left = sqlite3_column_int64(st, 15);
		if (sqlite3_column_text(st, 16))
			g->fault = xstrdup((const char *)sqlite3_column_text(st, 16));
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
	db_run(db, "UPDATE games SET status = ?, phase_no = ?, state = ?, seed = ?, next_seed = ?,"
	       " deadline = ?, grace = ?, period = ?, press = ?, reminded = ?, result = ?,"
	       " paused_left = ?, fault = ? WHERE name = ?", "titbbiiitititt",
	       status_name(g->status), (long long)g->phase_no, g->state,
	       g->seed, SEED_BYTES, g->next_seed, SEED_BYTES,
	       g->deadline, g->grace, g->period, g->press, (long long)g->reminded,
	       g->result, g->paused_left, g->fault, g->name);
}

int players_load(sqlite3 *db, const char *game, struct player **out)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT email, seat, pw, prefs, wait, draw, resigned, left_how FROM players"
		" WHERE game = ? ORDER BY seat < 0, seat, joined");
	int n = 0, cap = 8;
	struct player *p = xmalloc((size_t)cap * sizeof *p);

	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n == cap)
			p = xrealloc(p, (size_t)(cap *= 2) * sizeof *p);
		copy_col(st, 0, p[n].email, sizeof p[n].email);
		p[n].seat = sqlite3_column_int(st, 1);
		copy_col(st, 2, p[n].pw, sizeof p[n].pw);
		copy_col(st, 3, p[n].prefs, sizeof p[n].prefs);
		p[n].wait = sqlite3_column_int(st, 4);
		p[n].draw = sqlite3_column_int(st, 5);
		p[n].resigned = sqlite3_column_int(st, 6);
		copy_col(st, 7, p[n].left, sizeof p[n].left);
		n++;
	}
	db_release(db, st);
	*out = p;
	return n;
}

struct power_set seat_powers(sqlite3 *db, const char *game, int seat)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT power FROM seat_powers WHERE game = ? AND seat = ?");
	struct power_set s = { { 0 } };

	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, seat);
	while (sqlite3_step(st) == SQLITE_ROW)
		if (sqlite3_column_int(st, 0) < VARIANT_MAX_POWERS)
			pset_add(&s, sqlite3_column_int(st, 0));
	db_release(db, st);
	return s;
}

void seat_text(const struct variant *v, const struct power_set *powers, int seat,
               struct strbuf *out)
{
	int count = 0, k = 1;

	for (int w = 0; w < v->npowers; w++)
		count += pset_has(powers, w);
	strbuf_addstr(out, v->power[seat].name);
	for (int w = 0; w < v->npowers; w++)
		if (pset_has(powers, w) && w != seat)
			strbuf_addf(out, "%s%s", ++k == count ? " and " : ", ", v->power[w].name);
}

int seat_of_power(sqlite3 *db, const char *game, int power)
{
	return (int)db_int(db, "SELECT seat FROM seat_powers WHERE game = ? AND power = ?", "ti",
	                   SEAT_NONE, game, (long long)power);
}

/* The rows of sql (power, text) for game (and phase_no, if >= 0). */
static int load_sets(sqlite3 *db, const char *sql, const char *game, int phase_no,
                     struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS])
{
	sqlite3_stmt *st = db_stmt(db, sql);
	int n = 0;

	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	if (phase_no >= 0)
		sqlite3_bind_int(st, 2, phase_no);
	while (sqlite3_step(st) == SQLITE_ROW && n < VARIANT_MAX_POWERS) {
		sets[n].power = sqlite3_column_int(st, 0);
		texts[n] = xstrdup((const char *)sqlite3_column_text(st, 1));
		sets[n].text = texts[n];
		n++;
	}
	db_release(db, st);
	return n;
}

int orders_load(sqlite3 *db, const char *game, int phase_no,
                struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS])
{
	return load_sets(db, "SELECT power, text FROM orders WHERE game = ? AND phase_no = ?"
	                 " ORDER BY power", game, phase_no, sets, texts);
}

int standing_load(sqlite3 *db, const char *game,
                  struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS])
{
	return load_sets(db, "SELECT power, text FROM standing WHERE game = ? ORDER BY power",
	                 game, -1, sets, texts);
}

int standing_used_load(sqlite3 *db, const char *game, int phase_no,
                       struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS])
{
	return load_sets(db, "SELECT power, text FROM standing_used WHERE game = ? AND phase_no = ?"
	                 " ORDER BY power", game, phase_no, sets, texts);
}

void standing_record(sqlite3 *db, const char *game, int phase_no,
                     const struct order_set *sets, int n)
{
	for (int i = 0; i < n; i++)
		db_run(db, "INSERT INTO standing_used (game, phase_no, power, text) VALUES (?, ?, ?, ?)",
		       "tiit", game, (long long)phase_no, (long long)sets[i].power, sets[i].text);
}

long long game_period(sqlite3 *db, const struct game *g, const char *kind)
{
	return db_int(db, "SELECT seconds FROM periods WHERE game = ? AND kind = ?", "tt",
	              g->period, g->name, kind);
}

void game_keys(sqlite3 *db, const struct game *g, unsigned char *keys)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT power, key FROM seat_powers WHERE game = ?");

	memset(keys, 0, (size_t)g->v->npowers * SEED_BYTES);
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int p = sqlite3_column_int(st, 0);
		if (p < g->v->npowers && sqlite3_column_bytes(st, 1) == SEED_BYTES)
			memcpy(keys + (size_t)p * SEED_BYTES, sqlite3_column_blob(st, 1), SEED_BYTES);
	}
	db_release(db, st);
}

static void to_hex(const unsigned char *b, size_t n, char *out)
{
	sodium_bin2hex(out, 2 * n + 1, b, n);
}

static void hash_with_salt(const char *pw, const char *salt, char *out, size_t outlen)
{
	unsigned char h[32];
	char hex[65];
	crypto_generichash_state s;

	crypto_generichash_init(&s, NULL, 0, sizeof h);
	crypto_generichash_update(&s, (const unsigned char *)salt, strlen(salt));
	crypto_generichash_update(&s, (const unsigned char *)"$", 1);
	crypto_generichash_update(&s, (const unsigned char *)pw, strlen(pw));
	crypto_generichash_final(&s, h, sizeof h);
	to_hex(h, sizeof h, hex);
	snprintf(out, outlen, "%s$%s", salt, hex);
}

/*
 * Argon2id (libsodium's crypto_pwhash) with a cost chosen for this use:
 * the throttle on failed guesses stops guessing by mail, so the hash only
 * has to make a stolen database slow to attack, and a check must stay
 * cheap enough for a Judge reading a thousand mails a second.  Measured
 * in bench/README.md ("Passwords").
 */
#define PWHASH_OPS 1
#define PWHASH_MEM ((size_t)2 << 20)

void password_hash(const char *pw, char *out, size_t outlen)
{
	char h[crypto_pwhash_STRBYTES];

	if (crypto_pwhash_str(h, pw, strlen(pw), PWHASH_OPS, PWHASH_MEM) != 0)
		die("out of memory hashing a password");
	snprintf(out, outlen, "%s", h);
}

int password_needs_upgrade(const char *stored)
{
	return strncmp(stored, "$argon2", 7) != 0 ||
	       crypto_pwhash_str_needs_rehash(stored, PWHASH_OPS, PWHASH_MEM) != 0;
}

int password_ok(const char *pw, long min, char *why, size_t whylen)
{
	size_t n = strlen(pw);

	if ((long)n < min || n > 63) {
		snprintf(why, whylen, "a password must be %ld to 63 characters long", min);
		return 0;
	}
	for (const char *p = pw; *p; p++)
		if (*p < 0x21 || *p > 0x7e) {
			snprintf(why, whylen, "a password may have letters, digits and punctuation,"
			         " but no spaces or other characters");
			return 0;
		}
	return 1;
}

int password_check(const char *pw, const char *stored)
{
	char salt[64], again[160];
	const char *dollar = strchr(stored, '$');

	if (!strncmp(stored, "$argon2", 7))
		return crypto_pwhash_str_verify(stored, pw, strlen(pw)) == 0;
	/* hashes from before Argon2: salt$BLAKE2b, upgraded at the next
	 * successful sign-on */
	if (!dollar || (size_t)(dollar - stored) >= sizeof salt)
		return 0;
	snprintf(salt, sizeof salt, "%.*s", (int)(dollar - stored), stored);
	hash_with_salt(pw, salt, again, sizeof again);
	return strlen(again) == strlen(stored) &&
	       sodium_memcmp(again, stored, strlen(stored)) == 0;
}

void game_recipients(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT email FROM players WHERE game = ?1"
		" UNION SELECT email FROM observers WHERE game = ?1"
		" UNION SELECT master_email FROM games WHERE name = ?1");

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(out, "%s\n", (const char *)sqlite3_column_text(st, 0));
	db_release(db, st);
}

void seed_new(unsigned char *seed)
{
	randombytes_buf(seed, SEED_BYTES);
}

void seed_commitment(const unsigned char *seed, char hex[65])
{
	unsigned char h[32];
	crypto_generichash(h, sizeof h, seed, SEED_BYTES, NULL, 0);
	to_hex(h, sizeof h, hex);
}

void format_time(long long t, char *out, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;
	gmtime_r(&tt, &tm);
	strftime(out, len, "%Y-%m-%d %H:%M UTC (%a)", &tm);
}

long long parse_time(const char *s)
{
	struct tm tm;
	char *end;
	long long n;

	while (isspace((unsigned char)*s))
		s++;
	errno = 0;
	n = strtoll(s, &end, 10);
	if (*s && *end == '\0' && n > 100000)
		return errno || n < TIME_MIN || n > TIME_MAX ? -1 : n;
	memset(&tm, 0, sizeof tm);
	end = strptime(s, "%Y-%m-%dT%H:%M", &tm);
	if (!end)
		end = strptime(s, "%Y-%m-%d %H:%M", &tm);
	if (!end) {
		end = strptime(s, "%Y-%m-%d", &tm);
		if (!end)
			return -1;
	}
	if (*end == ':')
		end = strptime(end, ":%S", &tm);
	if (!end)
		return -1;
	while (*end == 'Z' || *end == ' ' || *end == 'z')
		end++;
	if (!strncasecmp(end, "UTC", 3))
		end += 3;
	if (*end)
		return -1;
	n = (long long)timegm(&tm);
	return n < TIME_MIN || n > TIME_MAX ? -1 : n;
}

void address_zone(sqlite3 *db, const char *address, char *out, size_t len)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT zone FROM zones WHERE email = ?");

	out[0] = '\0';
	sqlite3_bind_text(st, 1, address, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_ROW)
		copy_col(st, 0, out, len);
	db_release(db, st);
}

void address_set_zone(sqlite3 *db, const char *address, const char *zone)
{
	if (!*zone)
		db_run(db, "DELETE FROM zones WHERE email = ?", "t", address);
	else
		db_run(db, "INSERT INTO zones (email, zone) VALUES (?, ?) ON CONFLICT (email)"
		       " DO UPDATE SET zone = excluded.zone", "tt", address, zone);
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
