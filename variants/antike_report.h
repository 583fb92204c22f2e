/*
 * antike_report.h - the words of Antike's results and position: the
 * engine's facts (adjudicator/antike.h) told as sentences
 * (antike_report.c), and the position, the bank and the phase as the
 * results mail, LIST and SHOW give them (antike_status.c).
 *
 * One header for both files because the results mail is the two together
 * and each uses the other's words for wedges, know-hows and resources.
 */
#ifndef ANTIKE_REPORT_H
#define ANTIKE_REPORT_H

#include "adjudicator/antike.h"
#include "base/json.h"
#include "base/strbuf.h"

/* Where a turn's facts are worded: hand the engine ant_report_sink and
 * a pointer to this. */
struct ant_words {
	const struct ant_map *map;
	struct strbuf *out;
	const struct ant_turn_orders *orders;  /* the active nation's, or NULL */
	const char *lines;      /* their canonical text, one order a line, so
	                           that a skipped order is quoted as stored */
};

void ant_report_sink(void *arg, const struct ant_fact *f);

/* The canonical words (the order language's and the state's): "IRON",
 * "KNOW-HOW", "NAVIGATION"; "?" out of range. */
const char *ant_wedge_word(int w);
const char *ant_know_word(int k);
/* Plain words: "marble", "king". */
const char *ant_res_word(int r);
const char *ant_person_word(int k);

/* The index of word in the table of ant_wedge_word (or the others'), or
 * -1: for the stored state's reader. */
int ant_word_index(const char *(*table)(int), int n, const char *word);

/* "Round 3: the Germanic tribes' turn", or "Round 9: the game is over". */
void ant_phase_name(const struct ant_map *m, const struct ant_pos *p, struct strbuf *out);

/* ---- antike_status.c ---- */

/* The position: per nation in turn order its resources, coins, cities,
 * units, know-hows, personages against the target, seas, wedge,
 * standing battle orders (standing[nation]: canonical text, or NULL
 * where none are known) and civil disorder; then the bank and the
 * warning of a nation one personage from victory. */
void ant_position(const struct ant_map *m, const struct ant_pos *p,
                  const char *const standing[ANT_MAX_NATIONS], struct strbuf *out);

/* The same as JSON members, inside an object the caller has opened. */
void ant_position_json(const struct ant_map *m, const struct ant_pos *p, struct json *j);

#endif
