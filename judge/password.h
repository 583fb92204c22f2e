/*
 * password.h - passwords as the Judge stores and checks them.
 *
 * Owns: hashing (Argon2id, libsodium's crypto_pwhash), checking against
 * a stored hash (also the older salted BLAKE2b ones), the keyed verifier
 * that spares a known password the Argon2id check (password.c says how),
 * whether a hash is due to be made again, and what a password may be.
 * Where hashes are stored (players, games' master) is the callers'.
 */
#ifndef PASSWORD_H
#define PASSWORD_H

#include <stddef.h>

/* The key of the verifiers is the file db_path + ".key" (mode 0600),
 * made at its first use; db_open names it.  Without it (NULL, or a file
 * that cannot be made or read) every check is Argon2id. */
void password_key_beside(const char *db_path);

/* 1 if the key file beside db_path exists but cannot serve as the key
 * (this user cannot read it, another user owns it, others may read it,
 * not a 32-byte file): every sign-on then pays Argon2id, quietly; why
 * says which and what to do.  0 if it is usable, or absent (made at its
 * first use).  For `judge check-config`. */
int password_key_trouble(const char *db_path, char *why, size_t whylen);

/* Hash a password for storing into out (outlen bytes, at least
 * crypto_pwhash_STRBYTES; 160 leaves room for the verifier).  Out of
 * memory dies. */
void password_hash(const char *pw, char *out, size_t outlen);

/* 1 if pw matches the stored hash (its verifier, else Argon2id, or the
 * older salted BLAKE2b); else 0. */
int password_check(const char *pw, const char *stored);

/* 1 if a stored hash should be made again with today's method, or
 * lacks a verifier made with today's key, which the caller does after a
 * successful check. */
int password_needs_upgrade(const char *stored);

/* 1 if pw may be set as a password (min to 63 printable characters, no
 * blanks); else 0 with the reason in why. */
int password_ok(const char *pw, long min, char *why, size_t whylen);

#endif
