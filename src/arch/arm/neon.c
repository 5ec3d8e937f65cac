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
 * and xor and four per rotate; NEON does each in one or two. The state is
 * a = {v0, v2}, b = {v1, v3}: the first half-round pairs (v0,v1) and (v2,v3),
 * the second (v2,v1) and (v0,v3), so a's lanes are swapped between them, in
 * the same instruction that rotates v0 (then v2) by 32. Rotations differ per
 * lane, hence shifts by a per-lane count vector (VSHL by register, negative =
 * right).
 */
typedef struct neon_sip1 {
	uint64x2_t a, b;
} neon_sip1;

/* x rotated left by l0 in lane 0 and l1 in lane 1. */
#define NEON_ROTV64(x, l0, l1)                                                                                         \
	vorrq_u64(vshlq_u64((x), vcombine_s64(vcreate_s64(l0), vcreate_s64(l1))),                                      \
	          vshlq_u64((x), vcombine_s64(vcreate_s64((uint64_t) - (64 - (l0))),                                   \
	                                      vcreate_s64((uint64_t) - (64 - (l1))))))

/* {lane 1, lane 0 rotated by 32}: the rotate of one word and the swap that
 * pairs the next half-round's words. As 32-bit elements x = [x0 x1 x2 x3],
 * that is [x2 x3 x1 x0]: vext of x and vrev64(x), with no lane moves. */
SIP_INLINE uint64x2_t neon_rot32_swap(uint64x2_t x)
{
	const uint32x4_t w = vreinterpretq_u32_u64(x);
	return vreinterpretq_u64_u32(vextq_u32(w, vrev64q_u32(w), 2));
}

SIP_INLINE void neon_sip1_rounds(neon_sip1 *s, unsigned n)
{
	uint64x2_t a = s->a, b = s->b;
	unsigned i;
	for (i = 0; i < n; i++) {
		a = vaddq_u64(a, b); /* v0 += v1; v2 += v3 */
		b = veorq_u64(NEON_ROTV64(b, 13, 16), a);
		a = neon_rot32_swap(a); /* {v2, v0 <<< 32} */
		a = vaddq_u64(a, b);    /* v2 += v1; v0 += v3 */
		b = veorq_u64(NEON_ROTV64(b, 17, 21), a);
		a = neon_rot32_swap(a); /* {v0, v2 <<< 32} */
	}
	s->a = a;
	s->b = b;
}

/* mv = {0, m}: m goes into v3 (lane 1 of b) before the rounds and into v0
 * (lane 0 of a) after. */
SIP_INLINE void neon_sip1_absorb(neon_sip1 *s, uint64x2_t mv, unsigned c)
{
	s->b = veorq_u64(s->b, mv);
	neon_sip1_rounds(s, c);
	s->a = veorq_u64(s->a, vextq_u64(mv, mv, 1));
}

/* A block straight into the high D register of {0, m}. */
SIP_INLINE uint64x2_t neon_sip1_block(const uint8_t *p)
{
	return vcombine_u64(vcreate_u64(0), vreinterpret_u64_u8(vld1_u8(p)));
}

SIP_INLINE neon_sip1 neon_sip1_load(const sip_words *w)
{
	neon_sip1 s;
	s.a = vcombine_u64(vcreate_u64(w->v0), vcreate_u64(w->v2));
	s.b = vcombine_u64(vcreate_u64(w->v1), vcreate_u64(w->v3));
	return s;
}

SIP_INLINE void neon_sip1_blocks(neon_sip1 *s, const uint8_t *p, size_t nblocks, unsigned c)
{
	for (; nblocks; nblocks--, p += 8)
		neon_sip1_absorb(s, neon_sip1_block(p), c);
}

SIP_INLINE uint64_t neon_sip1_tag(const neon_sip1 *s)
{
	const uint64x2_t t = veorq_u64(s->a, s->b);
	return vgetq_lane_u64(t, 0) ^ vgetq_lane_u64(t, 1);
}

/* sip_finish and sip_oneshot of sip_impl.h on the NEON state. */
SIP_INLINE uint64_t neon_sip1_oneshot(const siphash_key *key, const void *data, size_t len, unsigned c, unsigned d,
                                      int wide, uint8_t *out16)
{
	const uint8_t *p = (const uint8_t *)data;
	const sip_words w = sip_start(key, wide);
	neon_sip1 s = neon_sip1_load(&w);
	uint64_t h0;
	neon_sip1_blocks(&s, p, len >> 3, c);
	neon_sip1_absorb(&s,
	                 vcombine_u64(vcreate_u64(0), vcreate_u64(((uint64_t)len << 56) |
	                                                          (len ? sip_tail64(p + len, len & 7, len) : 0))),
	                 c);
	s.a = veorq_u64(s.a, vcombine_u64(vcreate_u64(0), vcreate_u64(wide ? 0xee : 0xff))); /* v2 */
	neon_sip1_rounds(&s, d);
	h0 = neon_sip1_tag(&s);
	if (wide) {
		s.b = veorq_u64(s.b, vcombine_u64(vcreate_u64(0xdd), vcreate_u64(0))); /* v1 */
		neon_sip1_rounds(&s, d);
		sip_store64(out16, h0);
		sip_store64(out16 + 8, neon_sip1_tag(&s));
	}
	return h0;
}

#define NEON_SIP64(name, c, d)                                                                                         \
	static uint64_t neon_##name(const siphash_key *key, const void *data, size_t len)                              \
	{                                                                                                              \
		return neon_sip1_oneshot(key, data, len, c, d, 0, NULL);                                               \
	}
#define NEON_SIP128(name, c, d)                                                                                        \
	static void neon_##name(const siphash_key *key, const void *data, size_t len, uint8_t out[16])                 \
	{                                                                                                              \
		(void)neon_sip1_oneshot(key, data, len, c, d, 1, out);                                                 \
	}
NEON_SIP64(sip13_64, 1, 3)
NEON_SIP64(sip24_64, 2, 4)
NEON_SIP64(sip48_64, 4, 8)
NEON_SIP128(sip13_128, 1, 3)
NEON_SIP128(sip24_128, 2, 4)
NEON_SIP128(sip48_128, 4, 8)

static void neon_sip_any(const siphash_key *key, unsigned c, unsigned d, const void *data, size_t len, uint8_t *out,
                         size_t outlen)
{
	uint8_t tmp[16];
	if (outlen == 16) {
		(void)neon_sip1_oneshot(key, data, len, c, d, 1, tmp);
		memcpy(out, tmp, 16);
	} else {
		sip_store64(out, neon_sip1_oneshot(key, data, len, c, d, 0, NULL));
	}
}

static void neon_sip_blocks(uint64_t v[4], const uint8_t *p, size_t nblocks, unsigned c)
{
	const sip_words w = {v[0], v[1], v[2], v[3]};
	neon_sip1 s = neon_sip1_load(&w);
	if (c == 2)
		neon_sip1_blocks(&s, p, nblocks, 2);
	else if (c == 1)
		neon_sip1_blocks(&s, p, nblocks, 1);
	else
		neon_sip1_blocks(&s, p, nblocks, c);
	v[0] = vgetq_lane_u64(s.a, 0);
	v[1] = vgetq_lane_u64(s.b, 0);
	v[2] = vgetq_lane_u64(s.a, 1);
	v[3] = vgetq_lane_u64(s.b, 1);
}

/* HalfSipHash's 32-bit words are native to the ARMv7 core (rotate folds into
 * eor/add operands), so its single-message ops stay scalar. */
#define NEON_SINGLE_ENTRIES                                                                                            \
	.sip13_64 = neon_sip13_64, .sip24_64 = neon_sip24_64, .sip48_64 = neon_sip48_64, .sip13_128 = neon_sip13_128,  \
	.sip24_128 = neon_sip24_128, .sip48_128 = neon_sip48_128, .sip_any = neon_sip_any,                             \
	.sip_blocks = neon_sip_blocks,
#else
/* AArch64 has 64-bit core registers and rotate-in-operand: scalar wins for one message. */
#define NEON_SINGLE_ENTRIES
#endif

/* Later designated initializers override the scalar defaults on purpose. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
const siphash__ops siphash__neon_ops = {.id = SIPHASH_BACKEND_NEON,
                                        SIPHASH_SCALAR_ENTRIES NEON_SINGLE_ENTRIES NEON_BATCH_ENTRIES};
#pragma GCC diagnostic pop
