/* fuzz_common.h - helpers shared by the libFuzzer targets: input reader, the backend list, a check that aborts. */
#ifndef SIPHASH_FUZZ_COMMON_H
#define SIPHASH_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <siphash.h>

/* The independent byte-by-byte reference implementation of the tests. */
#include "testutil.h"

/* A finding must stop libFuzzer with the input saved: abort() does that. */
#define FZ_CHECK(cond, ...)                                                                                            \
	do {                                                                                                           \
		if (!(cond)) {                                                                                         \
			fprintf(stderr, "fuzz check failed at %s:%d [backend %s]: ", __FILE__, __LINE__,               \
			        siphash_backend_name(siphash_backend_active()));                                       \
			fprintf(stderr, __VA_ARGS__);                                                                  \
			fputc('\n', stderr);                                                                           \
			abort();                                                                                       \
		}                                                                                                      \
	} while (0)

/* Reads the fuzzer's bytes front to back; past the end every read gives 0, so
 * that every input, however short, is a valid one. */
typedef struct fz_reader {
	const uint8_t *p;
	size_t n;
} fz_reader;

static inline unsigned fz_byte(fz_reader *r)
{
	unsigned v = 0;
	if (r->n) {
		v = r->p[0];
		r->p++;
		r->n--;
	}
	return v;
}

static inline void fz_bytes(fz_reader *r, uint8_t *out, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		out[i] = (uint8_t)fz_byte(r);
}

/* Every backend this library and CPU can run (scalar first). */
static siphash_backend fz_backends[32];
static int fz_nbackends;

static inline void fz_init_backends(void)
{
	int b;
	fz_nbackends = 0;
	for (b = SIPHASH_BACKEND_SCALAR; b < 32; b++)
		if (siphash_backend_name((siphash_backend)b) && siphash_backend_supported((siphash_backend)b))
			fz_backends[fz_nbackends++] = (siphash_backend)b;
}

static inline void fz_select(siphash_backend b)
{
	FZ_CHECK(siphash_backend_select(b) == SIPHASH_OK, "cannot select backend %d", (int)b);
}

/* An exact-size heap copy of m at a misalignment of off bytes, so that
 * AddressSanitizer catches a read one byte past the message. Free base. */
static inline uint8_t *fz_copy(const uint8_t *m, size_t len, size_t off, uint8_t **base)
{
	*base = (uint8_t *)malloc(len + off ? len + off : 1);
	FZ_CHECK(*base != NULL, "out of memory");
	if (len)
		memcpy(*base + off, m, len);
	return *base + off;
}

#endif /* SIPHASH_FUZZ_COMMON_H */
