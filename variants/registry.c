/*
 * registry.c - finding variants by name.  The rules families are a table,
 * one line each (FAMILIES below: the only line a new family writes
 * outside its own files, variants/FORMAT.md); the variants themselves are
 * folders, found by reading each folder's variant.txt (its records:
 * variant.h), so adding a variant of a known family needs no code, and
 * no build edit (variants/local.mk installs every folder).
 */
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "variants/pic_geo_load.h"
#include "variants/variant.h"

/* The rules families: one line each, naming the family's struct
 * variant_ops; the list both declares them and fills engines[], so that a
 * family is not two lines to keep in step. */
#define FAMILIES \
	FAMILY(dip_variant_ops) \
	FAMILY(diceless_variant_ops) \
	FAMILY(pelo_variant_ops) \
	FAMILY(antike_variant_ops)

#define FAMILY(ops) extern const struct variant_ops ops;
FAMILIES
#undef FAMILY
#define FAMILY(ops) &ops,
static const struct variant_ops *const engines[] = { FAMILIES };
#undef FAMILY

#define MAX_VARIANTS 16
#define MAX_DEALS 8
static struct variant *loaded[MAX_VARIANTS];
static int nloaded;
/* 1: loaded[i]'s geo.txt has been read (variant_geo).  It is read when
 * a picture is first wanted, not when the variant is found: most
 * processes (the receive of an order mail) never draw, and parsing the
 * coastline was an eighth of such a receive (bench/README.md, "The CPU
 * of one receive"). */
static int8_t geo_read[MAX_VARIANTS];

/* A variant.txt as read, before the family has loaded the data the deals
 * name powers of. */
struct descriptor {
	struct variant v;
	char engine[32];
	int ndeals;
	char deal[MAX_DEALS][128];   /* "3 A C S+T" */
	int deal_line[MAX_DEALS];
};

/* The records of variant.txt that take one word. */
static int word_record(struct descriptor *d, const char *key, const char *val)
{
	static const struct { const char *key; size_t off, len; } words[] = {
		{ "name", offsetof(struct variant, name), sizeof d->v.name },
		{ "info", offsetof(struct variant, info), sizeof d->v.info },
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcmp(key, words[i].key)) {
			snprintf((char *)&d->v + words[i].off, words[i].len, "%s", val);
			return 1;
		}
	return 0;
}

/* 1 if the entry may be a variant's folder: not hidden, not a plain
 * file (the source tree's variants/ holds the families' .c files beside
 * the folders; a file system that does not say the type is asked by
 * read_descriptor's open). */
static int may_be_folder(const struct dirent *e)
{
	return e->d_name[0] != '.' && e->d_type != DT_REG;
}

/*
 * Read folder's variant.txt into *d.  Returns 1 if it answers to name, 0
 * if not, -1 after fail() if it is no variant folder or a record is bad.
 */
static int read_descriptor(const char *folder, const char *name, struct descriptor *d)
{
	char path[1200];
	struct strbuf text = STRBUF_INIT;
	const char *line;
	size_t len;
	int match, rc = 0;

	snprintf(path, sizeof path, "%s/%s/variant.txt", variants_dir(), folder);
	if (strbuf_read_file(&text, path)) {
		strbuf_release(&text);
		return -1;
	}
	memset(d, 0, sizeof *d);
	snprintf(d->v.folder, sizeof d->v.folder, "%s", folder);
	snprintf(d->v.press, sizeof d->v.press, "white");
	match = strcasecmp(folder, name) == 0;
	struct lines r = LINES_INIT(text.buf);
	while (rc == 0 && lines_next(&r, &line, &len)) {
		char rec[256], *w[VARIANT_MAX_POWERS + 2];
		int nw, lineno = r.lineno;
		snprintf(rec, sizeof rec, "%.*s", (int)len, line);
		if (rec[0] == '#' || !(nw = str_split(rec, w, VARIANT_MAX_POWERS + 2)))
			continue;
		if (word_record(d, w[0], nw > 1 ? w[1] : "")) {
		} else if (!strcmp(w[0], "engine") && nw > 1) {
			snprintf(d->engine, sizeof d->engine, "%s", w[1]);
		} else if (!strcmp(w[0], "press") && nw > 1 &&
		           (!strcmp(w[1], "white") || !strcmp(w[1], "grey") || !strcmp(w[1], "any") ||
		            !strcmp(w[1], "none"))) {
			snprintf(d->v.press, sizeof d->v.press, "%s", w[1]);
		} else if (!strcmp(w[0], "alias") && nw > 1) {
		} else if (!strcmp(w[0], "experimental")) {
			d->v.experimental = 1;
		} else if (!strcmp(w[0], "players") && nw == 3) {
			d->v.min_players = atoi(w[1]);
			d->v.max_players = atoi(w[2]);
			if (d->v.min_players < 1 || d->v.max_players < d->v.min_players ||
			    d->v.max_players > VARIANT_MAX_POWERS)
				rc = fail("%s:%d: players needs: fewest most", path, lineno);
		} else if (!strcmp(w[0], "deal") && nw >= 3 && d->ndeals < MAX_DEALS) {
			size_t used = 0;
			for (int i = 1; i < nw && used < sizeof d->deal[0]; i++)
				used += (size_t)snprintf(d->deal[d->ndeals] + used, sizeof d->deal[0] - used,
				                         "%s%s", i > 1 ? " " : "", w[i]);
			d->deal_line[d->ndeals++] = lineno;
		} else if (!strcmp(w[0], "period") && nw == 3 && d->v.nperiods < VARIANT_MAX_KINDS &&
		           atoi(w[2]) > 0 && strlen(w[1]) < sizeof d->v.period[0].kind) {
			struct variant_period *pe = &d->v.period[d->v.nperiods++];
			snprintf(pe->kind, sizeof pe->kind, "%s", w[1]);
			pe->hours = atoi(w[2]);
		} else {
			rc = fail("%s:%d: unknown or incomplete record '%s'", path, lineno, w[0]);
		}
		if ((!strcmp(w[0], "name") || !strcmp(w[0], "alias")) && nw > 1 && !strcasecmp(w[1], name))
			match = 1;
	}
	strbuf_release(&text);
	return rc ? rc : match;
}

/* The files of a variant's folder, by whole name, that only people read
 * (besides info.* and *.md, is_prose's), and since when: a hash recorded
 * before a file was counted as prose still counted it
 * (variant_data_hash_then). */
#define HASH_SCHEME 2   /* today's: help is prose */

static const struct {
	const char *name;
	int since;          /* the hash scheme that first left it out */
} prose_files[] = {
	{ "geo.txt", 1 },   /* the pictures' geography */
	{ "orders", 1 },    /* GET orders.<variant>: words only */
	{ "help", 2 },      /* HELP's text for the variant: words only */
};

/* 1 for a file of a variant's folder that only people read (its rule
 * book, its info file, its help, the geography its pictures are drawn
 * on), as hash scheme `scheme` counts them: a change there changes no
 * game. */
static int is_prose(const char *name, int scheme)
{
	size_t n = strlen(name);

	if (!strncmp(name, "info.", 5) || (n > 3 && !strcmp(name + n - 3, ".md")))
		return 1;
	for (size_t i = 0; i < sizeof prose_files / sizeof prose_files[0]; i++)
		if (!strcmp(name, prose_files[i].name))
			return prose_files[i].since <= scheme;
	return 0;
}

static int by_file_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The hash a game records when it starts, so that replay and adjudication
 * can tell when the data the rules read has changed under it: BLAKE2b-256
 * of every file of dir but the prose, in name order, each as its name, a
 * NUL, its length (8 bytes, little-endian) and its bytes.  Written as hex
 * into out (65 bytes).  scheme chooses which files are prose
 * (prose_files).  Returns 0, or -1 after fail().
 */
static int data_hash(const char *dir, int scheme, char out[65])
{
	crypto_generichash_state h;
	unsigned char digest[32];
	char *names[64];
	int n = 0, rc = 0;
	DIR *dh = opendir(dir);
	struct dirent *e;

	if (!dh)
		return fail("cannot read %s", dir);
	while ((e = readdir(dh)) && n < (int)(sizeof names / sizeof names[0]))
		if (e->d_name[0] != '.' && !is_prose(e->d_name, scheme))
			names[n++] = xstrdup(e->d_name);
	closedir(dh);
	qsort(names, (size_t)n, sizeof names[0], by_file_name);
	crypto_generichash_init(&h, NULL, 0, sizeof digest);
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX + 256];
		struct strbuf text = STRBUF_INIT;
		unsigned char len[8];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (!rc && strbuf_read_file(&text, path) < 0)
			rc = fail("cannot read %s", path);
		for (int k = 0; k < 8; k++)
			len[k] = (unsigned char)((uint64_t)text.len >> (8 * k));
		crypto_generichash_update(&h, (const unsigned char *)names[i], strlen(names[i]) + 1);
		crypto_generichash_update(&h, len, sizeof len);
		crypto_generichash_update(&h, (const unsigned char *)text.buf, text.len);
		strbuf_release(&text);
		free(names[i]);
	}
	crypto_generichash_final(&h, digest, sizeof digest);
	sodium_bin2hex(out, 65, digest, sizeof digest);
	return rc;
}

const char *variant_data_hash(const struct variant *v)
{
	/* v is one of loaded[], the registry's own heap copies: the hash
	 * is filled in place, once */
	struct variant *own = (struct variant *)v;
	char dir[PATH_MAX];

	if (!own->data_hash[0]) {
		snprintf(dir, sizeof dir, "%s/%s", variants_dir(), v->folder);
		if (data_hash(dir, HASH_SCHEME, own->data_hash))
			own->data_hash[0] = '\0';
	}
	return v->data_hash;
}

int variant_data_hash_then(const struct variant *v, const char *hash)
{
	char dir[PATH_MAX], then[65];

	snprintf(dir, sizeof dir, "%s/%s", variants_dir(), v->folder);
	for (int scheme = 1; scheme < HASH_SCHEME; scheme++)
		if (!data_hash(dir, scheme, then) && !strcmp(then, hash))
			return 1;
	return 0;
}

/*
 * Turn d's deal records into v->seat_of, now that the powers are known.
 * Without deals, each power is a seat of its own.  Returns 0, or -1 after
 * fail().
 */
static int make_deals(struct descriptor *d)
{
	struct variant *v = &d->v;

	if (!v->min_players)
		v->min_players = v->max_players = v->npowers;
	v->seat_of = xcalloc((size_t)v->max_players + 1, sizeof *v->seat_of);
	for (int n = 0; n <= v->max_players; n++)
		for (int p = 0; p < v->npowers; p++)
			v->seat_of[n][p] = (int16_t)p;
	for (int i = 0; i < d->ndeals; i++) {
		char buf[128], *w[VARIANT_MAX_POWERS + 1];
		snprintf(buf, sizeof buf, "%s", d->deal[i]);
		int nw = str_split(buf, w, VARIANT_MAX_POWERS + 1), n = atoi(w[0]), dealt = 0;
		/* a last word "-PCS" names the powers out of play with n players */
		int out = nw > 1 && w[nw - 1][0] == '-';
		if (n < v->min_players || n > v->max_players || nw - 1 - out != n)
			return fail("%s/variant.txt:%d: deal needs a number of players from %d to %d and that"
			            " many seats", v->folder, d->deal_line[i], v->min_players, v->max_players);
		for (int s = 1; s < nw; s++) {
			int first = -1;
			for (char *c = w[s]; *c; c++) {
				if (*c == '+')
					continue;
				if (*c == '-' && s == nw - 1 && out)
					continue;
				int p = variant_power_by_letter(v, *c);
				if (p < 0)
					return fail("%s/variant.txt:%d: '%c' is no power's letter", v->folder,
					            d->deal_line[i], *c);
				if (first < 0)
					first = p;
				v->seat_of[n][p] = (int16_t)(s == nw - 1 && out ? -1 : first);
				dealt++;
			}
		}
		if (dealt != v->npowers)
			return fail("%s/variant.txt:%d: the deal for %d players must give every power"
			            " to one seat or leave it out", v->folder, d->deal_line[i], n);
	}
	return 0;
}

const struct variant *variant_find(const char *name, int *installation)
{
	struct descriptor *d = xcalloc(1, sizeof *d);
	char dir[1200];
	struct dirent *e;
	DIR *dh;
	int found = 0, bad = 0;
	const struct variant *result = NULL;

	if (installation)
		*installation = 1;
	for (int i = 0; i < nloaded; i++)
		if (!strcasecmp(loaded[i]->name, name) || !strcasecmp(loaded[i]->folder, name)) {
			free(d);
			return loaded[i];
		}
	if (!(dh = opendir(variants_dir()))) {
		free(d);
		fail("cannot read the variants folder %s", variants_dir());
		return NULL;
	}
	while (!found && (e = readdir(dh))) {
		if (!may_be_folder(e))
			continue;
		int rc = read_descriptor(e->d_name, name, d);
		found = rc == 1;
		bad |= rc < 0 && !strcasecmp(e->d_name, name);
	}
	closedir(dh);
	if (!found) {
		if (!bad) {
			if (installation)
				*installation = 0;
			fail("unknown variant '%s'", name);
		}
		goto out;
	}
	for (int i = 0; i < nloaded; i++)     /* known under another alias */
		if (!strcmp(loaded[i]->folder, d->v.folder)) {
			result = loaded[i];
			goto out;
		}
	for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
		if (!strcmp(engines[i]->engine, d->engine))
			d->v.ops = engines[i];
	if (!d->v.ops) {
		fail("variant '%s' names unknown engine '%s'", d->v.name, d->engine);
		goto out;
	}
	snprintf(dir, sizeof dir, "%s/%s", variants_dir(), d->v.folder);
	if (d->v.ops->load(&d->v, dir) || make_deals(d))
		goto out;
	if (nloaded == MAX_VARIANTS) {
		fail("too many variants");
		goto out;
	}
	loaded[nloaded] = xmalloc(sizeof d->v);
	*loaded[nloaded] = d->v;
	result = loaded[nloaded++];
out:
	free(d);
	return result;
}

static int by_name(const void *a, const void *b)
{
	return strcasecmp(a, b);
}

void variant_each_name(void (*fn)(const char *name, void *arg), void *arg)
{
	struct descriptor *d = xcalloc(1, sizeof *d);
	char (*names)[sizeof d->v.name] = xcalloc(MAX_VARIANTS, sizeof *names);
	struct dirent *e;
	DIR *dh = opendir(variants_dir());
	int n = 0;

	if (dh) {
		while ((e = readdir(dh)) && n < MAX_VARIANTS)
			if (may_be_folder(e) && read_descriptor(e->d_name, "", d) >= 0 && d->v.name[0])
				memcpy(names[n++], d->v.name, sizeof names[0]);
		closedir(dh);
	}
	/* sorted: readdir's order is the file system's, and replies should
	 * not change with it */
	qsort(names, (size_t)n, sizeof names[0], by_name);
	for (int i = 0; i < n; i++)
		fn(names[i], arg);
	free(names);
	free(d);
}

struct list_arg {
	struct strbuf *out;
	int n;
};

static void list_one(const char *name, void *arg)
{
	struct list_arg *a = arg;

	strbuf_addf(a->out, "%s%s", a->n++ ? ", " : "", name);
}

void variant_list(struct strbuf *out)
{
	struct list_arg a = { out, 0 };

	variant_each_name(list_one, &a);
}

int variant_geo(const struct variant *v)
{
	char dir[PATH_MAX + 64];

	for (int i = 0; i < nloaded; i++) {
		if (loaded[i] != v)
			continue;
		if (!geo_read[i]) {
			snprintf(dir, sizeof dir, "%s/%s", variants_dir(), v->folder);
			if (pic_geo_load(dir, &loaded[i]->geo))
				return -1;    /* read again, and said again, next time */
			geo_read[i] = 1;
		}
		return 0;
	}
	return 0;                     /* not the registry's: its geo is its maker's */
}
