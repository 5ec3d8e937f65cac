/* avx2_lanes.h - the AVX2 batch lanes (4 SipHash, 8 HalfSipHash) written once, for the AVX2 and AVX-512VL backends. */
/*
 * Included once by avx2.c and once by avx512.c, each compiled with its own
 * ISA flags, so no instruction of one reaches the other's code; every helper
 * is static inline. Before including it, a file may define AVX2_LANES_ROL to
 * 1 (only with AVX-512VL) to rotate by any amount in one instruction; it then
 * instantiates the batch entries from the kinds sip4_ and hsip8_ (avx2.c
 * with LB_BATCH_ENTRIES; avx512.c for the batches too small for its 512-bit
 * lanes, which it builds from these kinds' loads). On i386, avx2.c includes
 * sip_pair.h first: lanes then leave single messages to its pair path.
 */
#ifndef SIPHASH_AVX2_LANES_H
#define SIPHASH_AVX2_LANES_H

#include <immintrin.h>

#include "../../sip_impl.h"
#include "../scalar.h"

#ifndef AVX2_LANES_ROL
#define AVX2_LANES_ROL 0
#endif

typedef uint64_t avx2_u64x4 __attribute__((vector_size(32)));
typedef uint32_t avx2_u32x8 __attribute__((vector_size(32)));

/* Vectors side by side use the pipes one round's dependency chain leaves
 * idle: on Zen 5 one SipRound of one vector takes 7.9 ticks, of two 10, of
 * three 10.3 (batches of 16 B: SipHash-2-4 +11%, HalfSipHash +5-10% over
 * two); a fourth spills. With AVX-512VL's 32 registers a fourth fits, and
 * 1024 x 16 B SipHash ran 7-10% faster, but mixed lengths 2-7% slower, so
 * avx512.c keeps three too (its 512-bit SipHash lanes likewise; its 512-bit
 * HalfSipHash lanes take two). i386 has only 8 vector registers, so one there. */
#if defined(__x86_64__)
#define AVX2_GROUP 3
#else
#define AVX2_GROUP 1
#endif

/* ---- SipHash, 4 lanes of 64 bits -------------------------------------- */

/* Rotates by 32 and 16 are byte moves: one shuffle instead of two shifts and an
 * or (AVX-512VL's rotate takes one instruction for any amount). */
SIP_INLINE avx2_u64x4 sip4_rotl(avx2_u64x4 x, int b)
{
	if (b == 32)
		return (avx2_u64x4)_mm256_shuffle_epi32((__m256i)x, _MM_SHUFFLE(2, 3, 0, 1));
	if (b == 16)
		return (avx2_u64x4)_mm256_shuffle_epi8(
		        (__m256i)x, _mm256_setr_epi8(6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13, 6, 7, 0, 1,
		                                     2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13));
#if AVX2_LANES_ROL /* the intrinsic takes a constant, even where b is one after inlining */
	if (b == 13)
		return (avx2_u64x4)_mm256_rol_epi64((__m256i)x, 13);
	if (b == 17)
		return (avx2_u64x4)_mm256_rol_epi64((__m256i)x, 17);
	if (b == 21)
		return (avx2_u64x4)_mm256_rol_epi64((__m256i)x, 21);
#endif
	return (x << b) | (x >> (64 - b));
}

SIP_INLINE avx2_u64x4 sip4_words(const uint64_t w[4])
{
	return (avx2_u64x4)_mm256_set_epi64x((long long)w[3], (long long)w[2], (long long)w[1], (long long)w[0]);
}

/* One word of each lane: a broadcast load is a load alone (no shuffle-port
 * micro-op), and blends run on every vector port, unlike the shuffles the
 * rounds' rotates already crowd. */
SIP_INLINE avx2_u64x4 sip4_load1(const void *const p[4], size_t off)
{
	const __m256i a = _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)((const uint8_t *)p[0] + off)));
	const __m256i b = _mm256_set1_epi64x((long long)sip_load64((const uint8_t *)p[1] + off));
	const __m256i c = _mm256_set1_epi64x((long long)sip_load64((const uint8_t *)p[2] + off));
	const __m256i d = _mm256_set1_epi64x((long long)sip_load64((const uint8_t *)p[3] + off));
	return (avx2_u64x4)_mm256_blend_epi32(_mm256_blend_epi32(a, b, 0x0c), _mm256_blend_epi32(c, d, 0xc0), 0xf0);
}

/* Two blocks of each lane: lanes 0 and 2 (1 and 3) share a register through
 * a broadcast load and a blend, then one unpack per block. */
SIP_INLINE void sip4_loadk(avx2_u64x4 m[2], const void *const p[4], size_t off)
{
	const __m256i x = _mm256_blend_epi32(
	        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)((const uint8_t *)p[0] + off))),
	        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)((const uint8_t *)p[2] + off))), 0xf0);
	const __m256i y = _mm256_blend_epi32(
	        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)((const uint8_t *)p[1] + off))),
	        _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)((const uint8_t *)p[3] + off))), 0xf0);
	m[0] = (avx2_u64x4)_mm256_unpacklo_epi64(x, y);
	m[1] = (avx2_u64x4)_mm256_unpackhi_epi64(x, y);
}

/* The lengths as 64-bit lanes, loaded as one vector: built from the four
 * values the addresses already need, they took five instructions. */
SIP_INLINE avx2_u64x4 sip4_lens(const size_t L[4])
{
#if defined(__x86_64__)
	return (avx2_u64x4)_mm256_loadu_si256((const __m256i *)L);
#else
	return (avx2_u64x4)_mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)L));
#endif
}

/* Final blocks without a branch per lane: each lane's last 8 bytes, shifted
 * right by its own count (AVX2 variable shifts; a count of 64 gives 0). */
SIP_INLINE avx2_u64x4 sip4_vtail(const void *const p[4], const size_t L[4])
{
	const void *const q[4] = {(const uint8_t *)p[0] + L[0] - 8, (const uint8_t *)p[1] + L[1] - 8,
	                          (const uint8_t *)p[2] + L[2] - 8, (const uint8_t *)p[3] + L[3] - 8};
	const avx2_u64x4 len = sip4_lens(L);
	const avx2_u64x4 w = sip4_load1(q, 0);
	return (avx2_u64x4)_mm256_srlv_epi64((__m256i)w, (__m256i)(64 - ((len & 7) << 3))) | (len << 56);
}

#if AVX2_LANES_ROL
/* The message a group leaves over, in the AVX-512VL build: the scalar
 * backend's function, called, took 2.5-5 ns less there than the template
 * inlined (Zen 5, 9 x 3 B SipHash-1-3: 39 ns against 44; in the AVX2 build
 * the call was slower). */
SIP_INLINE uint64_t avx2_rol_one_sip(const siphash_key *key, const void *data, size_t len, unsigned c, unsigned d,
                                     int wide, uint8_t *out16)
{
	(void)d; /* c names the variant: 1-3, 2-4 or 4-8 */
	if (wide) {
		if (c == 1)
			siphash__scalar_sip13_128(key, data, len, out16);
		else if (c == 2)
			siphash__scalar_sip24_128(key, data, len, out16);
		else
			siphash__scalar_sip48_128(key, data, len, out16);
		return 0;
	}
	return c == 1   ? siphash__scalar_sip13_64(key, data, len)
	       : c == 2 ? siphash__scalar_sip24_64(key, data, len)
	                : siphash__scalar_sip48_64(key, data, len);
}
#endif

#define AVX2_SIP4_TWO 0
#define LB_FN(x) sip4_##x
#include "avx2_sip4.h"
#undef AVX2_SIP4_TWO
#if defined(SIPHASH_HAVE_AVX2_TWO) && !AVX2_LANES_ROL
/* The same kind in the two-vector tuning (avx2_sip4.h), for avx2.c's second table:
 * only the groups' shape differs, so the helpers are the same functions. */
#define sip4t_rotl sip4_rotl
#define sip4t_words sip4_words
#define sip4t_load1 sip4_load1
#define sip4t_loadk sip4_loadk
#define sip4t_vtail sip4_vtail
#define AVX2_SIP4_TWO 1
#define LB_FN(x) sip4t_##x
#include "avx2_sip4.h"
#undef AVX2_SIP4_TWO
#endif

/* ---- HalfSipHash, 8 lanes of 32 bits ---------------------------------- */

SIP_INLINE avx2_u32x8 hsip8_rotl(avx2_u32x8 x, int b)
{
	if (b == 16)
		return (avx2_u32x8)_mm256_shuffle_epi8(
		        (__m256i)x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1,
		                                     6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
	if (b == 8)
		return (avx2_u32x8)_mm256_shuffle_epi8(
		        (__m256i)x, _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2,
		                                     7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14));
#if AVX2_LANES_ROL
	if (b == 5)
		return (avx2_u32x8)_mm256_rol_epi32((__m256i)x, 5);
	if (b == 7)
		return (avx2_u32x8)_mm256_rol_epi32((__m256i)x, 7);
	if (b == 13)
		return (avx2_u32x8)_mm256_rol_epi32((__m256i)x, 13);
#endif
	return (x << b) | (x >> (32 - b));
}

SIP_INLINE avx2_u32x8 hsip8_words(const uint32_t w[8])
{
	return (avx2_u32x8)_mm256_setr_epi32((int)w[0], (int)w[1], (int)w[2], (int)w[3], (int)w[4], (int)w[5],
	                                     (int)w[6], (int)w[7]);
}

/* Words loaded straight into vector registers and interleaved: a word moved
 * in from a general register (vpinsrd) costs two micro-ops on the shuffle
 * ports the rounds need, an unpack one. */
SIP_INLINE __m128i avx2_quad32(const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d)
{
	const __m128i ab =
	        _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)sip_load32(a)), _mm_cvtsi32_si128((int)sip_load32(b)));
	const __m128i cd =
	        _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)sip_load32(c)), _mm_cvtsi32_si128((int)sip_load32(d)));
	return _mm_unpacklo_epi64(ab, cd);
}

SIP_INLINE avx2_u32x8 hsip8_gather(const uint8_t *const q[8])
{
	return (avx2_u32x8)_mm256_inserti128_si256(_mm256_castsi128_si256(avx2_quad32(q[0], q[1], q[2], q[3])),
	                                           avx2_quad32(q[4], q[5], q[6], q[7]), 1);
}

SIP_INLINE avx2_u32x8 hsip8_load1(const void *const p[8], size_t off)
{
	const uint8_t *const q[8] = {(const uint8_t *)p[0] + off, (const uint8_t *)p[1] + off,
	                             (const uint8_t *)p[2] + off, (const uint8_t *)p[3] + off,
	                             (const uint8_t *)p[4] + off, (const uint8_t *)p[5] + off,
	                             (const uint8_t *)p[6] + off, (const uint8_t *)p[7] + off};
	return hsip8_gather(q);
}

/* Four blocks of each lane: lanes j and j+4 share a register, then a 4x4
 * transpose of 32-bit words within each 128-bit half. */
SIP_INLINE void hsip8_loadk(avx2_u32x8 m[4], const void *const p[8], size_t off)
{
	__m256i y[4], t0, t1, t2, t3;
	int j;
	for (j = 0; j < 4; j++)
		y[j] = _mm256_inserti128_si256(
		        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)((const uint8_t *)p[j] + off))),
		        _mm_loadu_si128((const __m128i *)((const uint8_t *)p[j + 4] + off)), 1);
	t0 = _mm256_unpacklo_epi32(y[0], y[1]);
	t1 = _mm256_unpackhi_epi32(y[0], y[1]);
	t2 = _mm256_unpacklo_epi32(y[2], y[3]);
	t3 = _mm256_unpackhi_epi32(y[2], y[3]);
	m[0] = (avx2_u32x8)_mm256_unpacklo_epi64(t0, t2);
	m[1] = (avx2_u32x8)_mm256_unpackhi_epi64(t0, t2);
	m[2] = (avx2_u32x8)_mm256_unpacklo_epi64(t1, t3);
	m[3] = (avx2_u32x8)_mm256_unpackhi_epi64(t1, t3);
}

/* The lengths as 32-bit lanes: two loads and a permute on x86-64. */
SIP_INLINE avx2_u32x8 hsip8_lens(const size_t L[8])
{
#if defined(__x86_64__)
	const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
	const __m256i a = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)L), even);
	const __m256i b = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(L + 4)), even);
	return (avx2_u32x8)_mm256_blend_epi32(a, b, 0xf0);
#else
	return (avx2_u32x8)_mm256_loadu_si256((const __m256i *)L);
#endif
}

SIP_INLINE avx2_u32x8 hsip8_vtail(const void *const p[8], const size_t L[8])
{
	const avx2_u32x8 len = hsip8_lens(L);
	const uint8_t *const q[8] = {(const uint8_t *)p[0] + L[0] - 4, (const uint8_t *)p[1] + L[1] - 4,
	                             (const uint8_t *)p[2] + L[2] - 4, (const uint8_t *)p[3] + L[3] - 4,
	                             (const uint8_t *)p[4] + L[4] - 4, (const uint8_t *)p[5] + L[5] - 4,
	                             (const uint8_t *)p[6] + L[6] - 4, (const uint8_t *)p[7] + L[7] - 4};
	return (avx2_u32x8)_mm256_srlv_epi32((__m256i)hsip8_gather(q), (__m256i)(32 - ((len & 3) << 3))) | (len << 24);
}

#define LB_HALF 1
#define LB_HAVE_VTAIL 1
#define LB_VEC avx2_u32x8
#define LB_N 8
#define LB_STEPS 4
#define LB_G AVX2_GROUP
#define LB_MIN_LANES_LONG 3      /* one or two messages: 32-bit scalar code is fast everywhere */
#define LB_MIXED_MIN(c, wide) 32 /* fewer short ones of unequal block counts: faster in scalar (measured) */
#if defined(__x86_64__)
/* 4 to 6 equal 16-byte messages in one padded vector: 76-86 ticks against
 * 84-125 in scalar, and a group's 4-6 left over likewise (32 messages: 202
 * ticks, 258-293 when those 6 went one at a time; Zen 5). */
#define LB_MIN_LANES 4
#define LB_MIN_BATCH LB_MIN_LANES
#define LB_MIXED_BLOCKS 16 /* a small mixed batch needs 64 bytes in each message, as in SSE2 */
/* Two scalar lanes beside the vectors for runs of equal block counts: 16 B
 * +10%, 32 B +12% (Zen 5). Groups of dealt rows lost 6% with them on 1..64 B
 * mixed lengths, so those run without. */
#define LB_XLANES 2
#define LB_XDEALT 0
/* 7 to 12 equal messages used to go to SSE2's two chains of 4 lanes (Zen 3,
 * short messages, before small groups were padded). Since run_short() pads
 * them into two vectors, these lanes take 0.55-0.9x SSE2's time for 7-12
 * messages of 4 B to 1 KiB (Zen 5), but for a few short ones, whose padded
 * lanes cost about what theirs do (and below 4 B each assembles its final
 * block byte by byte): SSE2 stays faster below 16 B for 9 messages (1 B:
 * 58 ns against 41; 8 B: 45 against 42), below 32 B for 10 (16 B: up to
 * 1.08x) and below 4 B for 11; so for 4, which one padded vector hashes in
 * 1.1-1.3x the time of SSE2's code (1-3 B, every variant; SSE2 leaves
 * HalfSipHash-1-3's to the scalar loop: 24 ns against 31), and for 5 with
 * HalfSipHash-1-3-32 (1.1x). With AVX-512VL's rotates, 4 with 64-bit tags
 * stays (SSE2 took 1.05-1.16x the time). */
#define HSIP8_TINY(c, wide)                                                                                            \
	(LB_SIZE(11) | (!(wide) || !AVX2_LANES_ROL ? LB_SIZE(4) : 0) | ((c) < 2 && !(wide) ? LB_SIZE(5) : 0))
#define LB_NARROW_SHORT(n, c, wide) ((n) == 9 ? 16 : (n) == 10 ? 32 : LB_IN(n, HSIP8_TINY(c, wide)) ? 4 : 0)
#else
#define LB_MIN_LANES 8
/* i386, one vector at a time: 4-7 messages ran 1.3x faster in SSE2's lanes
 * than in scalar or in one half-empty AVX2 vector (measured). */
#define LB_NARROW_SET(c, wide) LB_SIZES(4, 8)
#endif
#define LB_NARROW_OPS siphash__sse2_ops
#define LB_FN(x) hsip8_##x
#include "../../lanes_impl.h"

#endif /* SIPHASH_AVX2_LANES_H */
