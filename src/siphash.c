/* siphash.c - the public API: argument checks, streaming, keys, version; hashing goes through the backend table. */
#include <string.h>

#include "arch/scalar.h"
#include "internal.h"
#include "sip_impl.h"

const char *siphash_version(void)
{
	return SIPHASH_VERSION_STRING;
}

siphash_key siphash_key_from_bytes(const void *bytes)
{
	siphash_key k = {0, 0};
	if (bytes) {
		k.k0 = sip_load64((const uint8_t *)bytes);
		k.k1 = sip_load64((const uint8_t *)bytes + 8);
	}
	return k;
}

halfsiphash_key halfsiphash_key_from_bytes(const void *bytes)
{
	halfsiphash_key k = {0, 0};
	if (bytes) {
		k.k0 = sip_load32((const uint8_t *)bytes);
		k.k1 = sip_load32((const uint8_t *)bytes + 4);
	}
	return k;
}

/* A NULL key, or NULL data with a length, is the caller's bug; the check is a
 * branch on pointers that is always predicted and keeps the library from
 * crashing on it. */
#define BAD_MESSAGE(key, data, len) SIP_UNLIKELY(!(key) || (!(data) && (len)))

/* SIP_DIRECT: see SIPHASH_SIP_ONESHOT_DISPATCHED in internal.h; where it is 0
 * the table branch below is compiled out. */
#define SIP_DIRECT (!SIPHASH_SIP_ONESHOT_DISPATCHED)

/* One message's tag, the checks done: what the one-shot functions and a
 * batch of one run. */
#define SIP64_ONE(field, c, d, key, data, len)                                                                         \
	(SIP_DIRECT ? sip_oneshot(key, data, len, c, d, 0, NULL) : siphash__ops_get()->field(key, data, len))
#define SIP128_ONE(field, c, d, key, data, len, out)                                                                   \
	(SIP_DIRECT ? (void)sip_oneshot(key, data, len, c, d, 1, out) : siphash__ops_get()->field(key, data, len, out))
/* No backend has single-message HalfSipHash code: the scalar template, always. */
#define HALF_ONE(ret, c, d, wide, key, data, len) ((ret)hsip_oneshot(key, data, len, c, d, wide))

#define PUBLIC_SIP64(fn, field, c, d)                                                                                  \
	uint64_t fn(const siphash_key *key, const void *data, size_t len)                                              \
	{                                                                                                              \
		if (BAD_MESSAGE(key, data, len))                                                                       \
			return 0;                                                                                      \
		return SIP64_ONE(field, c, d, key, data, len);                                                         \
	}
#define PUBLIC_SIP128(fn, field, c, d)                                                                                 \
	void fn(const siphash_key *key, const void *data, size_t len, uint8_t out[16])                                 \
	{                                                                                                              \
		if (BAD_MESSAGE(key, data, len) || !out)                                                               \
			return;                                                                                        \
		SIP128_ONE(field, c, d, key, data, len, out);                                                          \
	}
#define PUBLIC_HALF(fn, ret, c, d, wide)                                                                               \
	ret fn(const halfsiphash_key *key, const void *data, size_t len)                                               \
	{                                                                                                              \
		if (BAD_MESSAGE(key, data, len))                                                                       \
			return 0;                                                                                      \
		return HALF_ONE(ret, c, d, wide, key, data, len);                                                      \
	}

PUBLIC_SIP64(siphash13_64, sip13_64, 1, 3)
PUBLIC_SIP64(siphash24_64, sip24_64, 2, 4)
PUBLIC_SIP64(siphash48_64, sip48_64, 4, 8)
PUBLIC_SIP128(siphash13_128, sip13_128, 1, 3)
PUBLIC_SIP128(siphash24_128, sip24_128, 2, 4)
PUBLIC_SIP128(siphash48_128, sip48_128, 4, 8)
PUBLIC_HALF(halfsiphash13_32, uint32_t, 1, 3, 0)
PUBLIC_HALF(halfsiphash24_32, uint32_t, 2, 4, 0)
PUBLIC_HALF(halfsiphash13_64, uint64_t, 1, 3, 1)
PUBLIC_HALF(halfsiphash24_64, uint64_t, 2, 4, 1)

static int rounds_ok(unsigned c, unsigned d)
{
	return c >= 1 && c <= SIPHASH_MAX_ROUNDS && d >= 1 && d <= SIPHASH_MAX_ROUNDS;
}

int siphash_hash(const siphash_key *key, unsigned c, unsigned d, const void *data, size_t len, void *out, size_t outlen)
{
	if (BAD_MESSAGE(key, data, len) || !out || !rounds_ok(c, d) || (outlen != 8 && outlen != 16))
		return SIPHASH_EINVAL;
	if (SIP_DIRECT)
		siphash__scalar_sip_any(key, c, d, data, len, (uint8_t *)out, outlen);
	else
		siphash__ops_get()->sip_any(key, c, d, data, len, (uint8_t *)out, outlen);
	return SIPHASH_OK;
}

int halfsiphash_hash(const halfsiphash_key *key, unsigned c, unsigned d, const void *data, size_t len, void *out,
                     size_t outlen)
{
	if (BAD_MESSAGE(key, data, len) || !out || !rounds_ok(c, d) || (outlen != 4 && outlen != 8))
		return SIPHASH_EINVAL;
	siphash__scalar_half_any(key, c, d, data, len, (uint8_t *)out, outlen);
	return SIPHASH_OK;
}

/* ---- streaming -------------------------------------------------------- */

/*
 * init and update are the same for both families but for the word width, the
 * block size and the tag sizes, so they are written once here.
 *
 * update: blocks are compressed as soon as they are complete; only the
 * partial block is kept, as a word (see siphash_state). The common streaming
 * pattern, a few bytes that do not complete a block, costs a length update
 * and an OR (the header inlines it for constant lengths). A block completed
 * from the partial word is absorbed here, from registers (through the table
 * where one-shot SipHash is dispatched: i386, ARMv7); whole blocks of the
 * input go to BLOCKS last, as a tail call, the new partial word already
 * stored. A block or two per call then needs no stack buffer and no
 * registers saved around a call: SipHash-2-4 in 8-byte updates took 0.82x
 * the time it took with both (docs/performance.md).
 */
#define STREAM_INIT(fn, state_type, key_type, words_type, start, narrow, wide)                                         \
	int fn(state_type *st, const key_type *key, unsigned c, unsigned d, size_t outlen)                             \
	{                                                                                                              \
		if (!st || !key || !rounds_ok(c, d) || (outlen != (narrow) && outlen != (wide)))                       \
			return SIPHASH_EINVAL;                                                                         \
		memset(st, 0, sizeof *st);                                                                             \
		{                                                                                                      \
			words_type s = start(key, outlen == (wide));                                                   \
			st->v[0] = s.v0;                                                                               \
			st->v[1] = s.v1;                                                                               \
			st->v[2] = s.v2;                                                                               \
			st->v[3] = s.v3;                                                                               \
		}                                                                                                      \
		st->c = (uint8_t)c;                                                                                    \
		st->d = (uint8_t)d;                                                                                    \
		st->outlen = (uint8_t)outlen;                                                                          \
		return SIPHASH_OK;                                                                                     \
	}
#define STREAM_UPDATE(fn, state_type, block, TAIL, ABSORB, BLOCKS)                                                     \
	void fn(state_type *st, const void *data, size_t len)                                                          \
	{                                                                                                              \
		const uint8_t *p = (const uint8_t *)data;                                                              \
		size_t pos;                                                                                            \
		if (SIP_UNLIKELY(!st || !p))                                                                           \
			return;                                                                                        \
		pos = (size_t)(st->len & ((block)-1));                                                                 \
		st->len += len;                                                                                        \
		if (len < (block)-pos) {                                                                               \
			st->m |= TAIL(p + len, len, len) << (8 * pos);                                                 \
			return;                                                                                        \
		}                                                                                                      \
		if (pos) {                                                                                             \
			size_t need = (block)-pos;                                                                     \
			ABSORB(st, st->m | TAIL(p + need, need, need) << (8 * pos));                                   \
			p += need;                                                                                     \
			len -= need;                                                                                   \
		}                                                                                                      \
		st->m = TAIL(p + len, len & ((block)-1), len);                                                         \
		if (len >= (block))                                                                                    \
			BLOCKS(st, p, len / (block));                                                                  \
	}

/* One block m absorbed into the state's words, in registers. */
#define STATE_ABSORB(st, words_type, absorb, m)                                                                        \
	do {                                                                                                           \
		words_type s_ = {(st)->v[0], (st)->v[1], (st)->v[2], (st)->v[3]};                                      \
		absorb(&s_, m, (st)->c);                                                                               \
		(st)->v[0] = s_.v0;                                                                                    \
		(st)->v[1] = s_.v1;                                                                                    \
		(st)->v[2] = s_.v2;                                                                                    \
		(st)->v[3] = s_.v3;                                                                                    \
	} while (0)

/* Where single-message SipHash has no SIMD code (SIP_DIRECT) blocks go to the
 * scalar code directly, not through the table's indirect call: streaming by
 * small chunks completes a block per call, and the table load and indirect
 * call cost as much as the block. HalfSipHash has no table entry to take: its
 * 32-bit words are native everywhere, so scalar wins. */
static void sip_state_absorb(siphash_state *st, uint64_t m)
{
	if (SIP_DIRECT) {
		STATE_ABSORB(st, sip_words, sip_absorb, m);
	} else {
		uint8_t b[8];
		sip_store64(b, m);
		siphash__ops_get()->sip_blocks(st->v, b, 1, st->c);
	}
}

static void sip_state_blocks(siphash_state *st, const uint8_t *p, size_t nblocks)
{
	if (SIP_DIRECT)
		siphash__scalar_sip_blocks(st->v, p, nblocks, st->c);
	else
		siphash__ops_get()->sip_blocks(st->v, p, nblocks, st->c);
}

static void hsip_state_absorb(halfsiphash_state *st, uint32_t m)
{
	STATE_ABSORB(st, hsip_words, hsip_absorb, m);
}

static void hsip_state_blocks(halfsiphash_state *st, const uint8_t *p, size_t nblocks)
{
	siphash__scalar_half_blocks(st->v, p, nblocks, st->c);
}

STREAM_INIT(siphash_init, siphash_state, siphash_key, sip_words, sip_start, 8, 16)
STREAM_UPDATE(siphash_update, siphash_state, 8, sip_tail64, sip_state_absorb, sip_state_blocks)
STREAM_INIT(halfsiphash_init, halfsiphash_state, halfsiphash_key, hsip_words, hsip_start, 4, 8)
STREAM_UPDATE(halfsiphash_update, halfsiphash_state, 4, hsip_tail32, hsip_state_absorb, hsip_state_blocks)

void siphash_final(const siphash_state *st, void *out)
{
	sip_words s;
	uint64_t b, h;
	uint8_t tmp[16];
	int wide;
	/* a zeroed state (wiped, or never through a successful init) would give a
	 * zero-round "tag": a MAC that is no MAC, so nothing is written */
	if (!st || !out || (st->outlen != 8 && st->outlen != 16) || !st->c || !st->d)
		return;
	s.v0 = st->v[0];
	s.v1 = st->v[1];
	s.v2 = st->v[2];
	s.v3 = st->v[3];
	b = st->m | st->len << 56;
	wide = st->outlen == 16;
	h = sip_finish(s, b, st->c, st->d, wide, tmp);
	if (wide)
		memcpy(out, tmp, 16);
	else
		sip_store64((uint8_t *)out, h);
	siphash_wipe(&s, sizeof s);
}

void halfsiphash_final(const halfsiphash_state *st, void *out)
{
	hsip_words s;
	uint32_t b;
	uint64_t h;
	if (!st || !out || (st->outlen != 4 && st->outlen != 8) || !st->c || !st->d)
		return;
	s.v0 = st->v[0];
	s.v1 = st->v[1];
	s.v2 = st->v[2];
	s.v3 = st->v[3];
	b = st->m | (uint32_t)st->len << 24;
	h = hsip_finish(s, b, st->c, st->d, st->outlen == 8);
	if (st->outlen == 8)
		sip_store64((uint8_t *)out, h);
	else
		sip_store32((uint8_t *)out, (uint32_t)h);
	siphash_wipe(&s, sizeof s);
}

void siphash_wipe(void *p, size_t n)
{
	if (!p)
		return;
	memset(p, 0, n);
	/* The asm claims to read p's memory, so the stores above cannot be dropped. */
#if defined(__GNUC__) || defined(__clang__)
	__asm__ __volatile__("" : : "r"(p) : "memory");
#else
	{
		volatile uint8_t *vp = (volatile uint8_t *)p;
		while (n--)
			*vp++ = 0;
	}
#endif
}

/* Hides the accumulated difference from the optimizer after each word: a
 * compiler that sees it is non-zero for good could leave the loop there, and
 * an early exit is the timing leak this function exists to avoid. */
#if defined(__GNUC__) || defined(__clang__)
#define SIP_CT_HIDE(x) __asm__("" : "+r"(x))
#else
#define SIP_CT_HIDE(x)                                                                                                 \
	do {                                                                                                           \
		volatile size_t sip_ct_hidden_ = (x);                                                                  \
		(x) = sip_ct_hidden_;                                                                                  \
	} while (0)
#endif

int siphash_verify(const void *tag, const void *expected, size_t n)
{
	const uint8_t *a = (const uint8_t *)tag, *b = (const uint8_t *)expected;
	size_t diff = 0, i = 0;
	if (!tag || !expected || !n)
		return SIPHASH_EINVAL;
	for (; i + sizeof(size_t) <= n; i += sizeof(size_t)) {
		size_t wa, wb;
		memcpy(&wa, a + i, sizeof wa);
		memcpy(&wb, b + i, sizeof wb);
		diff |= wa ^ wb;
		SIP_CT_HIDE(diff);
	}
	for (; i < n; i++) {
		diff |= (size_t)(a[i] ^ b[i]);
		SIP_CT_HIDE(diff);
	}
	/* The top bit of diff | -diff is set exactly when diff is not 0: the answer
	 * without a branch on the tags' bytes. */
	return SIPHASH_EMISMATCH * (int)((diff | (0 - diff)) >> (8 * sizeof diff - 1));
}

/* ---- batch ------------------------------------------------------------ */

/* The per-message check is the backend's: a scan of 1024 pointers and
 * lengths in scalar code took a tenth of the time AVX2 lanes take to hash
 * 1024 16-byte messages. Check and hash go to the same table. A batch too
 * small for a vector scan is checked here: the table call cost a tenth of a
 * two-message batch. A batch of one is the one-shot code (one_msg): every
 * SIMD batch entry would route it to the scalar loop through two or three
 * calls, which cost it 5-7% (Zen 5). A NULL key, or a NULL message with a
 * length, is the caller's bug; a batch is defined as its messages' one-shot
 * calls, so it then runs them message by message through F (store): 0 or
 * nothing written for such a message, the tag for the others. */
#define PUBLIC_BATCH(F, op, keytype, outtype, one_msg, store)                                                          \
	/* out of line: inlined, its loop of calls made every batch's entry save                                       \
	 * more registers (two messages: 2-3% slower) */                                                               \
	static SIP_COLD void F##_each(const keytype *key, const void *const *data, const size_t *len, size_t n,        \
	                              outtype out)                                                                     \
	{                                                                                                              \
		size_t i;                                                                                              \
		for (i = 0; i < n; i++)                                                                                \
			store(F, i);                                                                                   \
	}                                                                                                              \
	void F##_batch(const keytype *key, const void *const *data, const size_t *len, size_t n, outtype out)          \
	{                                                                                                              \
		const siphash__ops *ops;                                                                               \
		if (!out || (n && (!data || !len)))                                                                    \
			return;                                                                                        \
		ops = siphash__ops_get();                                                                              \
		if (SIP_UNLIKELY(!key) ||                                                                              \
		    (n < 8 ? !siphash__check_rows(data, len, n) : !ops->batch_check(data, len, n))) {                  \
			F##_each(key, data, len, n, out);                                                              \
			return;                                                                                        \
		}                                                                                                      \
		if (n == 1)                                                                                            \
			one_msg;                                                                                       \
		else                                                                                                   \
			ops->op##_batch(key, data, len, n, out);                                                       \
	}
/* Message i of a batch through its one-shot function F: the tag returned, or written. */
#define BATCH_RETURNED(F, i) (out[i] = F(key, data[i], len[i]))
#define BATCH_WRITTEN(F, i) F(key, data[i], len[i], out[i])

PUBLIC_BATCH(siphash13_64, sip13_64, siphash_key, uint64_t *, out[0] = SIP64_ONE(sip13_64, 1, 3, key, data[0], len[0]),
             BATCH_RETURNED)
PUBLIC_BATCH(siphash24_64, sip24_64, siphash_key, uint64_t *, out[0] = SIP64_ONE(sip24_64, 2, 4, key, data[0], len[0]),
             BATCH_RETURNED)
PUBLIC_BATCH(siphash48_64, sip48_64, siphash_key, uint64_t *, out[0] = SIP64_ONE(sip48_64, 4, 8, key, data[0], len[0]),
             BATCH_RETURNED)
PUBLIC_BATCH(siphash13_128, sip13_128, siphash_key, siphash__tag128 *,
             SIP128_ONE(sip13_128, 1, 3, key, data[0], len[0], out[0]), BATCH_WRITTEN)
PUBLIC_BATCH(siphash24_128, sip24_128, siphash_key, siphash__tag128 *,
             SIP128_ONE(sip24_128, 2, 4, key, data[0], len[0], out[0]), BATCH_WRITTEN)
PUBLIC_BATCH(siphash48_128, sip48_128, siphash_key, siphash__tag128 *,
             SIP128_ONE(sip48_128, 4, 8, key, data[0], len[0], out[0]), BATCH_WRITTEN)
PUBLIC_BATCH(halfsiphash13_32, half13_32, halfsiphash_key, uint32_t *,
             out[0] = HALF_ONE(uint32_t, 1, 3, 0, key, data[0], len[0]), BATCH_RETURNED)
PUBLIC_BATCH(halfsiphash24_32, half24_32, halfsiphash_key, uint32_t *,
             out[0] = HALF_ONE(uint32_t, 2, 4, 0, key, data[0], len[0]), BATCH_RETURNED)
PUBLIC_BATCH(halfsiphash13_64, half13_64, halfsiphash_key, uint64_t *,
             out[0] = HALF_ONE(uint64_t, 1, 3, 1, key, data[0], len[0]), BATCH_RETURNED)
PUBLIC_BATCH(halfsiphash24_64, half24_64, halfsiphash_key, uint64_t *,
             out[0] = HALF_ONE(uint64_t, 2, 4, 1, key, data[0], len[0]), BATCH_RETURNED)
