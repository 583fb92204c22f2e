/*
 * when.c - the deadline grammar, zones and times for readers (see when.h).
 *
 * This is the Judge's one time parser: --now and JUDGE_NOW (parse_time)
 * go through the same grammar as SET DEADLINE, held to its ISO 8601 form
 * in UTC, so that a time is read one way everywhere.
 *
 * A deadline is read in two steps, as orders are: the text is normalised
 * (trimmed, blanks made one space), then matched against one PCRE2
 * pattern per form (parser/grammar.h); the zone, if written, is resolved
 * after the match, so that an unknown or ambiguous zone gets its own
 * reply rather than "not a time".  Calendar arithmetic in a named zone is
 * left to the C library (TZ + tzset + mktime/localtime_r, TZ restored
 * after, all in tz.c), which knows every summer-time rule tzdata has; the Judge adds
 * only whole days to a broken-down local time and lets mktime normalise.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "judge/tz.h"
#include "judge/when.h"
#include "parser/grammar.h"
#include "base/strbuf.h"

/*
 * Zone abbreviations, each a fixed offset in minutes east of UTC.  Only
 * those with one meaning are accepted; the ambiguous ones people write
 * are listed with their meanings, so the reply can say why.  README.md
 * ("Playing by mail") and HELP document both lists.
 */
static const struct abbrev {
	const char *name;
	int minutes;
	const char *ambiguous;        /* NULL: accepted; else its meanings */
} abbrevs[] = {
	{ "UTC", 0, NULL }, { "GMT", 0, NULL }, { "Z", 0, NULL },
	{ "WET", 0, NULL }, { "WEST", 60, NULL },
	{ "CET", 60, NULL }, { "CEST", 120, NULL },
	{ "EET", 120, NULL }, { "EEST", 180, NULL }, { "MSK", 180, NULL },
	{ "JST", 540, NULL }, { "KST", 540, NULL }, { "HKT", 480, NULL },
	{ "AWST", 480, NULL }, { "ACST", 570, NULL }, { "ACDT", 630, NULL },
	{ "AEST", 600, NULL }, { "AEDT", 660, NULL },
	{ "NZST", 720, NULL }, { "NZDT", 780, NULL },
	{ "NST", -210, NULL }, { "NDT", -150, NULL },
	{ "EST", -300, NULL }, { "EDT", -240, NULL },
	{ "MST", -420, NULL }, { "MDT", -360, NULL },
	{ "PST", -480, NULL }, { "PDT", -420, NULL },
	{ "AKST", -540, NULL }, { "AKDT", -480, NULL }, { "HST", -600, NULL },
	{ "IST", 0, "India, Ireland or Israel" },
	{ "BST", 0, "British Summer Time or Bangladesh" },
	{ "CST", 0, "US Central, China or Cuba" },
	{ "CDT", 0, "US Central or Cuba" },
	{ "AST", 0, "Atlantic or Arabia" },
	{ "ADT", 0, "Atlantic or Arabia" },
	{ "SST", 0, "Samoa or Singapore" },
	{ "GST", 0, "Gulf or South Georgia" },
	{ "AMT", 0, "Amazon or Armenia" },
	{ "ECT", 0, "Ecuador or Eastern Caribbean" },
};

/* The forms, tried in order on the normalised text (case ignored). */
#define ZONE "(?: ?([+-]\\d{2}(?::?\\d{2})?|[a-z][a-z0-9_+-]*(?:/[a-z0-9_+-]+)*))?"
#define DAY "(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?" \
	"|fri(?:day)?|sat(?:urday)?|sun(?:day)?|today|tomorrow)"
#define MONTH "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?" \
	"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
enum { W_REL, W_ISO, W_DATE, W_CLOCK, W_COUNT };
static const char *const patterns[W_COUNT] = {
	/* +24h, +2d, +1d 12h, +90m, +36 hours */
	[W_REL] = "(?i)^\\+ ?(?:(\\d{1,4}) ?d(?:ays?)?)? ?(?:(\\d{1,5}) ?h(?:ours?)?)?"
	          " ?(?:(\\d{1,6}) ?m(?:in(?:ute)?s?)?)?$",
	/* 2026-11-23T18:00[:00][Z|+01:00|zone], 2026-11-23 18:00, 2026-11-23 */
	[W_ISO] = "(?i)^(\\d{4})-(\\d{2})-(\\d{2})(?:[t ](\\d{1,2}):(\\d{2})(?::(\\d{2}))?)?" ZONE "$",
	/* njudge players' dates: Dec 6 [2026] [18:00], 6 Dec [2026] [18:00]
	 * [zone]; before the clock form, which would take "6 Dec" for a
	 * time in a zone called Dec */
	[W_DATE] = "(?i)^(?:(\\d{1,2}) " MONTH "|" MONTH " (\\d{1,2}),?)(?: (\\d{4}))?"
	           "(?:,? (?:at )?(\\d{1,2}):(\\d{2}))?" ZONE "$",
	/* [friday|today|tomorrow] [at] 18:00|6pm|6:30 pm [zone] */
	[W_CLOCK] = "(?i)^(?:" DAY " )?(?:at )?(\\d{1,2})(?::(\\d{2}))?(?: ?(am|pm))?" ZONE "$",
};
static pcre2_code *compiled[W_COUNT];
static struct grammar when_grammar = { "deadline", W_COUNT, patterns, compiled, 0 };

/* A resolved zone: a fixed offset, or an IANA name for the C library. */
struct zone {
	const char *name;             /* IANA name, or NULL for offset */
	int offset;                   /* minutes east of UTC, when name is NULL */
};

/* 1 if path is a compiled tzdata zone (magic "TZif"), not a directory or
 * one of the tables (zone.tab, ...) that sit beside the zones. */
static int is_zone_file(const char *name)
{
	char path[512], magic[4];
	struct stat st;
	FILE *f;
	int ok;

	snprintf(path, sizeof path, "%s/%s", tz_dir(), name);
	if (stat(path, &st) || !S_ISREG(st.st_mode) || !(f = fopen(path, "rb")))
		return 0;
	ok = fread(magic, 1, 4, f) == 4 && !memcmp(magic, "TZif", 4);
	fclose(f);
	return ok;
}

int zone_known(const char *name, char out[ZONE_MAX])
{
	size_t n = strlen(name);
	char try[ZONE_MAX];

	/* a name, never a path: no "..", no leading "/" */
	if (n == 0 || n >= ZONE_MAX || name[0] == '/' || strstr(name, ".."))
		return 0;
	for (const char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("/_+-", *p))
			return 0;
	/* as written; each word capitalised (america/new_york); all capitals (utc) */
	for (int form = 0; form < 3; form++) {
		for (size_t i = 0; i <= n; i++) {
			int first = i == 0 || strchr("/_-", name[i - 1]);
			unsigned char ch = (unsigned char)name[i];
			try[i] = form == 0 ? (char)ch : form == 2 ? (char)toupper(ch) :
			         first ? (char)toupper(ch) : (char)tolower(ch);
		}
		if (is_zone_file(try)) {
			memcpy(out, try, n + 1);
			return 1;
		}
	}
	return 0;
}

/* Resolve a written zone into *z (name kept in buf).  Returns 0, or -1
 * with the reason in why. */
static int zone_resolve(const char *text, struct zone *z, char buf[ZONE_MAX],
                        char *why, size_t whylen)
{
	for (size_t i = 0; i < sizeof abbrevs / sizeof abbrevs[0]; i++) {
		if (strcasecmp(text, abbrevs[i].name))
			continue;
		if (abbrevs[i].ambiguous) {
			snprintf(why, whylen, "%s is ambiguous (%s): write a place's zone"
			         " name, such as Europe/Dublin, or an offset, such as +01:00",
			         abbrevs[i].name, abbrevs[i].ambiguous);
			return -1;
		}
		z->name = NULL;
		z->offset = abbrevs[i].minutes;
		return 0;
	}
	if (text[0] == '+' || text[0] == '-') {
		int h = (text[1] - '0') * 10 + (text[2] - '0'), m = 0;
		const char *p = text + 3;
		if (*p == ':')
			p++;
		if (*p)
			m = (p[0] - '0') * 10 + (p[1] - '0');
		if (h > 14 || m > 59) {
			snprintf(why, whylen, "%s is not an offset from UTC", text);
			return -1;
		}
		z->name = NULL;
		z->offset = (text[0] == '-' ? -1 : 1) * (h * 60 + m);
		return 0;
	}
	if (!zone_known(text, buf)) {
		snprintf(why, whylen, "The Judge knows no time zone '%s': write a name from the tz"
		         " database such as Europe/Paris or America/New_York, an offset such as"
		         " +01:00, or an abbreviation HELP lists", text);
		return -1;
	}
	z->name = buf;
	return 0;
}

/* t as a broken-down time in z. */
static void to_local(long long t, const struct zone *z, struct tm *tm)
{
	time_t tt = (time_t)t;

	if (!z->name) {
		tt += (time_t)z->offset * 60;
		gmtime_r(&tt, tm);
		return;
	}
	tz_enter(z->name);
	localtime_r(&tt, tm);
	tz_leave();
}

/* The time tm (fields may be out of range: they are normalised) in z. */
static long long from_local(struct tm tm, const struct zone *z)
{
	long long t;

	if (!z->name)
		return (long long)timegm(&tm) - (long long)z->offset * 60;
	tm.tm_isdst = -1;         /* the library decides, from tzdata */
	tz_enter(z->name);
	t = (long long)mktime(&tm);
	tz_leave();
	return t;
}

/* Group i of the match, as a number; dflt if it did not take part. */
static long group_num(const char *s, pcre2_match_data *md, int i, long dflt)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	if (ov[2 * i] == PCRE2_UNSET)
		return dflt;
	return strtol(s + ov[2 * i], NULL, 10);
}

/* Group i of the match into out ("" if it did not take part). */
static void group_text(const char *s, pcre2_match_data *md, int i, char *out, size_t len)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	if (ov[2 * i] == PCRE2_UNSET)
		out[0] = '\0';
	else
		snprintf(out, len, "%.*s", (int)(ov[2 * i + 1] - ov[2 * i]), s + ov[2 * i]);
}

/* Which day a day word names: 0..6 from Sunday, 7 today, 8 tomorrow. */
static int day_of(const char *word)
{
	static const char *const days[] = { "sun", "mon", "tue", "wed", "thu", "fri", "sat" };

	if (!strcasecmp(word, "today"))
		return 7;
	if (!strcasecmp(word, "tomorrow"))
		return 8;
	for (int i = 0; i < 7; i++)
		if (!strncasecmp(word, days[i], 3))
			return i;
	return 7;
}

/* The clock form: the next time at h:mi on the day word names (none: the
 * next such time at all), in z. */
static long long next_clock(const char *word, int h, int mi, const struct zone *z, long long now)
{
	int day = word[0] ? day_of(word) : -1;
	struct tm base, tm;
	long long t;

	to_local(now, z, &base);
	base.tm_hour = h;
	base.tm_min = mi;
	base.tm_sec = 0;
	tm = base;
	if (day == 8)
		tm.tm_mday += 1;
	else if (day >= 0 && day < 7)
		tm.tm_mday += (day - base.tm_wday + 7) % 7;
	t = from_local(tm, z);
	/* passed already: a weekday means next week's, a bare time tomorrow's;
	 * today and tomorrow stay as written (the caller says it has passed) */
	if (t <= now && day < 7) {
		tm.tm_mday += day < 0 ? 1 : 7;
		t = from_local(tm, z);
	}
	return t;
}

/* Which month a month word names, 0..11. */
static int month_of(const char *word)
{
	static const char *const months[] = { "jan", "feb", "mar", "apr", "may", "jun",
	                                      "jul", "aug", "sep", "oct", "nov", "dec" };

	for (int i = 0; i < 12; i++)
		if (!strncasecmp(word, months[i], 3))
			return i;
	return 0;
}

/* What parse_forms reads: every form (SET DEADLINE), every form with a
 * date alone meaning the end of that day (the last day of an absence),
 * or only ISO 8601 in UTC (parse_time). */
enum forms { FORMS_ALL, FORMS_UNTIL, FORMS_ISO_UTC };

/* tm (a date, and a time of day if has_time) as a time in z: a date
 * alone is its start, or for FORMS_UNTIL its end (the next midnight),
 * as "until the 12th" means the whole of the 12th.  -1 with the reason
 * if it is no date. */
static long long date_time(struct tm tm, int has_time, enum forms forms, const struct zone *z,
                           const char *s, char *why, size_t whylen)
{
	struct tm check = tm;

	timegm(&check);       /* normalises: a date that moved was no date */
	if (tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 59 || check.tm_mday != tm.tm_mday ||
	    check.tm_mon != tm.tm_mon) {
		snprintf(why, whylen, "'%s' is not a date and time of day", s);
		return -1;
	}
	if (!has_time && forms == FORMS_UNTIL)
		tm.tm_mday += 1;
	return from_local(tm, z);
}

static long long parse_forms(const char *text, const char *zone, long long now, enum forms forms,
                             char *why, size_t whylen)
{
	char s[128], zbuf[ZONE_MAX], ztext[ZONE_MAX], word[16], ampm[4];
	size_t n = 0;
	struct zone z = { NULL, 0 };
	pcre2_match_data *md;
	long long t = -1;
	int form;

	/* trimmed, each run of blanks one space */
	for (const char *p = text; *p && n < sizeof s - 1; p++)
		if (!isspace((unsigned char)*p))
			s[n++] = *p;
		else if (n && !isspace((unsigned char)p[1]) && p[1])
			s[n++] = ' ';
	s[n] = '\0';
	if (zone && *zone) {
		snprintf(zbuf, sizeof zbuf, "%s", zone);
		z.name = zbuf;
	}
	md = pcre2_match_data_create(12, NULL);
	form = grammar_match(&when_grammar, s, n, md);
	if (form < 0 || (forms == FORMS_ISO_UTC && form != W_ISO)) {
		snprintf(why, whylen, "'%s' is not a time: write e.g. friday 18:00, fri 18:00"
		         " Europe/Paris, +24h or 2026-11-30 18:00", s);
		goto out;
	}
	if (form == W_REL) {
		long d = group_num(s, md, 1, -1), h = group_num(s, md, 2, -1), m = group_num(s, md, 3, -1);
		if (d < 0 && h < 0 && m < 0)
			snprintf(why, whylen, "'%s': say how long, e.g. +24h, +2d or +90m", s);
		else
			t = now + (d > 0 ? d * 86400LL : 0) + (h > 0 ? h * 3600LL : 0) + (m > 0 ? m * 60LL : 0);
		goto out;
	}
	group_text(s, md, form == W_ISO ? 7 : form == W_DATE ? 8 : 5, ztext, sizeof ztext);
	if (ztext[0] && zone_resolve(ztext, &z, zbuf, why, whylen))
		goto out;
	if (forms == FORMS_ISO_UTC && (z.name || z.offset)) {
		snprintf(why, whylen, "'%s' is not in UTC", s);
		goto out;
	}
	if (form == W_ISO) {
		struct tm tm = { 0 };
		tm.tm_year = (int)group_num(s, md, 1, 0) - 1900;
		tm.tm_mon = (int)group_num(s, md, 2, 0) - 1;
		tm.tm_mday = (int)group_num(s, md, 3, 0);
		tm.tm_hour = (int)group_num(s, md, 4, 0);
		tm.tm_min = (int)group_num(s, md, 5, 0);
		tm.tm_sec = (int)group_num(s, md, 6, 0);
		t = date_time(tm, group_num(s, md, 4, -1) >= 0, forms, &z, s, why, whylen);
		goto out;
	}
	if (form == W_DATE) {
		struct tm tm = { 0 }, today;
		char mon[16];
		long year = group_num(s, md, 5, -1);
		group_text(s, md, 2, mon, sizeof mon);
		if (!mon[0])
			group_text(s, md, 3, mon, sizeof mon);
		to_local(now, &z, &today);
		tm.tm_year = year >= 0 ? (int)year - 1900 : today.tm_year;
		tm.tm_mon = month_of(mon);
		tm.tm_mday = (int)(group_num(s, md, 1, -1) >= 0 ? group_num(s, md, 1, 0) : group_num(s, md, 4, 0));
		tm.tm_hour = (int)group_num(s, md, 6, 0);
		tm.tm_min = (int)group_num(s, md, 7, 0);
		/* without a year, the next such day: "Jan 3" in December is
		 * next year's */
		if (year < 0 && (tm.tm_mon < today.tm_mon ||
		                 (tm.tm_mon == today.tm_mon && tm.tm_mday < today.tm_mday)))
			tm.tm_year++;
		t = date_time(tm, group_num(s, md, 6, -1) >= 0, forms, &z, s, why, whylen);
		goto out;
	}
	/* W_CLOCK */
	group_text(s, md, 1, word, sizeof word);
	group_text(s, md, 4, ampm, sizeof ampm);
	long h = group_num(s, md, 2, 0), mi = group_num(s, md, 3, -1);
	if (mi < 0 && !ampm[0]) {
		snprintf(why, whylen, "'%s': give the time as 18:00 or 6pm", s);
		goto out;
	}
	if (mi < 0)
		mi = 0;
	if (ampm[0]) {
		if (h < 1 || h > 12) {
			snprintf(why, whylen, "'%s': with am or pm the hour is 1 to 12", s);
			goto out;
		}
		h = h % 12 + (tolower((unsigned char)ampm[0]) == 'p' ? 12 : 0);
	}
	if (h > 23 || mi > 59) {
		snprintf(why, whylen, "'%s' is not a time of day", s);
		goto out;
	}
	t = next_clock(word, (int)h, (int)mi, &z, now);
out:
	pcre2_match_data_free(md);
	return t;
}

long long when_parse(const char *text, const char *zone, long long now, char *why, size_t whylen)
{
	assert(text != NULL && why != NULL);
	return parse_forms(text, zone, now, FORMS_ALL, why, whylen);
}

long long when_parse_until(const char *text, const char *zone, long long now, char *why,
                           size_t whylen)
{
	assert(text != NULL && why != NULL);
	return parse_forms(text, zone, now, FORMS_UNTIL, why, whylen);
}

long long parse_time(const char *s)
{
	char why[256], *end;
	long long n;

	assert(s != NULL);
	while (isspace((unsigned char)*s))
		s++;
	errno = 0;
	n = strtoll(s, &end, 10);
	if (*s && *end == '\0' && n > 100000)
		return errno || n < TIME_MIN || n > TIME_MAX ? -1 : n;
	/* longer than any ISO time: the grammar reads a bounded copy, and a
	 * time cut short must not pass for the whole */
	if (strlen(s) > 64)
		return -1;
	n = parse_forms(s, "", 0, FORMS_ISO_UTC, why, sizeof why);
	return n < TIME_MIN || n > TIME_MAX ? -1 : n;
}

void format_time(long long t, char *out, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	assert(out != NULL && len > 0);
	gmtime_r(&tt, &tm);
	strftime(out, len, "%Y-%m-%d %H:%M UTC (%a)", &tm);
}

/* 1 if s starts with a time in format_time's shape; its value in *t. */
static int judge_time_at(const char *s, long long *t)
{
	static const char shape[] = "dddd-dd-dd dd:dd UTC (Aaa)";
	struct tm tm = { 0 };

	for (size_t i = 0; i < sizeof shape - 1; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (shape[i] == 'd' ? !isdigit(ch) : shape[i] == 'A' ? !isupper(ch) :
		    shape[i] == 'a' ? !islower(ch) : ch != (unsigned char)shape[i])
			return 0;
	}
	if (sscanf(s, "%4d-%2d-%2d %2d:%2d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
	           &tm.tm_hour, &tm.tm_min) != 5)
		return 0;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	*t = (long long)timegm(&tm);
	return 1;
}

char *when_localise(const char *text, const char *zone)
{
	struct strbuf out = STRBUF_INIT;
	const size_t shape_len = sizeof "2026-11-23 18:00 UTC (Mon)" - 1;
	int found = 0;

	if (!zone || !*zone)
		return NULL;
	tz_enter(zone);
	for (const char *p = text; *p;) {
		long long t;
		if (!judge_time_at(p, &t)) {
			strbuf_addch(&out, *p++);
			continue;
		}
		time_t tt = (time_t)t;
		struct tm tm;
		char local[64];
		localtime_r(&tt, &tm);
		strftime(local, sizeof local, "%a %H:%M", &tm);
		strbuf_add(&out, p, shape_len);
		strbuf_addf(&out, " = %s %s", local, zone);
		if (strftime(local, sizeof local, "%Z", &tm) && strcmp(local, zone))
			strbuf_addf(&out, " (%s)", local);
		p += shape_len;
		found = 1;
	}
	tz_leave();
	if (!found) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}
