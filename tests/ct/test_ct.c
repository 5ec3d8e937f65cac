/* test_ct.c - ctgrind-style constant-time test: the key is undefined to memcheck, so any key-dependent branch or index
 * is an error. */
/*
 * Run under valgrind --error-exitcode=1 (CTest does, label "ctgrind"). The key
 * bytes, the key structs built from them and the streaming states initialised
 * from them are marked undefined with memcheck's client requests; memcheck
 * then reports every conditional jump and every memory address that depends
 * on them. Tags are marked defined again before they are compared with the
 * reference (computed from a public copy of the key), so the comparison is
 * not a finding. Every entry point runs on every backend, for several keys
 * and message lengths around the block and lane boundaries; siphash_verify
 * runs with both of its tags secret.
 *
 *   test_ct            the test (fails when not run under valgrind)
 *   test_ct --leak     deliberately branches on the key: memcheck must report it
 *                      (CTest expects this run to fail, proving the harness bites)
 */
#include <valgrind/memcheck.h>

#include "testutil.h"

static const size_t lengths[] = {0, 1, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32, 33, 63, 64, 65, 127, 200, 257};
#define NLEN (sizeof lengths / sizeof lengths[0])
#define NKEYS 3
#define MAXLEN 257

static uint8_t msg[MAXLEN];
static uint8_t keys[NKEYS][16];

/* Marks n bytes at p secret: memcheck treats them as uninitialised from now on. */
static void secret(void *p, size_t n)
{
	(void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
}

/* Declassifies a result: only tags leave the secret domain. */
static void public_(void *p, size_t n)
{
	(void)VALGRIND_MAKE_MEM_DEFINED(p, n);
}

/* 1 when every bit of the n bytes at p is undefined for memcheck, i.e. the
 * secret really reached what we claim to test. */
static int all_secret(const void *p, size_t n)
{
	uint8_t vbits[sizeof(siphash_state)];
	size_t i;
	if (n > sizeof vbits || VALGRIND_GET_VBITS(p, vbits, n) != 1)
		return 0;
	for (i = 0; i < n; i++)
		if (vbits[i] != 0xff)
			return 0;
	return 1;
}

static const unsigned sip_cd[][2] = {{1, 3}, {2, 4}, {4, 8}, {3, 5}, {1, 1}};
static const unsigned half_cd[][2] = {{1, 3}, {2, 4}, {3, 5}};

static void check_tag(const void *got, const uint8_t *want, size_t n, const char *what, size_t len)
{
	uint8_t g[16];
	memcpy(g, got, n);
	public_(g, n);
	TU_CHECK(!memcmp(g, want, n), "%s len=%zu", what, len);
}

static void check_u64(uint64_t got, const uint8_t *want, size_t n, const char *what, size_t len)
{
	uint8_t g[8];
	tu_store_le(g, got, n);
	check_tag(g, want, n, what, len);
}

/* SipHash: fixed, generic, streaming, for one key and one length. */
static void sip_one(const uint8_t pubkey[16], size_t len)
{
	uint8_t kb[16], want[16], got[16];
	siphash_key k;
	siphash_state st;
	size_t i, pos, step;
	memcpy(kb, pubkey, 16);
	secret(kb, 16);
	k = siphash_key_from_bytes(kb);
	secret(&k, sizeof k);
	TU_CHECK(all_secret(&k, sizeof k), "siphash key is secret");

	tu_ref_siphash(pubkey, 1, 3, msg, len, want, 8);
	check_u64(siphash13_64(&k, msg, len), want, 8, "siphash13_64", len);
	tu_ref_siphash(pubkey, 2, 4, msg, len, want, 8);
	check_u64(siphash24_64(&k, msg, len), want, 8, "siphash24_64", len);
	tu_ref_siphash(pubkey, 4, 8, msg, len, want, 8);
	check_u64(siphash48_64(&k, msg, len), want, 8, "siphash48_64", len);
	tu_ref_siphash(pubkey, 1, 3, msg, len, want, 16);
	siphash13_128(&k, msg, len, got);
	check_tag(got, want, 16, "siphash13_128", len);
	tu_ref_siphash(pubkey, 2, 4, msg, len, want, 16);
	siphash24_128(&k, msg, len, got);
	check_tag(got, want, 16, "siphash24_128", len);
	tu_ref_siphash(pubkey, 4, 8, msg, len, want, 16);
	siphash48_128(&k, msg, len, got);
	check_tag(got, want, 16, "siphash48_128", len);

	for (i = 0; i < sizeof sip_cd / sizeof sip_cd[0]; i++) {
		unsigned c = sip_cd[i][0], d = sip_cd[i][1];
		size_t outlen = (len + i) % 2 ? 16 : 8;
		tu_ref_siphash(pubkey, c, d, msg, len, want, outlen);
		TU_CHECK(siphash_hash(&k, c, d, msg, len, got, outlen) == SIPHASH_OK, "siphash_hash rc");
		check_tag(got, want, outlen, "siphash_hash", len);

		/* Streaming: the state is secret from init on; odd splits cross block boundaries. */
		TU_CHECK(siphash_init(&st, &k, c, d, outlen) == SIPHASH_OK, "siphash_init rc");
		secret(st.v, sizeof st.v);
		TU_CHECK(all_secret(st.v, sizeof st.v), "siphash state is secret");
		for (pos = 0, step = 1 + i; pos < len; pos += step, step = step * 3 % 37 + 1)
			siphash_update(&st, msg + pos, step < len - pos ? step : len - pos);
		siphash_final(&st, got);
		check_tag(got, want, outlen, "siphash stream", len);
		siphash_wipe(&st, sizeof st);
	}
	siphash_wipe(&k, sizeof k);
}

static void half_one(const uint8_t pubkey[8], size_t len)
{
	uint8_t kb[8], want[16], got[16];
	halfsiphash_key k;
	halfsiphash_state st;
	size_t i, pos, step;
	memcpy(kb, pubkey, 8);
	secret(kb, 8);
	k = halfsiphash_key_from_bytes(kb);
	secret(&k, sizeof k);
	TU_CHECK(all_secret(&k, sizeof k), "halfsiphash key is secret");

	tu_ref_halfsiphash(pubkey, 1, 3, msg, len, want, 4);
	check_u64(halfsiphash13_32(&k, msg, len), want, 4, "halfsiphash13_32", len);
	tu_ref_halfsiphash(pubkey, 2, 4, msg, len, want, 4);
	check_u64(halfsiphash24_32(&k, msg, len), want, 4, "halfsiphash24_32", len);
	tu_ref_halfsiphash(pubkey, 1, 3, msg, len, want, 8);
	check_u64(halfsiphash13_64(&k, msg, len), want, 8, "halfsiphash13_64", len);
	tu_ref_halfsiphash(pubkey, 2, 4, msg, len, want, 8);
	check_u64(halfsiphash24_64(&k, msg, len), want, 8, "halfsiphash24_64", len);

	for (i = 0; i < sizeof half_cd / sizeof half_cd[0]; i++) {
		unsigned c = half_cd[i][0], d = half_cd[i][1];
		size_t outlen = (len + i) % 2 ? 8 : 4;
		tu_ref_halfsiphash(pubkey, c, d, msg, len, want, outlen);
		TU_CHECK(halfsiphash_hash(&k, c, d, msg, len, got, outlen) == SIPHASH_OK, "halfsiphash_hash rc");
		check_tag(got, want, outlen, "halfsiphash_hash", len);

		TU_CHECK(halfsiphash_init(&st, &k, c, d, outlen) == SIPHASH_OK, "halfsiphash_init rc");
		secret(st.v, sizeof st.v);
		TU_CHECK(all_secret(st.v, sizeof st.v), "halfsiphash state is secret");
		for (pos = 0, step = 1 + i; pos < len; pos += step, step = step * 3 % 37 + 1)
			halfsiphash_update(&st, msg + pos, step < len - pos ? step : len - pos);
		halfsiphash_final(&st, got);
		check_tag(got, want, outlen, "halfsiphash stream", len);
		siphash_wipe(&st, sizeof st);
	}
	siphash_wipe(&k, sizeof k);
}

/* Batch: every length of the table at once, so SIMD lanes run with unequal
 * lengths and every lane count up to NLEN. */
static void batch_one(const uint8_t pubkey[16])
{
	const void *data[NLEN];
	size_t len[NLEN], i;
	uint64_t o64[NLEN];
	uint32_t o32[NLEN];
	uint8_t o128[NLEN][16], want[16], kb[16];
	siphash_key k;
	halfsiphash_key hk;
	memcpy(kb, pubkey, 16);
	secret(kb, 16);
	k = siphash_key_from_bytes(kb);
	hk = halfsiphash_key_from_bytes(kb);
	secret(&k, sizeof k);
	secret(&hk, sizeof hk);
	for (i = 0; i < NLEN; i++) {
		data[i] = msg + (MAXLEN - lengths[i]) / 2;
		len[i] = lengths[i];
	}
#define SIP_BATCH(fn, c, d, out, outlen, store)                                                                        \
	do {                                                                                                           \
		fn(&k, data, len, NLEN, out);                                                                          \
		public_(out, sizeof out);                                                                              \
		for (i = 0; i < NLEN; i++) {                                                                           \
			tu_ref_siphash(pubkey, c, d, (const uint8_t *)data[i], len[i], want, outlen);                  \
			store;                                                                                         \
		}                                                                                                      \
	} while (0)
#define HALF_BATCH(fn, c, d, out, outlen)                                                                              \
	do {                                                                                                           \
		fn(&hk, data, len, NLEN, out);                                                                         \
		public_(out, sizeof out);                                                                              \
		for (i = 0; i < NLEN; i++) {                                                                           \
			tu_ref_halfsiphash(pubkey, c, d, (const uint8_t *)data[i], len[i], want, outlen);              \
			check_u64(out[i], want, outlen, #fn, len[i]);                                                  \
		}                                                                                                      \
	} while (0)
	SIP_BATCH(siphash13_64_batch, 1, 3, o64, 8, check_u64(o64[i], want, 8, "siphash13_64_batch", len[i]));
	SIP_BATCH(siphash24_64_batch, 2, 4, o64, 8, check_u64(o64[i], want, 8, "siphash24_64_batch", len[i]));
	SIP_BATCH(siphash48_64_batch, 4, 8, o64, 8, check_u64(o64[i], want, 8, "siphash48_64_batch", len[i]));
	SIP_BATCH(siphash13_128_batch, 1, 3, o128, 16, check_tag(o128[i], want, 16, "siphash13_128_batch", len[i]));
	SIP_BATCH(siphash24_128_batch, 2, 4, o128, 16, check_tag(o128[i], want, 16, "siphash24_128_batch", len[i]));
	SIP_BATCH(siphash48_128_batch, 4, 8, o128, 16, check_tag(o128[i], want, 16, "siphash48_128_batch", len[i]));
	HALF_BATCH(halfsiphash13_32_batch, 1, 3, o32, 4);
	HALF_BATCH(halfsiphash24_32_batch, 2, 4, o32, 4);
	HALF_BATCH(halfsiphash13_64_batch, 1, 3, o64, 8);
	HALF_BATCH(halfsiphash24_64_batch, 2, 4, o64, 8);
#undef SIP_BATCH
#undef HALF_BATCH
	siphash_wipe(&k, sizeof k);
	siphash_wipe(&hk, sizeof hk);
}

/* siphash_verify with both tags secret: no branch or index on their bytes,
 * for equal tags and for tags that differ in one byte, at every tag size and
 * at lengths around a word; only the answer is declassified. */
static void verify_one(void)
{
	static const size_t sizes[] = {1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33};
	uint8_t a[40], b[40];
	size_t i, pos;
	int rc;
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		const size_t n = sizes[i];
		for (pos = 0; pos <= n; pos++) { /* pos == n: equal */
			memcpy(a, msg, n);
			memcpy(b, msg, n);
			if (pos < n)
				b[pos] ^= 0x40;
			secret(a, n);
			secret(b, n);
			rc = siphash_verify(a, b, n);
			public_(&rc, sizeof rc);
			TU_CHECK(rc == (pos < n ? SIPHASH_EMISMATCH : SIPHASH_OK),
			         "siphash_verify n=%zu differing at %zu", n, pos);
		}
	}
}

static void run(void)
{
	size_t kix, l;
	printf("backend %s\n", tu_backend);
	for (kix = 0; kix < NKEYS; kix++) {
		for (l = 0; l < NLEN; l++) {
			sip_one(keys[kix], lengths[l]);
			half_one(keys[kix], lengths[l]);
		}
		batch_one(keys[kix]);
	}
}

/* A deliberate leak: a branch on a key bit. Memcheck must flag it. */
static int leak(void)
{
	uint8_t kb[16];
	siphash_key k;
	volatile int sink = 0;
	memcpy(kb, keys[0], 16);
	secret(kb, 16);
	k = siphash_key_from_bytes(kb);
	if (siphash24_64(&k, msg, 8) & 1)
		sink = 1;
	printf("deliberate key-dependent branch taken: %d\n", sink);
	return 0;
}

int main(int argc, char **argv)
{
	int n;
	tu_fill(msg, sizeof msg);
	tu_fill(keys, sizeof keys);
	memset(keys[1], 0, 16); /* all-zero and (almost) all-ones keys beside a random one */
	memset(keys[2], 0xff, 15);
	if (!RUNNING_ON_VALGRIND) {
		fprintf(stderr, "test_ct must run under valgrind (memcheck): the checks are memcheck's\n");
		return 1;
	}
	if (argc > 1 && !strcmp(argv[1], "--leak"))
		return leak();
	/* Detection and the choice of backend read no secret; do them before marking anything. */
	siphash_backend_active();
	n = tu_for_each_backend(run);
	verify_one(); /* the same code on every backend: once */
	printf("%d backends checked, %lu memcheck errors\n", n, (unsigned long)VALGRIND_COUNT_ERRORS);
	TU_CHECK(VALGRIND_COUNT_ERRORS == 0, "memcheck found branches or indexes on secret data (see above)");
	return tu_finish();
}
