/* test_verify.c - siphash_verify: equal bytes pass, every single-bit difference fails, bad arguments are rejected. */
#include "testutil.h"

#define MAXN 80
#define ALIGNS 8

/* Equal buffers pass and a one-bit difference anywhere fails, for every
 * length up to MAXN, both buffers at every offset in a word. */
static void check_lengths(void)
{
	static uint8_t a[MAXN + ALIGNS], b[MAXN + ALIGNS];
	size_t n, oa, ob, pos;
	unsigned bit;
	long wrong = 0;
	for (n = 1; n <= MAXN; n++) {
		for (oa = 0; oa < ALIGNS; oa++) {
			for (ob = 0; ob < ALIGNS; ob++) {
				tu_fill(a + oa, n);
				memcpy(b + ob, a + oa, n);
				if (siphash_verify(a + oa, b + ob, n) != SIPHASH_OK)
					wrong++;
				for (pos = 0; pos < n; pos++) {
					for (bit = 0; bit < 8; bit++) {
						b[ob + pos] ^= (uint8_t)(1u << bit);
						if (siphash_verify(a + oa, b + ob, n) != SIPHASH_EMISMATCH ||
						    siphash_verify(b + ob, a + oa, n) != SIPHASH_EMISMATCH)
							wrong++;
						b[ob + pos] ^= (uint8_t)(1u << bit);
					}
				}
			}
		}
	}
	TU_CHECK(wrong == 0, "%ld lengths, offsets and bit positions answered wrongly", wrong);
}

/* Only the first n bytes count, whatever follows them; many differing bytes
 * still give SIPHASH_EMISMATCH (no sum or count that could wrap to equal). */
static void check_bounds(void)
{
	uint8_t a[64], b[64];
	size_t n;
	memset(a, 0x11, sizeof a);
	memset(b, 0x11, sizeof b);
	for (n = 1; n < 32; n++) {
		b[n] = (uint8_t)~a[n];
		TU_CHECK(siphash_verify(a, b, n) == SIPHASH_OK, "n=%zu: a difference past n counted", n);
		b[n] = a[n];
	}
	for (n = 0; n < sizeof b; n++)
		b[n] = (uint8_t)~a[n];
	TU_CHECK(siphash_verify(a, b, sizeof a) == SIPHASH_EMISMATCH, "every byte different");
	memset(b, 0x10, sizeof b); /* every byte one bit apart: 64 single-bit differences */
	TU_CHECK(siphash_verify(a, b, sizeof a) == SIPHASH_EMISMATCH, "every byte one bit apart");
	TU_CHECK(siphash_verify(a, a, sizeof a) == SIPHASH_OK, "a buffer against itself");
	TU_CHECK(siphash_verify(a, a + 1, sizeof a - 1) == SIPHASH_OK, "overlapping equal buffers");
}

/* A long buffer whose only difference is its last byte. */
static void check_long(void)
{
	enum { N = (1 << 20) + 13 };
	uint8_t *a = (uint8_t *)malloc(N), *b = (uint8_t *)malloc(N);
	TU_CHECK(a && b, "malloc");
	if (!a || !b) {
		free(a);
		free(b);
		return;
	}
	tu_fill(a, N);
	memcpy(b, a, N);
	TU_CHECK(siphash_verify(a, b, N) == SIPHASH_OK, "1 MiB + 13 equal");
	b[N - 1] ^= 0x80;
	TU_CHECK(siphash_verify(a, b, N) == SIPHASH_EMISMATCH, "1 MiB + 13, last bit differs");
	free(a);
	free(b);
}

/* n = 0 and NULL pointers: SIPHASH_EINVAL, never a crash and never a pass. */
static void check_errors(void)
{
	uint8_t a[16] = {0}, b[16] = {0};
	TU_CHECK(siphash_verify(a, b, 0) == SIPHASH_EINVAL, "n = 0");
	TU_CHECK(siphash_verify(NULL, b, 16) == SIPHASH_EINVAL, "NULL tag");
	TU_CHECK(siphash_verify(a, NULL, 16) == SIPHASH_EINVAL, "NULL expected");
	TU_CHECK(siphash_verify(NULL, NULL, 16) == SIPHASH_EINVAL, "both NULL");
	TU_CHECK(siphash_verify(NULL, NULL, 0) == SIPHASH_EINVAL, "both NULL, n = 0");
	TU_CHECK(SIPHASH_EMISMATCH != SIPHASH_OK && SIPHASH_EMISMATCH != SIPHASH_EINVAL &&
	                 SIPHASH_EMISMATCH != SIPHASH_EUNSUPPORTED && SIPHASH_EMISMATCH < 0,
	         "SIPHASH_EMISMATCH is a code of its own, negative like the others");
}

/* The MAC round trip on this backend: each variant's tag of messages of 0 to
 * 64 bytes verifies against the reference tag, and a forgery one bit off fails. */
static void check_tags(void)
{
	static const uint8_t kb[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
	const siphash_key k = siphash_key_from_bytes(kb);
	const halfsiphash_key hk = halfsiphash_key_from_bytes(kb);
	uint8_t msg[64], tag[16], want[16];
	size_t len, outlen;
	unsigned c;
	long wrong = 0;
	tu_fill(msg, sizeof msg);
	for (len = 0; len <= sizeof msg; len++) {
		for (c = 1; c <= 4; c++) {
			for (outlen = 8; outlen <= 16; outlen += 8) {
				tu_ref_siphash(kb, c, c + 2, msg, len, want, outlen);
				if (siphash_hash(&k, c, c + 2, msg, len, tag, outlen) != SIPHASH_OK ||
				    siphash_verify(tag, want, outlen) != SIPHASH_OK)
					wrong++;
				tag[len % outlen] ^= 1;
				if (siphash_verify(tag, want, outlen) != SIPHASH_EMISMATCH)
					wrong++;
			}
			for (outlen = 4; outlen <= 8; outlen += 4) {
				tu_ref_halfsiphash(kb, c, c + 2, msg, len, want, outlen);
				if (halfsiphash_hash(&hk, c, c + 2, msg, len, tag, outlen) != SIPHASH_OK ||
				    siphash_verify(tag, want, outlen) != SIPHASH_OK)
					wrong++;
				tag[len % outlen] ^= 0x80;
				if (siphash_verify(tag, want, outlen) != SIPHASH_EMISMATCH)
					wrong++;
			}
		}
	}
	TU_CHECK(wrong == 0, "%ld tags verified wrongly", wrong);
}

int main(void)
{
	check_lengths();
	check_bounds();
	check_long();
	check_errors();
	tu_for_each_backend(check_tags);
	return tu_finish();
}
