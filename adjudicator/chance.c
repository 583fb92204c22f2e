/*
 * chance.c - the only chance any engine uses: streams of numbers derived
 * from a 32-byte secret, so that anyone holding the secret can redo every
 * draw.  The diceless game draws its chits from them and the
 * Peloponnesian War rolls its dice from them; each variant's RULES.md
 * gives the method and its labels, and its script redoes the draws.
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

#include "adjudicator/chance.h"

static void put_le32(unsigned char *b, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

void chance_init(struct chance_stream *s, const unsigned char *seed, const char *label)
{
	size_t n = strlen(label);

	/* idempotent and thread-safe; it only picks the fastest BLAKE2b */
	if (sodium_init() < 0)
		memset(s, 0, sizeof *s);
	if (n > CHANCE_LABEL_MAX)
		n = CHANCE_LABEL_MAX;
	memcpy(s->key, seed, CHANCE_SEED_BYTES);
	memcpy(s->prefix, label, n);
	s->prefix[n++] = 0;
	s->nprefix = n;
	s->counter = 0;
}

void chance_init_turn(struct chance_stream *s, const unsigned char *key, const char *label, int turn)
{
	chance_init(s, key, label);
	put_le32(s->prefix + s->nprefix, (uint32_t)turn);
	s->nprefix += 4;
}

uint64_t chance_next(struct chance_stream *s)
{
	unsigned char msg[sizeof s->prefix + 4], out[32];
	uint64_t v = 0;

	memcpy(msg, s->prefix, s->nprefix);
	put_le32(msg + s->nprefix, s->counter++);
	crypto_generichash(out, sizeof out, msg, s->nprefix + 4, s->key, CHANCE_SEED_BYTES);
	for (int i = 7; i >= 0; i--)
		v = v << 8 | out[i];
	return v;
}

int chance_below(struct chance_stream *s, int n)
{
	uint64_t un, rest, limit, v;

	if (n <= 1)
		return 0;
	/* 2^64 mod n, computed without 2^64 */
	un = (uint64_t)n;
	rest = (UINT64_MAX % un + 1) % un;
	limit = UINT64_MAX - rest + 1;              /* 0 when n divides 2^64 */
	do
		v = chance_next(s);
	while (limit && v >= limit);
	return (int)(v % un);
}
