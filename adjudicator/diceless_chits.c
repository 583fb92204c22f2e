/*
 * diceless_chits.c - hands and the cup.  The cup is never stored: it is
 * whatever is neither retired nor in a hand, so it cannot drift from the
 * hands.  Its chits are laid out in kind order (every Military, then every
 * Influence, Coup, Void, the Star, then the special chits in map order);
 * a draw picks an index in that layout (RULES.md section 10).
 */
#include "adjudicator/diceless.h"

int dl_hand_count(const struct dl_hand *h, int kind)
{
	int n = 0;
	for (int i = 0; i < h->n; i++)
		n += h->chit[i] == kind;
	return n;
}

int dl_hand_add(struct dl_hand *h, int kind)
{
	int i;

	if (h->n >= DL_MAX_HAND)
		return -1;
	for (i = h->n; i > 0 && h->chit[i - 1] > kind; i--)
		h->chit[i] = h->chit[i - 1];
	h->chit[i] = (uint8_t)kind;
	h->n++;
	return 0;
}

int dl_hand_remove(struct dl_hand *h, int kind)
{
	for (int i = 0; i < h->n; i++)
		if (h->chit[i] == kind) {
			for (int j = i + 1; j < h->n; j++)
				h->chit[j - 1] = h->chit[j];
			h->n--;
			return 0;
		}
	return -1;
}

void dl_cup(const struct dl_map *m, const struct dl_position *p, uint8_t cup[DL_MAX_KINDS])
{
	for (int k = 0; k < DL_MAX_KINDS; k++) {
		int n = k < m->nkinds ? m->kind[k].copies - p->retired[k] : 0;
		for (int s = 0; s < 2; s++)
			n -= dl_hand_count(&p->hand[s], k);
		cup[k] = (uint8_t)(n > 0 ? n : 0);
	}
}

int dl_cup_size(const struct dl_map *m, const uint8_t cup[DL_MAX_KINDS])
{
	int n = 0;
	for (int k = 0; k < m->nkinds; k++)
		n += cup[k];
	return n;
}

int dl_cup_take(const struct dl_map *m, uint8_t cup[DL_MAX_KINDS], int i)
{
	for (int k = 0; k < m->nkinds; k++) {
		if (i < cup[k]) {
			cup[k]--;
			return k;
		}
		i -= cup[k];
	}
	return DL_NONE;
}

int dl_holder(int track)
{
	return track > 0 ? 0 : track < 0 ? 1 : DL_NONE;
}

int dl_sign(int side)
{
	return side == 0 ? 1 : -1;
}

const char *dl_type_name(int t)
{
	static const char *const names[] = {
		[DL_MILITARY] = "Military", [DL_INFLUENCE] = "Influence",
		[DL_COUP] = "Coup", [DL_VOID] = "Void", [DL_STAR] = "Star",
		[DL_SPECIAL] = "Special",
	};
	return t >= 0 && t <= DL_SPECIAL ? names[t] : "?";
}
