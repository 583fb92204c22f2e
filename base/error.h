/*
 * error.h - the program's one error convention, after git's error() and
 * die().
 *
 * Owns: the message of the last failure.  A function that can fail
 * returns -1 (or NULL) after `return fail("cannot open %s", path);`, and
 * whoever decides what to do with the failure reads fail_text(): the
 * command line prints it, the mail path puts it in a reply or a notice to
 * the admin.  Library code never prints.  The Judge is single-threaded,
 * so one buffer is enough, and a message never outlives the next fail().
 *
 * die() is for what no caller can handle (a statement that will not
 * prepare, the database failing mid-transaction): it prints and exits
 * with die_code, and SQLite rolls back whatever was half-done.
 *
 * A rejection reason for a player's order is not an error of the program
 * but a result, and travels in the parsers' own "why" buffers.
 */
#ifndef ERROR_H
#define ERROR_H

/* Record the message (printf-style) as the last failure.  Returns -1. */
int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The last failure's message; "" if none was recorded. */
const char *fail_text(void);

/* Print "judge: <fail_text()>" on stderr.  Returns -1. */
int fail_print(void);

/* Print "judge: <message>" on stderr and exit with die_code. */
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* The exit code of die(): 1, or 75 (EX_TEMPFAIL) where an MTA waits for
 * the answer (`receive`), so that it keeps the message and retries. */
extern int die_code;

#endif
