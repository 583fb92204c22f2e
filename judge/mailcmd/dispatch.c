/*
 * dispatch.c - the dispatcher of one mail's commands (see dispatch.h):
 * the table of mail commands and the loop over the mail's lines.
 *
 * A row of the table gives a command's name, who may send it (enum
 * need), what it costs (enum mailcmd_flags), its function, its HELP line
 * and which word of it is a secret (for the master's log).  One table
 * rather than a switch, so that the loop applies the checks (signed on,
 * master only, guard_authentic, the per-mail limits) once for every
 * command from its row, HELP lists exactly what exists, and a command is
 * added by one row and one file under judge/mailcmd/.
 *
 * The dispatcher is the top of the mail session: it calls the commands,
 * the orders (session_orders.h), the guard and the master's log, and
 * nothing below calls it back.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "judge/mailcmd/dispatch.h"
#include "judge/mailcmd/njudge.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"
#include "judge/masterlog.h"
#include "judge/session_orders.h"

static const struct mailcmd commands[] = {
	{ "HELP", NEED_NOTHING, CMD_FILE, mailcmd_help, "HELP [variant]            this text; orders as the variant writes them", 0, NULL },
	{ "GET", NEED_NOTHING, CMD_FILE, mailcmd_get, "GET [file]                a file, e.g. GET map.classical (GET index: all)\n"
	  "  GET map [game [phase]]  a game's map picture, as last processed or\n"
	  "                          after a phase (S273BC-M)", 0, NULL },
	{ "LIST", NEED_NOTHING, CMD_ORDERS, mailcmd_list, "LIST [game]               the games, or one game in detail", 0, NULL },
	{ "WHOGAME", NEED_NOTHING, 0, mailcmd_whogame, "WHOGAME <game>            who plays a game", 0, NULL },
	{ "CREATE", NEED_NOTHING, CMD_ROLE, mailcmd_create, "CREATE ?<game> <password> [variant]   start a new game as its master", 2, NULL },
	{ "SIGNON", NEED_NOTHING, CMD_ROLE | CMD_ORDERS, mailcmd_signon, "SIGNON ?<game> <password> [prefs]     join a forming game\n"
	  "  SIGNON ? <password>                   join the next game forming\n"
	  "  SIGNON <letter><game> <password>      sign on as a power (M: master)", 2, NULL },
	{ "SIGNOFF", NEED_NOTHING, CMD_ORDERS, mailcmd_signoff, "SIGNOFF                   end of commands", 0, NULL },
	{ "OBSERVE", NEED_NOTHING, CMD_ROLE, mailcmd_observe, "OBSERVE <game>            receive a game's results", 0, NULL },
	{ "UNOBSERVE", NEED_NOTHING, CMD_ROLE, mailcmd_unobserve, "UNOBSERVE <game>          stop receiving them", 0, NULL },
	{ "PRESS", NEED_SIGNON, 0, mailcmd_press, "PRESS [GREY|ANONYMOUS] [TO <letters>|TO ALL BUT <letters>] ... ENDPRESS\n"
	  "                          a message to some powers (M: the master)", 0, NULL },
	{ "BROADCAST", NEED_SIGNON, 0, mailcmd_broadcast, "BROADCAST ... ENDBROADCAST\n"
	  "                          a message to everyone in the game\n"
	  "                          (ENDPRESS ends it too)", 0, NULL },
	{ "SET", NEED_NOTHING, 0, mailcmd_set, "SET DEADLINE|GRACE|PERIOD [kind]|WAIT|NOWAIT|PASSWORD|PRESS ...\n"
	  "  SET DRAW [powers]       vote for a draw this phase (powers: NODIAS games)\n"
	  "  SET NODRAW              withdraw it\n"
	  "  SET CONCEDE <power>     concede the game to a power, this phase\n"
	  "  SET NOCONCEDE           withdraw it\n"
	  "  SET DIAS | NODIAS       (master) draws include all survivors, or name\n"
	  "                          their powers\n"
	  "  SET PREFERENCE <powers> after SIGNON ?<game> <password>: the powers you\n"
	  "                          would like in a forming game, best first\n"
	  "  SET ABSENCE <from> [TO <until>]   ask the master for an absence\n"
	  "  SET ABSENCE GRANT|REFUSE <n>      (master) answer it; SET ABSENCE lists\n"
	  "  SET ABANDON <n>         (master) a power late n phases in a row is\n"
	  "                          abandoned (0: never)\n"
	  "  SET MASTERCOPY ON|OFF   (master) a copy of every reminder\n"
	  "  SET NOMAP | SET MAP     results without (with) a map picture; the\n"
	  "                          master's: for the whole game\n"
	  "  SET PUBLIC ADDRESS      the Judge's web pages show your address beside\n"
	  "                          your power (SET PRIVATE ADDRESS: the power only)\n"
	  "  SET PRIVATE | PUBLIC    (master) the game left out of (put back on) the\n"
	  "                          Judge's web pages\n"
	  "  SET TIMEZONE <zone>     your address's zone, a tz name: Europe/Paris\n"
	  "                          (UTC until set; times are mailed in UTC and in it)\n"
	  "  SET DEADLINE <time>     (master) friday 18:00 | fri 6pm Europe/Paris |\n"
	  "                          tomorrow 9:00 | 18:00 | +24h | +2d | +1d 12h |\n"
	  "                          2026-11-30 18:00 | 2026-11-30T18:00+01:00;\n"
	  "                          no zone: yours.  Zones: tz names, +hh:mm, and\n"
	  "                          UTC GMT Z WET WEST CET CEST EET EEST MSK JST KST\n"
	  "                          HKT AWST ACST ACDT AEST AEDT NZST NZDT NST NDT EST\n"
	  "                          EDT MST MDT PST PDT AKST AKDT HST (not IST, BST,\n"
	  "                          CST, CDT, AST, ADT, SST, GST, AMT, ECT: ambiguous)", 0, mailcmd_set_secret },
	{ "SUMMARY", NEED_NOTHING, 0, mailcmd_summary, "SUMMARY [game]            the position and the phases so far", 0, NULL },
	{ "HISTORY", NEED_NOTHING, 0, mailcmd_history, "HISTORY [game] [n]        the last n results (all without n)", 0, NULL },
	{ "RESIGN", NEED_POWER, CMD_ROLE | CMD_ORDERS, mailcmd_resign, "RESIGN                    leave the game: your power holds", 0, NULL },
	{ "PROCESS", NEED_MASTER, 0, mailcmd_process, "PROCESS                   (master) adjudicate now", 0, NULL },
	{ "PAUSE", NEED_MASTER, 0, mailcmd_pause, "PAUSE                     (master) stop the clock", 0, NULL },
	{ "RESUME", NEED_MASTER, 0, mailcmd_resume, "RESUME                    (master) restart the clock", 0, NULL },
	{ "START", NEED_MASTER, 0, mailcmd_start, "START                     (master) start a forming game with whoever joined", 0, NULL },
	{ "TERMINATE", NEED_MASTER, 0, mailcmd_terminate, "TERMINATE                 (master) end the game where it stands", 0, NULL },
	{ "EJECT", NEED_MASTER, 0, mailcmd_eject, "EJECT <power>             (master) the power's player leaves; its seat\n"
	  "                          is vacant until taken over", 0, NULL },
	{ "TAKEOVER", NEED_MASTER, 0, mailcmd_takeover, "TAKEOVER <power> [<address> [<password>]]\n"
	  "                          (master) approve the latest request (or that\n"
	  "                          address's) for a vacant power, or put someone in", 3, NULL },
	{ "BECOME", NEED_MASTER, CMD_ORDERS, mailcmd_become, "BECOME <power>            (master) act as the power for the rest of the\n"
	  "                          mail: its lines are the power's orders", 0, NULL },
	{ "ROLLBACK", NEED_MASTER, 0, mailcmd_rollback, "ROLLBACK                  (master) undo the last processed phase: it is\n"
	  "                          played again, with a fresh seed", 0, NULL },
	{ "REFUSE", NEED_NOTHING, 0, mailcmd_refuse, "REFUSE <code>             undo a role someone gave your address", 1, NULL },
	{ "CLEAR", NEED_POWER, CMD_ORDERS, mailcmd_clear, "CLEAR                     withdraw your orders for this phase", 0, NULL },
	{ "ORDERS", NEED_POWER, CMD_ORDERS, mailcmd_orders, "ORDERS                    what the Judge holds for you now: orders,\n"
	  "                          standing instructions, your hand", 0, NULL },
	{ "STANDING", NEED_POWER, 0, mailcmd_standing, "STANDING ... ENDSTANDING  standing instructions, kept until changed\n"
	  "  STANDING LIST | STANDING CLEAR", 0, NULL },
	{ NULL, 0, 0, NULL, NULL, 0, NULL },   /* the end, for HELP and mailcmd_find */
};

/* A line that is the start of a reply quote or a greeting is not worth an
 * error: only lines that look like commands or orders are answered. */
static int is_noise(const char *line, size_t len)
{
	return len == 0 || line[0] == '>' || (len >= 3 && !strncasecmp(line, "end", 3) && len == 3);
}

/* Whether a line that is exactly end comes before the end of the mail. */
static int comes(const struct session *s, const char *end)
{
	size_t n = strlen(end);

	for (const char *p = s->rest; p && p < s->end; p = memchr(p, '\n', (size_t)(s->end - p))) {
		while (p < s->end && isspace((unsigned char)*p))
			p++;
		if ((size_t)(s->end - p) >= n && !strncasecmp(p, end, n) &&
		    (p + n == s->end || isspace((unsigned char)p[n])))
			return 1;
	}
	return 0;
}

/* Answer a line in njudge's words that has no counterpart here
 * (njudge.h), and skip what belongs to it: the block it opens, if its
 * end comes, or the rest of the mail. */
static void answer_njudge(struct session *s, const char *l, const struct njudge_word *nw)
{
	struct strbuf skipped = STRBUF_INIT;
	int n = 0;

	session_flush_orders(s);
	reply(s, "\n> %s\n%s\n", l, nw->answer);
	if (nw->block_end && comes(s, nw->block_end)) {
		while (session_next_line(s, &skipped)) {
			n++;
			if (!strcasecmp(str_trim(skipped.buf), nw->block_end))
				break;
		}
		reply(s, "(%d line%s, up to %s, skipped)\n", n, n == 1 ? "" : "s", nw->block_end);
	}
	if (nw->rest)
		s->done = 1;
	strbuf_release(&skipped);
}

/* The checks every command's row asks for, then the command.  Returns 1
 * if the command was carried out, 0 if a check refused it. */
static int run_command(struct session *s, const struct mailcmd *c, const char *args)
{
	if (++s->ncommands > s->cfg->max_commands) {
		reply(s, "The Judge carries out at most %ld commands from one mail; this one and\n"
		      "the rest were not read.\n", s->cfg->max_commands);
		s->done = 1;
		return 0;
	}
	if ((c->flags & CMD_FILE) && ++s->ngets > s->cfg->max_gets) {
		reply(s, "At most %ld GET and HELP commands are answered per mail.\n", s->cfg->max_gets);
		return 0;
	}
	if ((c->flags & CMD_ROLE) && !guard_authentic(s)) {
		s->done = 1;
		return 0;
	}
	if (c->need != NEED_NOTHING && !s->signed_on) {
		reply(s, "%s needs you to SIGNON to a game first.\n", c->name);
		return 0;
	}
	if (c->need == NEED_POWER && s->seat == SEAT_MASTER) {
		reply(s, "%s is for players, not the master.\n", c->name);
		return 0;
	}
	if (c->need == NEED_MASTER && s->seat != SEAT_MASTER) {
		reply(s, "%s is for the game's master only%s.\n", c->name,
		      s->became ? " (after BECOME, sign on again as M)" : "");
		return 0;
	}
	if (s->became && c->fn == mailcmd_resign) {
		reply(s, "RESIGN is the player's own word; the master ejects instead (EJECT).\n");
		return 0;
	}
	c->fn(s, args);
	return 1;
}

/* A master's command, logged before it runs (masterlog.h): the line is
 * taken back if it was refused or wrote nothing to the database, so the
 * log keeps what the master did to the game (LIST, SIGNOFF and a SET the
 * Judge rejected change nothing).  The count of changes is taken after
 * the orders were stored, so BECOME's orders do not count for the next
 * command. */
static void run_logged(struct session *s, const struct mailcmd *c, const char *args, long long id)
{
	sqlite3_int64 before = sqlite3_total_changes64(s->db);

	if (!run_command(s, c, args) || sqlite3_total_changes64(s->db) == before)
		masterlog_drop(s, id);
}

int session_run(struct session *s, const char *body)
{
	struct strbuf line = STRBUF_INIT, alias = STRBUF_INIT;

	s->rest = body;
	s->end = body + strlen(body);
	s->commands = commands;
	while (!s->done && session_next_line(s, &line)) {
		char *l = line.buf, *word_end, *args;
		size_t wlen;
		while (isspace((unsigned char)*l))
			l++;
		size_t len = strlen(l);
		while (len && isspace((unsigned char)l[len - 1]))
			l[--len] = '\0';
		if (is_noise(l, len))
			continue;
		size_t used;
		const struct njudge_word *nw = njudge_word(l, &used);
		if (nw && !nw->as) {
			answer_njudge(s, l, nw);
			continue;
		}
		if (nw) {       /* read as the command it means here */
			strbuf_reset(&alias);
			strbuf_addf(&alias, "%s%s", nw->as, l + used);
			l = alias.buf;
			len = alias.len;
		}
		word_end = l;
		while (*word_end && !isspace((unsigned char)*word_end))
			word_end++;
		wlen = (size_t)(word_end - l);
		args = word_end;
		while (isspace((unsigned char)*args))
			args++;
		const struct mailcmd *c = mailcmd_find(commands, l, wlen);
		/* everything the master does is logged, orders given as a
		 * power after BECOME included; SIGNON starts anew */
		int by_master = s->signed_on && (s->seat == SEAT_MASTER || s->became);
		long long logged = 0;
		if (by_master && (!c || strcmp(c->name, "SIGNON")) && (c || s->became))
			logged = masterlog_add(s, l, c ? mailcmd_secret_at(commands, l) : -1);
		if (!c) {
			if (s->signed_on && s->seat != SEAT_MASTER) {
				strbuf_addf(&s->orders, "%s\n", l);
				s->norder_lines++;
			} else if (s->signed_on) {
				reply(s, "\n> %s\nNot a command. The master gives no orders.\n", l);
			} else if (!s->told_unknown++) {
				reply(s, "\n> %s\nNot a command I know, and you are not signed on to a game,\n"
				      "so it cannot be an order. Send HELP for the commands.\n", l);
			} else {
				reply(s, "\n> %s\nIgnored: not a command either.\n", l);
			}
			continue;
		}
		/* a mail's order lines are one set, whatever commands stand
		 * between them (SET WAIT between two orders must not make the
		 * second replace the first); they are stored at SIGNOFF, at a
		 * new SIGNON, at the end, or before a command that reads them,
		 * their echo before that command's, so each reply stays next to
		 * its own echoed line */
		if (c->flags & CMD_ORDERS)
			session_flush_orders(s);
		reply(s, "\n> %s\n", l);
		if (logged)
			run_logged(s, c, args, logged);
		else
			run_command(s, c, args);
	}
	session_signoff(s);
	strbuf_release(&line);
	strbuf_release(&alias);
	return 0;
}

