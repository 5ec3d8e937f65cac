/* test_errors.c - every documented error: SIPHASH_EINVAL cases write nothing, NULL pointers never crash, outputs stay
 * in bounds. */
#include "testutil.h"

static const uint8_t kb[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

/* True when all n bytes still hold the canary. */
static int untouched(const uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (p[i] != 0xa5)
			return 0;
	return 1;
}

static void check_hash_errors(void)
{
	siphash_key k = siphash_key_from_bytes(kb);
	halfsiphash_key hk = halfsiphash_key_from_bytes(kb);
	uint8_t out[32];
	size_t ol;
	static const unsigned bad_rounds[][2] = {
	        {0, 4}, {2, 0}, {0, 0}, {SIPHASH_MAX_ROUNDS + 1, 4}, {2, SIPHASH_MAX_ROUNDS + 1}, {~0u, 4}};
	size_t i;
	for (i = 0; i < sizeof bad_rounds / sizeof bad_rounds[0]; i++) {
		unsigned c = bad_rounds[i][0], d = bad_rounds[i][1];
		memset(out, 0xa5, sizeof out);
		TU_CHECK(siphash_hash(&k, c, d, "abc", 3, out, 8) == SIPHASH_EINVAL && untouched(out, 32),
		         "siphash_hash c=%u d=%u", c, d);
		TU_CHECK(halfsiphash_hash(&hk, c, d, "abc", 3, out, 4) == SIPHASH_EINVAL && untouched(out, 32),
		         "halfsiphash_hash c=%u d=%u", c, d);
	}
	for (ol = 0; ol <= 32; ol++) {
		int sip_ok = ol == 8 || ol == 16, half_ok = ol == 4 || ol == 8;
		memset(out, 0xa5, sizeof out);
		TU_CHECK(siphash_hash(&k, 2, 4, "abc", 3, out, ol) == (sip_ok ? SIPHASH_OK : SIPHASH_EINVAL),
		         "siphash_hash outlen %zu", ol);
		TU_CHECK(sip_ok ? untouched(out + ol, 32 - ol) : untouched(out, 32),
		         "siphash_hash wrote past outlen %zu", ol);
		memset(out, 0xa5, sizeof out);
		TU_CHECK(halfsiphash_hash(&hk, 2, 4, "abc", 3, out, ol) == (half_ok ? SIPHASH_OK : SIPHASH_EINVAL),
		         "halfsiphash_hash outlen %zu", ol);
		TU_CHECK(half_ok ? untouched(out + ol, 32 - ol) : untouched(out, 32),
		         "halfsiphash_hash wrote past outlen %zu", ol);
	}
	memset(out, 0xa5, sizeof out);
	TU_CHECK(siphash_hash(NULL, 2, 4, "abc", 3, out, 8) == SIPHASH_EINVAL && untouched(out, 32), "NULL key");
	TU_CHECK(siphash_hash(&k, 2, 4, "abc", 3, NULL, 8) == SIPHASH_EINVAL, "NULL out");
	TU_CHECK(siphash_hash(&k, 2, 4, NULL, 1, out, 8) == SIPHASH_EINVAL && untouched(out, 32), "NULL data, len 1");
	TU_CHECK(halfsiphash_hash(NULL, 2, 4, "abc", 3, out, 4) == SIPHASH_EINVAL && untouched(out, 32), "NULL key");
	TU_CHECK(halfsiphash_hash(&hk, 2, 4, "abc", 3, NULL, 4) == SIPHASH_EINVAL, "NULL out");
	TU_CHECK(halfsiphash_hash(&hk, 2, 4, NULL, 7, out, 4) == SIPHASH_EINVAL && untouched(out, 32), "NULL data");
	/* NULL data with length 0 is the empty message */
	TU_CHECK(siphash_hash(&k, 2, 4, NULL, 0, out, 8) == SIPHASH_OK, "NULL data, len 0");
	TU_CHECK(halfsiphash_hash(&hk, 2, 4, NULL, 0, out, 4) == SIPHASH_OK, "NULL data, len 0");
	TU_CHECK(siphash_hash(&k, 1, SIPHASH_MAX_ROUNDS, "", 0, out, 16) == SIPHASH_OK, "max rounds accepted");
}

static void check_stream_errors(void)
{
	siphash_key k = siphash_key_from_bytes(kb);
	halfsiphash_key hk = halfsiphash_key_from_bytes(kb);
	siphash_state s, s_before;
	halfsiphash_state h, h_before;
	uint8_t out[32];
	size_t ol;
	memset(&s, 0xa5, sizeof s);
	memset(&h, 0xa5, sizeof h);
	s_before = s;
	h_before = h;
	for (ol = 0; ol <= 32; ol++) {
		if (ol != 8 && ol != 16)
			TU_CHECK(siphash_init(&s, &k, 2, 4, ol) == SIPHASH_EINVAL, "siphash_init outlen %zu", ol);
		if (ol != 4 && ol != 8)
			TU_CHECK(halfsiphash_init(&h, &hk, 2, 4, ol) == SIPHASH_EINVAL, "halfsiphash_init outlen %zu",
			         ol);
	}
	TU_CHECK(siphash_init(&s, &k, 0, 4, 8) == SIPHASH_EINVAL, "c=0");
	TU_CHECK(siphash_init(&s, &k, 2, SIPHASH_MAX_ROUNDS + 1, 8) == SIPHASH_EINVAL, "d>max");
	TU_CHECK(siphash_init(&s, NULL, 2, 4, 8) == SIPHASH_EINVAL, "NULL key");
	TU_CHECK(siphash_init(NULL, &k, 2, 4, 8) == SIPHASH_EINVAL, "NULL state");
	TU_CHECK(halfsiphash_init(&h, &hk, 2, 0, 4) == SIPHASH_EINVAL, "d=0");
	TU_CHECK(halfsiphash_init(&h, NULL, 2, 4, 4) == SIPHASH_EINVAL, "NULL key");
	TU_CHECK(halfsiphash_init(NULL, &hk, 2, 4, 4) == SIPHASH_EINVAL, "NULL state");
	TU_CHECK(!memcmp(&s, &s_before, sizeof s) && !memcmp(&h, &h_before, sizeof h), "failed init left state");

	/* NULL arguments to update/final are ignored, and do not disturb a good state */
	TU_CHECK(siphash_init(&s, &k, 2, 4, 8) == SIPHASH_OK, "init");
	siphash_update(&s, "abc", 3);
	siphash_update(&s, NULL, 5);
	siphash_update(NULL, "abc", 3);
	/* The same through the exported function (the lines above take the
	 * header's inline path: constant lengths). */
	(siphash_update)(&s, NULL, 5);
	(siphash_update)(NULL, "abc", 3);
	siphash_final(NULL, out);
	siphash_final(&s, NULL);
	memset(out, 0, sizeof out);
	siphash_final(&s, out);
	{
		uint8_t want[8];
		TU_CHECK(siphash_hash(&k, 2, 4, "abc", 3, want, 8) == SIPHASH_OK && !memcmp(out, want, 8),
		         "NULL update ignored");
	}
	TU_CHECK(halfsiphash_init(&h, &hk, 2, 4, 4) == SIPHASH_OK, "init");
	halfsiphash_update(&h, NULL, 3);
	halfsiphash_update(NULL, "abc", 3);
	(halfsiphash_update)(&h, NULL, 5);
	(halfsiphash_update)(NULL, "abc", 3);
	halfsiphash_final(NULL, out);
	halfsiphash_final(&h, NULL);
	memset(out, 0xa5, sizeof out);
	halfsiphash_final(&h, out);
	TU_CHECK(untouched(out + 4, 28), "half final writes 4 bytes only");
	{
		uint8_t want[4];
		TU_CHECK(halfsiphash_hash(&hk, 2, 4, "", 0, want, 4) == SIPHASH_OK && !memcmp(out, want, 4),
		         "half NULL update ignored");
	}
}

/* final writes exactly outlen bytes, the one-shot tag; a zeroed state (wiped,
 * or never initialised) makes final write nothing. One function per kind. */
#define CHECK_STREAM_OUTPUT(fn, prefix, key_from_bytes)                                                                \
	static void fn(size_t outlen)                                                                                  \
	{                                                                                                              \
		prefix##_key k = key_from_bytes(kb);                                                                   \
		prefix##_state s;                                                                                      \
		uint8_t out[32], want[16];                                                                             \
		TU_CHECK(prefix##_init(&s, &k, 1, 3, outlen) == SIPHASH_OK, #prefix "_init %zu", outlen);              \
		(prefix##_update)(&s, "stream bounds", 13);                                                            \
		memset(out, 0xa5, sizeof out);                                                                         \
		prefix##_final(&s, out);                                                                               \
		TU_CHECK(prefix##_hash(&k, 1, 3, "stream bounds", 13, want, outlen) == SIPHASH_OK &&                   \
		                 !memcmp(out, want, outlen) && untouched(out + outlen, 32 - outlen),                   \
		         #prefix "_final writes its %zu bytes only", outlen);                                          \
		siphash_wipe(&s, sizeof s);                                                                            \
		memset(out, 0xa5, sizeof out);                                                                         \
		prefix##_final(&s, out);                                                                               \
		TU_CHECK(untouched(out, 32), #prefix "_final on a wiped state writes nothing");                        \
	}
CHECK_STREAM_OUTPUT(check_sip_stream_output, siphash, siphash_key_from_bytes)
CHECK_STREAM_OUTPUT(check_half_stream_output, halfsiphash, halfsiphash_key_from_bytes)

static void check_stream_outputs(void)
{
	check_sip_stream_output(8);
	check_sip_stream_output(16);
	check_half_stream_output(4);
	check_half_stream_output(8);
}

/* siphash_wipe zeroes exactly n bytes, at any alignment and length. */
static void check_wipe(void)
{
	uint8_t buf[80];
	size_t off, n, i;
	for (off = 0; off < 8; off++)
		for (n = 0; n <= 64; n++) {
			memset(buf, 0xa5, sizeof buf);
			siphash_wipe(buf + off, n);
			for (i = 0; i < sizeof buf; i++)
				if (buf[i] != (i >= off && i < off + n ? 0 : 0xa5))
					break;
			TU_CHECK(i == sizeof buf, "siphash_wipe(buf + %zu, %zu): byte %zu", off, n, i);
		}
}

static void check_fixed_and_batch_errors(void)
{
	siphash_key k = siphash_key_from_bytes(kb);
	halfsiphash_key hk = halfsiphash_key_from_bytes(kb);
	uint8_t out[32];
	const void *data[3] = {"a", NULL, "ccc"};
	const size_t len[3] = {1, 2, 3};
	const size_t len0[3] = {1, 0, 3};
	uint64_t o64[3];
	uint32_t o32[3];
	uint8_t o128[3][16];

	TU_CHECK(siphash24_64(NULL, "abc", 3) == 0 && siphash13_64(&k, NULL, 3) == 0, "fixed 64 bad input gives 0");
	TU_CHECK(halfsiphash24_32(NULL, "abc", 3) == 0 && halfsiphash13_64(&hk, NULL, 1) == 0,
	         "half bad input gives 0");
	memset(out, 0xa5, sizeof out);
	siphash24_128(NULL, "abc", 3, out);
	siphash48_128(&k, NULL, 3, out);
	siphash13_128(&k, "abc", 3, NULL);
	TU_CHECK(untouched(out, 32), "fixed 128 bad input writes nothing");
	TU_CHECK(siphash24_64(&k, NULL, 0) == siphash24_64(&k, "", 0), "NULL data, len 0, is the empty message");
	TU_CHECK(siphash13_64(&k, NULL, 0) == siphash13_64(&k, "", 0) &&
	                 siphash48_64(&k, NULL, 0) == siphash48_64(&k, "", 0) &&
	                 halfsiphash13_32(&hk, NULL, 0) == halfsiphash13_32(&hk, "", 0) &&
	                 halfsiphash24_32(&hk, NULL, 0) == halfsiphash24_32(&hk, "", 0) &&
	                 halfsiphash13_64(&hk, NULL, 0) == halfsiphash13_64(&hk, "", 0) &&
	                 halfsiphash24_64(&hk, NULL, 0) == halfsiphash24_64(&hk, "", 0),
	         "NULL data, len 0, in every 64/32-bit fixed variant");
	{
		uint8_t a[16], b[16];
		siphash13_128(&k, NULL, 0, a);
		siphash13_128(&k, "", 0, b);
		TU_CHECK(!memcmp(a, b, 16), "siphash13_128 NULL data, len 0");
		siphash24_128(&k, NULL, 0, a);
		siphash24_128(&k, "", 0, b);
		TU_CHECK(!memcmp(a, b, 16), "siphash24_128 NULL data, len 0");
		siphash48_128(&k, NULL, 0, a);
		siphash48_128(&k, "", 0, b);
		TU_CHECK(!memcmp(a, b, 16), "siphash48_128 NULL data, len 0");
	}

	/* a NULL message with a length: that message gets what its one-shot
	 * call gives (0, or nothing written), the others their tags */
	memset(o64, 0xa5, sizeof o64);
	memset(o32, 0xa5, sizeof o32);
	memset(o128, 0xa5, sizeof o128);
	siphash24_64_batch(&k, data, len, 3, o64);
	TU_CHECK(o64[0] == siphash24_64(&k, "a", 1) && o64[1] == 0 && o64[2] == siphash24_64(&k, "ccc", 3),
	         "siphash24_64_batch, a NULL message with a length");
	siphash13_128_batch(&k, data, len, 3, o128);
	{
		uint8_t t0[16], t2[16];
		siphash13_128(&k, "a", 1, t0);
		siphash13_128(&k, "ccc", 3, t2);
		TU_CHECK(!memcmp(o128[0], t0, 16) && untouched(o128[1], 16) && !memcmp(o128[2], t2, 16),
		         "siphash13_128_batch, a NULL message with a length");
	}
	halfsiphash24_32_batch(&hk, data, len, 3, o32);
	TU_CHECK(o32[0] == halfsiphash24_32(&hk, "a", 1) && o32[1] == 0 && o32[2] == halfsiphash24_32(&hk, "ccc", 3),
	         "halfsiphash24_32_batch, a NULL message with a length");
	halfsiphash13_64_batch(&hk, data, len, 3, o64);
	TU_CHECK(o64[0] == halfsiphash13_64(&hk, "a", 1) && o64[1] == 0 && o64[2] == halfsiphash13_64(&hk, "ccc", 3),
	         "halfsiphash13_64_batch, a NULL message with a length");
	/* a NULL key: every message gets 0, or nothing written */
	memset(o128, 0xa5, sizeof o128);
	siphash24_64_batch(NULL, data, len0, 3, o64);
	halfsiphash24_32_batch(NULL, data, len0, 3, o32);
	siphash48_128_batch(NULL, data, len0, 3, o128);
	TU_CHECK(!o64[0] && !o64[1] && !o64[2] && !o32[0] && !o32[1] && !o32[2] && untouched(&o128[0][0], sizeof o128),
	         "a batch with a NULL key");
	/* NULL arrays or a NULL out: no message can be hashed, nothing is written */
	memset(o64, 0xa5, sizeof o64);
	siphash24_64_batch(&k, NULL, len0, 3, o64);
	siphash24_64_batch(&k, data, NULL, 3, o64);
	siphash24_64_batch(&k, data, len0, 3, NULL);
	siphash24_128_batch(&k, NULL, len0, 3, o128);
	TU_CHECK(untouched((const uint8_t *)o64, sizeof o64) && untouched(&o128[0][0], sizeof o128),
	         "a batch with NULL arrays writes nothing");
	memset(o32, 0xa5, sizeof o32);
	/* n = 0 with NULL arrays is a valid empty batch, and writes nothing */
	siphash24_64_batch(&k, NULL, NULL, 0, o64);
	halfsiphash13_32_batch(&hk, NULL, NULL, 0, o32);
	siphash48_128_batch(&k, NULL, NULL, 0, o128);
	TU_CHECK(untouched((const uint8_t *)o64, sizeof o64) && untouched((const uint8_t *)o32, sizeof o32) &&
	                 untouched(&o128[0][0], sizeof o128),
	         "empty batch writes nothing");
	/* a NULL message of length 0 is fine */
	siphash24_64_batch(&k, data, len0, 3, o64);
	TU_CHECK(o64[1] == siphash24_64(&k, "", 0) && o64[2] == siphash24_64(&k, "ccc", 3), "NULL empty lane");
	TU_CHECK(siphash_key_from_bytes(NULL).k0 == 0 && siphash_key_from_bytes(NULL).k1 == 0 &&
	                 halfsiphash_key_from_bytes(NULL).k0 == 0 && halfsiphash_key_from_bytes(NULL).k1 == 0,
	         "NULL key bytes");
	siphash_wipe(NULL, 10);
}

/* A NULL message with a length, at every place of batches of every size up
 * to 70: the backends scan the arrays in vectors, with a scalar tail, and a
 * batch with one runs message by message. */
static void check_batch_null_anywhere(void)
{
	static const uint8_t msg[8] = "abcdefg";
	siphash_key k = siphash_key_from_bytes(kb);
	halfsiphash_key hk = halfsiphash_key_from_bytes(kb);
	const void *data[70];
	size_t len[70], n, bad, i;
	uint64_t o64[70];
	uint32_t o32[70];
	for (n = 1; n <= 70; n++) {
		for (bad = 0; bad < n; bad++) {
			for (i = 0; i < n; i++) {
				data[i] = i == bad ? NULL : msg;
				len[i] = i == bad ? 1 + i % 7 : i % 8;
			}
			memset(o64, 0xa5, sizeof o64);
			memset(o32, 0xa5, sizeof o32);
			siphash13_64_batch(&k, data, len, n, o64);
			halfsiphash24_32_batch(&hk, data, len, n, o32);
			for (i = 0; i < n; i++)
				if (o64[i] != siphash13_64(&k, data[i], len[i]) ||
				    o32[i] != halfsiphash24_32(&hk, data[i], len[i]))
					break;
			TU_CHECK(i == n && !o64[bad] && !o32[bad] &&
			                 untouched((const uint8_t *)(o64 + n), 8 * (70 - n)) &&
			                 untouched((const uint8_t *)(o32 + n), 4 * (70 - n)),
			         "n=%zu: NULL message %zu of length %zu gets 0, the others their tags", n, bad,
			         len[bad]);
			len[bad] = 0; /* the empty message may be NULL */
			siphash13_64_batch(&k, data, len, n, o64);
			TU_CHECK(o64[bad] == siphash13_64(&k, "", 0) && o64[n - 1] == siphash13_64(&k, msg, len[n - 1]),
			         "n=%zu: NULL empty message %zu hashed", n, bad);
		}
	}
}

static void run(void)
{
	check_hash_errors();
	check_stream_errors();
	check_stream_outputs();
	check_fixed_and_batch_errors();
	check_batch_null_anywhere();
}

int main(void)
{
	check_wipe();
	tu_for_each_backend(run);
	return tu_finish();
}
