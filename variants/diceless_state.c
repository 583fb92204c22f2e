/*
 * diceless_state.c - a diceless position as the text the Judge stores
 * between phases.  One record per line, area codes, chit codes and side
 * letters, so a game's history can be read and replayed by a person.  The
 * state holds both hands, secret until the game ends: the Judge stores it
 * and never mails it.
 *
 *     phase turn 3              (or "phase setup", "phase delphi 3" for
 *                                the Delphi phase before turn 3,
 *                                "phase over 15 A", "phase over 15 draw")
 *     counters att A 2          an area's counters: side letter and 1 or 2
 *     hand A coup star void     what a side holds now
 *     drawn A star void         which of them were drawn for this turn
 *     retired pericles          special chits (and the Star) out of the game
 *
 * States written before the hands came from the game keys also had a
 * "drawcup" line (the cup of the draws); it is read and ignored.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/diceless_board.h"

static void write_chits(const struct dl_map *m, const struct dl_hand *h, struct strbuf *out)
{
	for (int i = 0; i < h->n; i++)
		strbuf_addf(out, " %s", m->kind[h->chit[i]].code);
}

void dl_state_write(const struct dl_map *m, const struct dl_position *p, struct strbuf *out)
{
	if (p->phase == DL_PH_SETUP)
		strbuf_addstr(out, "phase setup\n");
	else if (p->phase == DL_PH_TURN || p->phase == DL_PH_DELPHI)
		strbuf_addf(out, "phase %s %d\n", p->phase == DL_PH_TURN ? "turn" : "delphi", p->turn);
	else if (p->winner == DL_NONE)
		strbuf_addf(out, "phase over %d draw\n", p->turn);
	else
		strbuf_addf(out, "phase over %d %c\n", p->turn, m->side[p->winner].letter);
	for (int a = 0; a < m->nareas; a++)
		if (p->track[a])
			strbuf_addf(out, "counters %s %c %d\n", m->area[a].code,
			            m->side[dl_holder(p->track[a])].letter, abs(p->track[a]));
	for (int s = 0; s < 2; s++) {
		strbuf_addf(out, "hand %c", m->side[s].letter);
		write_chits(m, &p->hand[s], out);
		strbuf_addch(out, '\n');
	}
	for (int s = 0; s < 2; s++)
		if (p->drawn[s].n) {
			strbuf_addf(out, "drawn %c", m->side[s].letter);
			write_chits(m, &p->drawn[s], out);
			strbuf_addch(out, '\n');
		}
	for (int k = 0; k < m->nkinds; k++)
		for (int i = 0; i < p->retired[k]; i++)
			strbuf_addf(out, "retired %s\n", m->kind[k].code);
}

/* Read chit codes from words w[0..n) into h; 0 or -1. */
static int read_chits(const struct dl_map *m, char **w, int n, struct dl_hand *h, int keep_order)
{
	h->n = 0;
	for (int i = 0; i < n; i++) {
		int k = dl_kind_by_code(m, w[i]);
		if (k == DL_NONE || h->n >= DL_MAX_HAND)
			return -1;
		if (keep_order)
			h->chit[h->n++] = (uint8_t)k;
		else
			dl_hand_add(h, k);
	}
	return 0;
}

/* One record; returns 0 or -1.  *phase_seen is set by a phase line. */
static int read_record(const struct dl_map *m, char **w, int n, struct dl_position *p,
                       int *phase_seen)
{
	int side = n >= 2 && strlen(w[1]) == 1 ? dl_side_by_letter(m, w[1][0]) : DL_NONE;

	if (!strcmp(w[0], "phase") && n >= 2) {
		*phase_seen = 1;
		if (!strcmp(w[1], "setup") && n == 2) {
			p->phase = DL_PH_SETUP;
			return 0;
		}
		if ((!strcmp(w[1], "turn") || !strcmp(w[1], "delphi")) && n == 3) {
			p->phase = !strcmp(w[1], "turn") ? DL_PH_TURN : DL_PH_DELPHI;
			p->turn = (int8_t)atoi(w[2]);
			return p->turn >= 1 && p->turn <= m->turns ? 0 : -1;
		}
		if (!strcmp(w[1], "over") && n == 4) {
			p->phase = DL_PH_OVER;
			p->turn = (int8_t)atoi(w[2]);
			p->winner = (int8_t)(strcmp(w[3], "draw") && strlen(w[3]) == 1
			                     ? dl_side_by_letter(m, w[3][0]) : DL_NONE);
			return strcmp(w[3], "draw") && p->winner == DL_NONE ? -1 : 0;
		}
		return -1;
	}
	if (!strcmp(w[0], "counters") && n == 4) {
		int a = dl_area_by_code(m, w[1]), s = strlen(w[2]) == 1 ? dl_side_by_letter(m, w[2][0]) : DL_NONE;
		int c = atoi(w[3]);
		if (a == DL_NONE || s == DL_NONE || c < 1 || c > DL_MAX_COUNTERS)
			return -1;
		p->track[a] = (int8_t)(c * dl_sign(s));
		return 0;
	}
	if (!strcmp(w[0], "hand") && side != DL_NONE)
		return read_chits(m, w + 2, n - 2, &p->hand[side], 0);
	if (!strcmp(w[0], "drawn") && side != DL_NONE)
		return read_chits(m, w + 2, n - 2, &p->drawn[side], 1);
	if (!strcmp(w[0], "drawcup"))
		return 0;               /* an older state's; nothing needs it */
	if (!strcmp(w[0], "retired") && n == 2) {
		int k = dl_kind_by_code(m, w[1]);
		if (k == DL_NONE || p->retired[k] >= m->kind[k].copies)
			return -1;
		p->retired[k]++;
		return 0;
	}
	return -1;
}

int dl_state_read(const struct dl_map *m, const char *text, struct dl_position *p)
{
	char line[512], *w[DL_MAX_KINDS + 4];
	int lineno = 0, phase_seen = 0;
	const char *l0;
	size_t len;

	memset(p, 0, sizeof *p);
	p->winner = DL_NONE;
	while (str_next_line(&text, &l0, &len)) {
		snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), l0);
		lineno++;
		int n = str_split(line, w, (int)(sizeof w / sizeof w[0]));
		if (n && read_record(m, w, n, p, &phase_seen))
			return fail("state line %d is damaged: '%.*s'", lineno, (int)len, l0);
	}
	if (!phase_seen)
		return fail("state has no phase line");
	if (p->phase == DL_PH_DELPHI && dl_oracle_holder(m, p) == DL_NONE)
		return fail("state is in a Delphi phase, but nobody holds %s",
		            m->area[m->oracle].name);
	return 0;
}
