/* sip_pair.h - the i386 single-message path: src/pair_impl.h's {v0,v2}, {v1,v3} state in SSE2 registers. */
/*
 * On i386 a 64-bit add is two instructions, a rotate four or more, and the
 * eight 32-bit halves of the state do not fit the seven usable registers;
 * here each half-round is one 64-bit add, one rotate of both lanes, one xor
 * and one dword shuffle that performs the rotate by 32 and swaps the lanes
 * of a for the next half-round at once.
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

/* The pair path's SSE2 pieces (src/pair_impl.h has the rounds and the
 * entries). A block is loaded into lane 0: movq zeroes lane 1, so {m, 0} is
 * the load itself and {0, m} one byte shift. */
#define PAIR_VEC __m128i

SIP_INLINE __m128i pair_add(__m128i x, __m128i y)
{
	return _mm_add_epi64(x, y);
}

SIP_INLINE __m128i pair_xor(__m128i x, __m128i y)
{
	return _mm_xor_si128(x, y);
}

/* One dword shuffle: {lane 1, lane 0 <<< 32}. */
SIP_INLINE __m128i pair_rot32_swap(__m128i x)
{
	return _mm_shuffle_epi32(x, _MM_SHUFFLE(0, 1, 3, 2));
}

SIP_INLINE __m128i pair_block(const void *p)
{
	return _mm_loadl_epi64((const __m128i *)p);
}

SIP_INLINE __m128i pair_word(uint64_t w)
{
	return pair_block(&w);
}

SIP_INLINE __m128i pair_v3(__m128i m)
{
	return _mm_slli_si128(m, 8);
}

SIP_INLINE __m128i pair_v0(__m128i m)
{
	return m;
}

SIP_INLINE __m128i pair_make(uint64_t lo, uint64_t hi)
{
	return _mm_unpacklo_epi64(pair_block(&lo), pair_block(&hi));
}

SIP_INLINE void pair_split(__m128i x, uint64_t *lo, uint64_t *hi)
{
	_mm_storel_epi64((__m128i *)lo, x);
	_mm_storel_epi64((__m128i *)hi, _mm_unpackhi_epi64(x, x));
}

SIP_INLINE uint64_t pair_fold(__m128i x)
{
	uint64_t h;
	_mm_storel_epi64((__m128i *)&h, _mm_xor_si128(x, _mm_unpackhi_epi64(x, x)));
	return h;
}

#include "../../pair_impl.h"

#endif /* SIPHASH_X86_SIP_PAIR_H */
