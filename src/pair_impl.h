/* pair_impl.h - one SipHash message in two 64-bit-lane vectors, {v0,v2} and {v1,v3}, written once for i386 (SSE2, AVX2)
 * and ARMv7 (NEON). */
/*
 * Where the core registers are 32 bits wide, a 64-bit add costs two
 * instructions, a rotate four or more, and the state's eight halves do not
 * fit the registers; two 64-bit vector lanes do each in one or two. Here
 * a = {v0, v2} and b = {v1, v3}: the first half-round pairs (v0,v1) and
 * (v2,v3), the second (v2,v1) and (v0,v3), so a's lanes are swapped between
 * them, in the same instruction(s) that rotate v0 (then v2) by 32; b's
 * lanes rotate by different amounts (13 and 16, then 17 and 21).
 *
 * The including backend defines, before including this file, with the
 * instructions of its ISA (static inline functions, or macros, so that each
 * backend's copy is compiled with its own flags):
 *   PAIR_VEC                       a vector of two 64-bit lanes
 *   PAIR_VEC pair_add(x, y), pair_xor(x, y)
 *   PAIR_VEC pair_rot(x, lo, hi)   lane 0 rotated left by lo, lane 1 by hi (constants)
 *   PAIR_VEC pair_rot32_swap(x)    {lane 1, lane 0 rotated by 32}
 *   PAIR_VEC pair_make(lo, hi)     {lo, hi} from two uint64_t
 *   void pair_split(x, lo, hi)     *lo = lane 0, *hi = lane 1
 *   uint64_t pair_fold(x)          lane 0 ^ lane 1
 *   PAIR_VEC pair_block(p)         the 8 bytes at p (any alignment) as a block m,
 *                                  in whichever lane the ISA loads it fastest
 *   PAIR_VEC pair_word(w)          the word w as such a block
 *   PAIR_VEC pair_v3(m), pair_v0(m)
 *                                  m as {0, m} and as {m, 0}
 * and then uses pair_oneshot (the whole message) and PAIR_ENTRIES(pre) /
 * PAIR_TABLE(pre) (the table's single-message entries).
 */
#ifndef SIPHASH_PAIR_IMPL_H
#define SIPHASH_PAIR_IMPL_H

#include <string.h>

#include "internal.h"
#include "sip_impl.h"

typedef struct pair_state {
	PAIR_VEC a, b; /* {v0, v2}, {v1, v3} */
} pair_state;

SIP_INLINE void pair_rounds(pair_state *s, unsigned n)
{
	PAIR_VEC a = s->a, b = s->b;
	unsigned i;
	for (i = 0; i < n; i++) {
		a = pair_add(a, b); /* v0 += v1, v2 += v3 */
		b = pair_xor(pair_rot(b, 13, 16), a);
		a = pair_rot32_swap(a); /* {v2, v0 <<< 32} */
		a = pair_add(a, b);     /* v2 += v1, v0 += v3 */
		b = pair_xor(pair_rot(b, 17, 21), a);
		a = pair_rot32_swap(a); /* {v0, v2 <<< 32} */
	}
	s->a = a;
	s->b = b;
}

/* v3 ^= m, rounds, v0 ^= m. */
SIP_INLINE void pair_absorb(pair_state *s, PAIR_VEC m, unsigned c)
{
	s->b = pair_xor(s->b, pair_v3(m));
	pair_rounds(s, c);
	s->a = pair_xor(s->a, pair_v0(m));
}

SIP_INLINE pair_state pair_from_words(const uint64_t v[4])
{
	pair_state s;
	s.a = pair_make(v[0], v[2]);
	s.b = pair_make(v[1], v[3]);
	return s;
}

SIP_INLINE void pair_blocks(pair_state *s, const uint8_t *p, size_t nblocks, unsigned c)
{
	for (; nblocks; nblocks--, p += 8)
		pair_absorb(s, pair_block(p), c);
}

/* v0 ^ v1 ^ v2 ^ v3 */
SIP_INLINE uint64_t pair_tag(pair_state s)
{
	return pair_fold(pair_xor(s.a, s.b));
}

/* sip_oneshot of sip_impl.h on the pair state. */
SIP_INLINE uint64_t pair_oneshot(const siphash_key *key, const void *data, size_t len, unsigned c, unsigned d, int wide,
                                 uint8_t *out16)
{
	const uint8_t *p = (const uint8_t *)data;
	sip_words w = sip_start(key, wide);
	const uint64_t v[4] = {w.v0, w.v1, w.v2, w.v3};
	pair_state s = pair_from_words(v);
	uint64_t h0;
	pair_blocks(&s, p, len >> 3, c);
	pair_absorb(&s, pair_word(((uint64_t)len << 56) | (len ? sip_tail64(p + len, len & 7, len) : 0)), c);
	s.a = pair_xor(s.a, pair_make(0, wide ? 0xee : 0xff)); /* v2 */
	pair_rounds(&s, d);
	h0 = pair_tag(s);
	if (wide) {
		s.b = pair_xor(s.b, pair_make(0xdd, 0)); /* v1 */
		pair_rounds(&s, d);
		sip_store64(out16, h0);
		sip_store64(out16 + 8, pair_tag(s));
	}
	return h0;
}

/* PAIR_ENTRIES(pre) defines a backend's single-message entries on this path
 * (the fixed variants specialized, as the scalar backend's are); PAIR_TABLE(pre)
 * lists them as table entries. */
#define PAIR_FIXED_(pre, c, d)                                                                                         \
	static uint64_t pre##sip##c##d##_64(const siphash_key *key, const void *data, size_t len)                      \
	{                                                                                                              \
		return pair_oneshot(key, data, len, c, d, 0, NULL);                                                    \
	}                                                                                                              \
	static void pre##sip##c##d##_128(const siphash_key *key, const void *data, size_t len, uint8_t out[16])        \
	{                                                                                                              \
		(void)pair_oneshot(key, data, len, c, d, 1, out);                                                      \
	}
#define PAIR_ENTRIES(pre)                                                                                              \
	PAIR_FIXED_(pre, 1, 3)                                                                                         \
	PAIR_FIXED_(pre, 2, 4)                                                                                         \
	PAIR_FIXED_(pre, 4, 8)                                                                                         \
	static void pre##sip_any(const siphash_key *key, unsigned c, unsigned d, const void *data, size_t len,         \
	                         uint8_t *out, size_t outlen)                                                          \
	{                                                                                                              \
		uint8_t tmp[16];                                                                                       \
		int wide = outlen == 16;                                                                               \
		uint64_t h;                                                                                            \
		if (c == 2 && d == 4)                                                                                  \
			h = pair_oneshot(key, data, len, 2, 4, wide, tmp);                                             \
		else if (c == 1 && d == 3)                                                                             \
			h = pair_oneshot(key, data, len, 1, 3, wide, tmp);                                             \
		else                                                                                                   \
			h = pair_oneshot(key, data, len, c, d, wide, tmp);                                             \
		if (outlen == 16)                                                                                      \
			memcpy(out, tmp, 16);                                                                          \
		else                                                                                                   \
			sip_store64(out, h);                                                                           \
	}                                                                                                              \
	static void pre##sip_blocks(uint64_t v[4], const uint8_t *p, size_t nblocks, unsigned c)                       \
	{                                                                                                              \
		pair_state s = pair_from_words(v);                                                                     \
		if (c == 2)                                                                                            \
			pair_blocks(&s, p, nblocks, 2);                                                                \
		else if (c == 1)                                                                                       \
			pair_blocks(&s, p, nblocks, 1);                                                                \
		else                                                                                                   \
			pair_blocks(&s, p, nblocks, c);                                                                \
		pair_split(s.a, &v[0], &v[2]);                                                                         \
		pair_split(s.b, &v[1], &v[3]);                                                                         \
	}
#define PAIR_TABLE(pre)                                                                                                \
	.sip13_64 = pre##sip13_64, .sip24_64 = pre##sip24_64, .sip48_64 = pre##sip48_64, .sip13_128 = pre##sip13_128,  \
	.sip24_128 = pre##sip24_128, .sip48_128 = pre##sip48_128, .sip_any = pre##sip_any,                             \
	.sip_blocks = pre##sip_blocks

#endif /* SIPHASH_PAIR_IMPL_H */
