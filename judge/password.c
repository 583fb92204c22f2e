/*
 * password.c - password hashes (see password.h).
 *
 * Passwords are Argon2id with a cost measured for mail (the guess
 * throttle does the rest); older salted hashes are still checked and
 * upgraded on the next sign-on.
 *
 * The stored text is the Argon2id string, then, when a key file could be
 * had, "#" and a verifier: the key's id and BLAKE2b keyed with the key over
 * that Argon2id string and the password.  Argon2id is most of the CPU of
 * an order mail (bench/README.md, "The CPU of one receive"); the verifier
 * lets a known password through at the cost of one BLAKE2b.  It lives in
 * the same column as the hash, so whatever replaces a password (SET
 * PASSWORD, a take-over) replaces its verifier with it, and no caller
 * stores anything new.  The key is in a file beside the database and
 * never in it: a stolen database alone is no easier to attack than the
 * Argon2id strings in it.  Hashing over the Argon2id string (its salt is
 * new with each hash) binds a verifier to its row's password without
 * naming the game or power.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The verifier: "#", the key id and the MAC in hex.  16 bytes of MAC are
 * as hard to forge as the key is to guess; the id only tells a verifier
 * made with another key (the file replaced) from a wrong password. */
#define KEY_BYTES 32
#define KEY_ID_BYTES 4
#define MAC_BYTES 16
#define VERIFIER_CHARS (1 + 2 * (KEY_ID_BYTES + MAC_BYTES))

static struct {
	char path[1024];
	int tried;              /* the file was looked for (made if absent) */
	int have;
	unsigned char key[KEY_BYTES];
	unsigned char id[KEY_ID_BYTES];
} key;

void password_key_beside(const char *db_path)
{
	sodium_memzero(&key, sizeof key);
	if (db_path && snprintf(key.path, sizeof key.path, "%s.key", db_path) >= (int)sizeof key.path)
		key.path[0] = '\0';
}

/* 0 with the key read from fd, or -1: a key file anybody but the Judge
 * may read is no secret, so it is not used (Argon2id then, as without). */
/* NULL if a key file of this stat may serve as the key; else why not, a
 * sentence with one %s for the file's path (said by check-config) */
static const char *key_unusable(const struct stat *st)
{
	if (!S_ISREG(st->st_mode))
		return "the password key %s is not a plain file: remove it";
	if (st->st_mode & 077)
		return "others may read the password key %s: it is not used (chmod 600 it,"
		       " or remove it and a new one is made)";
	if (st->st_size != KEY_BYTES)
		return "the password key %s is not a key's size: remove it and a new one is made";
	return NULL;
}

static int key_read(int fd)
{
	struct stat st;

	if (fstat(fd, &st) || key_unusable(&st) || read(fd, key.key, KEY_BYTES) != KEY_BYTES)
		return -1;
	crypto_generichash(key.id, sizeof key.id, (const unsigned char *)"judge password key id", 21,
	                   key.key, sizeof key.key);
	return 0;
}

int password_key_trouble(const char *db_path, char *why, size_t whylen)
{
	char path[1024];
	struct stat st;

	if (!db_path || snprintf(path, sizeof path, "%s.key", db_path) >= (int)sizeof path ||
	    lstat(path, &st) != 0)
		return 0;
	const char *unusable = key_unusable(&st);
	if (st.st_uid != geteuid())
		snprintf(why, whylen, "the password key %s belongs to uid %ld, not to this user (uid %ld)"
		         ": chown it to the Judge's user, or remove it", path, (long)st.st_uid, (long)geteuid());
	else if (unusable)
		snprintf(why, whylen, unusable, path);
	else if (access(path, R_OK) != 0)
		snprintf(why, whylen, "this user cannot read the password key %s: chmod 600 it", path);
	else
		return 0;
	return 1;
}

/* Made whole under another name and linked into place, so that a
 * reader never sees half a key and two first uses at once keep one key.
 * Not synced: a key lost in a power cut costs each password one Argon2id
 * check and a new verifier, nothing else. */
static void key_make(void)
{
	unsigned char k[KEY_BYTES];
	char tmp[sizeof key.path + 32];
	int fd;

	snprintf(tmp, sizeof tmp, "%s.%ld", key.path, (long)getpid());
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	randombytes_buf(k, sizeof k);
	if (write(fd, k, sizeof k) == (ssize_t)sizeof k && close(fd) == 0)
		(void)link(tmp, key.path);
	else
		close(fd);
	unlink(tmp);
	sodium_memzero(k, sizeof k);
}

/* 1 if the key is at hand; with make, a missing key file is made. */
static int key_ready(int make)
{
	if (key.have || !key.path[0] || (key.tried && !make) || key.tried > 1)
		return key.have;
	for (int attempt = 0; attempt < 2 && !key.have; attempt++) {
		int fd = open(key.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
		if (fd >= 0) {
			key.have = key_read(fd) == 0;
			close(fd);
			break;
		}
		if (errno != ENOENT || !make)
			break;
		key_make();
	}
	key.tried = make ? 2 : 1;
	if (!key.have)
		sodium_memzero(key.key, sizeof key.key);
	return key.have;
}

static void mac(const char *argon, size_t argonlen, const char *pw, unsigned char out[MAC_BYTES])
{
	crypto_generichash_state s;

	crypto_generichash_init(&s, key.key, sizeof key.key, MAC_BYTES);
	crypto_generichash_update(&s, (const unsigned char *)argon, argonlen);
	crypto_generichash_update(&s, (const unsigned char *)"", 1);
	crypto_generichash_update(&s, (const unsigned char *)pw, strlen(pw));
	crypto_generichash_final(&s, out, MAC_BYTES);
}

/* The verifier of stored, split from its Argon2id string (whose length
 * goes to argonlen): its key id and MAC, or NULL if it has none. */
static const char *verifier(const char *stored, size_t *argonlen)
{
	const char *v = strchr(stored, '#');

	*argonlen = v ? (size_t)(v - stored) : strlen(stored);
	return v && strlen(v) == VERIFIER_CHARS ? v + 1 : NULL;
}

void password_hash(const char *pw, char *out, size_t outlen)
{
	char h[crypto_pwhash_STRBYTES], hex[2 * (KEY_ID_BYTES + MAC_BYTES) + 1];
	unsigned char both[KEY_ID_BYTES + MAC_BYTES];

	assert(pw != NULL && outlen >= sizeof h);
	if (crypto_pwhash_str(h, pw, strlen(pw), PWHASH_OPS, PWHASH_MEM) != 0)
		die("out of memory hashing a password");
	if (strlen(h) + VERIFIER_CHARS >= outlen || !key_ready(1)) {
		snprintf(out, outlen, "%s", h);
		return;
	}
	memcpy(both, key.id, KEY_ID_BYTES);
	mac(h, strlen(h), pw, both + KEY_ID_BYTES);
	sodium_bin2hex(hex, sizeof hex, both, sizeof both);
	snprintf(out, outlen, "%s#%s", h, hex);
}

int password_needs_upgrade(const char *stored)
{
	char argon[crypto_pwhash_STRBYTES];
	unsigned char id[KEY_ID_BYTES];
	size_t n;
	const char *v = verifier(stored, &n);

	if (strncmp(stored, "$argon2", 7) != 0 || n >= sizeof argon)
		return 1;
	snprintf(argon, sizeof argon, "%.*s", (int)n, stored);
	if (crypto_pwhash_str_needs_rehash(argon, PWHASH_OPS, PWHASH_MEM) != 0)
		return 1;
	if (!key_ready(1))
		return 0;
	return !v || sodium_hex2bin(id, sizeof id, v, 2 * KEY_ID_BYTES, NULL, NULL, NULL) != 0 ||
	       sodium_memcmp(id, key.id, sizeof id) != 0;
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

/* 1 if stored's verifier, made with the key at hand, is pw's. */
static int verifier_matches(const char *pw, const char *stored)
{
	unsigned char want[KEY_ID_BYTES + MAC_BYTES], got[MAC_BYTES];
	size_t n;
	const char *v = verifier(stored, &n);

	if (!v || !key_ready(0) ||
	    sodium_hex2bin(want, sizeof want, v, VERIFIER_CHARS - 1, NULL, NULL, NULL) != 0 ||
	    sodium_memcmp(want, key.id, KEY_ID_BYTES) != 0)
		return 0;
	mac(stored, n, pw, got);
	return sodium_memcmp(got, want + KEY_ID_BYTES, MAC_BYTES) == 0;
}

int password_check(const char *pw, const char *stored)
{
	char salt[64], again[160], argon[crypto_pwhash_STRBYTES];
	const char *dollar = strchr(stored, '$');
	size_t n;

	if (!strncmp(stored, "$argon2", 7)) {
		/* a verifier that does not match is not trusted to refuse:
		 * Argon2id decides, as it did before verifiers */
		if (verifier_matches(pw, stored))
			return 1;
		(void)verifier(stored, &n);
		if (n >= sizeof argon)
			return 0;
		snprintf(argon, sizeof argon, "%.*s", (int)n, stored);
		return crypto_pwhash_str_verify(argon, pw, strlen(pw)) == 0;
	}
	/* hashes from before Argon2: salt$BLAKE2b, upgraded at the next
	 * successful sign-on */
	if (!dollar || (size_t)(dollar - stored) >= sizeof salt)
		return 0;
	snprintf(salt, sizeof salt, "%.*s", (int)(dollar - stored), stored);
	hash_with_salt(pw, salt, again, sizeof again);
	return strlen(again) == strlen(stored) &&
	       sodium_memcmp(again, stored, strlen(stored)) == 0;
}
