/*
 * set.c - SET <what> [value]: a table of settings, each with who may
 * change it.  DEADLINE, GRACE, PERIOD, PRESS, DIAS, NODIAS, ABANDON and
 * MASTERCOPY belong to the master; WAIT, NOWAIT, DRAW, NODRAW (or njudge's
 * "NO DRAW"), CONCEDE
 * and NOCONCEDE to players; PASSWORD and ABSENCE to both; PREFERENCE to a
 * player of a forming game, who has no seat to sign on to yet.  The
 * settings of draws, absences, lateness and preferences live in files of
 * their own (settings.h).  PERIOD is
 * per phase kind (njudge's separate move, retreat and build clocks):
 * "SET PERIOD retreat 24", or "SET PERIOD 48" for every kind.  TIMEZONE
 * belongs to the sender's address, not to the game: one person reads
 * every game's mail in one zone (when.h reads and shows the times).
 * A change of the master's to how the game is played (press, periods,
 * grace, DIAS, abandonment) is announced to everyone in the game.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"
#include "judge/game_mail.h"
#include "judge/settings.h"
#include "judge/web.h"
#include "judge/when.h"

/* SET DEADLINE <time>: by the grammar of when.h, a time without a zone
 * in the writer's zone. */
static void set_deadline(struct session *s, const char *v)
{
	char when[64], zone[ZONE_MAX], why[256];
	long long t;

	address_zone(s->db, s->from, zone, sizeof zone);
	if ((t = when_parse(v, zone, s->now, why, sizeof why)) < 0) {
		reply(s, "%s.\n", why);
		return;
	}
	if (t <= s->now) {
		reply(s, "That time has passed; use PROCESS to adjudicate now.\n");
		return;
	}
	if (t > s->now + 366LL * 86400) {
		reply(s, "A deadline may be at most a year ahead.\n");
		return;
	}
	/* a paused game keeps the time left, not a date (lifecycle.h) */
	if (s->game.status == GS_PAUSED)
		s->game.paused_left = t - s->now;
	else
		s->game.deadline = t;
	s->game.reminded = -1;
	game_save(s->db, &s->game);
	format_time(t, when, sizeof when);
	reply(s, "The deadline of %s is now %s.\n", s->game.name, when);
	struct strbuf text = STRBUF_INIT;
	strbuf_addf(&text, "The master of %s has moved the deadline to %s.\n", s->game.name, when);
	char subject[96];
	snprintf(subject, sizeof subject, "Game %s: new deadline", s->game.name);
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text.buf, NULL, 0);
	strbuf_release(&text);
}

/* SET TIMEZONE <IANA name>: the zone of the sender's address, in which
 * its deadlines are read and every time is shown beside UTC; UTC forgets
 * it; without a value, says which it is. */
static void set_timezone(struct session *s, const char *v)
{
	char zone[ZONE_MAX];

	if (!*v) {
		address_zone(s->db, s->from, zone, sizeof zone);
		reply(s, "Your time zone is %s.\n", zone[0] ? zone : "UTC (not set)");
		return;
	}
	if (!strcasecmp(v, "UTC") || !strcasecmp(v, "GMT") || !strcasecmp(v, "Etc/UTC")) {
		address_set_zone(s->db, s->from, "");
		reply(s, "Your time zone is UTC: times are shown in UTC only.\n");
		return;
	}
	/* a place, not an abbreviation: only a place knows its summer time */
	if (!strchr(v, '/') || !zone_known(v, zone)) {
		reply(s, "The Judge knows no time zone '%s': write a name from the tz database,\n"
		      "such as Europe/Paris, America/New_York or Asia/Kolkata (a place, which\n"
		      "knows its summer time; not an abbreviation such as CET).\n", v);
		return;
	}
	address_set_zone(s->db, s->from, zone);
	reply(s, "Your time zone is now %s: deadlines you write without a zone are\n"
	      "read in it, and every time the Judge mails you is shown in UTC and in it.\n", zone);
}

static long hours(struct session *s, const char *v)
{
	char *end;
	long h = strtol(v, &end, 10);
	if (!*v || h < 0 || h > 24 * 60 || (*end && strncasecmp(end, "h", 1) && !isspace((unsigned char)*end))) {
		reply(s, "'%s' is not a number of hours.\n", v);
		return -1;
	}
	return h;
}

static void set_grace(struct session *s, const char *v)
{
	long h = hours(s, v);
	if (h < 0)
		return;
	s->game.grace = h * 3600;
	game_save(s->db, &s->game);
	reply(s, "Grace after each deadline: %ld hours.\n", h);
}

/* 1 if kind is one of the variant's phase kinds (those it gives periods
 * for, and the kind of the phase now). */
static int known_kind(const struct game *g, const char *kind)
{
	return variant_period_hours(g->v, kind) > 0 ||
	       (g->vs.pos && !strcasecmp(g->vs.phase.kind, kind));
}

static void set_period(struct session *s, const char *v)
{
	char kind[32] = "";
	long h;

	if (isalpha((unsigned char)*v)) {
		sscanf(v, "%31s", kind);
		v += strlen(kind);
		while (isspace((unsigned char)*v))
			v++;
		for (char *k = kind; *k; k++)
			*k = (char)tolower((unsigned char)*k);
		if (!known_kind(&s->game, kind)) {
			reply(s, "%s has no phases of kind '%s'. Its kinds:", s->game.v->name, kind);
			for (int i = 0; i < s->game.v->nperiods; i++)
				reply(s, " %s", s->game.v->period[i].kind);
			reply(s, ".\n");
			return;
		}
	}
	if ((h = hours(s, v)) < 1) {
		if (h == 0)
			reply(s, "A phase needs at least one hour.\n");
		return;
	}
	if (kind[0]) {
		db_run(s->db, "INSERT INTO periods (game, kind, seconds) VALUES (?, ?, ?)"
		       " ON CONFLICT (game, kind) DO UPDATE SET seconds = excluded.seconds", "tti",
		       s->game.name, kind, (long long)h * 3600);
		reply(s, "Each new %s phase will last %ld hours.\n", kind, h);
		return;
	}
	s->game.period = h * 3600;
	db_run(s->db, "DELETE FROM periods WHERE game = ?", "t", s->game.name);
	game_save(s->db, &s->game);
	reply(s, "Each new phase, of every kind, will last %ld hours.\n", h);
}

static void set_press(struct session *s, const char *v)
{
	static const char *kinds[] = { "white", "grey", "any", "none" };
	for (int i = 0; i < 4; i++)
		if (!strcasecmp(v, kinds[i])) {
			snprintf(s->game.press, sizeof s->game.press, "%s", kinds[i]);
			game_save(s->db, &s->game);
			reply(s, "Press in %s is now %s.\n", s->game.name, kinds[i]);
			return;
		}
	reply(s, "Press may be white (signed), grey (unsigned), any (signed unless the sender\n"
	      "writes PRESS GREY) or none.\n");
}

static void set_flag(struct session *s, const char *column, int value, const char *said)
{
	char sql[128];
	snprintf(sql, sizeof sql, "UPDATE players SET %s = ? WHERE game = ? AND seat = ? AND resigned = 0", column);
	db_run(s->db, sql, "iti", (long long)value, s->game.name, (long long)s->seat);
	reply(s, "%s\n", said);
}

static void set_wait(struct session *s, const char *v)
{
	(void)v;
	set_flag(s, "wait", 1, "WAIT set: this phase will not be processed before its deadline\n"
	         "(WAIT lasts one phase).");
}

static void set_nowait(struct session *s, const char *v)
{
	(void)v;
	set_flag(s, "wait", 0, "NOWAIT set: the phase may be processed as soon as all orders are in.");
}

static void set_password(struct session *s, const char *v)
{
	char hash[160], why[160];
	if (s->became) {
		reply(s, "The master does not change a player's password (sign on as M first).\n");
		return;
	}
	if (!password_ok(v, s->cfg->min_password, why, sizeof why)) {
		reply(s, "The password was not changed: %s.\n", why);
		return;
	}
	password_hash(v, hash, sizeof hash);
	if (s->seat == SEAT_MASTER)
		db_run(s->db, "UPDATE games SET master_pw = ? WHERE name = ?", "tt", hash, s->game.name);
	else
		db_run(s->db, "UPDATE players SET pw = ? WHERE game = ? AND seat = ?"
		       " AND resigned = 0", "tti",
		       hash, s->game.name, (long long)s->seat);
	reply(s, "Password changed.\n");
}

/* SET UNLOCK <letter>|M: lift the lock wrong passwords put on a power
 * (or the master) before its window ends: for other addresses, and for
 * its player's own address if that one's mistakes locked it. */
static void set_unlock(struct session *s, const char *v)
{
	char who[2] = { (char)toupper((unsigned char)*v), '\0' }, owner[256];
	int power = variant_power_by_letter(s->game.v, who[0]);

	if (!*v || v[1] || (who[0] != 'M' && power < 0)) {
		reply(s, "SET UNLOCK takes a power's letter, or M.\n");
		return;
	}
	guard_owner(s, who, owner, sizeof owner);
	guard_unlock(s, s->game.name, who, owner);
	reply(s, "Sign-ons as %s in %s are open again.\n", who, s->game.name);
}

static const struct setting {
	const char *name;
	enum need need;
	void (*fn)(struct session *s, const char *value);
	int secret;           /* as struct mailcmd's, counted in the value */
	int address;          /* the sender's address's, not a game's: a player
	                         who only joined (SIGNON ?game) may set it too */
	int announced;        /* it changes how the game is played: a change is
	                         mailed to everyone in the game (DEADLINE tells
	                         them itself, with the time) */
} settings[] = {
	{ "DEADLINE", NEED_MASTER, set_deadline, 0, 0, 0 },
	{ "GRACE", NEED_MASTER, set_grace, 0, 0, 1 },
	{ "PERIOD", NEED_MASTER, set_period, 0, 0, 1 },
	{ "PRESS", NEED_MASTER, set_press, 0, 0, 1 },
	{ "WAIT", NEED_POWER, set_wait, 0, 0, 0 },
	{ "NOWAIT", NEED_POWER, set_nowait, 0, 0, 0 },
	{ "DRAW", NEED_POWER, set_draw, 0, 0, 0 },
	{ "NODRAW", NEED_POWER, set_nodraw, 0, 0, 0 },
	{ "CONCEDE", NEED_POWER, set_concede, 0, 0, 0 },
	{ "NOCONCEDE", NEED_POWER, set_noconcede, 0, 0, 0 },
	{ "DIAS", NEED_MASTER, set_dias, 0, 0, 1 },
	{ "NODIAS", NEED_MASTER, set_nodias, 0, 0, 1 },
	{ "PREFERENCE", NEED_NOTHING, set_preference, 0, 0, 0 },
	{ "ABSENCE", NEED_SIGNON, set_absence, 0, 0, 0 },
	{ "ABANDON", NEED_MASTER, set_abandon, 0, 0, 1 },
	{ "MASTERCOPY", NEED_MASTER, set_mastercopy, 0, 0, 0 },
	{ "PASSWORD", NEED_SIGNON, set_password, 1, 0, 0 },
	{ "UNLOCK", NEED_MASTER, set_unlock, 0, 0, 0 },
	{ "TIMEZONE", NEED_SIGNON, set_timezone, 0, 1, 0 },
	{ "NOMAP", NEED_SIGNON, mailcmd_set_nomap, 0, 0, 0 },
	{ "MAP", NEED_SIGNON, mailcmd_set_map, 0, 0, 0 },
	{ "PUBLIC", NEED_SIGNON, web_set_public, 0, 0, 0 },
	{ "PRIVATE", NEED_SIGNON, web_set_private, 0, 0, 0 },
};

/* Set a setting the players must know of, and if it changed anything,
 * mail them what the master was told ("Press in p is now grey."), so a
 * game's rules never change behind their backs. */
static void announced(struct session *s, const struct setting *set, const char *value)
{
	sqlite3_int64 before = sqlite3_total_changes64(s->db);
	size_t from = s->reply.len;
	char subject[128];

	set->fn(s, value);
	if (sqlite3_total_changes64(s->db) == before || s->reply.len <= from)
		return;
	struct strbuf text = STRBUF_INIT;
	strbuf_addf(&text, "The master of %s has changed a setting of the game:\n\n  SET %s %s\n\n%s",
	            s->game.name, set->name, value, s->reply.buf + from);
	snprintf(subject, sizeof subject, "Game %s: SET %s", s->game.name, set->name);
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text.buf, NULL, 0);
	strbuf_release(&text);
}

int mailcmd_set_secret(const char *args)
{
	char what[32];

	if (sscanf(args, "%31s", what) != 1)
		return 0;
	for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++)
		if (!strcasecmp(what, settings[i].name) && settings[i].secret)
			return 1 + settings[i].secret;
	return 0;
}

void mailcmd_set(struct session *s, const char *args)
{
	char what[32];
	const char *value;

	if (sscanf(args, "%31s", what) != 1) {
		reply(s, "SET what? DEADLINE, GRACE, PERIOD, PRESS, WAIT, NOWAIT, DRAW, NODRAW,\n"
		      "CONCEDE, NOCONCEDE, DIAS, NODIAS, PREFERENCE, ABSENCE, ABANDON,\n"
		      "MASTERCOPY, PASSWORD, TIMEZONE, NOMAP or MAP.\n");
		return;
	}
	value = args + strlen(what);
	while (isspace((unsigned char)*value))
		value++;
	/* njudge players write "SET NO DRAW" for NODRAW: the two words are
	 * one setting when the table has it */
	if (!strcasecmp(what, "NO") && *value) {
		char joined[32];
		int n = 0;
		while (value[n] && !isspace((unsigned char)value[n]))
			n++;
		snprintf(joined, sizeof joined, "NO%.*s", n, value);
		for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++)
			if (!strcasecmp(joined, settings[i].name)) {
				snprintf(what, sizeof what, "%s", joined);
				for (value += n; isspace((unsigned char)*value); value++)
					;
				break;
			}
	}
	for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
		if (strcasecmp(what, settings[i].name))
			continue;
		if (settings[i].need != NEED_NOTHING && !s->signed_on &&
		    !(settings[i].address && s->joined[0]))
			reply(s, "SET %s needs you to SIGNON to a game first.\n", settings[i].name);
		else if (settings[i].need == NEED_MASTER && s->seat != SEAT_MASTER)
			reply(s, "Only the master may SET %s.\n", settings[i].name);
		else if (settings[i].need == NEED_POWER && s->seat == SEAT_MASTER)
			reply(s, "SET %s is for players.\n", settings[i].name);
		else if (settings[i].announced)
			announced(s, &settings[i], value);
		else
			settings[i].fn(s, value);
		return;
	}
	reply(s, "There is no setting '%s'.\n", what);
}
