/* avx2_sip4.h - the AVX2 SipHash lane kind's parameters: avx2_lanes.h includes it once per tuning. */
/*
 * No include guard: before each inclusion avx2_lanes.h defines LB_FN (the
 * kind's names) and AVX2_SIP4_TWO (1: the two-vector tuning, full buckets'
 * groups in two vectors; 0: in three), and lanes_impl.h undefines all of
 * its parameters after it has instantiated them.
 */
#define LB_HALF 0
#define LB_HAVE_VTAIL 1
#define LB_VEC avx2_u64x4
#define LB_N 4
#define LB_STEPS 2
#define LB_G AVX2_GROUP
#if defined(__x86_64__)
/* Measured on Zen 3, each against the scalar code: one or two long messages
 * run 1.3-3x faster in scalar (small batches of equal short ones: below);
 * short ones of unequal block counts up to 1.5x
 * faster in scalar below about 50 for SipHash-1-3, whose one round per block
 * leaves less work to share out, and below 18 for SipHash-2-4 (14 to 17 ran
 * up to 16% slower in lanes on Zen 5). With 128-bit tags, whose second
 * finalization runs in lanes too, SipHash-1-3 lanes win from 18 (Zen 5, 18
 * to 51 messages of 1..32, 1..64 and 1..128 B: 0.68-1.01x the scalar loop's
 * time; with 64-bit tags 0.99-1.21x at 18-36 of 1..32 B). */
#define LB_MIN_LANES_LONG 3
#define LB_MIXED_MIN(c, wide) ((c) < 2 && !(wide) ? 52 : 18)
/* One message more per group in general registers: the vector rounds leave
 * the integer ALUs idle, so a scalar chain runs beside them almost free. Two
 * measured best with two vectors a group (Zen 5: +12-19% at 16 B, +4-10% for
 * 1..64 B), but beside three their eight words leave too few general
 * registers for the twelve lanes' pointers, which then reload from the stack
 * every block: with one, 1024 x 1..64 B SipHash-1-3 runs 9% fewer
 * instructions and 5-11% faster, 16 B 8-11% faster (Zen 5). */
#define LB_XLANES 1
/* Held in general registers, 10 and 11 equal SipHash messages took
 * 0.82-0.86x the time with two lanes, batches of 1024 the same (Zen 5); with
 * one lane, held or not measured the same (1024 x 1..64 B within 1.5%). Not
 * for SSE2's lanes (1..64 B SipHash-1-3 4% slower) nor HalfSipHash's (1024 x
 * 16 B 4% slower). */
#define LB_XHOLD_ON 1
/* A bucket's rows (short messages of one block count, dealt) run three
 * vectors a group. In the AVX2 build (not the AVX-512VL one) a full
 * bucket's groups take no scalar lane (12 rows, LB_XFULL), load one block a
 * step (LB_DEALT_ONE_BLOCK: two blocks' words on top of three chains' state
 * made GCC spill state words every step), and each deals the batch's next
 * 12 messages among its finalization rounds (LB_GROUP_DEALS), where they
 * cost a third of what they do in the batch loop. The three together took
 * 0.945x the time of groups of 13 that did not deal (Zen 5, 1024 x 1..64 B,
 * medians of 10 processes: SipHash-1-3 from 1.91x to 2.02x the scalar loop;
 * -1-3-128 0.97x, -2-4 0.99x; 300 such messages 0.93x); alone, each gained
 * 1% or less, and groups that deal beside a scalar lane ran 1.3% slower
 * (its words and pointer take general registers the deals need). Nothing
 * else changed beyond noise: 16 B, 256 B and 1 KiB batches within 0.3%.
 * Three vectors' state, the rotate mask and two blocks of words take 19
 * vector registers, and the block loop spills; with two or more rounds a
 * block the third chain pays for that (Zen 5, 1024 x 1..64 B: 0.93-0.94x the
 * time of two vectors for SipHash-2-4, 0.92x for -2-4-128, 0.95-0.98x for
 * -4-8; Zen 4: 0.995x, -2-4). With SipHash-1-3's one round a block, three
 * vectors paid only once their final blocks were loaded after the block
 * rounds (LB_FIN_FIRST 0), which holds three fewer registers through them:
 * 0.975x the time of two vectors (Zen 5; with the final blocks first
 * 1.01x, and on Zen 4 1.02-1.04x), -1-3-128 0.95x. The rows the buckets
 * keep at the end run two vectors a group, final blocks first: in groups of
 * 13, batches of about 100 such messages, whose buckets never fill, took
 * 1.11x the time (SipHash-2-4; SipHash-1-3 1.1x too: fewer whole groups,
 * more rows in the slower groups of unequal counts). The caller's own runs
 * keep three vectors, whose third chain pays where messages are long (1 KiB:
 * 2-3% faster than two) and which small batches were tuned with. */
/* Zen 3, whose vector shifts and shuffles (most of a round) have two of its
 * four vector pipes, so that two chains of rounds already fill them, runs
 * these groups faster in the two-vector tuning: two vectors a group, two
 * blocks a step (one a step: 1.01x the time). 1024 x 1..64 B SipHash-1-3
 * took 0.94-0.96x the time of three vectors (1.93-2.02x the scalar loop
 * against 1.83-1.90x), -1-3-128 0.96-0.98x; -2-4 and -4-8 measured the same
 * within 1% and keep three (avx2.c builds the tuning for SipHash-1-3 alone).
 * Buckets of 32 or 48 rows ran 1-2% faster still, but their deck passes the
 * header's 36 KB of stack. dispatch.c takes this tuning where the CPU probe
 * names Zen 3. */
#if AVX2_SIP4_TWO
#define LB_DEALT_G 2
/* Dealt groups of messages shorter than a block (0-7 bytes: the first
 * bucket's) build their final blocks lane by lane, and do it in a call:
 * inlined into the group, that code made 1024 x 1..64 B SipHash-1-3 take
 * 1.04-1.05x the time on Zen 3 (in a call: 2.01-2.09x the scalar loop
 * against 1.91-2.00x; -1-3-128 0.966x the time). Equal 3- and 7-byte
 * batches of 8-32 moved 0.87-1.09x, as code placement moves them. In a call
 * for every group of the three-vector tuning, SipHash-2-4 took 1.02x; for
 * its dealt groups only, 0.99-1.00x on Zen 3, and Zen 5, which runs that
 * tuning, is not measured, so it keeps the code inline. */
#define LB_LANE_WORDS_APART 1
#else
#define LB_DEALT_G 3
#endif
#define LB_FIN_FIRST(G, c) ((G) < 3 || (c) > 1)
#define LB_REST_G 2
#define LB_BUCKET_MIN 24
#if !AVX2_LANES_ROL
#define LB_XFULL 0
#define LB_GROUP_DEALS (LB_DEALT_G * LB_N)
#define LB_DEALT_ONE_BLOCK (!AVX2_SIP4_TWO)
#endif
#endif
#if AVX2_LANES_ROL
#define LB_GROUP_ONE_SIP avx2_rol_one_sip
#endif
#if defined(SIPHASH_X86_PAIR) && SIPHASH_X86_PAIR
/* i386: what no vector takes runs on the pair path; three messages fill a
 * vector pass more cheaply than three pair hashes, two run best in SSE2's two
 * lanes (measured). */
#define LB_ONE_SIP pair_oneshot
#define LB_MIN_BATCH 2
#define LB_MIN_LANES 2
#define LB_NARROW_SET(c, wide) LB_SIZE(2)
#define LB_NARROW_OPS siphash__sse2_ops
#else
/* 4-6 equal messages of 8 B or more run in lanes (one vector, or two
 * padded): Zen 5, 8-32 B, 0.68-0.94x the scalar loop's time for 4 and 5,
 * and about SSE2's for 6 (0.77-1.0x); Zen 3 had measured 5 and 6 short ones
 * slower in lanes than in scalar, with the code of that time. Shorter ones,
 * whose lanes assemble their final blocks byte by byte, go to SSE2 (6: its
 * whole group takes 0.66-0.76x the scalar loop's time; 4 and 5 it leaves
 * to that loop). */
#define LB_MIN_LANES 4
#define LB_MIN_BATCH LB_MIN_LANES
#define LB_NARROW_SHORT(n, c, wide) (LB_IN(n, LB_SIZES(4, 7)) ? 8 : 0)
#define LB_NARROW_OPS siphash__sse2_ops
#endif
#include "../../lanes_impl.h"
