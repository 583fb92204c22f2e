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
 *
 * The rule every fallible function follows, so that a caller never has
 * to look up which shape it has:
 *   - it returns int: 0 on success, -1 after fail() on failure; where it
 *     has more than one outcome that is not a failure (found / not found,
 *     done / nothing to do), those are small positive numbers named in
 *     its header, never a second negative one;
 *   - or it returns a pointer: NULL after fail();
 *   - its prototype carries MUST_CHECK, so that the compiler warns where
 *     a result is ignored; a caller that truly does not care says so with
 *     a (void) cast and a comment why;
 *   - what a caller must guarantee (a non-NULL argument, an open
 *     transaction, an index in range) is an assert(), not a return code:
 *     breaking it is the caller's bug, not a condition to handle.
 */
#ifndef ERROR_H
#define ERROR_H

/* Marks a fallible function (the rule above): ignoring its result is a
 * warning, and -Wall -Wextra builds are kept free of warnings. */
#define MUST_CHECK __attribute__((warn_unused_result))

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
