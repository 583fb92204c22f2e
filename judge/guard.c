/*
 * guard.c - the policies of guard.h: password throttling, the MTA's
 * authentication results, first bindings and per-address limits.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/address.h"
#include "judge/db.h"
#include "judge/guard.h"
#include "judge/outbox.h"
#include "maildir/authres.h"
#include "base/error.h"

/* A count of wrong passwords in a window of guess_window_hours: per seat
 * (guesses, keyed by the seat's letter, counting every address but the
 * seat's own) and per sender (guess_senders, keyed by the sender's
 * counted address).  The same three statements for either, ?1 the game
 * and ?2 the key. */
static const struct count {
	const char *since;      /* when a count at the limit ?3 began */
	const char *add;        /* one more failure at ?3, window ?4 */
	const char *failures;
} per_seat = {
	"SELECT since FROM guesses WHERE game = ?1 AND who = ?2 AND failures >= ?3",
	/* a window that has passed starts again at one */
	"INSERT INTO guesses (game, who, failures, since) VALUES (?1, ?2, 1, ?3)"
	" ON CONFLICT (game, who) DO UPDATE SET"
	" failures = CASE WHEN since + ?4 <= excluded.since THEN 1 ELSE failures + 1 END,"
	" since = CASE WHEN since + ?4 <= excluded.since THEN excluded.since ELSE since END",
	"SELECT failures FROM guesses WHERE game = ?1 AND who = ?2",
}, per_sender = {
	"SELECT since FROM guess_senders WHERE game = ?1 AND sender = ?2 AND failures >= ?3",
	"INSERT INTO guess_senders (game, sender, failures, since) VALUES (?1, ?2, 1, ?3)"
	" ON CONFLICT (game, sender) DO UPDATE SET"
	" failures = CASE WHEN since + ?4 <= excluded.since THEN 1 ELSE failures + 1 END,"
	" since = CASE WHEN since + ?4 <= excluded.since THEN excluded.since ELSE since END",
	"SELECT failures FROM guess_senders WHERE game = ?1 AND sender = ?2",
};

static long long window(const struct session *s)
{
	return s->cfg->guess_window_hours * 3600;
}

/* When the lock of count c on key ends, or 0 if it is not locked now. */
static long long lock_ends(struct session *s, const struct count *c, const char *game, const char *key)
{
	long long since = db_int(s->db, c->since, "tti", -1, game, key, (long long)s->cfg->guess_limit);

	return since < 0 || since + window(s) <= s->now ? 0 : since + window(s);
}

/* One more failure on key; the count now. */
static int add_failure(struct session *s, const struct count *c, const char *game, const char *key)
{
	db_run(s->db, c->add, "ttii", game, key, s->now, window(s));
	return (int)db_int(s->db, c->failures, "tt", 0, game, key);
}

/* The sender is owner, the address the seat is registered to. */
static int from_owner(const struct session *s, const char *owner)
{
	return owner && *owner && address_same(s->from, owner);
}

void guard_owner(struct session *s, const char *who, char *out, size_t size)
{
	if (!strcmp(who, "M"))
		snprintf(out, size, "%s", s->game.master_email);
	else
		db_text(s->db, "SELECT email FROM players WHERE game = ? AND seat = ? AND resigned = 0", "ti",
		        out, size, s->game.name, (long long)variant_power_by_letter(s->game.v, *who));
}

int guard_locked(struct session *s, const char *game, const char *who, const char *owner)
{
	char me[256], when[64];
	const char *name = strcmp(who, "M") ? who : "the master";
	long long until;

	address_counted(s->from, me, sizeof me);
	if ((until = lock_ends(s, &per_sender, game, me))) {
		format_time(until, when, sizeof when);
		reply(s, "Too many wrong passwords came from your address for game %s: its sign-ons\n"
		      "are refused to you until %s.\n", game, when);
		if (from_owner(s, owner) && strcmp(who, "M"))
			reply(s, "The master can lift this with SET UNLOCK %s.\n", who);
	} else if (!from_owner(s, owner) && (until = lock_ends(s, &per_seat, game, who))) {
		format_time(until, when, sizeof when);
		reply(s, "Too many wrong passwords were tried for %s in %s: sign-ons from other\n"
		      "addresses than its own are refused until %s (the master can lift\n"
		      "this with SET UNLOCK %s).\n", name, game, when, who);
	} else {
		return 0;
	}
	reply(s, "Nothing after this line was read.\n");
	s->done = 1;
	return 1;
}

void guard_failed(struct session *s, const char *game, const char *who, const char *owner)
{
	char me[256];
	int failures;

	address_counted(s->from, me, sizeof me);
	/* rows are only made by guesses checked, so a game holds a few */
	db_run(s->db, "DELETE FROM guess_senders WHERE game = ? AND since + ? <= ?", "tii", game, window(s),
	       s->now);
	add_failure(s, &per_sender, game, me);
	/* the owner's own mistakes (or mail forged in its name) shut only
	 * its own address: other addresses' count is of guesses */
	if (from_owner(s, owner))
		return;
	failures = add_failure(s, &per_seat, game, who);
	if (failures < s->cfg->guess_limit || !owner || !*owner ||
	    db_int(s->db, "SELECT told FROM guesses WHERE game = ? AND who = ?", "tt", 0, game, who) >
	    s->now - 86400)
		return;
	struct strbuf text = STRBUF_INIT;
	char subject[128];
	strbuf_addf(&text, "%d wrong passwords were tried for %s in game %s within %ld hour%s,\n"
	            "the last from %s.  Sign-ons from other addresses than yours are\n"
	            "refused for the rest of that time; yours still signs on with your password.\n\n"
	            "If it was not you who tried, choose a new password (SET PASSWORD); the\n"
	            "game's master can lift the lock with SET UNLOCK %s.\n",
	            failures, strcmp(who, "M") ? who : "the master", game, s->cfg->guess_window_hours,
	            s->cfg->guess_window_hours == 1 ? "" : "s", s->from, who);
	snprintf(subject, sizeof subject, "Game %s: wrong passwords", game);
	outbox_queue(s->db, s->cfg, s->now, owner, subject, text.buf, NULL);
	db_run(s->db, "UPDATE guesses SET told = ? WHERE game = ? AND who = ?", "itt", s->now, game, who);
	strbuf_release(&text);
}

void guard_passed(struct session *s, const char *game)
{
	char me[256];

	address_counted(s->from, me, sizeof me);
	db_run(s->db, "DELETE FROM guess_senders WHERE game = ? AND sender = ?", "tt", game, me);
}

void guard_unlock(struct session *s, const char *game, const char *who, const char *owner)
{
	char key[256];

	/* told stays: the owner still hears at most once a day */
	db_run(s->db, "UPDATE guesses SET failures = 0 WHERE game = ? AND who = ?", "tt", game, who);
	if (!owner || !*owner)
		return;
	address_counted(owner, key, sizeof key);
	db_run(s->db, "DELETE FROM guess_senders WHERE game = ? AND sender = ?", "tt", game, key);
}

/* What in the MTA's results refuses a role, in the order the reasons
 * are given.  softfail counts as fail: "~all" is what most domains
 * publish, the largest mailbox providers among them, so reading it as
 * neutral would let anyone forge them; the genuine mail that softfails
 * (forwarded mail, mostly) usually carries the aligned DKIM signature
 * that lets it through, and only the role change is refused, saying why. */
static const struct condemn {
	const char *method, *result;
	int unless_dkim;	/* a passing DKIM signature of the From domain excuses it */
	const char *why;	/* printf, given the authserv-id */
} condemn[] = {
	{ "dmarc", "fail", 0, "Your mail failed DMARC at %s, so it may not take or change a role in a game.\n" },
	{ "spf", "fail", 1, "Your mail failed SPF at %s and has no valid DKIM signature of its From\n"
	  "domain, so it may not take or change a role in a game.\n" },
	{ "spf", "softfail", 1, "Your mail failed SPF at %s and has no valid DKIM signature of its From\n"
	  "domain, so it may not take or change a role in a game.\n" },
};
#define NCONDEMN (sizeof condemn / sizeof condemn[0])

/* The verdicts of one header from authserv: which rows of condemn it
 * matched, and whether it holds a DKIM pass aligned with from_domain. */
static void verdicts(const struct authres *a, const char *from_domain, int matched[], int *dkim)
{
	for (size_t i = 0; i < a->n; i++) {
		const struct authres_result *r = &a->results[i];
		const char *d = authres_prop(r, "header.d"), *at;

		if (d == NULL && (d = authres_prop(r, "header.i")) != NULL && (at = strrchr(d, '@')))
			d = at + 1;
		if (!strcmp(r->method, "dkim") && !strcmp(r->result, "pass") && d &&
		    authres_aligned(d, from_domain))
			*dkim = 1;
		for (size_t c = 0; c < NCONDEMN; c++)
			if (!strcmp(r->method, condemn[c].method) && !strcmp(r->result, condemn[c].result))
				matched[c] = 1;
	}
}

int guard_authentic(struct session *s)
{
	const char *rest = s->auth_results, *line, *at;
	const char *from_domain = (at = strrchr(s->from, '@')) ? at + 1 : s->from;
	int matched[NCONDEMN] = { 0 }, dkim = 0;
	char unread[256] = "";
	size_t len;

	if (!s->cfg->authserv_id[0] || !rest)
		return 1;
	/* every header with the id is the MTA's, however many of its milters
	 * wrote one (DKIM's, then DMARC's): it removes those that came with
	 * the mail under its id (README, "Who sends"), so none is forged */
	while (str_next_line(&rest, &line, &len)) {
		char *value = xmalloc(len + 1);
		struct authres a;
		int rc;

		memcpy(value, line, len);
		value[len] = '\0';
		rc = authres_parse(value, &a);
		if (a.authserv_id && !strcasecmp(a.authserv_id, s->cfg->authserv_id)) {
			if (rc < 0 && !unread[0])
				snprintf(unread, sizeof unread, "%s", fail_text());
			else if (rc == 0)
				verdicts(&a, from_domain, matched, &dkim);
		}
		authres_free(&a);
		free(value);
	}
	/* what the MTA wrote and the Judge cannot read might have said fail */
	if (unread[0]) {
		reply(s, "The Authentication-Results that %s gave your mail do not read as RFC 8601\n"
		      "writes them (%s), so it may not take or change a role in a game.\n",
		      s->cfg->authserv_id, unread);
		return 0;
	}
	for (size_t c = 0; c < NCONDEMN; c++)
		if (matched[c] && !(condemn[c].unless_dkim && dkim)) {
			reply(s, condemn[c].why, s->cfg->authserv_id);
			return 0;
		}
	return 1;
}

int guard_new_address(struct session *s)
{
	return !db_int(s->db, "SELECT 1 FROM players WHERE email = ?1 UNION ALL"
	               " SELECT 1 FROM observers WHERE email = ?1 UNION ALL"
	               " SELECT 1 FROM games WHERE master_email = ?1", "t", 0, s->from);
}

void guard_bind(struct session *s, const char *email, const char *game, const char *role,
                char code[GUARD_CODE_SIZE])
{
	unsigned char raw[(GUARD_CODE_SIZE - 1) / 2];

	randombytes_buf(raw, sizeof raw);
	sodium_bin2hex(code, GUARD_CODE_SIZE, raw, sizeof raw);
	db_run(s->db, "INSERT INTO bindings (code, email, game, role, created) VALUES (?, ?, ?, ?, ?)",
	       "tttti", code, email, game, role, s->now);
}

void guard_bound(struct session *s, const char *game, const char *role, int first)
{
	char code[GUARD_CODE_SIZE];

	guard_bind(s, s->from, game, role, code);
	/* one sentence a line: the address is of any length, and a break
	 * written mid-sentence left the wrapper's break a line of its own */
	if (first)
		reply(s, "\nThis is the first time %s takes a role with the Judge.\n", s->from);
	else
		reply(s, "\nThis gives %s a new role with the Judge.\n", s->from);
	reply(s, "It is now the %s of game %s.\n"
	      "If you did not send this mail, answer with the line\n"
	      "  REFUSE %s\n"
	      "and it is undone.\n", role, game, code);
}

/* Each count below is of the rows of one person (address_counted), not of
 * one spelling: "A@x" and "a+1@x" share the sender's limits. */
int guard_may_join(struct session *s, int creating)
{
	long long in = db_int(s->db, "SELECT (SELECT count(*) FROM players p JOIN games g ON g.name = p.game"
	                      " WHERE address_counted(p.email) = address_counted(?1) AND p.resigned = 0"
	                      " AND g.status IN (?2, ?3, ?4))"
	                      " + (SELECT count(*) FROM games WHERE address_counted(master_email) = address_counted(?1)"
	                      " AND status IN (?2, ?3, ?4))", "tttt", 0, s->from, status_name(GS_FORMING),
	                      status_name(GS_ACTIVE), status_name(GS_PAUSED));

	if (creating && db_int(s->db, "SELECT count(*) FROM games WHERE address_counted(master_email) ="
	                       " address_counted(?) AND created > ?", "ti", 0, s->from,
	                       s->now - 86400) >= s->cfg->max_creates_per_day) {
		reply(s, "You have created %ld games in the last 24 hours, the most this Judge allows.\n",
		      s->cfg->max_creates_per_day);
		return 0;
	}
	if (in >= s->cfg->max_games_per_address) {
		reply(s, "You are already in %lld games, the most this Judge allows one address.\n", in);
		return 0;
	}
	return 1;
}

int guard_may_observe(struct session *s)
{
	long long n = db_int(s->db, "SELECT count(*) FROM observers WHERE address_counted(email) = address_counted(?)",
	                     "t", 0, s->from);

	if (n < s->cfg->max_observes_per_address)
		return 1;
	reply(s, "You already observe %lld games, the most this Judge allows one address.\n"
	      "UNOBSERVE <game> stops observing one.\n", n);
	return 0;
}
