/*
 * fuzz_mail.c - libFuzzer target: any bytes as an incoming message.
 * inmail_parse must neither crash nor read out of bounds, whatever it is
 * given (it found libetpan reading past a quoted-printable part that ends
 * in "="), and neither may authres_parse on each Authentication-Results
 * value it keeps, as judge/guard.c reads them.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "maildir/authres.h"
#include "maildir/inmail.h"
#include "base/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct inmail m;
	const char *rest, *line;
	size_t len;

	/* a mail refused is as good an outcome as one read: the fuzzer looks
	 * for crashes, and the fields it walks below are set either way */
	(void)inmail_parse((const char *)data, size, "judge@fuzz", 100000, &m);
	for (rest = m.auth_results; rest && str_next_line(&rest, &line, &len);) {
		char *value = xmalloc(len + 1);
		struct authres a;

		memcpy(value, line, len);
		value[len] = '\0';
		/* a refusal is as good an outcome as a parse: the fuzzer
		 * looks only for crashes and leaks */
		(void)authres_parse(value, &a);
		authres_free(&a);
		free(value);
	}
	inmail_free(&m);
	return 0;
}
