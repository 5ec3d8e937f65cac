/* avx512.c - AVX-512VL backend (x86-64): 512-bit batch lanes, and the AVX2 lanes with one-instruction rotates. */
/*
 * Batches run in 512-bit vectors of 8 SipHash lanes (sipz_ below) or 16
 * HalfSipHash lanes (hsipz_), every rotate one instruction: a SipRound of a
 * vector is 14 instructions, where AVX2's 256-bit one is 20 for half the
 * lanes. On a CPU that executes a 512-bit instruction as fast as a 256-bit
 * one (Zen 5, three chains side by side: 1.30 ns a SipRound either way) that
 * is twice the lanes per tick. Batches the wide vectors would leave mostly
 * empty run in the AVX2 backend's 256-bit lanes (avx2_lanes.h with
 * AVX2_LANES_ROL). Only this file is compiled with -mavx512f -mavx512vl, and
 * it only runs once the CPU probe reported both with the OS saving their
 * state; everything else is the scalar table, as in the AVX2 backend.
 */
#define AVX2_LANES_ROL 1
#include "avx2_lanes.h"

#if !defined(__GNUC__)
#error "the AVX-512VL backend uses GCC vector extensions (GCC or Clang)"
#endif

/* The 256-bit lanes, for batches the 512-bit ones would leave mostly empty;
 * their table is where sipz_ and hsipz_ narrow such a batch to. */
LB_SIP_ENTRIES(avx512y_, sip4_, avx512y_)
LB_HSIP_ENTRIES(avx512y_, hsip8_, avx512y_)

SIPHASH_TABLE_OVERRIDES_BEGIN
static const siphash__ops avx512y_ops = {
        .id = SIPHASH_BACKEND_AVX512,
        SIPHASH_SCALAR_ENTRIES LB_SIP_TABLE(avx512y_),
        LB_HSIP_TABLE(avx512y_),
};
SIPHASH_TABLE_OVERRIDES_END

/* A 512-bit kind z's words, loads and final blocks from the 256-bit kind y
 * of half as many lanes (H): lanes 0..H-1 and H..2H-1 are loaded as y loads
 * its own, then joined; S blocks per loadk. */
#define AVX512_JOINED(z, y, zvec, yvec, word, H, S)                                                                    \
	SIP_INLINE zvec z##words(const word w[2 * (H)])                                                                \
	{                                                                                                              \
		return (zvec)_mm512_loadu_si512(w);                                                                    \
	}                                                                                                              \
	SIP_INLINE zvec z##join(yvec lo, yvec hi)                                                                      \
	{                                                                                                              \
		return (zvec)_mm512_inserti64x4(_mm512_castsi256_si512((__m256i)lo), (__m256i)hi, 1);                  \
	}                                                                                                              \
	SIP_INLINE zvec z##load1(const void *const p[2 * (H)], size_t off)                                             \
	{                                                                                                              \
		return z##join(y##load1(p, off), y##load1(p + (H), off));                                              \
	}                                                                                                              \
	SIP_INLINE void z##loadk(zvec m[S], const void *const p[2 * (H)], size_t off)                                  \
	{                                                                                                              \
		yvec lo[S], hi[S];                                                                                     \
		int k;                                                                                                 \
		y##loadk(lo, p, off);                                                                                  \
		y##loadk(hi, p + (H), off);                                                                            \
		for (k = 0; k < (S); k++)                                                                              \
			m[k] = z##join(lo[k], hi[k]);                                                                  \
	}                                                                                                              \
	SIP_INLINE zvec z##vtail(const void *const p[2 * (H)], const size_t L[2 * (H)])                                \
	{                                                                                                              \
		return z##join(y##vtail(p, L), y##vtail(p + (H), L + (H)));                                            \
	}

/* Kind z's rotate of its W-bit words: one vprolq/vprold for each amount its
 * rounds use (the intrinsic takes a constant, even where b is one after
 * inlining, hence the cases). */
#define AVX512_ROTL(z, zvec, W, b0, b1, b2, b3, b4)                                                                    \
	SIP_INLINE zvec z##rotl(zvec x, int b)                                                                         \
	{                                                                                                              \
		switch (b) {                                                                                           \
		case b0:                                                                                               \
			return (zvec)_mm512_rol_epi##W((__m512i)x, b0);                                                \
		case b1:                                                                                               \
			return (zvec)_mm512_rol_epi##W((__m512i)x, b1);                                                \
		case b2:                                                                                               \
			return (zvec)_mm512_rol_epi##W((__m512i)x, b2);                                                \
		case b3:                                                                                               \
			return (zvec)_mm512_rol_epi##W((__m512i)x, b3);                                                \
		case b4:                                                                                               \
			return (zvec)_mm512_rol_epi##W((__m512i)x, b4);                                                \
		default:                                                                                               \
			return (x << b) | (x >> (W - b));                                                              \
		}                                                                                                      \
	}

/* ---- SipHash, 8 lanes of 64 bits ---------------------------------------- */

typedef uint64_t avx512_u64x8 __attribute__((vector_size(64)));

AVX512_ROTL(sipz_, avx512_u64x8, 64, 13, 16, 17, 21, 32)
AVX512_JOINED(sipz_, sip4_, avx512_u64x8, avx2_u64x4, uint64_t, 4, 2)

#define LB_HALF 0
#define LB_HAVE_VTAIL 1
#define LB_VEC avx512_u64x8
#define LB_N 8
#define LB_STEPS 2
/* Three vectors and no scalar lanes: the 512-bit rounds are cheap enough that
 * two scalar lanes beside them, or a group of two, cost 5-13% on 1024
 * messages of 16 B, 64 B or 1..64 B (Zen 5). */
#define LB_G 3
/* (The sessions these notes name are docs/performance-history.md's, with
 * each measurement's setup.)
 * Measured against the 256-bit lanes on Zen 5, equal messages of 8-128 B,
 * every size from 4 to 14, twice: below 13 the 512-bit lanes lose where the
 * 256-bit ones fill their vectors (4 and 10 messages: up to 1.4x slower),
 * and win where those leave a vector mostly empty: 9 and 11 messages
 * 0.76-0.92x for every variant, 12 for SipHash-2-4 and -4-8 (0.83-1.04x),
 * 10 for SipHash-4-8 (0.80-1.04x). From 13 on they win, up to 2x. 5-8
 * messages, measured again once the 256-bit lanes ran 4-6 themselves
 * (SipHash-1-3, -2-4, 128-bit tags, 16 B-1 KiB): one 512-bit chain takes
 * 0.81-0.85x the time of their two 256-bit ones from 64 B on, and 7
 * messages 0.85-0.97x from 8 B on; below 64 B, 5, 6 and 8 messages (but
 * 8 with four rounds a block) run faster there, where this kind's few()
 * would send the short ones to the scalar loop. Below 8 B, where each lane
 * assembles its final block byte by byte, so do 7, 8, 9, 11 and 12
 * messages (0.67-0.98x the time; not 11 with four rounds or 128-bit tags,
 * 1.03-1.12x). Sixteenth session, 1-7 B, 7-30 messages, these lanes against
 * the 256-bit ones in one process: the sizes that fill 256-bit groups of
 * twelve vector and two scalar lanes run there in 0.72-0.99x the time too:
 * 14, 22 and 28 with up to two rounds a block, 11 and 13 with 64-bit tags
 * (11 with SipHash-1-3's 128-bit ones too), 15, 23 and 29 for SipHash-1-3
 * with 64-bit tags, and SipHash-4-8-64's 10 (0.80x); SipHash-4-8's other
 * sizes, and 15, 23 and 29 with more rounds, ran 1.03-1.5x slower there and
 * stay. Twenty-fifth session, 1 and 7 B, both orders of two processes: 11
 * messages ran 1.09-1.23x slower here for SipHash-2-4-128 and -4-8-64 too,
 * and 13 for SipHash-4-8-64 1.06x (not -4-8-128: 0.92-1.02x); they narrow
 * as well. Twenty-seventh session (Zen 4), 1, 3 and 7 B, medians of four
 * processes: 23 SipHash-2-4-64 messages ran 1.05-1.07x slower here (15 and
 * 29 0.95-0.99x; from 16 B on 0.83-0.88x), 13 SipHash-4-8-128 ones
 * 1.04-1.05x (16 and 64 B 0.96x); they narrow too. SIPZ_TINY lists the
 * sizes that narrow below 8 B; those LB_NARROW_SET narrows at any length
 * need not be in it. */
#define SIPZ_TINY(c, wide)                                                                                             \
	(LB_SIZES(7, 10) | LB_SIZE(12) | ((c) < 3 ? LB_SIZE(14) | LB_SIZE(22) | LB_SIZE(28) : 0) |                     \
	 ((c) < 3 || !(wide) ? LB_SIZE(11) : 0) | ((c) < 2 && !(wide) ? LB_SIZE(15) | LB_SIZE(29) : 0) |               \
	 ((c) < 3 && !(wide) ? LB_SIZE(23) : 0) | ((c) > 2 ? LB_SIZE(13) | (!(wide) ? LB_SIZE(10) : 0) : 0))
/*
 * The rest go where AVX2's lanes would send them. 9 messages went here
 * until the 256-bit lanes took one scalar lane beside three vectors
 * (twenty-third session): then 9 equal messages took 1.24-1.72x the time of
 * forced AVX2 here, every variant, 8-256 B (Zen 5), and they go to the
 * 256-bit lanes; so do 13, one group there, with up to two rounds a block
 * (twenty-fifth session, 16 B-1 KiB, medians of four processes: 1.06-1.16x
 * slower here for SipHash-1-3, 1.01-1.08x for 128-bit tags, 0.98-1.09x for
 * SipHash-2-4-64; SipHash-4-8 0.85-0.97x stays). */
#define SIPZ_OWN(c) (LB_SIZES(5, 9) | LB_SIZE(11) | ((c) > 1 ? LB_SIZE(12) : 0) | ((c) > 2 ? LB_SIZE(10) : 0))
#define LB_NARROW_SET(c, wide) ((LB_SIZES(0, 13) | ((c) < 3 ? LB_SIZE(13) : 0)) & ~SIPZ_OWN(c))
#define LB_NARROW_SHORT(n, c, wide)                                                                                    \
	(LB_IN(n, LB_SIZES(5, 7) | ((c) < 3 ? LB_SIZE(8) : 0)) ? 64 : LB_IN(n, SIPZ_TINY(c, wide)) ? 8 : 0)
/* Batches of unequal block counts were slower here below 32 (SipHash-2-4:
 * 18 messages 0.81x, 24 0.98x, 32 1.28x). Twenty-fifth session, 1..64 B,
 * medians of six processes: so were 56-96 SipHash-1-3 and -2-4 ones with
 * 64-bit tags, 1.04-1.20x the time of the 256-bit lanes (104: 1.02-1.04x,
 * 112: 0.93-1.02x), where no bucket fills and every row runs in groups of
 * unequal block counts, which narrower groups waste less of. Not 32-48 (the
 * 256-bit lanes leave SipHash-1-3 ones to the scalar loop: 48 messages took
 * 437 ns here, 560 there; SipHash-2-4 0.94-1.08x), nor 128-bit tags or
 * SipHash-4-8 (0.77-1.0x). Twenty-seventh session (Zen 4), medians of four
 * processes: SipHash-1-3-128 too, 56-96 messages 1.03-1.11x the time of the
 * 256-bit lanes here (48: 0.97x, 104: 1.0x, 128-256: 0.90-0.98x);
 * SipHash-2-4-128 1.01-1.02x at 64-96, and SipHash-4-8 0.81-0.94x, stay. */
#define LB_NARROW_MIXED(n, c, wide) ((n) < 32 || (((c) < 2 || !(wide)) && (c) < 3 && (n) >= 56 && (n) < 104))
#define LB_NARROW_OPS avx512y_ops
#define LB_NARROW_KIND(x) sip4_##x
#define LB_MIN_LANES_LONG 3
/* SipHash-1-3 batches of 32-51 messages of unequal block counts, which AVX2
 * leaves to the scalar loop: 1.18-1.41x faster in these lanes (Zen 5). */
#define LB_MIXED_MIN(c, wide) ((c) < 2 && !(wide) ? 32 : 18)
#define LB_MIN_BATCH 7
#define LB_MIN_LANES 4
#define LB_FN(x) sipz_##x
#include "../../lanes_impl.h"

/* ---- HalfSipHash, 16 lanes of 32 bits ---------------------------------- */

typedef uint32_t avx512_u32x16 __attribute__((vector_size(64)));

AVX512_ROTL(hsipz_, avx512_u32x16, 32, 5, 7, 8, 13, 16)

AVX512_JOINED(hsipz_, hsip8_, avx512_u32x16, avx2_u32x8, uint32_t, 8, 4)

#define LB_HALF 1
#define LB_HAVE_VTAIL 1
#define LB_VEC avx512_u32x16
#define LB_N 16
#define LB_STEPS 4
/* Two vectors: 1024 equal messages ran as fast as with three (0.97-1.07x). */
#define LB_G 2
/* Measured against the 256-bit lanes on Zen 5, equal messages of 4-128 B,
 * every size from 4 to 31, twice: from 28 messages on the 512-bit lanes run
 * 1.6-3x faster (1024 x 16 B HalfSipHash-1-3 1.62x, HalfSipHash-2-4 2.96x).
 * Below, they lose where the 256-bit lanes fill their vectors (4-6, 13-17
 * and 24 messages: up to 1.6x slower; a single chain, or one and a half) and
 * win where those leave vectors mostly empty: 20-23 messages 0.45-1.0x for
 * every variant; the more rounds and tag words a message takes, the more
 * sizes they win: 19, 25 and 27 with 64-bit tags or HalfSipHash-2-4
 * (0.48-0.99x), and 18 and 26 for HalfSipHash-2-4 with 64-bit tags
 * (0.60-1.02x). 7-12 messages (measured again once the 256-bit lanes kept
 * them instead of handing them to SSE2): 0.67-0.88x the time of those lanes
 * for 9-12 messages of 4 B to 1 KiB; 7 and 8 tie at 4 B and more (but 0.91-
 * 0.98x for 7 with HalfSipHash-2-4, and 8 with 64-bit tags too). Below 4 B,
 * where each lane assembles its final block byte by byte, the 256-bit lanes
 * are faster for 7, 8 and 10 messages (HalfSipHash-1-3, 7 x 1 B: 34 ns
 * against 52), and 9 with 32-bit tags; measured again (sixteenth session,
 * 1 and 3 B, in one process), so are 20, 21 and 28 for HalfSipHash-1-3,
 * 19 and 25 for HalfSipHash-2-4 and 25 for HalfSipHash-1-3-64 (0.78-0.94x);
 * 11, and these sizes in the other variants, ran 1.0-1.8x slower there;
 * but 11 with HalfSipHash-1-3-32 is narrowed too, since the 256-bit kind
 * hands it on to SSE2 (twenty-first session, 11 x 1-3 B, fastest of 40 x 200
 * calls: 100.0-100.6 ticks against 103.5-105.1 here; the other variants'
 * 11 stay, 114-139 here against 118-172 there).
 * Twenty-fifth session, once the 256-bit lanes had a scalar lane, medians of
 * two to four processes in both orders: 7 HalfSipHash-2-4 messages and 8
 * with its 64-bit tags ran 1.09-1.21x slower here from 4 B on, and narrow;
 * below 4 B, so did 22 and 23 HalfSipHash-1-3-32 ones (1.07-1.14x), 20 and
 * 21 HalfSipHash-2-4-32 ones (1.05-1.15x), and 19 and 20 HalfSipHash-1-3-64
 * ones (1.05-1.10x), which narrow there too. So did 9 of those until the
 * fortieth session (Zen 5), when that route, which ends in SSE2's lanes,
 * took 1.13-1.19x forced AVX2's time for 9 x 1-3 B (the same SSE2 code ran
 * slower reached from this entry than forced, in every process and on both
 * vCPUs; the cause is not known), and these lanes 1.00-1.02x: 9 stays here
 * with 64-bit tags.
 * Batches of unequal block counts were slower at every size up to 768
 * (HalfSipHash-2-4 0.64-0.90x, three vectors a group: 17 block counts leave
 * buckets of 48 rows mostly unfilled) and 1.02-1.09x at 1024, so all of
 * those stay in the 256-bit lanes (LB_EQUAL_ONLY): this kind never deals,
 * and its batch call keeps no dealing table on the stack. */
#define HSIPZ_OWN(c, wide)                                                                                             \
	(LB_SIZES(9, 13) | LB_SIZES(20, 24) | ((c) > 1 || (wide) ? LB_SIZE(19) | LB_SIZE(25) | LB_SIZE(27) : 0) |      \
	 ((c) > 1 && (wide) ? LB_SIZE(18) | LB_SIZE(26) : 0))
#define LB_NARROW_SET(c, wide) (LB_SIZES(0, 28) & ~HSIPZ_OWN(c, wide))
#define HSIPZ_TINY(c, wide)                                                                                            \
	((LB_SIZES(7, 11) & ~((wide) ? LB_SIZE(9) : 0)) |                                                              \
	 (!(wide) ? ((c) < 2 ? LB_SIZE(11) | LB_SIZES(20, 24) | LB_SIZE(28) : LB_SIZES(19, 22) | LB_SIZE(25))          \
	          : ((c) < 2 ? LB_SIZES(19, 21) | LB_SIZE(25) : 0)))
#define LB_NARROW_SHORT(n, c, wide) (LB_IN(n, HSIPZ_TINY(c, wide)) ? 4 : 0)
#define LB_EQUAL_ONLY 1
#define LB_NARROW_OPS avx512y_ops
#define LB_NARROW_KIND(x) hsip8_##x
#define LB_MIN_LANES_LONG 3
#define LB_MIN_LANES 4
#define LB_MIN_BATCH LB_MIN_LANES
#define LB_FN(x) hsipz_##x
#include "../../lanes_impl.h"

LB_CHECK_ENTRY_(avx512_, 64)
LB_SIP_ENTRIES(avx512_, sipz_, avx512y_)
LB_HSIP_ENTRIES(avx512_, hsipz_, avx512y_)

SIPHASH_TABLE_OVERRIDES_BEGIN
const siphash__ops siphash__avx512_ops = {
        .id = SIPHASH_BACKEND_AVX512,
        SIPHASH_SCALAR_ENTRIES LB_CHECK_TABLE(avx512_),
        LB_SIP_TABLE(avx512_),
        LB_HSIP_TABLE(avx512_),
};
SIPHASH_TABLE_OVERRIDES_END
