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

SIPHASH_TABLE_OVERRIDES_BEGIN
const siphash__ops siphash__avx2_ops = {
        .id = SIPHASH_BACKEND_AVX2,
        SIPHASH_SCALAR_ENTRIES LB_BATCH_TABLE(avx2_),
#if SIPHASH_X86_PAIR
        PAIR_TABLE(avx2_),
#endif
};
SIPHASH_TABLE_OVERRIDES_END
