/*
 * guard.c - the policies of guard.h: password throttling, the MTA's
 * authentication results, first bindings and per-address limits.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/outbox.h"

int guard_locked(struct session *s, const char *game, const char *who)
{
	long long window = s->cfg->guess_window_hours * 3600;
	long long since = db_int(s->db, "SELECT since FROM guesses WHERE game = ? AND who = ?"
	                         " AND failures >= ?", "tti", -1, game, who, (long long)s->cfg->guess_limit);
	char when[64];

	if (since < 0 || since + window <= s->now)
		return 0;
	format_time(since + window, when, sizeof when);
	reply(s, "Too many wrong passwords were tried for %s in %s: sign-ons are refused\n"
	      "until %s (the master can lift this with SET UNLOCK %s).\n"
	      "Nothing after this line was read.\n", strcmp(who, "M") ? who : "the master", game, when, who);
	s->done = 1;
	return 1;
}

void guard_failed(struct session *s, const char *game, const char *who, const char *owner)
{
	long long window = s->cfg->guess_window_hours * 3600;
	int failures;

	/* a window that has passed starts again at one */
	db_run(s->db, "INSERT INTO guesses (game, who, failures, since) VALUES (?, ?, 1, ?)"
	       " ON CONFLICT (game, who) DO UPDATE SET"
	       " failures = CASE WHEN since + ? <= excluded.since THEN 1 ELSE failures + 1 END,"
	       " since = CASE WHEN since + ? <= excluded.since THEN excluded.since ELSE since END",
	       "ttiii", game, who, s->now, window, window);
	failures = (int)db_int(s->db, "SELECT failures FROM guesses WHERE game = ? AND who = ?", "tt", 0,
	                       game, who);
	if (failures < s->cfg->guess_limit || !owner || !*owner ||
	    db_int(s->db, "SELECT told FROM guesses WHERE game = ? AND who = ?", "tt", 0, game, who) >
	    s->now - 86400)
		return;
	struct strbuf text = STRBUF_INIT;
	char subject[128];
	strbuf_addf(&text, "%d wrong passwords were tried for %s in game %s within %ld hour%s,\n"
	            "the last from %s.  Sign-ons are refused for the rest of that time.\n\n"
	            "If it was not you, choose a new password (SET PASSWORD) once you can sign\n"
	            "on; the game's master can lift the lock with SET UNLOCK %s.\n",
	            failures, strcmp(who, "M") ? who : "the master", game, s->cfg->guess_window_hours,
	            s->cfg->guess_window_hours == 1 ? "" : "s", s->from, who);
	snprintf(subject, sizeof subject, "Game %s: wrong passwords", game);
	outbox_queue(s->db, s->cfg, s->now, owner, subject, text.buf, NULL);
	db_run(s->db, "UPDATE guesses SET told = ? WHERE game = ? AND who = ?", "itt", s->now, game, who);
	strbuf_release(&text);
}

void guard_passed(struct session *s, const char *game, const char *who)
{
	db_run(s->db, "DELETE FROM guesses WHERE game = ? AND who = ?", "tt", game, who);
}

/* The verdicts of one Authentication-Results value, if it is from the
 * configured authserv-id: each method's result word, "" if absent.
 * read_results returns 1 if the value is from authserv, else 0. */
struct verdict {
	char dmarc[16], spf[16], dkim[16];
};

static int read_results(const char *value, const char *authserv, struct verdict *v)
{
	static pcre2_code *re;
	pcre2_match_data *md;
	size_t n = strcspn(value, "; \t");
	PCRE2_SIZE at = 0;

	if (strlen(authserv) != n || strncasecmp(value, authserv, n))
		return 0;
	if (!re) {
		int err;
		PCRE2_SIZE off;
		re = pcre2_compile((PCRE2_SPTR) "\\b(dmarc|spf|dkim)\\s*=\\s*([a-z]+)", PCRE2_ZERO_TERMINATED,
		                   PCRE2_CASELESS, &err, &off, NULL);
		if (!re)
			die("the authentication results pattern does not compile");
	}
	md = pcre2_match_data_create_from_pattern(re, NULL);
	while (pcre2_match(re, (PCRE2_SPTR)value, strlen(value), at, 0, md, NULL) > 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
		char method[8], result[16];
		snprintf(method, sizeof method, "%.*s", (int)(ov[3] - ov[2]), value + ov[2]);
		snprintf(result, sizeof result, "%.*s", (int)(ov[5] - ov[4]), value + ov[4]);
		char *slot = !strcasecmp(method, "dmarc") ? v->dmarc : !strcasecmp(method, "spf") ? v->spf : v->dkim;
		/* one passing DKIM signature is enough, whatever the others say */
		if (!(slot == v->dkim && !strcasecmp(v->dkim, "pass")))
			snprintf(slot, sizeof v->dmarc, "%s", result);
		at = ov[1];
	}
	pcre2_match_data_free(md);
	return 1;
}

int guard_authentic(struct session *s)
{
	struct verdict v = { "", "", "" };
	const char *rest = s->auth_results, *line;
	size_t len;
	int found = 0;

	if (!s->cfg->authserv_id[0] || !rest)
		return 1;
	/* the MTA prepends its verdict, so only the topmost header with its
	 * id is its own: any below it came with the mail, and may be forged */
	while (!found && str_next_line(&rest, &line, &len)) {
		char value[2048];
		snprintf(value, sizeof value, "%.*s", (int)len, line);
		found = read_results(value, s->cfg->authserv_id, &v);
	}
	if (!found)
		return 1;
	if (!strcasecmp(v.dmarc, "fail")) {
		reply(s, "Your mail failed DMARC at %s, so it may not take or change a role in a game.\n",
		      s->cfg->authserv_id);
		return 0;
	}
	if ((!strcasecmp(v.spf, "fail") || !strcasecmp(v.spf, "softfail")) && strcasecmp(v.dkim, "pass")) {
		reply(s, "Your mail failed SPF at %s and has no valid DKIM signature, so it may not\n"
		      "take or change a role in a game.\n", s->cfg->authserv_id);
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

/* Each count below is of the rows of one person (address_key), not of
 * one spelling: "A@x" and "a+1@x" share the sender's limits. */
int guard_may_join(struct session *s, int creating)
{
	long long in = db_int(s->db, "SELECT (SELECT count(*) FROM players p JOIN games g ON g.name = p.game"
	                      " WHERE address_key(p.email) = address_key(?1) AND p.resigned = 0"
	                      " AND g.status IN (?2, ?3, ?4))"
	                      " + (SELECT count(*) FROM games WHERE address_key(master_email) = address_key(?1)"
	                      " AND status IN (?2, ?3, ?4))", "tttt", 0, s->from, status_name(GS_FORMING),
	                      status_name(GS_ACTIVE), status_name(GS_PAUSED));

	if (creating && db_int(s->db, "SELECT count(*) FROM games WHERE address_key(master_email) ="
	                       " address_key(?) AND created > ?", "ti", 0, s->from,
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
	long long n = db_int(s->db, "SELECT count(*) FROM observers WHERE address_key(email) = address_key(?)",
	                     "t", 0, s->from);

	if (n < s->cfg->max_observes_per_address)
		return 1;
	reply(s, "You already observe %lld games, the most this Judge allows one address.\n"
	      "UNOBSERVE <game> stops observing one.\n", n);
	return 0;
}
