/* avx2.c - AVX2 backend: batches in 4 SipHash / 8 HalfSipHash lanes; on i386 also the single-message SipHash path. */
/*
 * Only this file is compiled with -mavx2, and it only runs once the CPU probe
 * reported AVX2: every helper it uses is static inline (from sip_impl.h,
 * lanes_impl.h, avx2_lanes.h and sip_pair.h), so its AVX2 code never lands in
 * a function that another backend calls.
 */
#include <immintrin.h>

#include "../../sip_impl.h"
#include "../scalar.h"

#if !defined(__GNUC__)
#error "the AVX2 backend uses GCC vector extensions (GCC or Clang)"
#endif

/* ---- one message (i386): sip_pair.h; also what lanes leave over ------ */

/* AVX2 shifts each lane by its own count: a two-amount rotate is three instructions. */
SIP_INLINE __m128i pair_rot(__m128i x, int lo, int hi)
{
	return _mm_or_si128(_mm_sllv_epi64(x, _mm_set_epi32(0, hi, 0, lo)),
	                    _mm_srlv_epi64(x, _mm_set_epi32(0, 64 - hi, 0, 64 - lo)));
}
#include "sip_pair.h"

#include "avx2_lanes.h"

LB_BATCH_ENTRIES(avx2_, sip4_, hsip8_, 32)

#if SIPHASH_X86_PAIR
PAIR_ENTRIES(avx2_)
#endif

#if defined(SIPHASH_HAVE_AVX2_TWO)
/* SipHash-1-3 only: with two or more rounds a block both tunings measured
 * the same on Zen 3 (avx2_sip4.h), and each entry's group code is large. */
LB_ENTRY_(avx2t_, sip4t_, avx2t_, sip13_64, siphash_key, uint64_t *, 1, 3, 0)
LB_ENTRY_(avx2t_, sip4t_, avx2t_, sip13_128, siphash_key, siphash__tag128 *, 1, 3, 1)
#endif

SIPHASH_TABLE_OVERRIDES_BEGIN
const siphash__ops siphash__avx2_ops = {
        .id = SIPHASH_BACKEND_AVX2,
        SIPHASH_SCALAR_ENTRIES LB_BATCH_TABLE(avx2_),
#if SIPHASH_X86_PAIR
        PAIR_TABLE(avx2_),
#endif
};
#if defined(SIPHASH_HAVE_AVX2_TWO)
/* The same backend with its SipHash-1-3 batches in the two-vector tuning
 * (avx2_sip4.h), which dispatch.c takes on Zen 3. */
const siphash__ops siphash__avx2_two_ops = {
        .id = SIPHASH_BACKEND_AVX2,
        SIPHASH_SCALAR_ENTRIES LB_BATCH_TABLE(avx2_),
        .sip13_64_batch = avx2t_sip13_64_batch,
        .sip13_128_batch = avx2t_sip13_128_batch,
};
#endif
SIPHASH_TABLE_OVERRIDES_END
