/* sip_pair.h - one SipHash message in two 64-bit-lane registers, {v0,v2} and {v1,v3}: the i386 single-message path. */
/*
 * On i386 a 64-bit add is two instructions, a rotate four or more, and the
 * eight 32-bit halves of the state do not fit the seven usable registers.
 * Here a = {v0, v2} and b = {v1, v3}: each half-round is one 64-bit add, one
 * rotate of both lanes, one xor and one dword shuffle that performs the
 * rotate by 32 and swaps the lanes of a for the next half-round at once.
 *
 * The including backend defines, before including this file,
 *   static inline __m128i pair_rot(__m128i x, int lo, int hi)
 * rotating lane 0 left by lo and lane 1 left by hi (constants), with the
 * instructions of its ISA.
 */
#ifndef SIPHASH_X86_SIP_PAIR_H
#define SIPHASH_X86_SIP_PAIR_H

#include <emmintrin.h>

#include "../../internal.h"
#include "../../sip_impl.h"

/* The path pays off where 64-bit general registers are missing (measured: on
 * x86-64 the scalar code is faster); defining SIPHASH_X86_PAIR_ON_X86_64
 * builds it there too, for measurement. internal.h owns the condition, since
 * the public wrappers skip the table where no backend has this path. */
#define SIPHASH_X86_PAIR SIPHASH_SIP_ONESHOT_DISPATCHED

typedef struct pair_state {
	__m128i a, b; /* {v0, v2}, {v1, v3} */
} pair_state;

SIP_INLINE void pair_rounds(pair_state *s, unsigned n)
{
	__m128i a = s->a, b = s->b;
	unsigned i;
	for (i = 0; i < n; i++) {
		a = _mm_add_epi64(a, b); /* v0 += v1, v2 += v3 */
		b = pair_rot(b, 13, 16);
		b = _mm_xor_si128(b, a);
		a = _mm_shuffle_epi32(a, _MM_SHUFFLE(0, 1, 3, 2)); /* {v2, v0 <<< 32} */
		a = _mm_add_epi64(a, b);                           /* v2 += v1, v0 += v3 */
		b = pair_rot(b, 17, 21);
		b = _mm_xor_si128(b, a);                           /* v1 ^= v2, v3 ^= v0 */
		a = _mm_shuffle_epi32(a, _MM_SHUFFLE(0, 1, 3, 2)); /* {v0, v2 <<< 32} */
	}
	s->a = a;
	s->b = b;
}

/* m holds the block in lane 0: v3 ^= m, rounds, v0 ^= m. */
SIP_INLINE void pair_absorb(pair_state *s, __m128i m, unsigned c)
{
	s->b = _mm_xor_si128(s->b, _mm_slli_si128(m, 8));
	pair_rounds(s, c);
	s->a = _mm_xor_si128(s->a, m);
}

SIP_INLINE __m128i pair_load(const void *p)
{
	return _mm_loadl_epi64((const __m128i *)p);
}

SIP_INLINE pair_state pair_from_words(const uint64_t v[4])
{
	pair_state s;
	s.a = _mm_unpacklo_epi64(pair_load(&v[0]), pair_load(&v[2]));
	s.b = _mm_unpacklo_epi64(pair_load(&v[1]), pair_load(&v[3]));
	return s;
}

SIP_INLINE void pair_to_words(pair_state s, uint64_t v[4])
{
	_mm_storel_epi64((__m128i *)&v[0], s.a);
	_mm_storel_epi64((__m128i *)&v[2], _mm_unpackhi_epi64(s.a, s.a));
	_mm_storel_epi64((__m128i *)&v[1], s.b);
	_mm_storel_epi64((__m128i *)&v[3], _mm_unpackhi_epi64(s.b, s.b));
}

SIP_INLINE void pair_blocks(pair_state *s, const uint8_t *p, size_t nblocks, unsigned c)
{
	for (; nblocks; nblocks--, p += 8)
		pair_absorb(s, pair_load(p), c);
}

/* v0 ^ v1 ^ v2 ^ v3 */
SIP_INLINE uint64_t pair_tag(pair_state s)
{
	uint64_t h;
	__m128i t = _mm_xor_si128(s.a, s.b);
	_mm_storel_epi64((__m128i *)&h, _mm_xor_si128(t, _mm_unpackhi_epi64(t, t)));
	return h;
}

SIP_INLINE uint64_t pair_oneshot(const siphash_key *key, const void *data, size_t len, unsigned c, unsigned d, int wide,
                                 uint8_t *out16)
{
	const uint8_t *p = (const uint8_t *)data;
	sip_words w = sip_start(key, wide);
	uint64_t v[4] = {w.v0, w.v1, w.v2, w.v3}, last, h0;
	pair_state s = pair_from_words(v);
	pair_blocks(&s, p, len >> 3, c);
	last = ((uint64_t)len << 56) | (len ? sip_tail64(p + len, len & 7, len) : 0);
	pair_absorb(&s, pair_load(&last), c);
	s.a = _mm_xor_si128(s.a, _mm_slli_si128(_mm_cvtsi32_si128(wide ? 0xee : 0xff), 8)); /* v2 */
	pair_rounds(&s, d);
	h0 = pair_tag(s);
	if (wide) {
		s.b = _mm_xor_si128(s.b, _mm_cvtsi32_si128(0xdd)); /* v1 */
		pair_rounds(&s, d);
		sip_store64(out16, h0);
		sip_store64(out16 + 8, pair_tag(s));
	}
	return h0;
}

/* PAIR_ENTRIES(pre) defines the single-message entries of a backend on this
 * path; PAIR_TABLE(pre) lists them as table entries. */
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
		pair_to_words(s, v);                                                                                   \
	}
#define PAIR_TABLE(pre)                                                                                                \
	.sip13_64 = pre##sip13_64, .sip24_64 = pre##sip24_64, .sip48_64 = pre##sip48_64, .sip13_128 = pre##sip13_128,  \
	.sip24_128 = pre##sip24_128, .sip48_128 = pre##sip48_128, .sip_any = pre##sip_any,                             \
	.sip_blocks = pre##sip_blocks

#endif /* SIPHASH_X86_SIP_PAIR_H */
