/*
 * fuzz_mail.c - libFuzzer target: any bytes as an incoming message.
 * inmail_parse must neither crash nor read out of bounds, whatever it is
 * given (it found libetpan reading past a quoted-printable part that ends
 * in "=").
 */
#include <stddef.h>
#include <stdint.h>

#include "maildir/inmail.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct inmail m;

	inmail_parse((const char *)data, size, "judge@fuzz", 100000, &m);
	inmail_free(&m);
	return 0;
}
