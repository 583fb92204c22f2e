/*
 * diceless_draw.c - the only chance in the game: streams of numbers
 * derived from a 32-byte secret, so that anyone holding the secret can
 * redo every draw (RULES.md section 10 gives the method and a Python
 * script).  Two kinds of secret feed them: a phase's seed (revealed with
 * that phase's results: the set-up toss, the Judge's placements) and a
 * side's game key (revealed when the game ends: that side's hands and
 * its chits kept at random, which must stay secret longer).
 *
 * Value i of a stream is the first 8 bytes, read as a little-endian
 * integer, of BLAKE2b with a 32-byte output, keyed with the 32-byte
 * secret, of the message
 *     label || 0x00 || i                    (a seed's stream)
 *     label || 0x00 || turn || i            (a key's stream for one turn)
 * where turn and i are 4 bytes little-endian.  Each purpose has its own
 * label, and a key's streams their turn, so the draws of one never shift
 * those of another.  A number below n is a value taken modulo n after
 * rejecting values at or above the largest multiple of n that fits in
 * 64 bits: no modulo bias.
 */
#include <sodium.h>
#include <string.h>

#include "adjudicator/diceless.h"

static void put_le32(unsigned char *b, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

void dl_stream_init(struct dl_stream *s, const unsigned char *seed, const char *label)
{
	size_t n = strlen(label);

	/* idempotent and thread-safe; it only picks the fastest BLAKE2b */
	if (sodium_init() < 0)
		memset(s, 0, sizeof *s);
	if (n > DL_LABEL_MAX)
		n = DL_LABEL_MAX;
	memcpy(s->key, seed, DL_SEED_BYTES);
	memcpy(s->prefix, label, n);
	s->prefix[n++] = 0;
	s->nprefix = n;
	s->counter = 0;
}

void dl_stream_init_turn(struct dl_stream *s, const unsigned char *key, const char *label, int turn)
{
	dl_stream_init(s, key, label);
	put_le32(s->prefix + s->nprefix, (uint32_t)turn);
	s->nprefix += 4;
}

uint64_t dl_stream_next(struct dl_stream *s)
{
	unsigned char msg[sizeof s->prefix + 4], out[32];
	uint64_t v = 0;

	memcpy(msg, s->prefix, s->nprefix);
	put_le32(msg + s->nprefix, s->counter++);
	crypto_generichash(out, sizeof out, msg, s->nprefix + 4, s->key, DL_SEED_BYTES);
	for (int i = 7; i >= 0; i--)
		v = v << 8 | out[i];
	return v;
}

int dl_stream_below(struct dl_stream *s, int n)
{
	uint64_t un, rest, limit, v;

	if (n <= 1)
		return 0;
	/* 2^64 mod n, computed without 2^64 */
	un = (uint64_t)n;
	rest = (UINT64_MAX % un + 1) % un;
	limit = UINT64_MAX - rest + 1;              /* 0 when n divides 2^64 */
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
