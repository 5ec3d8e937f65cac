/* sse2.c - SSE2 backend: batches in 2 SipHash / 4 HalfSipHash lanes, and on i386 one SipHash message in two lanes. */
/*
 * Only this file is compiled with -msse2 (the i386 baseline has no SSE2), and
 * it only runs once the CPU probe reported SSE2; its helpers are static
 * inline, so no SSE2 code reaches the scalar backend.
 */
#include <emmintrin.h>

#include "../../sip_impl.h"
#include "../scalar.h"

#if !defined(__GNUC__)
#error "the SSE2 backend uses GCC vector extensions (GCC or Clang)"
#endif

typedef uint64_t sse2_u64x2 __attribute__((vector_size(16)));
typedef uint32_t sse2_u32x4 __attribute__((vector_size(16)));

/* Two vectors side by side use the pipes one round's dependency chain leaves
 * idle; i386 has only 8 vector registers for them, so one there (measured). */
#if defined(__x86_64__)
#define SSE2_GROUP 2
#else
#define SSE2_GROUP 1
#endif

/* ---- one message (i386): sip_pair.h; also what lanes leave over ------ */

/* SSE2 shifts both lanes by one count: rotate both by lo, and either both by
 * hi too (a 16-bit word shuffle when hi is 16) and take lane 1 from there. */
SIP_INLINE __m128i pair_rot(__m128i x, int lo, int hi)
{
	__m128i rl = _mm_or_si128(_mm_slli_epi64(x, lo), _mm_srli_epi64(x, 64 - lo));
	__m128i rh = hi == 16 ? _mm_shufflehi_epi16(x, _MM_SHUFFLE(2, 1, 0, 3))
	                      : _mm_or_si128(_mm_slli_epi64(x, hi), _mm_srli_epi64(x, 64 - hi));
	return _mm_unpacklo_epi64(rl, _mm_unpackhi_epi64(rh, rh)); /* integer moves: no FP-domain bypass */
}
#include "sip_pair.h"

/* ---- SipHash, 2 lanes of 64 bits -------------------------------------- */

SIP_INLINE sse2_u64x2 sip2_rotl(sse2_u64x2 x, int b)
{
	if (b == 32)
		return (sse2_u64x2)_mm_shuffle_epi32((__m128i)x, _MM_SHUFFLE(2, 3, 0, 1));
	if (b == 16) /* 16-bit word moves: two shuffles instead of three instructions */
		return (sse2_u64x2)_mm_shufflehi_epi16(_mm_shufflelo_epi16((__m128i)x, _MM_SHUFFLE(2, 1, 0, 3)),
		                                       _MM_SHUFFLE(2, 1, 0, 3));
	return (x << b) | (x >> (64 - b));
}

SIP_INLINE __m128i sse2_pair64(const void *a, const void *b)
{
	return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)a), _mm_loadl_epi64((const __m128i *)b));
}

SIP_INLINE sse2_u64x2 sip2_words(const uint64_t w[2])
{
	return (sse2_u64x2)sse2_pair64(&w[0], &w[1]);
}

SIP_INLINE sse2_u64x2 sip2_load1(const void *const p[2], size_t off)
{
	return (sse2_u64x2)sse2_pair64((const uint8_t *)p[0] + off, (const uint8_t *)p[1] + off);
}

SIP_INLINE void sip2_loadk(sse2_u64x2 m[2], const void *const p[2], size_t off)
{
	__m128i x0 = _mm_loadu_si128((const __m128i *)((const uint8_t *)p[0] + off));
	__m128i x1 = _mm_loadu_si128((const __m128i *)((const uint8_t *)p[1] + off));
	m[0] = (sse2_u64x2)_mm_unpacklo_epi64(x0, x1);
	m[1] = (sse2_u64x2)_mm_unpackhi_epi64(x0, x1);
}

#define LB_HALF 0
#define LB_VEC sse2_u64x2
#define LB_N 2
#define LB_STEPS 2
#define LB_G SSE2_GROUP
#define LB_MIN_LANES 2
#if defined(__x86_64__)
#define LB_MIXED_MIN(c, wide) 24 /* fewer short ones of unequal block counts: faster in scalar (measured) */
/* Two scalar lanes beside the vectors, as in AVX2 (SipHash-2-4: 1.45x on
 * Zen 5); fewer messages than that whole group run faster in scalar. */
#define LB_XLANES 2
#define LB_MIN_BATCH 6
/* One or two long messages: 64-bit scalar code is 1.4-3x faster than a
 * vector of two lanes (Zen 5, 256 B and 1 KiB). */
#define LB_MIN_LANES_LONG 3
#endif
#if SIPHASH_X86_PAIR
#define LB_ONE_SIP pair_oneshot /* i386: what no vector takes runs on the pair path */
#endif
#define LB_FN(x) sip2_##x
#include "../../lanes_impl.h"

/* ---- HalfSipHash, 4 lanes of 32 bits ---------------------------------- */

SIP_INLINE sse2_u32x4 hsip4_rotl(sse2_u32x4 x, int b)
{
	if (b == 16)
		return (sse2_u32x4)_mm_shufflehi_epi16(_mm_shufflelo_epi16((__m128i)x, _MM_SHUFFLE(2, 3, 0, 1)),
		                                       _MM_SHUFFLE(2, 3, 0, 1));
	return (x << b) | (x >> (32 - b));
}

SIP_INLINE sse2_u32x4 hsip4_words(const uint32_t w[4])
{
	return (sse2_u32x4)_mm_setr_epi32((int)w[0], (int)w[1], (int)w[2], (int)w[3]);
}

SIP_INLINE sse2_u32x4 hsip4_load1(const void *const p[4], size_t off)
{
	return (sse2_u32x4)_mm_setr_epi32(
	        (int)sip_load32((const uint8_t *)p[0] + off), (int)sip_load32((const uint8_t *)p[1] + off),
	        (int)sip_load32((const uint8_t *)p[2] + off), (int)sip_load32((const uint8_t *)p[3] + off));
}

/* Four blocks of each lane: a 4x4 transpose of 32-bit words. */
SIP_INLINE void hsip4_loadk(sse2_u32x4 m[4], const void *const p[4], size_t off)
{
	__m128i x0 = _mm_loadu_si128((const __m128i *)((const uint8_t *)p[0] + off));
	__m128i x1 = _mm_loadu_si128((const __m128i *)((const uint8_t *)p[1] + off));
	__m128i x2 = _mm_loadu_si128((const __m128i *)((const uint8_t *)p[2] + off));
	__m128i x3 = _mm_loadu_si128((const __m128i *)((const uint8_t *)p[3] + off));
	__m128i t0 = _mm_unpacklo_epi32(x0, x1), t1 = _mm_unpackhi_epi32(x0, x1);
	__m128i t2 = _mm_unpacklo_epi32(x2, x3), t3 = _mm_unpackhi_epi32(x2, x3);
	m[0] = (sse2_u32x4)_mm_unpacklo_epi64(t0, t2);
	m[1] = (sse2_u32x4)_mm_unpackhi_epi64(t0, t2);
	m[2] = (sse2_u32x4)_mm_unpacklo_epi64(t1, t3);
	m[3] = (sse2_u32x4)_mm_unpackhi_epi64(t1, t3);
}

#define LB_HALF 1
#define LB_VEC sse2_u32x4
#define LB_N 4
#define LB_STEPS 4
#define LB_G SSE2_GROUP
#define LB_MIN_LANES 4
/* One or two messages, or fewer than 32 short ones of unequal block counts:
 * 32-bit scalar code is faster everywhere (measured). */
#define LB_MIN_LANES_LONG 3
#define LB_MIXED_MIN(c, wide) 32
#if defined(__x86_64__)
/* x86-64, two vectors: 7 equal short messages run at 0.85x the scalar loop
 * in a padded group, 6 tie, 4-5 lose; 6 messages of 32-64 bytes and unequal
 * block counts ran 1.8x slower than scalar, so a small mixed batch needs 64
 * bytes in each, as SipHash does (Zen 3). */
#define LB_MIN_BATCH 7
#define LB_MIXED_BLOCKS 16
#define LB_XLANES 2 /* as for SipHash: +16% at 16 B, +3% for 1..64 B (Zen 5) */
#endif
#define LB_FN(x) hsip4_##x
#include "../../lanes_impl.h"

LB_BATCH_ENTRIES(sse2_, sip2_, hsip4_, 16)

#if SIPHASH_X86_PAIR
PAIR_ENTRIES(sse2_)
#endif

SIPHASH_TABLE_OVERRIDES_BEGIN
const siphash__ops siphash__sse2_ops = {
        .id = SIPHASH_BACKEND_SSE2,
        SIPHASH_SCALAR_ENTRIES LB_BATCH_TABLE(sse2_),
#if SIPHASH_X86_PAIR
        PAIR_TABLE(sse2_),
#endif
};
SIPHASH_TABLE_OVERRIDES_END
