/* neon.c - the NEON backend (ARMv7 and AArch64): SIMD batch lanes everywhere, and one message in NEON on ARMv7. */
#include <arm_neon.h>

#include "../scalar.h"

#include "../../sip_impl.h"

/* Rotations on lanes: by half the word as a lane permute (vrev), any other
 * amount as shift right then shift-left-and-insert (vsli): two instructions.
 * Macros, not functions, so the immediates stay literal even at -O0. */
#define NEON_ROTL64(x, b)                                                                                              \
	((b) == 32 ? vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(x)))                                      \
	           : vsliq_n_u64(vshrq_n_u64((x), 64 - (b)), (x), (b)))
#define NEON_ROTL32(x, b)                                                                                              \
	((b) == 16 ? vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))                                      \
	           : vsliq_n_u32(vshrq_n_u32((x), 32 - (b)), (x), (b)))

/* ---- batch: the shared lane template (src/lanes_impl.h) ----------------- */

#if !defined(__aarch64__)
/* Two SipHash lanes: each vector holds one state word of two messages. (Not
 * on AArch64, where scalar code hashes two messages in as many instructions,
 * on wider integer issue: see docs/architecture.md.) */
#define neon_sip2_rotl(x, b) NEON_ROTL64(x, b)

static inline uint64x2_t neon_sip2_words(const uint64_t w[2])
{
	return vld1q_u64(w);
}

/* Byte loads: message pointers have any alignment. */
static inline uint64x2_t neon_sip2_load1(const void *const p[2], size_t off)
{
	return vcombine_u64(vreinterpret_u64_u8(vld1_u8((const uint8_t *)p[0] + off)),
	                    vreinterpret_u64_u8(vld1_u8((const uint8_t *)p[1] + off)));
}

/* Two blocks of each lane in one 16-byte load per lane, regrouped by block. */
static inline void neon_sip2_loadk(uint64x2_t m[2], const void *const p[2], size_t off)
{
	const uint64x2_t x = vreinterpretq_u64_u8(vld1q_u8((const uint8_t *)p[0] + off));
	const uint64x2_t y = vreinterpretq_u64_u8(vld1q_u8((const uint8_t *)p[1] + off));
	m[0] = vcombine_u64(vget_low_u64(x), vget_low_u64(y));
	m[1] = vcombine_u64(vget_high_u64(x), vget_high_u64(y));
}

#define LB_HALF 0
#define LB_VEC uint64x2_t
#define LB_N 2
#define LB_STEPS 2
#define LB_G 1
#define LB_MIN_LANES 2
#define LB_FN(x) neon_sip2_##x
#include "../../lanes_impl.h"
#endif

/* Four HalfSipHash lanes. */
#define neon_hsip4_rotl(x, b) NEON_ROTL32(x, b)

static inline uint32x4_t neon_hsip4_words(const uint32_t w[4])
{
	return vld1q_u32(w);
}

static inline uint32x4_t neon_hsip4_load1(const void *const p[4], size_t off)
{
	const uint32_t w[4] = {sip_load32((const uint8_t *)p[0] + off), sip_load32((const uint8_t *)p[1] + off),
	                       sip_load32((const uint8_t *)p[2] + off), sip_load32((const uint8_t *)p[3] + off)};
	return vld1q_u32(w);
}

/* Four blocks of each lane (one 16-byte load per lane), transposed 4x4. */
static inline void neon_hsip4_loadk(uint32x4_t m[4], const void *const p[4], size_t off)
{
	const uint32x4x2_t t01 = vtrnq_u32(vreinterpretq_u32_u8(vld1q_u8((const uint8_t *)p[0] + off)),
	                                   vreinterpretq_u32_u8(vld1q_u8((const uint8_t *)p[1] + off)));
	const uint32x4x2_t t23 = vtrnq_u32(vreinterpretq_u32_u8(vld1q_u8((const uint8_t *)p[2] + off)),
	                                   vreinterpretq_u32_u8(vld1q_u8((const uint8_t *)p[3] + off)));
	m[0] = vcombine_u32(vget_low_u32(t01.val[0]), vget_low_u32(t23.val[0]));
	m[1] = vcombine_u32(vget_low_u32(t01.val[1]), vget_low_u32(t23.val[1]));
	m[2] = vcombine_u32(vget_high_u32(t01.val[0]), vget_high_u32(t23.val[0]));
	m[3] = vcombine_u32(vget_high_u32(t01.val[1]), vget_high_u32(t23.val[1]));
}

/* The final blocks when every message has a whole block: the last 4 bytes of
 * each, shifted right to keep the tail (VSHL by -32, for an empty tail, gives
 * 0), under the length byte. 3% fewer instructions than the template's lane by
 * lane tails; the SipHash pair gained nothing from it (7% more on ARMv7). */
static inline uint32x4_t neon_hsip4_vtail(const void *const p[4], const size_t L[4])
{
	const void *const q[4] = {(const uint8_t *)p[0] + L[0] - 4, (const uint8_t *)p[1] + L[1] - 4,
	                          (const uint8_t *)p[2] + L[2] - 4, (const uint8_t *)p[3] + L[3] - 4};
	const uint32x4_t len = {(uint32_t)L[0], (uint32_t)L[1], (uint32_t)L[2], (uint32_t)L[3]};
	const int32x4_t sh = (int32x4_t)(((len & 3) << 3) - 32);
	return vshlq_u32(neon_hsip4_load1(q, 0), sh) | (len << 24);
}

#define LB_HALF 1
#define LB_HAVE_VTAIL 1
#define LB_VEC uint32x4_t
#define LB_N 4
#define LB_STEPS 4
#define LB_G 1
#define LB_MIN_LANES 2
#define LB_FN(x) neon_hsip4_##x
#include "../../lanes_impl.h"

#if !defined(__aarch64__)
LB_BATCH_ENTRIES(neon_, neon_sip2_, neon_hsip4_, 16)
#define NEON_BATCH_ENTRIES LB_BATCH_TABLE(neon_)
#else
LB_CHECK_ENTRY_(neon_, 16)
LB_HSIP_ENTRIES(neon_, neon_hsip4_, neon_)
#define NEON_BATCH_ENTRIES LB_CHECK_TABLE(neon_), LB_HSIP_TABLE(neon_)
#endif

/* ---- ARMv7: one SipHash message in 64-bit NEON lanes -------------------- */

#if !defined(__aarch64__)
/*
 * 64-bit arithmetic in 32-bit core registers costs two instructions per add
 * and xor and four per rotate; NEON does each in one or two. These are the
 * pieces src/pair_impl.h's {v0,v2}, {v1,v3} state needs. Rotations differ
 * per lane, hence shifts by a per-lane count vector (VSHL by register,
 * negative = right). A block is loaded into lane 1 (the high D register),
 * where v3 takes it first.
 */
#define PAIR_VEC uint64x2_t

SIP_INLINE uint64x2_t pair_add(uint64x2_t x, uint64x2_t y)
{
	return vaddq_u64(x, y);
}

SIP_INLINE uint64x2_t pair_xor(uint64x2_t x, uint64x2_t y)
{
	return veorq_u64(x, y);
}

/* A macro, not a function, so the counts stay literal even at -O0. */
#define pair_rot(x, l0, l1)                                                                                            \
	vorrq_u64(vshlq_u64((x), vcombine_s64(vcreate_s64(l0), vcreate_s64(l1))),                                      \
	          vshlq_u64((x), vcombine_s64(vcreate_s64((uint64_t) - (64 - (l0))),                                   \
	                                      vcreate_s64((uint64_t) - (64 - (l1))))))

/* As 32-bit elements x = [x0 x1 x2 x3], {lane 1, lane 0 <<< 32} is
 * [x2 x3 x1 x0]: vext of x and vrev64(x), with no lane moves. */
SIP_INLINE uint64x2_t pair_rot32_swap(uint64x2_t x)
{
	const uint32x4_t w = vreinterpretq_u32_u64(x);
	return vreinterpretq_u64_u32(vextq_u32(w, vrev64q_u32(w), 2));
}

SIP_INLINE uint64x2_t pair_make(uint64_t lo, uint64_t hi)
{
	return vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
}

SIP_INLINE void pair_split(uint64x2_t x, uint64_t *lo, uint64_t *hi)
{
	*lo = vgetq_lane_u64(x, 0);
	*hi = vgetq_lane_u64(x, 1);
}

SIP_INLINE uint64_t pair_fold(uint64x2_t x)
{
	return vgetq_lane_u64(x, 0) ^ vgetq_lane_u64(x, 1);
}

SIP_INLINE uint64x2_t pair_block(const void *p)
{
	return vcombine_u64(vcreate_u64(0), vreinterpret_u64_u8(vld1_u8((const uint8_t *)p)));
}

SIP_INLINE uint64x2_t pair_word(uint64_t w)
{
	return pair_make(0, w);
}

SIP_INLINE uint64x2_t pair_v3(uint64x2_t m)
{
	return m;
}

SIP_INLINE uint64x2_t pair_v0(uint64x2_t m)
{
	return vextq_u64(m, m, 1);
}

#include "../../pair_impl.h"

PAIR_ENTRIES(neon_)

/* HalfSipHash's 32-bit words are native to the ARMv7 core (rotate folds into
 * eor/add operands), so its single-message ops stay scalar. */
#define NEON_SINGLE_ENTRIES PAIR_TABLE(neon_),
#else
/* AArch64 has 64-bit core registers and rotate-in-operand: scalar wins for one message. */
#define NEON_SINGLE_ENTRIES
#endif

SIPHASH_TABLE_OVERRIDES_BEGIN
const siphash__ops siphash__neon_ops = {.id = SIPHASH_BACKEND_NEON,
                                        SIPHASH_SCALAR_ENTRIES NEON_SINGLE_ENTRIES NEON_BATCH_ENTRIES};
SIPHASH_TABLE_OVERRIDES_END
