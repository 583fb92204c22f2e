/*
 * njudge.c - njudge's spellings (njudge.h).  A regular writes what njudge
 * taught him; a line in njudge's words must never be lost as "not a
 * command" or, worse, read as an order.  One table: a spelling that
 * means a command here is read as that command; one that has no
 * counterpart is answered with what to write instead or why this Judge
 * has none.  README's "njudge's commands here" lists the same rows for
 * players, and tests/game/njudge_words.txt sends each of them.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "judge/mailcmd/njudge.h"

/* The answers more than one spelling gets. */
#define PERIOD "A kind of phase's length is set with SET PERIOD [kind] <hours>, as in\n" \
	"SET PERIOD retreat 12; the next deadline with SET DEADLINE <time>."
#define ONE_MASTER "Every game here has its master, the address that created it."
#define NO_REGISTER "This Judge keeps no register of players to look up; WHOGAME <game> says\n" \
	"who plays a game."
#define ABSENCE "An absence ends by itself on its last day; if you are back sooner, tell\n" \
	"the master (PRESS TO M)."

static const struct njudge_word table[] = {
	{ "SIGN ON", "SIGNON", NULL, 0, NULL },
	{ "SIGN OFF", "SIGNOFF", NULL, 0, NULL },
	{ "WATCH", "OBSERVE", NULL, 0, NULL },
	{ "WITHDRAW", "RESIGN", NULL, 0, NULL },
	{ "FORCE BEGIN", "START", NULL, 0, NULL },
	{ "SET WHITE", "SET PRESS white", NULL, 0, NULL },
	{ "SET GREY", "SET PRESS grey", NULL, 0, NULL },
	{ "SET GRAY", "SET PRESS grey", NULL, 0, NULL },
	{ "SET WHITE/GREY", "SET PRESS any", NULL, 0, NULL },
	{ "SET GREY/WHITE", "SET PRESS any", NULL, 0, NULL },
	{ "SET NO PRESS", "SET PRESS none", NULL, 0, NULL },
	{ "SET NOPRESS", "SET PRESS none", NULL, 0, NULL },
	{ "SET NONE", "SET PRESS none", NULL, 0, NULL },
	{ "SET MOVE", NULL, NULL, 0, PERIOD },
	{ "SET RETREAT", NULL, NULL, 0, PERIOD },
	{ "SET ADJUST", NULL, NULL, 0, PERIOD },
	{ "SET MODERATE", NULL, NULL, 0, ONE_MASTER },
	{ "SET UNMODERATE", NULL, NULL, 0, ONE_MASTER },
	{ "REGISTER", NULL, "END", 0,
	  "This Judge keeps no register of players: an address is known by the games\n"
	  "it signs on to (SIGNON ?<game> <password>), and no name is asked." },
	{ "I AM ALSO", NULL, NULL, 0,
	  "A game holds the address its player plays from; there is no register of\n"
	  "addresses to link.  To play from another address, ask the master to move\n"
	  "your seat there: TAKEOVER <power> <new address>." },
	{ "SET ADDRESS", NULL, NULL, 0,
	  "A game holds the address its player plays from; the master moves a seat to\n"
	  "a new address with TAKEOVER <power> <new address>." },
	{ "WHOIS", NULL, NULL, 0, NO_REGISTER },
	{ "INFO PLAYER", NULL, NULL, 0, NO_REGISTER },
	{ "DIARY", NULL, "ENDPRESS", 0,
	  "This Judge keeps no diary; the lines up to ENDPRESS, if any, were not read\n"
	  "as orders.  Keep your notes in your own mail." },
	{ "PHASE", NULL, NULL, 1,
	  "Orders are for the phase now open only: send the next phase's orders when\n"
	  "its results mail opens it.  The rest of this mail was not read." },
	{ "IF", NULL, NULL, 1,
	  "Conditional orders are not read here: the orders before this line stand.\n"
	  "The rest of this mail was not read." },
	{ "SET NOABSENCE", NULL, NULL, 0, ABSENCE },
	{ "SET NO ABSENCE", NULL, NULL, 0, ABSENCE },
	{ "POSTAL PRESS", NULL, "ENDPRESS", 0,
	  "There is no postal press here: PRESS and BROADCAST go out at once.  The\n"
	  "lines up to ENDPRESS, if any, were not sent." },
	{ "PREDICT", NULL, NULL, 0,
	  "There is no trial adjudication here: PROCESS adjudicates the phase now,\n"
	  "and ROLLBACK undoes the last processed phase." },
	{ "UNSTART", NULL, NULL, 0,
	  "A started game is not taken back to forming here: ROLLBACK undoes the last\n"
	  "processed phase, one at a time, and TERMINATE ends the game." },
	{ "PROMOTE", NULL, NULL, 0,
	  "A game has one master here, the address that created it." },
	{ "MAP", NULL, NULL, 0,
	  "The map picture comes with every results mail; GET map <game> [phase]\n"
	  "sends it again, and GET map.<variant> the map as text." },
	{ "MANUAL", NULL, NULL, 0,
	  "Every line is read as it comes here, so there is nothing to switch off:\n"
	  "a command is a command and, once signed on, any other line an order." },
	{ "VERSION", NULL, NULL, 0,
	  "This Judge answers no version by mail; its admin sees it with judge --version." },
};

/* The length of line taken by the words of said, or 0 if they are not
 * its first words. */
static size_t match(const char *said, const char *line)
{
	const char *l = line;

	while (*said) {
		if (*said == ' ') {
			if (!isspace((unsigned char)*l))
				return 0;
			while (isspace((unsigned char)*l))
				l++;
			said++;
			continue;
		}
		if (toupper((unsigned char)*l) != *said)
			return 0;
		l++;
		said++;
	}
	return *l && !isspace((unsigned char)*l) ? 0 : (size_t)(l - line);
}

const struct njudge_word *njudge_word(const char *line, size_t *used)
{
	const struct njudge_word *best = NULL;

	*used = 0;
	for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
		size_t n = match(table[i].said, line);
		if (n > *used) {
			*used = n;
			best = &table[i];
		}
	}
	return best;
}

const struct njudge_word *njudge_words(size_t *n)
{
	*n = sizeof table / sizeof *table;
	return table;
}
