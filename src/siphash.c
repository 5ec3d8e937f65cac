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

#define PUBLIC_SIP64(fn, field, c, d)                                                                                  \
	uint64_t fn(const siphash_key *key, const void *data, size_t len)                                              \
	{                                                                                                              \
		if (BAD_MESSAGE(key, data, len))                                                                       \
			return 0;                                                                                      \
		if (SIP_DIRECT)                                                                                        \
			return sip_oneshot(key, data, len, c, d, 0, NULL);                                             \
		return siphash__ops_get()->field(key, data, len);                                                      \
	}
#define PUBLIC_SIP128(fn, field, c, d)                                                                                 \
	void fn(const siphash_key *key, const void *data, size_t len, uint8_t out[16])                                 \
	{                                                                                                              \
		if (BAD_MESSAGE(key, data, len) || !out)                                                               \
			return;                                                                                        \
		if (SIP_DIRECT)                                                                                        \
			(void)sip_oneshot(key, data, len, c, d, 1, out);                                               \
		else                                                                                                   \
			siphash__ops_get()->field(key, data, len, out);                                                \
	}
/* No backend has single-message HalfSipHash code: the scalar template, always. */
#define PUBLIC_HALF(fn, ret, c, d, wide)                                                                               \
	ret fn(const halfsiphash_key *key, const void *data, size_t len)                                               \
	{                                                                                                              \
		if (BAD_MESSAGE(key, data, len))                                                                       \
			return 0;                                                                                      \
		return (ret)hsip_oneshot(key, data, len, c, d, wide);                                                  \
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

int siphash_init(siphash_state *st, const siphash_key *key, unsigned c, unsigned d, size_t outlen)
{
	sip_words s;
	if (!st || !key || !rounds_ok(c, d) || (outlen != 8 && outlen != 16))
		return SIPHASH_EINVAL;
	memset(st, 0, sizeof *st);
	s = sip_start(key, outlen == 16);
	st->v[0] = s.v0;
	st->v[1] = s.v1;
	st->v[2] = s.v2;
	st->v[3] = s.v3;
	st->c = (uint8_t)c;
	st->d = (uint8_t)d;
	st->outlen = (uint8_t)outlen;
	return SIPHASH_OK;
}

/* Compresses the one block of a state's buffer, inline: completing a
 * partial block is the hot path of small updates, and an indirect call to
 * the backend for one block cost more than the block. */
static void sip_state_block(siphash_state *st)
{
	sip_words s = {st->v[0], st->v[1], st->v[2], st->v[3]};
	uint64_t m = sip_load64(st->buf);
	if (st->c == 2)
		sip_absorb(&s, m, 2);
	else if (st->c == 1)
		sip_absorb(&s, m, 1);
	else
		sip_absorb(&s, m, st->c);
	st->v[0] = s.v0;
	st->v[1] = s.v1;
	st->v[2] = s.v2;
	st->v[3] = s.v3;
}

/* Whole blocks through the backend, then the new partial block. Kept out of
 * line (and reached by a tail call) so that the short paths of update need
 * no register saves. */
static SIP_NOINLINE void sip_update_bulk(siphash_state *st, const uint8_t *p, size_t len)
{
	size_t nblocks = len >> 3;
	if (nblocks)
		siphash__ops_get()->sip_blocks(st->v, p, nblocks, st->c);
	sip_copy_short(st->buf, p + (nblocks << 3), len & 7, 8);
}

/*
 * Blocks are compressed as soon as they are complete; only the partial block
 * is kept. The common streaming pattern, a few bytes that do not complete a
 * block, costs a length update and a short copy (the header inlines it for
 * constant lengths). Whole blocks go to the backend in one call.
 */
void siphash_update(siphash_state *st, const void *data, size_t len)
{
	const uint8_t *p = (const uint8_t *)data;
	size_t pos;
	if (SIP_UNLIKELY(!st || !p))
		return;
	pos = (size_t)(st->len & 7);
	st->len += len;
	if (pos + len < 8) {
		sip_copy_short(st->buf + pos, p, len, 8);
		return;
	}
	if (pos) {
		size_t need = 8 - pos;
		sip_copy_short(st->buf + pos, p, need, 8);
		sip_state_block(st);
		p += need;
		len -= need;
		if (!len)
			return; /* byte-wise streaming: the block is done, the buffer empty */
	}
	sip_update_bulk(st, p, len);
}

void siphash_final(const siphash_state *st, void *out)
{
	sip_words s;
	uint64_t b, h;
	size_t rem;
	uint8_t tmp[16];
	int wide;
	if (!st || !out)
		return;
	s.v0 = st->v[0];
	s.v1 = st->v[1];
	s.v2 = st->v[2];
	s.v3 = st->v[3];
	rem = (size_t)(st->len & 7);
	/* buf may hold stale bytes past rem: mask them off. */
	b = rem ? sip_load64(st->buf) & (~UINT64_C(0) >> (64 - 8 * rem)) : 0;
	b |= st->len << 56;
	wide = st->outlen == 16;
	h = sip_finish(s, b, st->c, st->d, wide, tmp);
	if (wide)
		memcpy(out, tmp, 16);
	else
		sip_store64((uint8_t *)out, h);
	siphash_wipe(&s, sizeof s);
}

int halfsiphash_init(halfsiphash_state *st, const halfsiphash_key *key, unsigned c, unsigned d, size_t outlen)
{
	hsip_words s;
	if (!st || !key || !rounds_ok(c, d) || (outlen != 4 && outlen != 8))
		return SIPHASH_EINVAL;
	memset(st, 0, sizeof *st);
	s = hsip_start(key, outlen == 8);
	st->v[0] = s.v0;
	st->v[1] = s.v1;
	st->v[2] = s.v2;
	st->v[3] = s.v3;
	st->c = (uint8_t)c;
	st->d = (uint8_t)d;
	st->outlen = (uint8_t)outlen;
	return SIPHASH_OK;
}

static void hsip_state_block(halfsiphash_state *st)
{
	hsip_words s = {st->v[0], st->v[1], st->v[2], st->v[3]};
	uint32_t m = sip_load32(st->buf);
	s.v3 ^= m;
	if (st->c == 2)
		hsip_rounds(&s, 2);
	else if (st->c == 1)
		hsip_rounds(&s, 1);
	else
		hsip_rounds(&s, st->c);
	s.v0 ^= m;
	st->v[0] = s.v0;
	st->v[1] = s.v1;
	st->v[2] = s.v2;
	st->v[3] = s.v3;
}

/* As siphash_update, with 4-byte blocks. */
static SIP_NOINLINE void hsip_update_bulk(halfsiphash_state *st, const uint8_t *p, size_t len)
{
	size_t nblocks = len >> 2;
	if (nblocks)
		siphash__ops_get()->half_blocks(st->v, p, nblocks, st->c);
	sip_copy_short(st->buf, p + (nblocks << 2), len & 3, 4);
}

void halfsiphash_update(halfsiphash_state *st, const void *data, size_t len)
{
	const uint8_t *p = (const uint8_t *)data;
	size_t pos;
	if (SIP_UNLIKELY(!st || !p))
		return;
	pos = (size_t)(st->len & 3);
	st->len += len;
	if (pos + len < 4) {
		sip_copy_short(st->buf + pos, p, len, 4);
		return;
	}
	if (pos) {
		size_t need = 4 - pos;
		sip_copy_short(st->buf + pos, p, need, 4);
		hsip_state_block(st);
		p += need;
		len -= need;
		if (!len)
			return;
	}
	hsip_update_bulk(st, p, len);
}

void halfsiphash_final(const halfsiphash_state *st, void *out)
{
	hsip_words s;
	uint32_t b;
	uint64_t h;
	size_t rem;
	if (!st || !out)
		return;
	s.v0 = st->v[0];
	s.v1 = st->v[1];
	s.v2 = st->v[2];
	s.v3 = st->v[3];
	rem = (size_t)(st->len & 3);
	b = rem ? sip_load32(st->buf) & (~UINT32_C(0) >> (32 - 8 * rem)) : 0;
	b |= (uint32_t)st->len << 24;
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

/* ---- batch ------------------------------------------------------------ */

static int batch_ok(const void *key, const void *const *data, const size_t *len, size_t n, const void *out)
{
	size_t i;
	if (!key || !out)
		return 0;
	if (!n)
		return 1;
	if (!data || !len)
		return 0;
	for (i = 0; i < n; i++)
		if (!data[i] && len[i])
			return 0;
	return 1;
}

#define PUBLIC_BATCH(fn, field, keytype, outtype)                                                                      \
	void fn(const keytype *key, const void *const *data, const size_t *len, size_t n, outtype out)                 \
	{                                                                                                              \
		if (!batch_ok(key, data, len, n, out))                                                                 \
			return;                                                                                        \
		siphash__ops_get()->field(key, data, len, n, out);                                                     \
	}

PUBLIC_BATCH(siphash13_64_batch, sip13_64_batch, siphash_key, uint64_t *)
PUBLIC_BATCH(siphash24_64_batch, sip24_64_batch, siphash_key, uint64_t *)
PUBLIC_BATCH(siphash48_64_batch, sip48_64_batch, siphash_key, uint64_t *)
PUBLIC_BATCH(siphash13_128_batch, sip13_128_batch, siphash_key, siphash__tag128 *)
PUBLIC_BATCH(siphash24_128_batch, sip24_128_batch, siphash_key, siphash__tag128 *)
PUBLIC_BATCH(siphash48_128_batch, sip48_128_batch, siphash_key, siphash__tag128 *)
PUBLIC_BATCH(halfsiphash13_32_batch, half13_32_batch, halfsiphash_key, uint32_t *)
PUBLIC_BATCH(halfsiphash24_32_batch, half24_32_batch, halfsiphash_key, uint32_t *)
PUBLIC_BATCH(halfsiphash13_64_batch, half13_64_batch, halfsiphash_key, uint64_t *)
PUBLIC_BATCH(halfsiphash24_64_batch, half24_64_batch, halfsiphash_key, uint64_t *)
