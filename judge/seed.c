/*
 * seed.c - seeds and their commitments, with libsodium (see seed.h).
 */
#include <assert.h>
#include <sodium.h>

#include "judge/seed.h"

void seed_new(unsigned char *seed)
{
	assert(seed != NULL);
	randombytes_buf(seed, SEED_BYTES);
}

void seed_commitment(const unsigned char *seed, char hex[65])
{
	unsigned char h[32];

	assert(seed != NULL && hex != NULL);
	crypto_generichash(h, sizeof h, seed, SEED_BYTES, NULL, 0);
	sodium_bin2hex(hex, 65, h, sizeof h);
}
