/*
 * map_load_test.c - the map reader refuses bad data with the file and line
 * of the record at fault, and reads the real maps with the counts their
 * rules give (Classical: 35 centres, 5 powers, 15 units).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/error.h"
#include "tests/check.h"
#include "variants/dip_map_load.h"

/* A small good map; each bad case changes one thing. */
static const char *good =
	"variant  Tiny\n"
	"calendar ad\n"
	"start    1901\n"
	"win      2\n"
	"power    R Rome Roman\n"
	"prov     rom coast R Roma | rome\n"
	"prov     nap coast * Neapolis | naples\n"
	"prov     tys sea   - Tyrrhenian Sea\n"
	"army     rom: nap\n"
	"army     nap: rom\n"
	"fleet    rom: nap tys\n"
	"fleet    nap: rom tys\n"
	"fleet    tys: rom nap\n"
	"unit     R A rom\n";

struct bad {
	const char *what;
	const char *from, *to;     /* replace this text of the good map with that */
	const char *want;          /* expected ":line: message" fragment */
};

static const struct bad bads[] = {
	{ "unknown code", "army     nap: rom\n", "army     nap: rom xyz\n", ":10: unknown location code 'xyz'" },
	{ "one-way army", "army     nap: rom\n", "army     nap:\n", ":9: army adjacency rom-nap is one-way" },
	{ "one-way fleet", "fleet    tys: rom nap\n", "fleet    tys: rom\n", ":12: fleet adjacency nap-tys is one-way" },
	{ "duplicate alias", "Neapolis | naples", "Neapolis | rome", ":7: name 'rome' already stands for another location" },
	{ "army at sea", "army     rom: nap\n", "army     rom: nap tys\n", "touches a sea" },
	{ "bad kind", "tys sea", "tys lake", ":8: kind must be land, coast or sea" },
	{ "unknown power", "unit     R A rom", "unit     X A rom", ":14: unknown power letter 'X'" },
	{ "no home centre", "prov     rom coast R", "prov     rom coast *", ": power Rome has no home centre" },
	{ "unknown record", "win      2\n", "win      2\nbridge rom nap\n", ":5: unknown record 'bridge'" },
	/* the neighbour records of every map are read by base/records.c */
	{ "no location", "army     nap: rom\n", "army\n", ":10: army needs: place: neighbour neighbour ..." },
};

static int load_text(const char *text, char *err, size_t errlen, char *path)
{
	struct dip_map *m = malloc(sizeof *m);
	struct names n;
	FILE *f;
	int rc;

	snprintf(path, 64, "/tmp/map_load_test.%d.txt", (int)getpid());
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	names_init(&n);
	if ((rc = dip_map_load(path, m, &n)))
		snprintf(err, errlen, "%s", fail_text());
	names_free(&n);
	free(m);
	unlink(path);
	return rc;
}

int main(void)
{
	char err[300], path[64], text[2048];
	if (!CHECK(load_text(good, err, sizeof err, path) == 0, "the good map: %s", err))
		return check_done("map_load_test");
	for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
		const struct bad *b = &bads[i];
		const char *at = strstr(good, b->from);
		snprintf(text, sizeof text, "%.*s%s%s", (int)(at - good), good, b->to, at + strlen(b->from));
		int rc = load_text(text, err, sizeof err, path);
		int ok = rc != 0 && strstr(err, path) == err && strstr(err, b->want);
		CHECK(ok, "%s: %s", b->what, rc ? err : "loaded");
	}

	/* the real maps */
	static const struct { const char *file; int centres, powers, units, locs; } real[] = {
		{ "classical/map.txt", 35, 5, 15, 117 },
		{ "standard/map.txt", 34, 7, 22, 82 },
	};
	for (size_t i = 0; i < sizeof real / sizeof real[0]; i++) {
		struct dip_map *m = malloc(sizeof *m);
		struct names n;
		char file[1024];
		snprintf(file, sizeof file, "%s/variants/%s", getenv("top_srcdir") ? getenv("top_srcdir") : ".",
		         real[i].file);
		names_init(&n);
		int rc = dip_map_load(file, m, &n);
		if (rc)
			snprintf(err, sizeof err, "%s", fail_text());
		int ok = rc == 0 && m->ncentres == real[i].centres && m->npowers == real[i].powers &&
		         m->nstart == real[i].units && m->nloc == real[i].locs;
		CHECK(ok, "%s: %d centres, %d powers, %d units, %d locations%s%s",
		      real[i].file, rc ? 0 : m->ncentres, rc ? 0 : m->npowers, rc ? 0 : m->nstart,
		      rc ? 0 : m->nloc, rc ? ": " : "", rc ? err : "");
		names_free(&n);
		free(m);
	}
	return check_done("map_load_test");
}
