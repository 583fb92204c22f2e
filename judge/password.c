/*
 * password.c - password hashes (see password.h).
 *
 * Passwords are Argon2id with a cost measured for mail (the guess
 * throttle does the rest); older salted hashes are still checked and
 * upgraded on the next sign-on.
 */
#include <assert.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "judge/password.h"
#include "base/error.h"

static void hash_with_salt(const char *pw, const char *salt, char *out, size_t outlen)
{
	unsigned char h[32];
	char hex[65];
	crypto_generichash_state s;

	crypto_generichash_init(&s, NULL, 0, sizeof h);
	crypto_generichash_update(&s, (const unsigned char *)salt, strlen(salt));
	crypto_generichash_update(&s, (const unsigned char *)"$", 1);
	crypto_generichash_update(&s, (const unsigned char *)pw, strlen(pw));
	crypto_generichash_final(&s, h, sizeof h);
	sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	snprintf(out, outlen, "%s$%s", salt, hex);
}

/*
 * Argon2id (libsodium's crypto_pwhash) with a cost chosen for this use:
 * the throttle on failed guesses stops guessing by mail, so the hash only
 * has to make a stolen database slow to attack, and a check must stay
 * cheap enough for a Judge reading a thousand mails a second.  Measured
 * in bench/README.md ("Passwords").
 */
#define PWHASH_OPS 1
#define PWHASH_MEM ((size_t)2 << 20)

void password_hash(const char *pw, char *out, size_t outlen)
{
	char h[crypto_pwhash_STRBYTES];

	assert(pw != NULL && outlen >= sizeof h);
	if (crypto_pwhash_str(h, pw, strlen(pw), PWHASH_OPS, PWHASH_MEM) != 0)
		die("out of memory hashing a password");
	snprintf(out, outlen, "%s", h);
}

int password_needs_upgrade(const char *stored)
{
	return strncmp(stored, "$argon2", 7) != 0 ||
	       crypto_pwhash_str_needs_rehash(stored, PWHASH_OPS, PWHASH_MEM) != 0;
}

int password_ok(const char *pw, long min, char *why, size_t whylen)
{
	size_t n = strlen(pw);

	if ((long)n < min || n > 63) {
		snprintf(why, whylen, "a password must be %ld to 63 characters long", min);
		return 0;
	}
	for (const char *p = pw; *p; p++)
		if (*p < 0x21 || *p > 0x7e) {
			snprintf(why, whylen, "a password may have letters, digits and punctuation,"
			         " but no spaces or other characters");
			return 0;
		}
	return 1;
}

int password_check(const char *pw, const char *stored)
{
	char salt[64], again[160];
	const char *dollar = strchr(stored, '$');

	if (!strncmp(stored, "$argon2", 7))
		return crypto_pwhash_str_verify(stored, pw, strlen(pw)) == 0;
	/* hashes from before Argon2: salt$BLAKE2b, upgraded at the next
	 * successful sign-on */
	if (!dollar || (size_t)(dollar - stored) >= sizeof salt)
		return 0;
	snprintf(salt, sizeof salt, "%.*s", (int)(dollar - stored), stored);
	hash_with_salt(pw, salt, again, sizeof again);
	return strlen(again) == strlen(stored) &&
	       sodium_memcmp(again, stored, strlen(stored)) == 0;
}
