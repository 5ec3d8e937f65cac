/* test_random.c - random keys, messages and round counts: every entry point against the independent reference, on every
 * backend. */
#include "testutil.h"

#define MAXLEN 4100

static uint8_t buf[MAXLEN + 64];

/* One SipHash message of len bytes at buf+off checked through generic, fixed (when c,d is fixed) and streaming. */
static void check_sip(const uint8_t key[16], unsigned c, unsigned d, size_t off, size_t len, size_t outlen)
{
	siphash_key k = siphash_key_from_bytes(key);
	const uint8_t *m = buf + off;
	uint8_t want[16], got[16];
	siphash_state st;
	size_t pos = 0;
	tu_ref_siphash(key, c, d, m, len, want, outlen);
	memset(got, 0, sizeof got);
	TU_CHECK(siphash_hash(&k, c, d, m, len, got, outlen) == SIPHASH_OK && !memcmp(got, want, outlen),
	         "siphash_hash c=%u d=%u len=%zu off=%zu outlen=%zu", c, d, len, off, outlen);
	if (outlen == 8) {
		uint64_t t = (c == 1 && d == 3)   ? siphash13_64(&k, m, len)
		             : (c == 2 && d == 4) ? siphash24_64(&k, m, len)
		             : (c == 4 && d == 8) ? siphash48_64(&k, m, len)
		                                  : 0;
		if ((c == 1 && d == 3) || (c == 2 && d == 4) || (c == 4 && d == 8)) {
			tu_store_le(got, t, 8);
			TU_CHECK(!memcmp(got, want, 8), "fixed sip%u%u_64 len=%zu off=%zu", c, d, len, off);
		}
	} else if ((c == 1 && d == 3) || (c == 2 && d == 4) || (c == 4 && d == 8)) {
		memset(got, 0, sizeof got);
		if (c == 1)
			siphash13_128(&k, m, len, got);
		else if (c == 2)
			siphash24_128(&k, m, len, got);
		else
			siphash48_128(&k, m, len, got);
		TU_CHECK(!memcmp(got, want, 16), "fixed sip%u%u_128 len=%zu off=%zu", c, d, len, off);
	}
	TU_CHECK(siphash_init(&st, &k, c, d, outlen) == SIPHASH_OK, "init");
	while (pos < len) {
		size_t step = (size_t)(tu_rand() % (tu_rand() % 2 ? 9 : 700));
		if (step > len - pos)
			step = len - pos;
		siphash_update(&st, m + pos, step);
		pos += step;
	}
	memset(got, 0, sizeof got);
	siphash_final(&st, got);
	TU_CHECK(!memcmp(got, want, outlen), "stream c=%u d=%u len=%zu outlen=%zu", c, d, len, outlen);
}

static void check_half(const uint8_t key[8], unsigned c, unsigned d, size_t off, size_t len, size_t outlen)
{
	halfsiphash_key k = halfsiphash_key_from_bytes(key);
	const uint8_t *m = buf + off;
	uint8_t want[8], got[8];
	halfsiphash_state st;
	size_t pos = 0;
	int fixed = (c == 1 && d == 3) || (c == 2 && d == 4);
	tu_ref_halfsiphash(key, c, d, m, len, want, outlen);
	memset(got, 0, sizeof got);
	TU_CHECK(halfsiphash_hash(&k, c, d, m, len, got, outlen) == SIPHASH_OK && !memcmp(got, want, outlen),
	         "halfsiphash_hash c=%u d=%u len=%zu off=%zu outlen=%zu", c, d, len, off, outlen);
	if (fixed && outlen == 4) {
		tu_store_le(got, c == 1 ? halfsiphash13_32(&k, m, len) : halfsiphash24_32(&k, m, len), 4);
		TU_CHECK(!memcmp(got, want, 4), "fixed half%u%u_32 len=%zu", c, d, len);
	} else if (fixed) {
		tu_store_le(got, c == 1 ? halfsiphash13_64(&k, m, len) : halfsiphash24_64(&k, m, len), 8);
		TU_CHECK(!memcmp(got, want, 8), "fixed half%u%u_64 len=%zu", c, d, len);
	}
	TU_CHECK(halfsiphash_init(&st, &k, c, d, outlen) == SIPHASH_OK, "init");
	while (pos < len) {
		size_t step = (size_t)(tu_rand() % (tu_rand() % 2 ? 5 : 300));
		if (step > len - pos)
			step = len - pos;
		halfsiphash_update(&st, m + pos, step);
		pos += step;
	}
	memset(got, 0, sizeof got);
	halfsiphash_final(&st, got);
	TU_CHECK(!memcmp(got, want, outlen), "half stream c=%u d=%u len=%zu outlen=%zu", c, d, len, outlen);
}

static void run(void)
{
	static const unsigned fixed_cd[][2] = {{1, 3}, {2, 4}, {4, 8}};
	uint8_t key[16];
	int i;
	for (i = 0; i < 1500; i++) {
		/* mostly short messages, where tails and length bytes matter; some long ones */
		size_t len = (size_t)(i % 5 == 0 ? tu_rand() % MAXLEN : tu_rand() % 80);
		size_t off = (size_t)(tu_rand() % 8);
		unsigned c, d;
		tu_fill(key, sizeof key);
		tu_fill(buf, sizeof buf);
		if (i % 3) { /* each fixed pair, with either tag size */
			c = fixed_cd[(i / 3) % 3][0];
			d = fixed_cd[(i / 3) % 3][1];
		} else {
			c = 1 + (unsigned)(tu_rand() % 8);
			d = 1 + (unsigned)(tu_rand() % 8);
		}
		check_sip(key, c, d, off, len, i % 2 ? 8 : 16);
		check_half(key, c > 4 ? 2 : c, d > 4 ? 4 : d, off, len, i % 2 ? 4 : 8);
	}
	/* lengths past 255 wrap in the length byte; round counts at the limit */
	tu_fill(key, sizeof key);
	check_sip(key, 2, 4, 3, 256, 8);
	check_sip(key, 2, 4, 0, 263, 16);
	check_sip(key, SIPHASH_MAX_ROUNDS, SIPHASH_MAX_ROUNDS, 1, 100, 16);
	check_half(key, SIPHASH_MAX_ROUNDS, 1, 2, 513, 8);
}

int main(void)
{
	tu_for_each_backend(run);
	return tu_finish();
}
