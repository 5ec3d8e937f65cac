/* fuzz_agree.c - libFuzzer target: one message through every entry point and backend must agree with the reference and
 * OpenSSL. */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Input layout (every field is optional: missing bytes read as 0):
 *   flags  bit 0-2 misalignment of the message, bit 3 SipHash tag of 16 bytes,
 *          bit 4 HalfSipHash tag of 8 bytes, bit 5 empty lanes get NULL data
 *   c, d   1 + byte % SIPHASH_MAX_ROUNDS
 *   key    16 bytes (HalfSipHash uses the first 8)
 *   nsplit byte % 17, then nsplit chunk lengths (one byte each) for streaming
 *   nlanes byte % 10, then per lane an offset byte and a length byte (a slice of the message)
 *   the rest is the message
 */
#define MAX_SPLITS 16
#define MAX_LANES 9

typedef struct input {
	unsigned flags, c, d;
	size_t outlen, houtlen;
	uint8_t key[16];
	size_t nsplit, split[MAX_SPLITS];
	size_t nlanes, lane_off[MAX_LANES], lane_len[MAX_LANES];
	const uint8_t *msg;
	size_t len;
} input;

static const unsigned sip_cd[3][2] = {{1, 3}, {2, 4}, {4, 8}};
static const unsigned half_cd[2][2] = {{1, 3}, {2, 4}};

typedef uint64_t (*sip64_fn)(const siphash_key *, const void *, size_t);
typedef void (*sip128_fn)(const siphash_key *, const void *, size_t, uint8_t[16]);
typedef uint32_t (*half32_fn)(const halfsiphash_key *, const void *, size_t);
typedef uint64_t (*half64_fn)(const halfsiphash_key *, const void *, size_t);
typedef void (*sip64_batch_fn)(const siphash_key *, const void *const *, const size_t *, size_t, uint64_t *);
typedef void (*sip128_batch_fn)(const siphash_key *, const void *const *, const size_t *, size_t, uint8_t (*)[16]);
typedef void (*half32_batch_fn)(const halfsiphash_key *, const void *const *, const size_t *, size_t, uint32_t *);
typedef void (*half64_batch_fn)(const halfsiphash_key *, const void *const *, const size_t *, size_t, uint64_t *);

static const sip64_fn sip64[3] = {siphash13_64, siphash24_64, siphash48_64};
static const sip128_fn sip128[3] = {siphash13_128, siphash24_128, siphash48_128};
static const half32_fn half32[2] = {halfsiphash13_32, halfsiphash24_32};
static const half64_fn half64[2] = {halfsiphash13_64, halfsiphash24_64};
static const sip64_batch_fn sip64_batch[3] = {siphash13_64_batch, siphash24_64_batch, siphash48_64_batch};
static const sip128_batch_fn sip128_batch[3] = {siphash13_128_batch, siphash24_128_batch, siphash48_128_batch};
static const half32_batch_fn half32_batch[2] = {halfsiphash13_32_batch, halfsiphash24_32_batch};
static const half64_batch_fn half64_batch[2] = {halfsiphash13_64_batch, halfsiphash24_64_batch};

/* The reference tags of the message, computed once per input. */
typedef struct expected {
	uint8_t sip[16], half[8];
	uint8_t fixed_sip[3][2][16]; /* 1-3, 2-4, 4-8 x 64, 128 bits */
	uint8_t fixed_half[2][2][8]; /* 1-3, 2-4 x 32, 64 bits */
} expected;

static EVP_MAC *mac;

static void parse(const uint8_t *data, size_t size, input *in)
{
	fz_reader r = {data, size};
	size_t i;
	memset(in, 0, sizeof *in);
	in->flags = fz_byte(&r);
	in->c = 1 + fz_byte(&r) % SIPHASH_MAX_ROUNDS;
	in->d = 1 + fz_byte(&r) % SIPHASH_MAX_ROUNDS;
	in->outlen = in->flags & 8 ? 16 : 8;
	in->houtlen = in->flags & 16 ? 8 : 4;
	fz_bytes(&r, in->key, 16);
	in->nsplit = fz_byte(&r) % (MAX_SPLITS + 1);
	for (i = 0; i < in->nsplit; i++)
		in->split[i] = fz_byte(&r);
	in->nlanes = fz_byte(&r) % (MAX_LANES + 1);
	for (i = 0; i < in->nlanes; i++) {
		in->lane_off[i] = fz_byte(&r);
		in->lane_len[i] = fz_byte(&r);
	}
	in->msg = r.p;
	in->len = r.n;
}

static void reference(const input *in, expected *ex)
{
	int i;
	tu_ref_siphash(in->key, in->c, in->d, in->msg, in->len, ex->sip, in->outlen);
	tu_ref_halfsiphash(in->key, in->c, in->d, in->msg, in->len, ex->half, in->houtlen);
	for (i = 0; i < 3; i++) {
		tu_ref_siphash(in->key, sip_cd[i][0], sip_cd[i][1], in->msg, in->len, ex->fixed_sip[i][0], 8);
		tu_ref_siphash(in->key, sip_cd[i][0], sip_cd[i][1], in->msg, in->len, ex->fixed_sip[i][1], 16);
	}
	for (i = 0; i < 2; i++) {
		tu_ref_halfsiphash(in->key, half_cd[i][0], half_cd[i][1], in->msg, in->len, ex->fixed_half[i][0], 4);
		tu_ref_halfsiphash(in->key, half_cd[i][0], half_cd[i][1], in->msg, in->len, ex->fixed_half[i][1], 8);
	}
}

/* OpenSSL 3's SipHash over the same message must give the reference tag. */
static void check_openssl(const input *in, const expected *ex)
{
	EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
	OSSL_PARAM params[4];
	uint8_t got[16];
	size_t outlen = in->outlen, gotlen = 0;
	unsigned c = in->c, d = in->d;
	params[0] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &outlen);
	params[1] = OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_C_ROUNDS, &c);
	params[2] = OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_D_ROUNDS, &d);
	params[3] = OSSL_PARAM_construct_end();
	FZ_CHECK(ctx && EVP_MAC_init(ctx, in->key, 16, params) && EVP_MAC_update(ctx, in->msg, in->len) &&
	                 EVP_MAC_final(ctx, got, &gotlen, sizeof got) && gotlen == in->outlen,
	         "OpenSSL refused c=%u d=%u outlen=%zu", in->c, in->d, in->outlen);
	EVP_MAC_CTX_free(ctx);
	FZ_CHECK(!memcmp(got, ex->sip, in->outlen), "OpenSSL differs from the reference c=%u d=%u len=%zu outlen=%zu",
	         in->c, in->d, in->len, in->outlen);
}

static void check_oneshot(const input *in, const expected *ex, const uint8_t *m)
{
	siphash_key k = siphash_key_from_bytes(in->key);
	halfsiphash_key hk = halfsiphash_key_from_bytes(in->key);
	uint8_t got[16];
	int i;
	memset(got, 0, sizeof got);
	FZ_CHECK(siphash_hash(&k, in->c, in->d, m, in->len, got, in->outlen) == SIPHASH_OK &&
	                 !memcmp(got, ex->sip, in->outlen),
	         "siphash_hash c=%u d=%u len=%zu outlen=%zu", in->c, in->d, in->len, in->outlen);
	memset(got, 0, sizeof got);
	FZ_CHECK(halfsiphash_hash(&hk, in->c, in->d, m, in->len, got, in->houtlen) == SIPHASH_OK &&
	                 !memcmp(got, ex->half, in->houtlen),
	         "halfsiphash_hash c=%u d=%u len=%zu outlen=%zu", in->c, in->d, in->len, in->houtlen);
	for (i = 0; i < 3; i++) {
		tu_store_le(got, sip64[i](&k, m, in->len), 8);
		FZ_CHECK(!memcmp(got, ex->fixed_sip[i][0], 8), "siphash%u%u_64 len=%zu", sip_cd[i][0], sip_cd[i][1],
		         in->len);
		memset(got, 0, sizeof got);
		sip128[i](&k, m, in->len, got);
		FZ_CHECK(!memcmp(got, ex->fixed_sip[i][1], 16), "siphash%u%u_128 len=%zu", sip_cd[i][0], sip_cd[i][1],
		         in->len);
	}
	for (i = 0; i < 2; i++) {
		tu_store_le(got, half32[i](&hk, m, in->len), 4);
		FZ_CHECK(!memcmp(got, ex->fixed_half[i][0], 4), "halfsiphash%u%u_32 len=%zu", half_cd[i][0],
		         half_cd[i][1], in->len);
		tu_store_le(got, half64[i](&hk, m, in->len), 8);
		FZ_CHECK(!memcmp(got, ex->fixed_half[i][1], 8), "halfsiphash%u%u_64 len=%zu", half_cd[i][0],
		         half_cd[i][1], in->len);
	}
}

/* Streaming with the fuzzer's chunk lengths; what they leave is one last update. */
static void check_stream(const input *in, const expected *ex, const uint8_t *m)
{
	siphash_key k = siphash_key_from_bytes(in->key);
	halfsiphash_key hk = halfsiphash_key_from_bytes(in->key);
	siphash_state st;
	halfsiphash_state hst;
	uint8_t got[16];
	size_t pos = 0, i, step;
	FZ_CHECK(siphash_init(&st, &k, in->c, in->d, in->outlen) == SIPHASH_OK, "siphash_init");
	FZ_CHECK(halfsiphash_init(&hst, &hk, in->c, in->d, in->houtlen) == SIPHASH_OK, "halfsiphash_init");
	for (i = 0; i <= in->nsplit; i++) {
		step = i < in->nsplit ? in->split[i] : in->len - pos;
		if (step > in->len - pos)
			step = in->len - pos;
		siphash_update(&st, step ? m + pos : NULL, step);
		halfsiphash_update(&hst, step ? m + pos : NULL, step);
		pos += step;
	}
	memset(got, 0, sizeof got);
	siphash_final(&st, got);
	FZ_CHECK(!memcmp(got, ex->sip, in->outlen), "siphash stream c=%u d=%u len=%zu outlen=%zu nsplit=%zu", in->c,
	         in->d, in->len, in->outlen, in->nsplit);
	memset(got, 0, sizeof got);
	halfsiphash_final(&hst, got);
	FZ_CHECK(!memcmp(got, ex->half, in->houtlen), "halfsiphash stream c=%u d=%u len=%zu outlen=%zu nsplit=%zu",
	         in->c, in->d, in->len, in->houtlen, in->nsplit);
}

/* Batch over slices of the message, each an exact-size heap copy: every lane
 * must give what the single-message function gives on the same slice. */
static void check_batch(const input *in, const void *const *lane, const size_t *lanelen)
{
	siphash_key k = siphash_key_from_bytes(in->key);
	halfsiphash_key hk = halfsiphash_key_from_bytes(in->key);
	uint64_t o64[MAX_LANES + 1];
	uint32_t o32[MAX_LANES + 1];
	uint8_t o128[MAX_LANES + 1][16], one[16];
	size_t n = in->nlanes, j;
	int i;
	for (i = 0; i < 3; i++) {
		/* The slot past the last lane must stay untouched. */
		memset(o64, 0xa5, sizeof o64);
		sip64_batch[i](&k, lane, lanelen, n, o64);
		for (j = 0; j < n; j++)
			FZ_CHECK(o64[j] == sip64[i](&k, lane[j], lanelen[j]),
			         "siphash%u%u_64_batch lane %zu/%zu len=%zu", sip_cd[i][0], sip_cd[i][1], j, n,
			         lanelen[j]);
		FZ_CHECK(o64[n] == UINT64_C(0xa5a5a5a5a5a5a5a5), "siphash_64_batch wrote past lane %zu", n);
		memset(o128, 0xa5, sizeof o128);
		sip128_batch[i](&k, lane, lanelen, n, o128);
		for (j = 0; j < n; j++) {
			sip128[i](&k, lane[j], lanelen[j], one);
			FZ_CHECK(!memcmp(o128[j], one, 16), "siphash%u%u_128_batch lane %zu/%zu len=%zu", sip_cd[i][0],
			         sip_cd[i][1], j, n, lanelen[j]);
		}
		FZ_CHECK(o128[n][0] == 0xa5 && o128[n][15] == 0xa5, "siphash_128_batch wrote past lane %zu", n);
	}
	for (i = 0; i < 2; i++) {
		memset(o32, 0xa5, sizeof o32);
		half32_batch[i](&hk, lane, lanelen, n, o32);
		for (j = 0; j < n; j++)
			FZ_CHECK(o32[j] == half32[i](&hk, lane[j], lanelen[j]),
			         "halfsiphash%u%u_32_batch lane %zu/%zu len=%zu", half_cd[i][0], half_cd[i][1], j, n,
			         lanelen[j]);
		FZ_CHECK(o32[n] == UINT32_C(0xa5a5a5a5), "halfsiphash_32_batch wrote past lane %zu", n);
		memset(o64, 0xa5, sizeof o64);
		half64_batch[i](&hk, lane, lanelen, n, o64);
		for (j = 0; j < n; j++)
			FZ_CHECK(o64[j] == half64[i](&hk, lane[j], lanelen[j]),
			         "halfsiphash%u%u_64_batch lane %zu/%zu len=%zu", half_cd[i][0], half_cd[i][1], j, n,
			         lanelen[j]);
		FZ_CHECK(o64[n] == UINT64_C(0xa5a5a5a5a5a5a5a5), "halfsiphash_64_batch wrote past lane %zu", n);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	mac = EVP_MAC_fetch(NULL, "SIPHASH", NULL);
	if (!mac) {
		fprintf(stderr, "OpenSSL has no SIPHASH MAC\n");
		abort();
	}
	fz_init_backends();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	input in;
	expected ex;
	uint8_t *base, *m, *lanebase[MAX_LANES];
	const void *lane[MAX_LANES];
	size_t lanelen[MAX_LANES], i;
	int b;
	parse(data, size, &in);
	reference(&in, &ex);
	check_openssl(&in, &ex);
	m = fz_copy(in.msg, in.len, in.flags & 7, &base);
	for (i = 0; i < in.nlanes; i++) {
		size_t off = in.lane_off[i] % (in.len + 1);
		size_t l = in.lane_len[i] < in.len - off ? in.lane_len[i] : in.len - off;
		lane[i] = fz_copy(in.msg + off, l, i & 7, &lanebase[i]);
		if (!l && (in.flags & 32))
			lane[i] = NULL;
		lanelen[i] = l;
	}
	for (b = 0; b < fz_nbackends; b++) {
		fz_select(fz_backends[b]);
		check_oneshot(&in, &ex, m);
		check_stream(&in, &ex, m);
		check_batch(&in, lane, lanelen);
	}
	siphash_backend_select(SIPHASH_BACKEND_AUTO);
	for (i = 0; i < in.nlanes; i++)
		free(lanebase[i]);
	free(base);
	return 0;
}
