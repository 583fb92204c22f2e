/*
 * chance.h - streams of numbers drawn from a published-then-revealed
 * secret (a phase's seed or a power's game key), the only chance the
 * engines use; chance.c gives the method.  A stream is a small value on
 * the stack: no allocation, and two streams with different labels never
 * shift each other's draws.
 */
#ifndef CHANCE_H
#define CHANCE_H

#include <stddef.h>
#include <stdint.h>

#define CHANCE_SEED_BYTES 32
#define CHANCE_LABEL_MAX  15      /* bytes of a stream's label */

struct chance_stream {
	unsigned char key[CHANCE_SEED_BYTES];
	unsigned char prefix[CHANCE_LABEL_MAX + 5];   /* the message before the counter */
	size_t nprefix;
	uint32_t counter;
};

/* A stream of a phase's seed: value i hashes label || 0x00 || i. */
void chance_init(struct chance_stream *s, const unsigned char *seed, const char *label);
/* A stream of a power's game key for one turn: value i hashes
 * label || 0x00 || turn || i. */
void chance_init_turn(struct chance_stream *s, const unsigned char *key, const char *label,
                      int turn);
/* The next 64-bit value of the stream. */
uint64_t chance_next(struct chance_stream *s);
/* A number uniform in [0, n), n >= 1, without modulo bias. */
int chance_below(struct chance_stream *s, int n);

#endif
