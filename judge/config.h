/*
 * config.h - the Judge's settings: an embedded default that runs out of the
 * box (local SQLite under ./var, mail delivered by sendmail), overridden by
 * a "key = value" file given with --config or $JUDGE_CONFIG (or, for a
 * system-wide install, /etc/judge.conf).
 */
#include <stdio.h>

#include "base/error.h"

#ifndef CONFIG_H
#define CONFIG_H

struct config {
	char address[256];        /* the Judge's own address: From of its mail */
	char name[64];            /* display name on its mail */
	char loop_tag[256];       /* X-Loop value; mail carrying it is ignored */
	char db[1024];            /* database file */
	char backup_dir[1024];    /* where `judge backup` writes; "": the
	                             folder backups beside the database */
	long backup_keep;         /* dated backups kept there; 0: all */
	char web_dir[1024];      /* the static site's folder (web.h); "": none */
	char web_url[1024];      /* where it is served, for absolute feed links; "": relative */
	char admin[256];          /* where problems are reported; may be empty */
	char deliver[32];         /* flush's default backend: sendmail, smtp, maildir */
	char deliver_arg[1024];   /* its argument: command, host:port, directory */
	long deliver_at_once;     /* 1: receive, maildir and cron deliver what
	                             they queued as soon as it is committed */
	long deliver_timeout;     /* seconds such a delivery may take, a hung
	                             hand-over included; a claim older than
	                             this is taken for an interrupted one */
	long period_hours;        /* a phase's length when its variant gives none */
	long grace_hours;         /* default grace after a deadline */
	long reminder_hours;      /* remind missing orders this long before */
	long abandon_after;       /* phases late in a row that abandon a power,
	                             for games whose master set none; 0 never */
	long max_message_bytes;   /* larger mail is refused with a reply */
	char hostname[256];       /* right-hand side of Message-IDs */
	long allow_experimental;  /* CREATE may use experimental variants */
	char authserv_id[256];    /* the local MTA's Authentication-Results id;
	                             empty: those headers are not read */
	/* bounds on what one mail may cost (README, "Limits") */
	long max_attempts;        /* tries at a mail before it is quarantined */
	long max_lines;           /* lines of a mail read */
	long max_commands;        /* commands in one mail */
	long max_gets;            /* GET and HELP in one mail */
	long max_reply_bytes;     /* one reply, cut beyond with a note */
	long max_press_per_mail;  /* PRESS and BROADCAST in one mail */
	long max_press_per_phase; /* the same, per seat and phase */
	long max_press_bytes;     /* one press's text, as its readers get it */
	long max_press_bytes_per_mail; /* all the press one mail sends */
	long max_creates_per_day; /* games one address may CREATE in a day */
	long max_games_per_address; /* games one address may be in (playing
	                             or forming) */
	long max_observes_per_address; /* games one address may OBSERVE */
	long stranger_reply_bytes; /* a reply to an address with no role ... */
	long stranger_reply_ratio; /* ... and to that many times its mail's size */
	long min_password;        /* shortest password that may be set */
	long max_replies_per_hour; /* replies to one address; beyond, recorded
	                             and not sent (results are not counted) */
	long guess_limit;         /* failed passwords for one seat or master ... */
	long guess_window_hours;  /* ... in this window lock it until it ends */
	long keep_seen_days;      /* Message-IDs remembered against duplicates,
	                             released quarantined mail kept; 0: for
	                             ever (judge/prune.c) */
	long keep_sent_days;      /* sent mail and held replies kept; 0: for ever */
	long keep_picture_days;   /* a phase's picture kept (judge/picture.c) */
	long cron_workers;        /* processes of cron (cmd/cron.c); 0: one per core */
	char source[1024];        /* the file read, or "" (the embedded default) */
};

/*
 * Fill *c with the defaults, then read path (NULL or "": in a program
 * built --with-system-config and run installed, the system's judge.conf
 * if it exists; else defaults only; main gives $JUDGE_CONFIG as path).  Such a program's
 * default database is the system's too.  The file must be a regular file
 * of at most CONFIG_MAX_BYTES.  Every line is read even after a bad one
 * (a bad line changes nothing).  Returns 0, or -1 after fail() with the
 * first problem ("file:line: why"); config_problems() then has them all.
 */
#define CONFIG_MAX_BYTES 65536
MUST_CHECK int config_load(struct config *c, const char *path);

/* Every problem the last config_load found, one "file:line: why\n" each;
 * "" if none. */
const char *config_problems(void);

/* The keys a config file may set, with their meaning, for --help and the
 * README. */
void config_describe(FILE *f);

#endif
