/*
 * seed.h - the random seeds of a game's dice and deals.
 *
 * Owns: drawing fresh seed bytes (libsodium's randombytes) and the
 * commitment players are shown before a seed is revealed.  The seeds
 * themselves are stored on the game's row (games.h).
 */
#ifndef SEED_H
#define SEED_H

#include "variants/variant.h"

#define SEED_BYTES VARIANT_SEED_BYTES

/* Fresh random seed bytes (SEED_BYTES of them). */
void seed_new(unsigned char *seed);

/* Hex of the BLAKE2b-256 hash of a seed: what players are shown before
 * the seed itself is revealed. */
void seed_commitment(const unsigned char *seed, char hex[65]);

#endif
