/* testutil.h - shared test helpers: assertions with counts, the backend loop, a PRNG, the vector file, a reference. */
#ifndef SIPHASH_TESTUTIL_H
#define SIPHASH_TESTUTIL_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <siphash.h>

/* Every helper is static: each test is one .c file that includes this once. */
#if defined(__GNUC__)
#define TU_UNUSED __attribute__((unused))
#else
#define TU_UNUSED
#endif

static long tu_passed, tu_failed;
static const char *tu_backend = "?";

/* TU_CHECK(cond, fmt, ...): counts a pass or reports a failure with context. */
#define TU_CHECK(cond, ...) tu_check_impl(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

TU_UNUSED static void tu_check_impl(int ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	if (ok) {
		tu_passed++;
		return;
	}
	tu_failed++;
	if (tu_failed > 40)
		return;
	fprintf(stderr, "FAIL %s:%d [backend %s] ", file, line, tu_backend);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Prints the closing count line and gives main's exit status. */
TU_UNUSED static int tu_finish(void)
{
	printf("%ld passed, %ld failed\n", tu_passed, tu_failed);
	return tu_failed ? 1 : (tu_passed ? 0 : 1);
}

/* Runs fn once per backend this CPU supports, with that backend selected,
 * then restores auto. Returns how many backends ran. */
TU_UNUSED static int tu_for_each_backend(void (*fn)(void))
{
	int b, n = 0;
	for (b = SIPHASH_BACKEND_SCALAR; b < 32; b++) {
		if (!siphash_backend_name((siphash_backend)b) || !siphash_backend_supported((siphash_backend)b))
			continue;
		TU_CHECK(siphash_backend_select((siphash_backend)b) == SIPHASH_OK, "select %d", b);
		tu_backend = siphash_backend_name((siphash_backend)b);
		fn();
		n++;
	}
	siphash_backend_select(SIPHASH_BACKEND_AUTO);
	tu_backend = "auto";
	return n;
}

/* The backend auto must pick: the most capable one supported. Stated here
 * apart from dispatch.c's list so that a changed list shows: each table sends
 * every operation to what measured fastest with that ISA available
 * (benchmarks/auto-check.sh holds auto to it), so the most capable table is
 * the fastest one. */
TU_UNUSED static siphash_backend tu_best_backend(void)
{
	static const siphash_backend order[] = {SIPHASH_BACKEND_AVX512, SIPHASH_BACKEND_AVX2, SIPHASH_BACKEND_NEON,
	                                        SIPHASH_BACKEND_SSE2};
	size_t i;
	for (i = 0; i < sizeof order / sizeof order[0]; i++)
		if (siphash_backend_supported(order[i]))
			return order[i];
	return SIPHASH_BACKEND_SCALAR;
}

/* xorshift64*: reproducible inputs without libc's rand. */
static uint64_t tu_rng_state = UINT64_C(0x9E3779B97F4A7C15);
TU_UNUSED static uint64_t tu_rand(void)
{
	tu_rng_state ^= tu_rng_state >> 12;
	tu_rng_state ^= tu_rng_state << 25;
	tu_rng_state ^= tu_rng_state >> 27;
	return tu_rng_state * UINT64_C(0x2545F4914F6CDD1D);
}

TU_UNUSED static void tu_fill(void *p, size_t n)
{
	uint8_t *b = (uint8_t *)p;
	size_t i;
	for (i = 0; i < n; i++)
		b[i] = (uint8_t)tu_rand();
}

TU_UNUSED static void tu_store_le(uint8_t *p, uint64_t v, size_t bytes)
{
	size_t i;
	for (i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* The ten batch functions, numbered 0-9 in this order. */
enum { TU_NBATCH = 10 };
TU_UNUSED static const char *const tu_batch_names[TU_NBATCH] = {
        "siphash13_64",  "siphash24_64",     "siphash48_64",     "siphash13_128",    "siphash24_128",
        "siphash48_128", "halfsiphash13_32", "halfsiphash24_32", "halfsiphash13_64", "halfsiphash24_64"};

/* The ten variants' family, rounds and tag bytes, in that order. */
typedef struct tu_variant {
	int half; /* 1 for HalfSipHash */
	unsigned c, d, bytes;
} tu_variant;
TU_UNUSED static const tu_variant tu_variants[TU_NBATCH] = {
        {0, 1, 3, 8},  {0, 2, 4, 8}, {0, 4, 8, 8}, {0, 1, 3, 16}, {0, 2, 4, 16},
        {0, 4, 8, 16}, {1, 1, 3, 4}, {1, 2, 4, 4}, {1, 1, 3, 8},  {1, 2, 4, 8},
};

/* Calls batch function v with the key made from kb (its first 8 bytes for
 * HalfSipHash); out is an array of n of that function's tags (uint64_t,
 * uint8_t[16] or uint32_t). */
TU_UNUSED static void tu_batch(int v, const uint8_t kb[16], const void *const *data, const size_t *len, size_t n,
                               void *out)
{
	siphash_key k = siphash_key_from_bytes(kb);
	halfsiphash_key hk = halfsiphash_key_from_bytes(kb);
	switch (v) {
	case 0:
		siphash13_64_batch(&k, data, len, n, (uint64_t *)out);
		break;
	case 1:
		siphash24_64_batch(&k, data, len, n, (uint64_t *)out);
		break;
	case 2:
		siphash48_64_batch(&k, data, len, n, (uint64_t *)out);
		break;
	case 3:
		siphash13_128_batch(&k, data, len, n, (uint8_t(*)[16])out);
		break;
	case 4:
		siphash24_128_batch(&k, data, len, n, (uint8_t(*)[16])out);
		break;
	case 5:
		siphash48_128_batch(&k, data, len, n, (uint8_t(*)[16])out);
		break;
	case 6:
		halfsiphash13_32_batch(&hk, data, len, n, (uint32_t *)out);
		break;
	case 7:
		halfsiphash24_32_batch(&hk, data, len, n, (uint32_t *)out);
		break;
	case 8:
		halfsiphash13_64_batch(&hk, data, len, n, (uint64_t *)out);
		break;
	default:
		halfsiphash24_64_batch(&hk, data, len, n, (uint64_t *)out);
		break;
	}
}

/* Tag i of an out array that tu_batch filled for variant v, as the
 * reference's bytes: 64- and 32-bit tags are integers in host order there. */
TU_UNUSED static void tu_batch_tag(int v, const void *out, size_t i, uint8_t *tag)
{
	size_t bytes = tu_variants[v].bytes;
	const uint8_t *p = (const uint8_t *)out + i * bytes;
	uint64_t w64;
	uint32_t w32;
	if (bytes == 16) {
		memcpy(tag, p, 16);
	} else if (bytes == 8) {
		memcpy(&w64, p, 8);
		tu_store_le(tag, w64, 8);
	} else {
		memcpy(&w32, p, 4);
		tu_store_le(tag, w32, 4);
	}
}

/* Calls one-shot function v (numbered as tu_batch's) with the key made from
 * kb and writes its tag's bytes to out: exactly tu_variants[v].bytes of them,
 * so out may end where the tag does. */
TU_UNUSED static void tu_oneshot(int v, const uint8_t kb[16], const void *data, size_t len, uint8_t *out)
{
	siphash_key k = siphash_key_from_bytes(kb);
	halfsiphash_key hk = halfsiphash_key_from_bytes(kb);
	switch (v) {
	case 0:
		tu_store_le(out, siphash13_64(&k, data, len), 8);
		break;
	case 1:
		tu_store_le(out, siphash24_64(&k, data, len), 8);
		break;
	case 2:
		tu_store_le(out, siphash48_64(&k, data, len), 8);
		break;
	case 3:
		siphash13_128(&k, data, len, out);
		break;
	case 4:
		siphash24_128(&k, data, len, out);
		break;
	case 5:
		siphash48_128(&k, data, len, out);
		break;
	case 6:
		tu_store_le(out, halfsiphash13_32(&hk, data, len), 4);
		break;
	case 7:
		tu_store_le(out, halfsiphash24_32(&hk, data, len), 4);
		break;
	case 8:
		tu_store_le(out, halfsiphash13_64(&hk, data, len), 8);
		break;
	default:
		tu_store_le(out, halfsiphash24_64(&hk, data, len), 8);
		break;
	}
}

/* ---- reference implementation -------------------------------------------
 * Written for clarity after the paper, byte by byte, sharing no code with the
 * library, so that random-input tests compare two independent codes. */
#define TU_ROTL(x, b, w) (((x) << (b)) | ((x) >> ((w) - (b))))

TU_UNUSED static void tu_ref_siphash(const uint8_t key[16], unsigned c, unsigned d, const uint8_t *m, size_t len,
                                     uint8_t *out, size_t outlen)
{
	uint64_t k0 = 0, k1 = 0, v[4], b;
	size_t i, blk;
	unsigned r;
	for (i = 0; i < 8; i++) {
		k0 |= (uint64_t)key[i] << (8 * i);
		k1 |= (uint64_t)key[8 + i] << (8 * i);
	}
	v[0] = k0 ^ UINT64_C(0x736f6d6570736575);
	v[1] = k1 ^ UINT64_C(0x646f72616e646f6d);
	v[2] = k0 ^ UINT64_C(0x6c7967656e657261);
	v[3] = k1 ^ UINT64_C(0x7465646279746573);
	if (outlen == 16)
		v[1] ^= 0xee;
#define TU_SIPROUND                                                                                                    \
	do {                                                                                                           \
		v[0] += v[1], v[1] = TU_ROTL(v[1], 13, 64), v[1] ^= v[0], v[0] = TU_ROTL(v[0], 32, 64);                \
		v[2] += v[3], v[3] = TU_ROTL(v[3], 16, 64), v[3] ^= v[2];                                              \
		v[0] += v[3], v[3] = TU_ROTL(v[3], 21, 64), v[3] ^= v[0];                                              \
		v[2] += v[1], v[1] = TU_ROTL(v[1], 17, 64), v[1] ^= v[2], v[2] = TU_ROTL(v[2], 32, 64);                \
	} while (0)
	for (blk = 0; blk <= len / 8; blk++) {
		b = 0;
		if (blk < len / 8) {
			for (i = 0; i < 8; i++)
				b |= (uint64_t)m[blk * 8 + i] << (8 * i);
		} else {
			for (i = 0; i < len % 8; i++)
				b |= (uint64_t)m[blk * 8 + i] << (8 * i);
			b |= (uint64_t)(len & 0xff) << 56;
		}
		v[3] ^= b;
		for (r = 0; r < c; r++)
			TU_SIPROUND;
		v[0] ^= b;
	}
	v[2] ^= outlen == 16 ? 0xee : 0xff;
	for (r = 0; r < d; r++)
		TU_SIPROUND;
	tu_store_le(out, v[0] ^ v[1] ^ v[2] ^ v[3], 8);
	if (outlen == 16) {
		v[1] ^= 0xdd;
		for (r = 0; r < d; r++)
			TU_SIPROUND;
		tu_store_le(out + 8, v[0] ^ v[1] ^ v[2] ^ v[3], 8);
	}
#undef TU_SIPROUND
}

TU_UNUSED static void tu_ref_halfsiphash(const uint8_t key[8], unsigned c, unsigned d, const uint8_t *m, size_t len,
                                         uint8_t *out, size_t outlen)
{
	uint32_t k0 = 0, k1 = 0, v[4], b;
	size_t i, blk;
	unsigned r;
	for (i = 0; i < 4; i++) {
		k0 |= (uint32_t)key[i] << (8 * i);
		k1 |= (uint32_t)key[4 + i] << (8 * i);
	}
	v[0] = k0;
	v[1] = k1;
	v[2] = k0 ^ UINT32_C(0x6c796765);
	v[3] = k1 ^ UINT32_C(0x74656462);
	if (outlen == 8)
		v[1] ^= 0xee;
#define TU_HROUND                                                                                                      \
	do {                                                                                                           \
		v[0] += v[1], v[1] = TU_ROTL(v[1], 5, 32), v[1] ^= v[0], v[0] = TU_ROTL(v[0], 16, 32);                 \
		v[2] += v[3], v[3] = TU_ROTL(v[3], 8, 32), v[3] ^= v[2];                                               \
		v[0] += v[3], v[3] = TU_ROTL(v[3], 7, 32), v[3] ^= v[0];                                               \
		v[2] += v[1], v[1] = TU_ROTL(v[1], 13, 32), v[1] ^= v[2], v[2] = TU_ROTL(v[2], 16, 32);                \
	} while (0)
	for (blk = 0; blk <= len / 4; blk++) {
		b = 0;
		if (blk < len / 4) {
			for (i = 0; i < 4; i++)
				b |= (uint32_t)m[blk * 4 + i] << (8 * i);
		} else {
			for (i = 0; i < len % 4; i++)
				b |= (uint32_t)m[blk * 4 + i] << (8 * i);
			b |= (uint32_t)(len & 0xff) << 24;
		}
		v[3] ^= b;
		for (r = 0; r < c; r++)
			TU_HROUND;
		v[0] ^= b;
	}
	v[2] ^= outlen == 8 ? 0xee : 0xff;
	for (r = 0; r < d; r++)
		TU_HROUND;
	tu_store_le(out, v[1] ^ v[3], 4);
	if (outlen == 8) {
		v[1] ^= 0xdd;
		for (r = 0; r < d; r++)
			TU_HROUND;
		tu_store_le(out + 4, v[1] ^ v[3], 4);
	}
#undef TU_HROUND
}

/* The reference tag of variant v (tu_variants' numbering), its bytes to out. */
TU_UNUSED static void tu_ref_variant(int v, const uint8_t kb[16], const uint8_t *m, size_t len, uint8_t *out)
{
	const tu_variant *va = &tu_variants[v];
	if (va->half)
		tu_ref_halfsiphash(kb, va->c, va->d, m, len, out, va->bytes);
	else
		tu_ref_siphash(kb, va->c, va->d, m, len, out, va->bytes);
}

/* ---- the vector file (tests/siphash-vectors.txt) ------------------------ */

typedef struct tu_vector {
	int half; /* 1 for HalfSipHash */
	unsigned c, d, bits;
	uint8_t key[16];
	uint8_t *msg;
	size_t len;
	uint8_t tag[16];
} tu_vector;

static int tu_unhex(const char *s, uint8_t *out, size_t max, size_t *n)
{
	size_t len = strlen(s), i;
	if (!strcmp(s, "-")) {
		*n = 0;
		return 0;
	}
	if (len % 2 || len / 2 > max)
		return -1;
	for (i = 0; i < len / 2; i++) {
		unsigned v;
		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (uint8_t)v;
	}
	*n = len / 2;
	return 0;
}

/* Loads every vector of the file; exits with status 2 when it cannot. */
TU_UNUSED static tu_vector *tu_load_vectors(const char *path, size_t *count)
{
	FILE *f = fopen(path, "r");
	static char line[65536], name[64], k[64], m[65536], t[64];
	tu_vector *vs = NULL;
	size_t n = 0, cap = 0;
	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof line, f)) {
		tu_vector v;
		size_t kl, tl;
		memset(&v, 0, sizeof v);
		if (sscanf(line, "%63s %63s %65535s %63s", name, k, m, t) != 4)
			continue;
		if (sscanf(name, "halfsiphash-%u-%u-%u", &v.c, &v.d, &v.bits) == 3)
			v.half = 1;
		else if (sscanf(name, "siphash-%u-%u-%u", &v.c, &v.d, &v.bits) != 3)
			continue;
		v.msg = (uint8_t *)malloc(strlen(m) / 2 + 1);
		if (!v.msg || tu_unhex(k, v.key, 16, &kl) || kl != (v.half ? 8u : 16u) ||
		    tu_unhex(m, v.msg, strlen(m) / 2 + 1, &v.len) || tu_unhex(t, v.tag, 16, &tl) || tl != v.bits / 8) {
			fprintf(stderr, "bad vector line: %.80s\n", line);
			exit(2);
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 512;
			vs = (tu_vector *)realloc(vs, cap * sizeof *vs);
			if (!vs)
				exit(2);
		}
		vs[n++] = v;
	}
	fclose(f);
	if (!n) {
		fprintf(stderr, "no vectors in %s\n", path);
		exit(2);
	}
	*count = n;
	return vs;
}

#endif /* SIPHASH_TESTUTIL_H */
