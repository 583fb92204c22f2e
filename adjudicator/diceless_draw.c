/*
 * diceless_draw.c - the only chance in the game: a stream of numbers
 * derived from a phase's seed, so that anyone holding the seed can redo
 * every draw (RULES.md section 10 gives the method and a Python script).
 *
 * Value i of the stream labelled L is the first 8 bytes, read as a
 * little-endian integer, of BLAKE2b with a 32-byte output, keyed with the
 * 32-byte seed, of the message  L || 0x00 || i as 4 bytes little-endian.
 * Each purpose (the cup, the keeps, the Judge's placements, the toss) has
 * its own label, so the draws of one never shift those of another.
 * A number below n is a value taken modulo n after rejecting values at or
 * above the largest multiple of n that fits in 64 bits: no modulo bias.
 */
#include <sodium.h>
#include <string.h>

#include "adjudicator/diceless.h"

void dl_stream_init(struct dl_stream *s, const unsigned char *seed, const char *label)
{
	/* idempotent and thread-safe; it only picks the fastest BLAKE2b */
	if (sodium_init() < 0)
		memset(s, 0, sizeof *s);
	memcpy(s->key, seed, DL_SEED_BYTES);
	memset(s->label, 0, sizeof s->label);
	strncpy(s->label, label, sizeof s->label - 1);
	s->counter = 0;
}

uint64_t dl_stream_next(struct dl_stream *s)
{
	unsigned char msg[sizeof s->label + 5], out[32];
	size_t n = strlen(s->label);
	uint64_t v = 0;

	memcpy(msg, s->label, n);
	msg[n++] = 0;
	for (int i = 0; i < 4; i++)
		msg[n++] = (unsigned char)(s->counter >> (8 * i));
	s->counter++;
	crypto_generichash(out, sizeof out, msg, n, s->key, DL_SEED_BYTES);
	for (int i = 7; i >= 0; i--)
		v = v << 8 | out[i];
	return v;
}

int dl_stream_below(struct dl_stream *s, int n)
{
	/* 2^64 mod n, computed without 2^64 */
	uint64_t un = (uint64_t)n, rest = (UINT64_MAX % un + 1) % un;
	uint64_t limit = UINT64_MAX - rest + 1;     /* 0 when n divides 2^64 */
	uint64_t v;

	if (n <= 1)
		return 0;
	do
		v = dl_stream_next(s);
	while (limit && v >= limit);
	return (int)(v % un);
}

int dl_draw_chit(const struct dl_map *m, uint8_t cup[DL_MAX_KINDS], struct dl_stream *s)
{
	int n = dl_cup_size(m, cup);
	return n ? dl_cup_take(m, cup, dl_stream_below(s, n)) : DL_NONE;
}
