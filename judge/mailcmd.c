/*
 * mailcmd.c - the table of mail commands: name, who may send it
 * (enum need), what it costs (enum mailcmd_flags), its function, its
 * HELP line and which word of it is a secret (for the master's log).
 *
 * One table rather than a switch, so that the session applies the checks
 * (signed on, master only, guard_authentic, the GET limit) once for every
 * command from its row, HELP lists exactly what exists, and a command is
 * added by one row and one file under judge/mailcmd/.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/mailcmd.h"

static const struct mailcmd commands[] = {
	{ "HELP", NEED_NOTHING, CMD_FILE, mailcmd_help, "HELP                      this text", 0 },
	{ "GET", NEED_NOTHING, CMD_FILE, mailcmd_get, "GET [file]                a file, e.g. GET map.classical (GET index: all)\n"
	  "  GET map [game [phase]]  a game's map picture, as last processed or\n"
	  "                          after a phase (S273BC-M)", 0 },
	{ "LIST", NEED_NOTHING, CMD_ORDERS, mailcmd_list, "LIST [game]               the games, or one game in detail", 0 },
	{ "WHOGAME", NEED_NOTHING, 0, mailcmd_whogame, "WHOGAME <game>            who plays a game", 0 },
	{ "CREATE", NEED_NOTHING, CMD_ROLE, mailcmd_create, "CREATE ?<game> <password> [variant]   start a new game as its master", 2 },
	{ "SIGNON", NEED_NOTHING, CMD_ROLE | CMD_ORDERS, mailcmd_signon, "SIGNON ?<game> <password> [prefs]     join a forming game\n"
	  "  SIGNON <letter><game> <password>      sign on as a power (M: master)", 2 },
	{ "SIGNOFF", NEED_NOTHING, CMD_ORDERS, mailcmd_signoff, "SIGNOFF                   end of commands", 0 },
	{ "OBSERVE", NEED_NOTHING, CMD_ROLE, mailcmd_observe, "OBSERVE <game>            receive a game's results", 0 },
	{ "UNOBSERVE", NEED_NOTHING, CMD_ROLE, mailcmd_unobserve, "UNOBSERVE <game>          stop receiving them", 0 },
	{ "PRESS", NEED_SIGNON, 0, mailcmd_press, "PRESS [GREY] [TO <letters>|TO ALL BUT <letters>] ... ENDPRESS\n"
	  "                          a message to some powers (M: the master)", 0 },
	{ "BROADCAST", NEED_SIGNON, 0, mailcmd_broadcast, "BROADCAST ... ENDBROADCAST  a message to everyone in the game\n"
	  "                          (ENDPRESS ends it too)", 0 },
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
	  "  SET TIMEZONE <zone>     your address's zone, a tz name: Europe/Paris\n"
	  "                          (UTC until set; times are mailed in UTC and in it)\n"
	  "  SET DEADLINE <time>     (master) friday 18:00 | fri 6pm Europe/Paris |\n"
	  "                          tomorrow 9:00 | 18:00 | +24h | +2d | +1d 12h |\n"
	  "                          2026-11-30 18:00 | 2026-11-30T18:00+01:00;\n"
	  "                          no zone: yours.  Zones: tz names, +hh:mm, and\n"
	  "                          UTC GMT Z WET WEST CET CEST EET EEST MSK JST KST\n"
	  "                          HKT AWST ACST ACDT AEST AEDT NZST NZDT NST NDT EST\n"
	  "                          EDT MST MDT PST PDT AKST AKDT HST (not IST, BST,\n"
	  "                          CST, CDT, AST, ADT, SST, GST, AMT, ECT: ambiguous)", SECRET_IN_SETTING },
	{ "SUMMARY", NEED_NOTHING, 0, mailcmd_summary, "SUMMARY [game]            the position and the phases so far", 0 },
	{ "HISTORY", NEED_NOTHING, 0, mailcmd_history, "HISTORY [game] [n]        the last n results (all without n)", 0 },
	{ "RESIGN", NEED_POWER, CMD_ROLE | CMD_ORDERS, mailcmd_resign, "RESIGN                    leave the game: your power holds", 0 },
	{ "PROCESS", NEED_MASTER, 0, mailcmd_process, "PROCESS                   (master) adjudicate now", 0 },
	{ "PAUSE", NEED_MASTER, 0, mailcmd_pause, "PAUSE                     (master) stop the clock", 0 },
	{ "RESUME", NEED_MASTER, 0, mailcmd_resume, "RESUME                    (master) restart the clock", 0 },
	{ "START", NEED_MASTER, 0, mailcmd_start, "START                     (master) start a forming game with the players it has", 0 },
	{ "TERMINATE", NEED_MASTER, 0, mailcmd_terminate, "TERMINATE                 (master) end the game where it stands", 0 },
	{ "EJECT", NEED_MASTER, 0, mailcmd_eject, "EJECT <power>             (master) the power's player leaves; its seat\n"
	  "                          is vacant until taken over", 0 },
	{ "TAKEOVER", NEED_MASTER, 0, mailcmd_takeover, "TAKEOVER <power> [<address> [<password>]]\n"
	  "                          (master) approve the latest request (or that\n"
	  "                          address's) for a vacant power, or put someone in", 3 },
	{ "BECOME", NEED_MASTER, CMD_ORDERS, mailcmd_become, "BECOME <power>            (master) act as the power for the rest of the\n"
	  "                          mail: its lines are the power's orders", 0 },
	{ "ROLLBACK", NEED_MASTER, 0, mailcmd_rollback, "ROLLBACK                  (master) undo the last processed phase: it is\n"
	  "                          played again, with a fresh seed", 0 },
	{ "REFUSE", NEED_NOTHING, 0, mailcmd_refuse, "REFUSE <code>             undo a role someone gave your address", 1 },
	{ "CLEAR", NEED_POWER, CMD_ORDERS, mailcmd_clear, "CLEAR                     withdraw your orders for this phase", 0 },
	{ "ORDERS", NEED_POWER, CMD_ORDERS, mailcmd_orders, "ORDERS                    what the Judge holds for you now: orders,\n"
	  "                          standing instructions, your hand", 0 },
	{ "STANDING", NEED_POWER, 0, mailcmd_standing, "STANDING ... ENDSTANDING  standing instructions, kept until changed\n"
	  "  STANDING LIST | STANDING CLEAR", 0 },
};

const struct mailcmd *mailcmd_find(const char *word, size_t len)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strlen(commands[i].name) == len && !strncasecmp(commands[i].name, word, len))
			return &commands[i];
	/* "ENDPRESS" outside PRESS and "END" are harmless noise */
	return NULL;
}

void mailcmd_each(void (*fn)(const struct mailcmd *c, void *arg), void *arg)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fn(&commands[i], arg);
}

/* The offset in s after its first n words and the blanks after them. */
static size_t skip_words(const char *s, int n)
{
	const char *p = s;

	for (int i = 0; i < n; i++) {
		while (isspace((unsigned char)*p))
			p++;
		while (*p && !isspace((unsigned char)*p))
			p++;
	}
	while (isspace((unsigned char)*p))
		p++;
	return (size_t)(p - s);
}

/* Found by the command's row, as the session reads the line, not by the
 * look of the words: a password looks like any other word. */
long mailcmd_secret_at(const char *line)
{
	size_t wlen = 0, args;
	const struct mailcmd *c;
	int word;

	while (line[wlen] && !isspace((unsigned char)line[wlen]))
		wlen++;
	if (!(c = mailcmd_find(line, wlen)) || !c->secret)
		return -1;
	args = skip_words(line, 1);
	word = c->secret == SECRET_IN_SETTING ? mailcmd_set_secret(line + args) : c->secret;
	if (word <= 0)
		return -1;
	args += skip_words(line + args, word - 1);
	return line[args] ? (long)args : -1;
}

int mailcmd_game_arg(struct session *s, const char *args, struct game *g, const char **rest)
{
	char name[64], key[GAME_NAME_MAX + 1];
	int used = 0;

	if (sscanf(args, "%63s%n", name, &used) == 1 && game_name_ok(name, key) &&
	    db_int(s->db, "SELECT 1 FROM games WHERE name = ?", "t", 0, key)) {
		if (session_load_game(s, key, g))
			return -1;
		if (rest)
			*rest = args + used;
		return 0;
	}
	if (s->signed_on) {
		if (session_load_game(s, s->game.name, g))
			return -1;
		if (rest)
			*rest = args;
		return 0;
	}
	reply(s, "Which game? Name one, or SIGNON first.\n");
	return -1;
}
