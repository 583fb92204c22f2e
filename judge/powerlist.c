/*
 * powerlist.c - lists of powers as players write them (see powerlist.h).
 *
 * A word is first taken as a power's full name, then as a run of power
 * letters; names win, so "Rome" is Rome even where R, O, M and E were
 * all letters.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "judge/powerlist.h"
#include "base/strbuf.h"

/* Add power w to letters (n so far) unless it is there. */
static int add(const struct variant *v, char *letters, int n, int w)
{
	if (!strchr(letters, v->power[w].letter)) {
		letters[n++] = v->power[w].letter;
		letters[n] = '\0';
	}
	return n;
}

int powerlist_parse(const struct variant *v, const char *text, char *letters,
                    struct power_set *set, char *why, size_t whylen)
{
	char buf[256], *w[32];
	int n = 0;

	letters[0] = '\0';
	snprintf(buf, sizeof buf, "%s", text);
	for (char *c = buf; *c; c++)
		if (*c == ',' || *c == ';')
			*c = ' ';
	int nw = str_split(buf, w, 32);
	for (int i = 0; i < nw; i++) {
		int p = variant_power_by_name(v, w[i], strlen(w[i]));
		if (p >= 0) {
			n = add(v, letters, n, p);
			continue;
		}
		for (const char *c = w[i]; *c; c++)
			if (variant_power_by_letter(v, *c) < 0) {
				snprintf(why, whylen, "'%s' is neither a power of %s nor letters of its powers",
				         w[i], v->name);
				letters[0] = '\0';
				return -1;
			}
		for (const char *c = w[i]; *c; c++)
			n = add(v, letters, n, variant_power_by_letter(v, *c));
	}
	if (set) {
		memset(set, 0, sizeof *set);
		for (int i = 0; i < n; i++)
			pset_add(set, variant_power_by_letter(v, letters[i]));
	}
	return n;
}

void powerlist_names(const struct variant *v, const char *letters, struct strbuf *out)
{
	int n = (int)strlen(letters);

	for (int i = 0; i < n; i++)
		strbuf_addf(out, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ",
		            v->power[variant_power_by_letter(v, letters[i])].name);
}
