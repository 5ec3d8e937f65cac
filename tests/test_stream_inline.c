/* test_stream_inline.c - streaming with compile-time-constant update lengths (the header's inline fast path) on every
 * backend. */
#include "testutil.h"

#define MAXLEN 300

static uint8_t buf[MAXLEN];

/* Feeds m[0..len) in updates of the constant U (the inline path when U is
 * below the block size), then the rest, and compares with the reference. The
 * same message also goes through the exported function by name, with the
 * macro suppressed, so both paths are held to the same tags. */
#define FEED_SIP(st, m, len, U)                                                                                        \
	do {                                                                                                           \
		size_t pos_ = 0;                                                                                       \
		for (; len - pos_ >= (U); pos_ += (U))                                                                 \
			siphash_update(st, m + pos_, U);                                                               \
		siphash_update(st, m + pos_, len - pos_);                                                              \
	} while (0)
#define FEED_HALF(st, m, len, U)                                                                                       \
	do {                                                                                                           \
		size_t pos_ = 0;                                                                                       \
		for (; len - pos_ >= (U); pos_ += (U))                                                                 \
			halfsiphash_update(st, m + pos_, U);                                                           \
		halfsiphash_update(st, m + pos_, len - pos_);                                                          \
	} while (0)

static void check_sip(const uint8_t key[16], unsigned c, unsigned d, size_t len, size_t outlen)
{
	siphash_key k = siphash_key_from_bytes(key);
	uint8_t want[16], got[16];
	siphash_state st;
	size_t i;
	tu_ref_siphash(key, c, d, buf, len, want, outlen);
#define SIP_CASE(U)                                                                                                    \
	siphash_init(&st, &k, c, d, outlen);                                                                           \
	FEED_SIP(&st, buf, len, U);                                                                                    \
	memset(got, 0, sizeof got);                                                                                    \
	siphash_final(&st, got);                                                                                       \
	TU_CHECK(!memcmp(got, want, outlen), "sip c=%u d=%u len=%zu outlen=%zu update=%d", c, d, len, outlen, U);
	SIP_CASE(1)
	SIP_CASE(2)
	SIP_CASE(3)
	SIP_CASE(5)
	SIP_CASE(7)
	SIP_CASE(8)
#undef SIP_CASE
	/* Mixed: constant single bytes around a final taken mid-stream, and the
	 * exported function called by name in between. */
	siphash_init(&st, &k, c, d, outlen);
	for (i = 0; i < len; i++) {
		if (i % 3 == 2)
			(siphash_update)(&st, buf + i, 1);
		else
			siphash_update(&st, buf + i, 1);
		if (i == len / 2)
			siphash_final(&st, got);
	}
	memset(got, 0, sizeof got);
	siphash_final(&st, got);
	TU_CHECK(!memcmp(got, want, outlen), "sip mixed c=%u d=%u len=%zu outlen=%zu", c, d, len, outlen);
	/* Constant updates starting from every position in a block: a prefix of
	 * len % 8 bytes goes through the exported function first. */
	siphash_init(&st, &k, c, d, outlen);
	i = len % 8;
	(siphash_update)(&st, buf, i);
	for (; len - i >= 3; i += 3)
		siphash_update(&st, buf + i, 3);
	(siphash_update)(&st, buf + i, len - i);
	memset(got, 0, sizeof got);
	siphash_final(&st, got);
	TU_CHECK(!memcmp(got, want, outlen), "sip offset c=%u d=%u len=%zu outlen=%zu", c, d, len, outlen);
}

static void check_half(const uint8_t key[8], unsigned c, unsigned d, size_t len, size_t outlen)
{
	halfsiphash_key k = halfsiphash_key_from_bytes(key);
	uint8_t want[8], got[8];
	halfsiphash_state st;
	size_t i;
	tu_ref_halfsiphash(key, c, d, buf, len, want, outlen);
#define HALF_CASE(U)                                                                                                   \
	halfsiphash_init(&st, &k, c, d, outlen);                                                                       \
	FEED_HALF(&st, buf, len, U);                                                                                   \
	memset(got, 0, sizeof got);                                                                                    \
	halfsiphash_final(&st, got);                                                                                   \
	TU_CHECK(!memcmp(got, want, outlen), "half c=%u d=%u len=%zu outlen=%zu update=%d", c, d, len, outlen, U);
	HALF_CASE(1)
	HALF_CASE(2)
	HALF_CASE(3)
	HALF_CASE(4)
#undef HALF_CASE
	halfsiphash_init(&st, &k, c, d, outlen);
	i = len % 4;
	(halfsiphash_update)(&st, buf, i);
	for (; len - i >= 3; i += 3)
		halfsiphash_update(&st, buf + i, 3);
	(halfsiphash_update)(&st, buf + i, len - i);
	memset(got, 0, sizeof got);
	halfsiphash_final(&st, got);
	TU_CHECK(!memcmp(got, want, outlen), "half offset c=%u d=%u len=%zu outlen=%zu", c, d, len, outlen);
}

static void run(void)
{
	static const unsigned rounds[][2] = {{1, 3}, {2, 4}, {4, 8}, {3, 5}};
	uint8_t key[16];
	size_t len, r;
	for (len = 0; len <= 70; len++)
		for (r = 0; r < sizeof rounds / sizeof rounds[0]; r++) {
			tu_fill(key, sizeof key);
			tu_fill(buf, len);
			check_sip(key, rounds[r][0], rounds[r][1], len, r % 2 ? 16 : 8);
			check_half(key, rounds[r][0], rounds[r][1], len, r % 2 ? 8 : 4);
		}
	tu_fill(buf, MAXLEN);
	check_sip(key, 2, 4, MAXLEN, 8);
	check_half(key, 2, 4, MAXLEN, 4);
}

int main(void)
{
	tu_for_each_backend(run);
	return tu_finish();
}
