/* lanes_impl.h - SIMD batch hashing written once: a template each SIMD backend instantiates per lane kind. */
/*
 * One vector holds the same state word (v0, v1, v2 or v3) of LB_N messages,
 * so a round is SIP_ROUND_R / HSIP_ROUND_R of sip_impl.h on vectors (GCC
 * vector types give +, ^, << and >>), with the backend's rotate.
 *
 * Mixed lengths: messages are dealt by block count (their length only, never
 * their data) into buckets of rows (data pointer, length, index), and a full
 * bucket is hashed in place, as the caller's arrays are, so groups mostly
 * share their block count (where the kind says so, each of its groups deals
 * the next messages while its vectors round); long messages are sorted by
 * block count a few hundred at a time instead. A group runs its common full
 * blocks together; the few blocks some lanes have beyond that (the last
 * groups, made of what the buckets kept) are compressed lane by lane with the
 * scalar template, so no lane waits on a longer one; then the final blocks
 * and the finalization run together again. A group may also carry
 * LB_XLANES messages in general registers: the integer units idle while the
 * vector rounds run, so those messages cost little more than the loop
 * already does.
 *
 * No include guard for the template part: a backend includes this file once
 * per lane kind after defining
 *   LB_HALF        0: SipHash lanes of uint64_t; 1: HalfSipHash lanes of uint32_t
 *   LB_VEC         a GCC vector type of LB_N such words
 *   LB_N           lanes per vector
 *   LB_STEPS       blocks per lane that LB_FN(loadk) fetches at once
 *   LB_G           vectors a group runs side by side (more lanes in flight), 1 to 3
 *   LB_MIN_LANES   the fewest messages worth a vector pass (fewer go scalar)
 *   LB_FN(x)       the name of the kind's function x (e.g. sip4_##x)
 * and optionally (default in brackets) these, which say which batches take lanes:
 *   LB_MIN_LANES_LONG     the fewest messages worth a vector pass when they are long
 *                         [1: wherever the scalar code is slow, as on i386]
 *   LB_MIN_BATCH          the smallest batch of short messages worth lanes [a whole group]
 *   LB_MIXED_MIN(c, wide) the smallest batch of short messages of unequal block counts worth
 *                         lanes at c compression rounds, with 128-bit (HalfSipHash: 64-bit)
 *                         tags when wide [0: any]
 *   LB_MIXED_BLOCKS       the fewest blocks each message of a smaller such batch needs for
 *                         lanes [LB_SMALL_BLOCKS]
 *   LB_NARROW_SET(c, wide), LB_NARROW_OPS
 *                         batches of n < 64 messages whose bit n is set in that 64-bit mask
 *                         (LB_SIZES(from, below) and LB_SIZE(n) build it; c and wide as in
 *                         F_batch) go to the table LB_NARROW_OPS [none]
 *   LB_NARROW_KIND(x)     the name of that table's kind's function x where it is instantiated
 *                         in the same file: then a batch of unequal block counts it would leave
 *                         to the scalar loop goes there directly, a batch that kind would
 *                         narrow in turn goes straight to its table, and one it would keep to
 *                         its _lanes, which the entries' third argument names [none]
 *   LB_NARROW_SHORT(n, c, wide)
 *                         a batch of n messages whose first is shorter than that many bytes
 *                         goes to LB_NARROW_OPS too [0: none]
 *   LB_NARROW_MIXED(n, c, wide)
 *                         so does a batch of n messages of unequal block counts where true
 *                         [none]
 *   LB_EQUAL_ONLY         or so do all of them: the kind then never deals, and its batch call
 *                         needs no dealing table
 *   LB_ONE_SIP            a function like sip_oneshot that hashes one SipHash message faster
 *                         than it does (the i386 pair path), for messages no vector takes
 *   LB_GROUP_ONE_SIP      or the same only for the message a group leaves over (batches few()
 *                         turns away still take the scalar loop)
 * and these, which shape the groups:
 *   LB_XLANES             messages a whole group hashes in general registers beside its
 *                         vectors [0]
 *   LB_XDEALT             0 when groups of dealt or sorted rows run without them [1]
 *   LB_XFULL              the same for the groups of a full bucket [LB_XDEALT]
 *   LB_XHOLD_ON           1 to keep the compiler from packing the general-register lanes'
 *                         finalization into vectors [0]
 *   LB_DEALT_G            the vectors a group of rows dealt into a full bucket runs [LB_G]
 *   LB_REST_G             the same for the rows the buckets keep at the end of a batch
 *                         [LB_DEALT_G]
 *   LB_BUCKET_MIN         the fewest rows a bucket holds before it runs; it holds whole
 *                         groups [16]
 *   LB_FIN_FIRST(G, c)    0 where a group of G vectors of rows dealt into a full bucket loads
 *                         its final blocks after its block rounds, not before them [1]
 *   LB_GROUP_DEALS        the messages each group of a full bucket deals before its
 *                         finalization rounds [0: the batch loop deals them all]
 *   LB_DEALT_ONE_BLOCK    1 where those groups load one block a step, not LB_STEPS [0]
 *   LB_LANE_WORDS_APART   1 where groups of dealt rows build the final blocks of rows shorter
 *                         than a block in a function of their own, not inlined [0]
 * and these static inline functions (names through LB_FN):
 *   LB_VEC rotl(LB_VEC x, int b)                 x rotated left by constant b
 *   LB_VEC words(const LB_WORD w[LB_N])          lane j gets w[j]
 *   LB_VEC load1(const void *const p[LB_N], size_t off)
 *                                                lane j gets the word at p[j] + off
 *   void loadk(LB_VEC m[LB_STEPS], const void *const p[LB_N], size_t off)
 *                                                m[s] gets the words at p[j] + off + s*block
 * and optionally LB_HAVE_VTAIL with
 *   LB_VEC vtail(const void *const p[LB_N], const size_t L[LB_N])
 *                                                the final blocks when every L[j] >= block
 * It defines LB_FN(batch)(key, data, len, n, wide, out, run) and undefines
 * its parameters.
 */
#ifndef SIPHASH_LANES_IMPL_COMMON
#define SIPHASH_LANES_IMPL_COMMON

#include <stddef.h>

#include "sip_impl.h"

/* Messages of fewer than LB_NBUCKETS blocks are dealt into one bucket per
 * block count, and a bucket is hashed when it holds LB_BCAP messages, the
 * fewest whole groups of one block count that make LB_BUCKET_MIN, 16 unless
 * the kind says otherwise (32 measured no faster, and
 * fewer buckets sent 128-256-byte messages down the slower sorted path).
 * Longer ones are collected LB_FAR at a time and sorted by block count. */
#define LB_NBUCKETS 32
#define LB_FAR 256
#define LB_LONG_BLOCKS 16
#define LB_SMALL_BLOCKS 8

enum { LB_KEEP, LB_NARROW, LB_NARROW_IF_MIXED }; /* LB_FN(route)'s answers */
/* Masks of batch sizes for LB_NARROW_SET: bit n stands for n messages. */
#define LB_SIZE(n) ((uint64_t)1 << (n))
#define LB_SIZES(from, below) ((~(uint64_t)0 >> (64 - (below))) & ~(LB_SIZE(from) - 1))
/* Whether size n is in such a mask. Routing tests are written with it, not
 * as chains of n == k: GCC made one such chain a jump table in a batch
 * entry, and that build ran 10 x 32 B SipHash-1-3 batches at 1.5x the time
 * in every process (Zen 5). */
#define LB_IN(n, set) ((n) < 64 && ((uint64_t)(set) >> (n)&1))

/* Sorts the message indices a[0..m) by block count (len >> shift), stably,
 * with an LSD radix sort over as many bytes as the spread of counts needs.
 * Returns the sorted list, which lives in a or b. */
static inline size_t *lb_sort_by_blocks(const size_t *len, size_t *a, size_t *b, size_t m, unsigned shift)
{
	size_t lo = (size_t)-1, hi = 0, i;
	unsigned sh;
	for (i = 0; i < m; i++) {
		size_t nb = len[a[i]] >> shift;
		lo = nb < lo ? nb : lo;
		hi = nb > hi ? nb : hi;
	}
	for (sh = 0; m && sh < 8 * sizeof(size_t) && ((hi - lo) >> sh); sh += 8) {
		size_t count[257] = {0}, *t;
		for (i = 0; i < m; i++)
			count[(((len[a[i]] >> shift) - lo) >> sh & 255) + 1]++;
		for (i = 1; i < 257; i++)
			count[i] += count[i - 1];
		for (i = 0; i < m; i++)
			b[count[((len[a[i]] >> shift) - lo) >> sh & 255]++] = a[i];
		t = a;
		a = b;
		b = t;
	}
	return a;
}

/* Whether len[0..n) share one block count (len >> shift): an or of xors, no
 * branch per message, since a >> s == b >> s exactly when (a ^ b) >> s == 0.
 * The first two alone settle most batches of mixed lengths, before the
 * vectorized loop's setup (4 HalfSipHash-1-3-32 messages of 1..64 B in
 * AVX-512VL: 1.048x the scalar loop's time, then 1.032x; Zen 4). */
static inline int lb_one_count(const size_t *len, size_t n, unsigned shift)
{
	size_t diff = 0, i;
	if (n > 1 && (len[1] ^ len[0]) >> shift)
		return 0;
	for (i = 2; i < n; i++)
		diff |= len[i] ^ len[0];
	return !(diff >> shift);
}

/* How many of len[0..n) from the start, in whole chunks of 32, share
 * len[0]'s block count: lb_one_count() of a constant 32 vectorizes, so a
 * batch of fixed-size keys is checked at a fraction of a tick per length
 * instead of group by group. */
static inline size_t lb_same_prefix(const size_t *len, size_t n, unsigned shift)
{
	size_t i = 0;
	while (i + 32 <= n && !((len[i] ^ len[0]) >> shift) && lb_one_count(len + i, 32, shift))
		i += 32;
	return i;
}

/* A SIMD table starts from SIPHASH_SCALAR_ENTRIES and overrides some of them
 * with later designated initializers, which is what -Woverride-init (part of
 * -Wextra) warns about; the override is the intent here. */
#if defined(__clang__)
#define SIPHASH_TABLE_OVERRIDES_BEGIN                                                                                  \
	_Pragma("clang diagnostic push") _Pragma("clang diagnostic ignored \"-Winitializer-overrides\"")
#define SIPHASH_TABLE_OVERRIDES_END _Pragma("clang diagnostic pop")
#elif defined(__GNUC__)
#define SIPHASH_TABLE_OVERRIDES_BEGIN                                                                                  \
	_Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Woverride-init\"")
#define SIPHASH_TABLE_OVERRIDES_END _Pragma("GCC diagnostic pop")
#else
#define SIPHASH_TABLE_OVERRIDES_BEGIN
#define SIPHASH_TABLE_OVERRIDES_END
#endif

#endif /* SIPHASH_LANES_IMPL_COMMON */

/* ---- the template, once per lane kind ------------------------------------ */

#ifndef LB_MIN_LANES_LONG
#define LB_MIN_LANES_LONG 1
#endif
#ifndef LB_MIN_BATCH
#define LB_MIN_BATCH (LB_G * LB_N)
#endif
#ifndef LB_MIXED_MIN
#define LB_MIXED_MIN(c, wide) 0
#endif
#ifndef LB_MIXED_BLOCKS
#define LB_MIXED_BLOCKS LB_SMALL_BLOCKS
#endif
#if defined(LB_EQUAL_ONLY) && !defined(LB_NARROW_OPS)
#error "LB_EQUAL_ONLY needs LB_NARROW_OPS, the table that takes batches of unequal block counts"
#endif

#if LB_HALF
#define LB_WORD uint32_t
#define LB_KEY halfsiphash_key
#define LB_SWORDS hsip_words
#define LB_SHIFT 2
#define LB_LENBITS 24
#define LB_ROUND(v0, v1, v2, v3) HSIP_ROUND_R(LB_FN(rotl), v0, v1, v2, v3)
#define LB_START(key, wide) hsip_start(key, wide)
#define LB_SBLOCKS(s, p, nb, c) hsip_blocks(s, p, nb, c)
#define LB_TAIL(end, rem, len) hsip_tail32(end, rem, len)
#define LB_TAG(v0, v1, v2, v3) ((v1) ^ (v3))
#define LB_SROUNDS(s, n) hsip_rounds(s, n)
#else
#define LB_WORD uint64_t
#define LB_KEY siphash_key
#define LB_SWORDS sip_words
#define LB_SHIFT 3
#define LB_LENBITS 56
#define LB_ROUND(v0, v1, v2, v3) SIP_ROUND_R(LB_FN(rotl), v0, v1, v2, v3)
#define LB_START(key, wide) sip_start(key, wide)
#define LB_SBLOCKS(s, p, nb, c) sip_blocks(s, p, nb, c)
#define LB_TAIL(end, rem, len) sip_tail64(end, rem, len)
#define LB_TAG(v0, v1, v2, v3) ((v0) ^ (v1) ^ (v2) ^ (v3))
#define LB_SROUNDS(s, n) sip_rounds(s, n)
#endif
#define LB_BLOCK ((size_t)1 << LB_SHIFT)
#ifndef LB_XLANES
#define LB_XLANES 0
#endif
#ifndef LB_XDEALT
#define LB_XDEALT 1
#endif
/* With LB_XHOLD_ON, holds a scalar lane's words in general registers once
 * its finalization rounds are done: otherwise GCC packs the two lanes'
 * rounds into 128-bit vectors, storing the words as 64-bit halves and
 * loading them back as one vector, and perf put the time on that load
 * (store forwarding fails). */
#ifndef LB_XHOLD_ON
#define LB_XHOLD_ON 0
#endif
#if LB_XLANES && LB_XHOLD_ON && defined(__GNUC__)
#define LB_XHOLD(s) __asm__("" : "+r"((s)->v0), "+r"((s)->v1), "+r"((s)->v2), "+r"((s)->v3))
#else
#define LB_XHOLD(s) ((void)(s))
#endif
#define LB_GN (LB_G * LB_N + LB_XLANES) /* rows a whole group takes */
#ifndef LB_DEALT_G
#define LB_DEALT_G LB_G
#endif
#ifndef LB_REST_G
#define LB_REST_G LB_DEALT_G
#endif
#ifdef LB_XFULL /* scalar lanes beside the vectors of a group of G of dealt rows */
#define LB_XDEALT_OF(G) ((G) == LB_DEALT_G ? LB_XFULL : LB_XDEALT)
#else
#define LB_XDEALT_OF(G) LB_XDEALT
#endif
#define LB_DGN_OF(G) ((G)*LB_N + LB_XDEALT_OF(G) * LB_XLANES) /* rows a group of G vectors of dealt rows takes */
#define LB_RGN LB_DGN_OF(LB_REST_G)
/* Whether leftovers run a width of their own: only then does run() get eq 2
 * and instantiate a second dealt group (a kind with one width keeps one). */
#define LB_REST_OWN (LB_REST_G != LB_DEALT_G)
#ifndef LB_BUCKET_MIN
#define LB_BUCKET_MIN 16
#endif
#ifndef LB_FIN_FIRST
#define LB_FIN_FIRST(G, c) 1
#endif
#ifndef LB_GROUP_DEALS
#define LB_GROUP_DEALS 0
#endif
#ifndef LB_DEALT_ONE_BLOCK
#define LB_DEALT_ONE_BLOCK 0
#endif
#ifndef LB_LANE_WORDS_APART
#define LB_LANE_WORDS_APART 0
#endif
/* rows a bucket holds: whole groups, LB_BUCKET_MIN or more */
#define LB_BCAP ((LB_BUCKET_MIN + LB_DGN_OF(LB_DEALT_G) - 1) / LB_DGN_OF(LB_DEALT_G) * LB_DGN_OF(LB_DEALT_G))

/* A group is LB_G vectors (or fewer for a short last group) run side by side:
 * independent chains keep more execution units busy than one round's
 * dependencies allow. */
typedef struct LB_FN(state) {
	LB_VEC v0[LB_G], v1[LB_G], v2[LB_G], v3[LB_G];
} LB_FN(state);

/* Vector g of the state into locals x0..x3, and back. */
#define LB_CHAIN_IN(x, s, g) (x##0 = (s)->v0[g], x##1 = (s)->v1[g], x##2 = (s)->v2[g], x##3 = (s)->v3[g])
#define LB_CHAIN_OUT(x, s, g) ((s)->v0[g] = x##0, (s)->v1[g] = x##1, (s)->v2[g] = x##2, (s)->v3[g] = x##3)
/* op on the chains past the first that rounds()' group of G vectors has (b, c, from its state s). */
#if LB_G > 2
#define LB_MORE_CHAINS(op) (G > 1 ? (void)op(b, s, 1) : (void)0, G > 2 ? (void)op(c, s, 2) : (void)0)
#elif LB_G > 1
#define LB_MORE_CHAINS(op) (G > 1 ? (void)op(b, s, 1) : (void)0)
#else
#define LB_MORE_CHAINS(op) ((void)0)
#endif

/* Locals, not the arrays, so that the compiler keeps the chains in
 * registers; a chain past G is neither read nor written, so the state of a
 * smaller group is never in memory (reading and writing back its unset
 * vectors made two-vector groups of a three-vector template up to 20%
 * slower). */
SIP_INLINE void LB_FN(rounds)(LB_FN(state) * s, unsigned G, unsigned n)
{
	LB_VEC a0 = s->v0[0], a1 = s->v1[0], a2 = s->v2[0], a3 = s->v3[0];
#if LB_G > 1
	LB_VEC b0 = a0, b1 = a1, b2 = a2, b3 = a3;
#endif
#if LB_G > 2
	LB_VEC c0 = a0, c1 = a1, c2 = a2, c3 = a3;
#endif
	unsigned i;
	(void)G;
	LB_MORE_CHAINS(LB_CHAIN_IN);
	for (i = 0; i < n; i++) {
		LB_ROUND(a0, a1, a2, a3);
#if LB_G > 1
		if (G > 1)
			LB_ROUND(b0, b1, b2, b3);
#endif
#if LB_G > 2
		if (G > 2)
			LB_ROUND(c0, c1, c2, c3);
#endif
	}
	LB_CHAIN_OUT(a, s, 0);
	LB_MORE_CHAINS(LB_CHAIN_OUT);
}

/* GCC 12 warns that group()'s fin may be used uninitialized here, in groups
 * smaller than LB_G that load two blocks a step, not seeing that one of the
 * two loops that set it runs; zeroing it first made those groups 1.15x slower
 * (Zen 3, 1024 x 1..64 B SipHash-1-3). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
SIP_INLINE void LB_FN(absorb)(LB_FN(state) * s, unsigned G, const LB_VEC *m, unsigned c)
{
	unsigned g;
	for (g = 0; g < G; g++)
		s->v3[g] ^= m[g];
	LB_FN(rounds)(s, G, c);
	for (g = 0; g < G; g++)
		s->v0[g] ^= m[g];
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* One message's final block: length byte and tail (p may be NULL when n is 0). */
SIP_INLINE LB_WORD LB_FN(fword)(const void *p, size_t n)
{
	return ((LB_WORD)n << LB_LENBITS) | (n ? LB_TAIL((const uint8_t *)p + n, n & (LB_BLOCK - 1), n) : 0);
}

/* The final block of every lane built lane by lane, for lanes that may be
 * shorter than a block. */
SIP_INLINE LB_VEC LB_FN(lane_words)(const void *const p[LB_N], const size_t L[LB_N])
{
	LB_WORD w[LB_N];
	size_t j;
	for (j = 0; j < LB_N; j++)
		w[j] = LB_FN(fword)(p[j], L[j]);
	return LB_FN(words)(w);
}

#if LB_LANE_WORDS_APART
/* The same for dealt rows, out of line (see LB_LANE_WORDS_APART). */
static SIP_NOINLINE LB_VEC LB_FN(lane_words_apart)(const void *const p[LB_N], const size_t L[LB_N])
{
	return LB_FN(lane_words)(p, L);
}
#endif

/* The final block of every lane: length byte and tail. all_long: 0 when a
 * lane may be shorter than a block (-1: and the rows were dealt, which
 * LB_LANE_WORDS_APART sends out of line), 1 when none is, 2 when none is and
 * the rows were dealt, whose lengths seldom agree: the equal-length test is
 * skipped (vtail is right for any lengths; SipHash-1-3 1..64 B 2% faster). */
SIP_INLINE LB_VEC LB_FN(last)(const void *const p[LB_N], const size_t L[LB_N], int all_long)
{
	size_t j, diff = L[0] & (LB_BLOCK - 1);
#ifdef LB_HAVE_VTAIL
	if (all_long > 1)
		return LB_FN(vtail)(p, L);
#endif
#if LB_LANE_WORDS_APART
	if (all_long < 0)
		return LB_FN(lane_words_apart)(p, L);
#endif
	for (j = 1; j < LB_N; j++) /* an or of xors: no branch per lane, and it vectorizes */
		diff |= L[j] ^ L[0];
	if (!diff) /* one length, a multiple of the block (e.g. fixed-size keys): only the length byte */
		return (LB_VEC){0} + ((LB_WORD)L[0] << LB_LENBITS);
#ifdef LB_HAVE_VTAIL
	if (all_long) /* every lane has a whole block to read its tail from */
		return LB_FN(vtail)(p, L);
#else
	(void)all_long;
#endif
	return LB_FN(lane_words)(p, L);
}

/* Stores the tag of lane j in out[idx]: the integer, or the 16 tag bytes. */
SIP_INLINE void LB_FN(emit)(void *out, size_t idx, LB_WORD h0, LB_WORD h1, int wide)
{
#if LB_HALF
	if (wide)
		((uint64_t *)out)[idx] = (uint64_t)h0 | ((uint64_t)h1 << 32);
	else
		((uint32_t *)out)[idx] = h0;
#else
	if (wide) {
		sip_store64(((siphash__tag128 *)out)[idx], h0);
		sip_store64(((siphash__tag128 *)out)[idx] + 8, h1);
	} else {
		((uint64_t *)out)[idx] = h0;
	}
#endif
}

/* One message on its own, for groups too small for a vector: the scalar
 * template, or the backend's own single-message SipHash (LB_ONE_SIP). */
#if !LB_HALF && defined(LB_ONE_SIP)
#define LB_ONE_SIP_ LB_ONE_SIP
enum { LB_FN(own_one) = 1 };
#elif !LB_HALF && defined(LB_GROUP_ONE_SIP)
#define LB_ONE_SIP_ LB_GROUP_ONE_SIP
enum { LB_FN(own_one) = 0 };
#else
#define LB_ONE_SIP_ sip_oneshot
enum { LB_FN(own_one) = 0 };
#endif
SIP_INLINE void LB_FN(one)(const LB_KEY *key, const void *data, size_t len, unsigned c, unsigned d, int wide, void *out,
                           size_t idx)
{
#if LB_HALF
	uint64_t h = hsip_oneshot(key, data, len, c, d, wide);
	LB_FN(emit)(out, idx, (uint32_t)h, (uint32_t)(h >> 32), wide);
#else
	if (wide)
		(void)LB_ONE_SIP_(key, data, len, c, d, 1, ((siphash__tag128 *)out)[idx]);
	else
		((uint64_t *)out)[idx] = LB_ONE_SIP_(key, data, len, c, d, 0, NULL);
#endif
}
#undef LB_ONE_SIP_

/* A whole batch one message at a time, where the backend has its own
 * single-message code (own_one); otherwise the scalar backend's loop runs. */
SIP_INLINE void LB_FN(loop)(const LB_KEY *key, const void *const *data, const size_t *len, size_t n, unsigned c,
                            unsigned d, int wide, void *out)
{
	size_t i;
	for (i = 0; i < n; i++)
		LB_FN(one)(key, data[i], len[i], c, d, wide, out, i);
}

/* One batch call's dealing, on its stack: messages are copied as rows (data
 * pointer, length, index) into the bucket of their block count, so a full
 * bucket runs in place like the caller's own arrays do (gathering them through
 * indices at hashing time cost more than the copy); long ones are collected by
 * index and sorted. Only put, end, nfar and the batch need setting. */
typedef struct LB_FN(deck) {
	/* The row bucket b's next message goes to, and the row after its last:
	 * a message costs a load, three row stores and a compare with end,
	 * not a multiply by the bucket's size (SipHash-1-3 1..64 B: 3 of 24
	 * dealing instructions a message, about 1% faster). Before the rows:
	 * after them, GCC addressed put through the rows' base and paid an lea
	 * a message for it (1024 x 1..64 B SipHash-1-3: 1% faster first). */
	size_t put[LB_NBUCKETS];
	size_t end[LB_NBUCKETS];
	/* LB_NBUCKETS places of LB_BCAP rows, and with LB_GROUP_DEALS a spare
	 * one: a bucket that fills is hashed where it is and takes the spare
	 * place meanwhile, so that its groups can deal on */
	const void *p[(LB_NBUCKETS + (LB_GROUP_DEALS > 0)) * LB_BCAP];
	size_t len[(LB_NBUCKETS + (LB_GROUP_DEALS > 0)) * LB_BCAP];
	size_t at[(LB_NBUCKETS + (LB_GROUP_DEALS > 0)) * LB_BCAP];
	size_t far[LB_FAR], tmp[LB_FAR], nfar; /* messages of LB_NBUCKETS blocks or more */
	const void *fp[LB_FAR];                /* their rows once sorted */
	size_t fl[LB_FAR];
	size_t next; /* the first message not dealt, once deal() returned 1 */
#if LB_GROUP_DEALS
	LB_SWORDS init;          /* the state every message starts from: run() finds the deck by it */
	const void *const *data; /* the batch */
	const size_t *mlen;
	size_t n;
	size_t spare; /* the first row of the place no bucket has */
#endif
} LB_FN(deck);

/* Empties the table, at the first message dealt: a batch of equal lengths
 * never pays for it (n = 8, 16 B: 370 ticks with it, 150 without). */
SIP_INLINE void LB_FN(deck_init)(LB_FN(deck) * dk, int *dealt, const LB_SWORDS *init, const void *const *data,
                                 const size_t *len, size_t n)
{
	size_t b;
	for (b = 0; b < LB_NBUCKETS; b++) {
		dk->put[b] = b * LB_BCAP;
		dk->end[b] = (b + 1) * LB_BCAP;
	}
	dk->nfar = 0;
#if LB_GROUP_DEALS
	dk->init = *init;
	dk->data = data;
	dk->mlen = len;
	dk->n = n;
	dk->next = 0;
	dk->spare = LB_NBUCKETS * LB_BCAP;
#else
	(void)init, (void)data, (void)len, (void)n;
#endif
	*dealt = 1;
}

/* The deck whose full bucket run() was given (eq 3: deal() passes the
 * deck's own init, so the run_t signature, which every kind shares, needs
 * no deck argument), for its groups to deal on; NULL otherwise. */
SIP_INLINE LB_FN(deck) * LB_FN(dealer)(const LB_SWORDS *init, int eq)
{
#if LB_GROUP_DEALS
	if (eq == 3)
		return (LB_FN(deck) *)(uintptr_t)((const char *)init - offsetof(LB_FN(deck), init));
#endif
	(void)init, (void)eq;
	return NULL;
}

/* Writes message m as row r of the deck. */
SIP_INLINE void LB_FN(put_row)(LB_FN(deck) * dk, size_t r, const void *const *data, const size_t *len, size_t m)
{
	dk->p[r] = data[m];
	dk->len[r] = len[m];
	dk->at[r] = m;
}

#if LB_GROUP_DEALS
/* Deals message m into the bucket of its block count, or into far when it
 * is long; returns 0, dealing nothing, where that bucket (or far) is full. */
SIP_INLINE int LB_FN(try_deal)(LB_FN(deck) * dk, const void *const *data, const size_t *len, size_t m)
{
	const size_t nb = len[m] >> LB_SHIFT;
	size_t r;
	if (SIP_UNLIKELY(nb >= LB_NBUCKETS)) {
		if (dk->nfar == LB_FAR)
			return 0;
		dk->far[dk->nfar++] = m;
		return 1;
	}
	r = dk->put[nb];
	if (SIP_UNLIKELY(r == dk->end[nb]))
		return 0;
	LB_FN(put_row)(dk, r, data, len, m);
	dk->put[nb] = r + 1;
	return 1;
}

/* Deals the next LB_GROUP_DEALS messages, up to the first whose bucket (or
 * far) is full, from inside a group of a full bucket's rows: deal() hashes
 * that bucket next. */
SIP_INLINE void LB_FN(deal_some)(LB_FN(deck) * dk)
{
	const void *const *data = dk->data;
	const size_t *len = dk->mlen;
	size_t m = dk->next, j;
	if (SIP_LIKELY(dk->n - m >= LB_GROUP_DEALS)) {
		/* a constant count, unrolled: no jump into the loop's middle */
#if defined(__GNUC__)
#pragma GCC unroll 16
#endif
		for (j = 0; j < LB_GROUP_DEALS; j++)
			if (SIP_UNLIKELY(!LB_FN(try_deal)(dk, data, len, m + j)))
				break;
		dk->next = m + j;
		return;
	}
	for (; m < dk->n; m++)
		if (!LB_FN(try_deal)(dk, data, len, m))
			break;
	dk->next = m;
}
#endif

/* Hashes G * LB_N messages p[j], L[j] in vectors, and with x the next
 * LB_XLANES in general registers (sorted by block count, so lane 0 has the
 * fewest; eq: all have the same, 2: and they were dealt into a bucket), and
 * writes lane j's tag halves to h0[j], h1[j]. The scalar lanes' rounds sit
 * beside the vectors' in one loop, so they run on the integer units while
 * the vector units are busy. */
SIP_INLINE void LB_FN(group)(const LB_SWORDS *init, const void *const *p, const size_t *L, unsigned G, int x, int eq,
                             unsigned c, unsigned d, int wide, LB_WORD *h0, LB_WORD *h1, LB_FN(deck) * dk)
{
	const size_t common = L[0] >> LB_SHIFT;
	const unsigned V = G * LB_N, X = (x != 0) * LB_XLANES; /* rows V.. are the scalar lanes */
	LB_SWORDS xs[LB_XLANES + 1];
	LB_FN(state) s;
	LB_VEC m[LB_G][LB_STEPS], mk[LB_G], fin[LB_G];
	LB_WORD w[4][LB_G * LB_N];
	size_t i, j;
	unsigned g, k;
	int more = 0;
	const int fin_first = eq > 1 && LB_FIN_FIRST(G, c);
	/* blocks the LB_STEPS loop takes; the one-block loop after it does the rest */
	const size_t stepped = eq > 1 && LB_DEALT_ONE_BLOCK ? 0 : common;

	for (g = 0; g < G; g++) {
		s.v0[g] = (LB_VEC){0} + init->v0;
		s.v1[g] = (LB_VEC){0} + init->v1;
		s.v2[g] = (LB_VEC){0} + init->v2;
		s.v3[g] = (LB_VEC){0} + init->v3;
	}
	for (k = 0; k < X; k++)
		xs[k] = *init;
	/* Dealt rows' final blocks come first where LB_FIN_FIRST says: their
	 * loads (each message's own last bytes) then run under the block rounds,
	 * not after them (SipHash-1-3 1..64 B in two vectors: 3% faster). Rows in
	 * place keep them last: computed first, they held registers through the
	 * rounds, and equal 4-16-byte batches took up to 14% longer (Zen 5). */
	for (g = 0; fin_first && g < G; g++)
		fin[g] = LB_FN(last)(p + g * LB_N, L + g * LB_N, common > 0 ? 2 : LB_LANE_WORDS_APART ? -1 : 0);
	for (i = 0; i + LB_STEPS <= stepped; i += LB_STEPS) {
		for (g = 0; g < G; g++)
			LB_FN(loadk)(m[g], p + g * LB_N, i * LB_BLOCK);
		for (k = 0; k < LB_STEPS; k++) {
			unsigned e;
			for (g = 0; g < G; g++)
				mk[g] = m[g][k];
			LB_FN(absorb)(&s, G, mk, c);
			for (e = 0; e < X; e++)
				LB_SBLOCKS(&xs[e], (const uint8_t *)p[V + e] + (i + k) * LB_BLOCK, 1, c);
		}
	}
	for (; i < common; i++) {
		for (g = 0; g < G; g++)
			mk[g] = LB_FN(load1)(p + g * LB_N, i * LB_BLOCK);
		LB_FN(absorb)(&s, G, mk, c);
		for (k = 0; k < X; k++)
			LB_SBLOCKS(&xs[k], (const uint8_t *)p[V + k] + i * LB_BLOCK, 1, c);
	}

	/* Blocks beyond the common ones: lane by lane, so no lane waits. */
	for (j = 1; !eq && j < V + X; j++)
		more |= (L[j] >> LB_SHIFT) != common;
	if (more) {
		for (g = 0; g < G; g++) {
			/* copies, not the state's address, keep the state in registers */
			LB_VEC t0 = s.v0[g], t1 = s.v1[g], t2 = s.v2[g], t3 = s.v3[g];
			memcpy(w[0] + g * LB_N, &t0, sizeof t0);
			memcpy(w[1] + g * LB_N, &t1, sizeof t1);
			memcpy(w[2] + g * LB_N, &t2, sizeof t2);
			memcpy(w[3] + g * LB_N, &t3, sizeof t3);
		}
		for (k = 0; k < X; k++) {
			/* none left: an empty message's data may be NULL, and NULL + 0 is undefined */
			const size_t left = (L[V + k] >> LB_SHIFT) - common;
			if (left)
				LB_SBLOCKS(&xs[k], (const uint8_t *)p[V + k] + common * LB_BLOCK, left, c);
		}
		for (j = 1; j < V; j++) {
			size_t left = (L[j] >> LB_SHIFT) - common;
			if (left) {
				LB_SWORDS t = {w[0][j], w[1][j], w[2][j], w[3][j]};
				LB_SBLOCKS(&t, (const uint8_t *)p[j] + common * LB_BLOCK, left, c);
				w[0][j] = t.v0;
				w[1][j] = t.v1;
				w[2][j] = t.v2;
				w[3][j] = t.v3;
			}
		}
		for (g = 0; g < G; g++) {
			s.v0[g] = LB_FN(words)(w[0] + g * LB_N);
			s.v1[g] = LB_FN(words)(w[1] + g * LB_N);
			s.v2[g] = LB_FN(words)(w[2] + g * LB_N);
			s.v3[g] = LB_FN(words)(w[3] + g * LB_N);
		}
	}

	for (g = 0; !fin_first && g < G; g++)
		fin[g] = LB_FN(last)(p + g * LB_N, L + g * LB_N, common > 0);
	LB_FN(absorb)(&s, G, fin, c);
	for (k = 0; k < X; k++) {
		const LB_WORD b = LB_FN(fword)(p[V + k], L[V + k]);
		xs[k].v3 ^= b;
		LB_SROUNDS(&xs[k], c);
		xs[k].v0 ^= b;
		xs[k].v2 ^= (LB_WORD)(wide ? 0xee : 0xff);
	}
	for (g = 0; g < G; g++)
		s.v2[g] ^= (LB_WORD)(wide ? 0xee : 0xff);
#if LB_GROUP_DEALS
	/* the batch's next messages, dealt among the finalization's chains */
	if (dk)
		LB_FN(deal_some)(dk);
#else
	(void)dk;
#endif
	LB_FN(rounds)(&s, G, d);
	for (k = 0; k < X; k++) {
		LB_SROUNDS(&xs[k], d);
		LB_XHOLD(&xs[k]);
		h0[V + k] = LB_TAG(xs[k].v0, xs[k].v1, xs[k].v2, xs[k].v3);
	}
	for (g = 0; g < G; g++) {
		LB_VEC t = LB_TAG(s.v0[g], s.v1[g], s.v2[g], s.v3[g]);
		memcpy(h0 + g * LB_N, &t, sizeof t);
	}
	if (wide) {
		for (g = 0; g < G; g++)
			s.v1[g] ^= (LB_WORD)0xdd;
		LB_FN(rounds)(&s, G, d);
		for (k = 0; k < X; k++) {
			xs[k].v1 ^= (LB_WORD)0xdd;
			LB_SROUNDS(&xs[k], d);
			LB_XHOLD(&xs[k]);
			h1[V + k] = LB_TAG(xs[k].v0, xs[k].v1, xs[k].v2, xs[k].v3);
		}
		for (g = 0; g < G; g++) {
			LB_VEC t = LB_TAG(s.v0[g], s.v1[g], s.v2[g], s.v3[g]);
			memcpy(h1 + g * LB_N, &t, sizeof t);
		}
	}
}

/* Hides x's value from the optimizer, and costs no instruction. LB_WRITTEN:
 * memory may have changed, at arrays a and b in particular: the group has
 * written every tag that k rows read, which GCC cannot tell (it warned), and
 * zeroing the arrays first cost a rep stosq before each small group (Zen 5,
 * HalfSipHash 29 x 16 B: 1.1x the time). */
#if defined(__GNUC__)
#define LB_OPAQUE(x) __asm__("" : "+r"(x))
#define LB_WRITTEN(a, b) __asm__("" : : "r"(a), "r"(b) : "memory")
#else
#define LB_OPAQUE(x) ((void)0)
#define LB_WRITTEN(a, b) ((void)0)
#endif

/* Where row j's tag goes in out: at[j], or j itself when the rows are the caller's arrays. */
#define LB_AT(at, j) ((at) ? (at)[j] : (j))

/* The fewest blocks the shortest of k messages sharing one vector pass needs
 * for that pass to beat hashing them one at a time ((size_t)-1: never): a
 * short group of short messages costs a vector pass's latency for little
 * work (measured). run_short() applies it, and few() asks no less of a small
 * batch. */
SIP_INLINE size_t LB_FN(group_least)(size_t k)
{
	if (k < LB_MIN_LANES_LONG)
		return (size_t)-1;
	return k < LB_MIN_LANES ? LB_LONG_BLOCKS : 0;
}

/* Hashes rows p[first..first+k) in one group of G vectors (a constant), its
 * spare lanes repeating the first row (the shortest, so they add no blocks
 * beyond the common ones): the tag of row j goes to out[LB_AT(at, j)]. */
SIP_INLINE void LB_FN(pad_group)(const LB_SWORDS *init, const void *const *p, const size_t *L, const size_t *at,
                                 size_t first, size_t k, unsigned G, int eq, unsigned c, unsigned d, int wide,
                                 void *out)
{
	enum { GV = LB_G * LB_N };
	const void *q[GV];
	size_t Q[GV], j;
	LB_WORD h0[GV], h1[GV];
	j = 0;
	do { /* G >= 1: a do loop, so cppcheck sees the rows copied */
		q[j] = p[first + (j < k ? j : 0)];
		Q[j] = L[first + (j < k ? j : 0)];
	} while (++j < G * LB_N);
	LB_FN(group)(init, q, Q, G, 0, eq, c, d, wide, h0, h1, NULL);
	LB_WRITTEN(h0, h1);
	for (j = 0; j < k; j++) {
		/* opaque, or GCC made 64-bit tags in place one rep movsq, which
		 * costs more than the rounds of a few short messages (Zen 5) */
		size_t o = LB_AT(at, first + j);
		if (!wide)
			LB_OPAQUE(o);
		LB_FN(emit)(out, o, h0[j], wide ? h1[j] : 0, wide);
	}
}

/* Hashes rows p[first..first+k), L[...] (k below the lanes of two vectors,
 * one where LB_G is 1, or of three when they are long: run() hashes whole
 * vectors in place; sorted by block count; eq: all of one block count), the
 * tag of row j going to out[LB_AT(at, j)], in one padded group of vectors. */
SIP_INLINE void LB_FN(run_short)(const LB_KEY *key, const LB_SWORDS *init, const void *const *p, const size_t *L,
                                 const size_t *at, size_t first, size_t k, int eq, unsigned c, unsigned d, int wide,
                                 void *out)
{
	size_t j;
	if ((L[first] >> LB_SHIFT) < LB_FN(group_least)(k)) {
		for (j = first; j < first + k; j++)
			LB_FN(one)(key, p[j], L[j], c, d, wide, out, LB_AT(at, j));
		return;
	}
	/* G a constant in each copy: its loops unroll (the dead ones go) */
	if (LB_G > 2 && k > 2 * LB_N)
		LB_FN(pad_group)(init, p, L, at, first, k, LB_G > 2 ? 3 : 1, eq, c, d, wide, out);
	else if (LB_G > 1 && k > LB_N)
		LB_FN(pad_group)(init, p, L, at, first, k, LB_G > 1 ? 2 : 1, eq, c, d, wide, out);
	else
		LB_FN(pad_group)(init, p, L, at, first, k, 1, eq, c, d, wide, out);
}

/* Hashes the G vectors of rows from g, with the group's scalar lanes (x) or
 * without; the tag of row j goes to out[LB_AT(at, j)], 64-bit tags of the
 * caller's own rows straight from the group. */
SIP_INLINE void LB_FN(run_group)(const LB_SWORDS *init, const void *const *p, const size_t *L, const size_t *at,
                                 size_t g, unsigned G, int x, int eq, unsigned c, unsigned d, int wide, void *out,
                                 LB_FN(deck) * dk)
{
	enum { GN = LB_GN };
	LB_WORD h0[GN], h1[GN];
	size_t j;
	if (!at && !wide) {
		LB_FN(group)(init, p + g, L + g, G, x, eq, c, d, wide, (LB_WORD *)out + g, h1, dk);
		return;
	}
	LB_FN(group)(init, p + g, L + g, G, x, eq, c, d, wide, h0, h1, dk);
	for (j = 0; j < G * LB_N + (x != 0) * LB_XLANES; j++)
		LB_FN(emit)(out, LB_AT(at, g + j), h0[j], h1[j], wide);
}

/* The whole groups of G vectors (and the scalar lanes) that dealt rows
 * [g, end) of one block count fill; returns the first row left. */
SIP_INLINE size_t LB_FN(run_dealt)(const LB_SWORDS *init, const void *const *p, const size_t *L, const size_t *at,
                                   size_t g, size_t end, unsigned G, unsigned c, unsigned d, int wide, void *out,
                                   LB_FN(deck) * dk)
{
	for (; g + LB_DGN_OF(G) <= end; g += LB_DGN_OF(G))
		LB_FN(run_group)(init, p, L, at, g, G, LB_XDEALT_OF(G), 2, c, d, wide, out, dk);
	if (LB_XDEALT_OF(G) * LB_XLANES > 0 && g + G * LB_N <= end) {
		LB_FN(run_group)(init, p, L, at, g, G, 0, 2, c, d, wide, out, dk);
		g += G * LB_N;
	}
	return g;
}

/* Hashes rows p[first..first+k), L[...] in groups, in place: the caller's own
 * arrays for runs of equal block counts (at NULL: row j is message j, and
 * 64-bit tags go straight to out), or rows dealt into a bucket, or sorted
 * (at[j]: row j's message). Rows are sorted by block count; eq: each whole
 * group of one block count (2: whole groups of LB_REST_G vectors, not
 * LB_DEALT_G, of the dealt rows a batch's buckets keep at its end; 3: a full
 * bucket whose groups deal on, init being its deck's, LB_GROUP_DEALS). Many
 * groups per call: one call's setup, and the next group's loads start under
 * the last one's rounds. Whole vectors left over run in place too, two with
 * the scalar lanes where they fill them: through run_short(), 8 SipHash
 * messages took 84 ticks instead of 61, and 18 HalfSipHash messages 152
 * instead of 112 (Zen 5). Rows of unequal block
 * counts (what buckets leave over; all of a small batch of mixed lengths)
 * run in groups of at most two vectors: with three, 16-40 such SipHash-2-4
 * messages took up to 25% longer, behind the scalar loop (Zen 5). */
SIP_INLINE void LB_FN(run)(const LB_KEY *key, const LB_SWORDS *init, const void *const *p, const size_t *L,
                           const size_t *at, size_t first, size_t k, int eq, unsigned c, unsigned d, int wide,
                           void *out)
{
	enum { V = LB_G * LB_N, UG = LB_G > 1 ? 2 : 1, UGN = UG * LB_N + LB_XDEALT * LB_XLANES };
	const size_t end = first + k;
	size_t g = first;
	if (LB_REST_OWN && (LB_GROUP_DEALS ? eq == 2 : eq > 1)) { /* the rows the buckets kept (whole groups only) */
		LB_FN(run_dealt)(init, p, L, at, g, end, LB_REST_G, c, d, wide, out, NULL);
		return;
	}
	if (at && eq) /* a bucket's rows, each group of one block count */
		g = LB_FN(run_dealt)(init, p, L, at, g, end, LB_DEALT_G, c, d, wide, out, LB_FN(dealer)(init, eq));
	else if (at) { /* rows of unequal block counts: at most two vectors */
		for (; g + UGN <= end; g += UGN)
			LB_FN(run_group)(init, p, L, at, g, UG, LB_XDEALT, eq, c, d, wide, out, NULL);
		if (LB_XDEALT * LB_XLANES && g + UG * LB_N <= end) {
			LB_FN(run_group)(init, p, L, at, g, UG, 0, eq, c, d, wide, out, NULL);
			g += UG * LB_N;
		}
	} else {
		for (; g + LB_GN <= end; g += LB_GN)
			LB_FN(run_group)(init, p, L, at, g, LB_G, 1, eq, c, d, wide, out, NULL);
		if (LB_XLANES && g + V <= end) {
			LB_FN(run_group)(init, p, L, at, g, LB_G, 0, eq, c, d, wide, out, NULL);
			g += V;
		}
	}
#if LB_G > 2
	/* Long rows that would leave a second vector pass after two vectors
	 * (and their scalar lanes) go in one padded group of three instead
	 * (but rows of unequal block counts, which take two at most): Zen 5,
	 * 128 B-1 KiB, 19-23 SipHash messages in the 512-bit lanes 0.71-0.90x
	 * the time, 21-23 HalfSipHash ones of 64 B-1 KiB in AVX2 0.63-0.79x. */
	if ((at && !eq) || g + 2 * LB_N + (LB_XDEALT || !at) * LB_XLANES + LB_MIN_LANES_LONG > end ||
	    (L[g] >> LB_SHIFT) < LB_LONG_BLOCKS) {
		if (g + 2 * LB_N + LB_XLANES <= end && (LB_XDEALT || !at)) {
			LB_FN(run_group)(init, p, L, at, g, 2, 1, eq, c, d, wide, out, NULL);
			g += 2 * LB_N + LB_XLANES;
		} else if (g + 2 * LB_N <= end) {
			LB_FN(run_group)(init, p, L, at, g, 2, 0, eq, c, d, wide, out, NULL);
			g += 2 * LB_N;
		}
	}
#endif
	if (g < end)
		LB_FN(run_short)(key, init, p, L, at, g, end - g, eq, c, d, wide, out);
}

/* run with c, d and the width as constants, out of line: one copy of the
 * group code per operation, called from every place a group is ready (the
 * call costs far less than the group's rounds; inlining it at each place
 * made the backends several times larger and slower to compile). */
typedef LB_SWORDS LB_FN(init_t);
typedef void LB_FN(run_t)(const LB_KEY *key, const LB_SWORDS *init, const void *const *p, const size_t *L,
                          const size_t *at, size_t first, size_t k, int eq, void *out);

/* Hashes the long messages collected so far, sorted by block count. */
SIP_INLINE void LB_FN(run_far)(const LB_KEY *key, const LB_SWORDS *init, const void *const *data, const size_t *len,
                               LB_FN(deck) * dk, void *out, LB_FN(run_t) * run)
{
	const size_t *s = lb_sort_by_blocks(len, dk->far, dk->tmp, dk->nfar, LB_SHIFT);
	size_t i;
	for (i = 0; i < dk->nfar; i++) {
		dk->fp[i] = data[s[i]];
		dk->fl[i] = len[s[i]];
	}
	run(key, init, dk->fp, dk->fl, s, 0, dk->nfar, 0, out);
	dk->nfar = 0;
}

/* The fewest blocks each message of a batch of n of unequal block counts
 * needs for lanes: 0 where lanes take any, (size_t)-1 where none do. Such a
 * batch is better hashed by the scalar backend's loop when it has few
 * messages, too few for lanes even when long, or a short one among them,
 * which fill no bucket and would run as leftover groups of unequal lanes
 * (measured): lanes share only the shortest message's blocks, the rest is
 * scalar anyway, and a batch run_short() would hash one at a time stays out
 * too. */
SIP_INLINE size_t LB_FN(mixed_least)(size_t n, unsigned c, int wide)
{
	size_t least;
	(void)c;
	(void)wide;
	if (n >= (LB_MIXED_MIN(c, wide) > LB_MIN_BATCH ? LB_MIXED_MIN(c, wide) : LB_MIN_BATCH))
		return 0;
	least = LB_FN(group_least)(n); /* (size_t)-1 below LB_MIN_LANES_LONG */
	return least < LB_MIXED_BLOCKS ? LB_MIXED_BLOCKS : least;
}

/* Whether a batch of unequal block counts is better hashed by the scalar
 * backend's loop. The scan stops at the first short message. */
SIP_INLINE int LB_FN(few_mixed)(const size_t *len, size_t n, unsigned c, int wide)
{
	const size_t least = LB_FN(mixed_least)(n, c, wide);
	size_t i;
	if (least == 0 || least == (size_t)-1)
		return least != 0;
	for (i = 0; i < n; i++)
		if ((len[i] >> LB_SHIFT) < least)
			return 1;
	return 0;
}

/* few_mixed() of the first message only: whether a batch of unequal block
 * counts is better hashed by the scalar backend's loop for its size or its
 * first message (0 says nothing of the others). */
SIP_INLINE int LB_FN(few_first)(const size_t *len, size_t n, unsigned c, int wide)
{
	const size_t least = LB_FN(mixed_least)(n, c, wide);
	return n && (len[0] >> LB_SHIFT) < least;
}

/* Whether a batch is better hashed by the scalar backend's loop: one too
 * small for any lanes is; one of LB_MIN_BATCH or more messages of equal block
 * counts is not (every lane busy to the end); the rest as few_mixed() says.
 * The scalar loop itself, not a copy of it here, so that such a batch costs
 * what the scalar backend's row shows. The tests run in order of cost: for a
 * batch of one or two this check is all that auto adds to the scalar loop (a
 * vectorized scan of every length cost more than hashing one). */
SIP_INLINE int LB_FN(few)(const size_t *len, size_t n, unsigned c, int wide)
{
#ifdef LB_EQUAL_ONLY
	if (n >= LB_MIN_BATCH)
		return 0; /* the entry has seen one block count already */
#endif
	if (n < LB_MIN_LANES_LONG && n < LB_MIN_BATCH)
		return 1;
	if (n >= LB_MIN_BATCH && LB_FN(mixed_least)(n, c, wide) && lb_one_count(len, n, LB_SHIFT))
		return 0;
	return LB_FN(few_mixed)(len, n, c, wide);
}

/* Where a batch of n messages goes: LB_KEEP to this kind's lanes (or its
 * one-at-a-time code when few() says so), LB_NARROW to the table
 * LB_FN(narrow_ops)(), whose narrower lanes hash it better, LB_NARROW_IF_MIXED
 * there only when its block counts are unequal. One vector of LB_N lanes is a
 * single dependency chain, so a batch that fills only one, or whose last
 * vector would be mostly empty, can run faster as two chains of a narrower
 * backend (LB_NARROW_SET, LB_NARROW_OPS; measured per target and per
 * operation); so can a few messages shorter than a block or two, where the
 * padded lanes' byte-by-byte final blocks cost more than their rounds
 * (LB_NARROW_SHORT, which looks at the first length only); at the
 * sizes LB_NARROW_MIXED picks (every size with LB_EQUAL_ONLY), so can a batch
 * of unequal block counts, which leaves wide groups mostly empty. A function of
 * n, the operation and one length, so that the entry decides it before it
 * needs a stack frame: every way out of the entry is a tail call. */
SIP_INLINE int LB_FN(route)(const size_t *len, size_t n, unsigned c, int wide)
{
#ifdef LB_NARROW_SET
	if (LB_IN(n, LB_NARROW_SET(c, wide)))
		return LB_NARROW;
#endif
#ifdef LB_NARROW_SHORT
	{ /* after the size test, so that only sizes this kind keeps read a length */
		const size_t below = LB_NARROW_SHORT(n, c, wide);
		if (below && len[0] < below) /* below is 0 for n 0 */
			return LB_NARROW;
	}
#endif
	(void)len;
#if defined(LB_EQUAL_ONLY)
	return LB_NARROW_IF_MIXED;
#elif defined(LB_NARROW_MIXED)
	if (LB_NARROW_MIXED(n, c, wide))
		return LB_NARROW_IF_MIXED;
#endif
	(void)n;
	(void)c;
	(void)wide;
	return LB_KEEP;
}
/* The table route() sends batches to; a kind that never narrows names the
 * scalar one, which route() never picks then. */
SIP_INLINE const siphash__ops *LB_FN(narrow_ops)(void)
{
#ifdef LB_NARROW_OPS
	return &LB_NARROW_OPS;
#else
	return &siphash__scalar_ops;
#endif
}
/* The table a batch route() sends to LB_NARROW goes on to: the narrow
 * table's own narrow table where that kind (instantiated in the same file)
 * would send it there in turn, a hop its entry would make anyway, saved
 * (AVX-512VL, 4 HalfSipHash-1-3-32 messages of 3 B go on through SSE2 to
 * the scalar loop: an indirect call and a route fewer on 30 ns); or NULL
 * where that kind keeps the batch: the entry then calls the kind's lanes
 * entry itself, without the narrow table's indirect call and second route
 * (AVX-512VL, 4 HalfSipHash-1-3-32 messages of 1..64 B, which those lanes
 * hand to the scalar loop: 1.066x that loop's time before, 1.048x; Zen 4,
 * medians of four processes). */
SIP_INLINE const siphash__ops *LB_FN(narrow_to)(const size_t *len, size_t n, unsigned c, int wide)
{
#ifdef LB_NARROW_KIND
	switch (LB_NARROW_KIND(route)(len, n, c, wide)) {
	case LB_NARROW:
		return LB_NARROW_KIND(narrow_ops)();
	case LB_KEEP:
		return NULL;
	default:
		break;
	}
#else
	(void)len;
	(void)n;
	(void)c;
	(void)wide;
#endif
	return LB_FN(narrow_ops)();
}
/* Whether a batch of unequal block counts that narrow_to() leaves to the
 * narrow kind's lanes would end in the scalar backend's loop there anyway, as
 * its size or its first message tell: it then goes to that loop directly,
 * without the narrow kind's second scan of the lengths (small mixed batches
 * in AVX-512VL: 7 messages of 1..64 B took 1.07x the scalar loop's time
 * through that kind's entry, 1.03x straight). Only the first message:
 * scanning them all here as well made the batches that go on to the narrow
 * lanes up to 15% slower (20 of 64-128 B, Zen 5). */
SIP_INLINE int LB_FN(narrow_scalar)(const size_t *len, size_t n, unsigned c, int wide)
{
#ifdef LB_NARROW_KIND
	return !LB_NARROW_KIND(own_one) && LB_NARROW_KIND(few_first)(len, n, c, wide);
#else
	(void)len;
	(void)n;
	(void)c;
	(void)wide;
	return 0;
#endif
}
/* lb_one_count() at this kind's block size, for the entries, which expand
 * after LB_SHIFT is undefined. */
SIP_INLINE int LB_FN(one_count)(const size_t *len, size_t n)
{
	return lb_one_count(len, n, LB_SHIFT);
}

/* Deals message m. Without LB_GROUP_DEALS, a bucket that m fills is hashed
 * at once and emptied, and this returns 0. With it, where m's bucket is
 * already full, that bucket (or, where m is long, the long messages
 * collected) is hashed first and this returns 1: dk->next is then the first
 * message not dealt, m or one after it. The full bucket runs where it is and
 * takes the spare place meanwhile, so that its groups can deal the next
 * messages, m first, while their vectors round: dealt there, between the
 * finalization's independent vector chains, a message costs a third of what
 * it does in the batch loop (AVX2 SipHash-1-3, 1024 x 1..64 B: 13 deals a
 * group added 4% to the time, the batch loop's deals are 16%). Kinds whose
 * groups do not deal keep the first way: the second's larger batch loop
 * cost HalfSipHash-1-3 batches of 300 up to 8% (AVX2, Zen 5). */
SIP_INLINE int LB_FN(deal)(const LB_KEY *key, const LB_SWORDS *init, const void *const *data, const size_t *len,
                           size_t m, LB_FN(deck) * dk, void *out, LB_FN(run_t) * run)
{
	const size_t nb = len[m] >> LB_SHIFT;
	size_t r;
#if LB_GROUP_DEALS
	if (SIP_LIKELY(LB_FN(try_deal)(dk, data, len, m)))
		return 0;
	dk->next = m;
	if (nb >= LB_NBUCKETS) {
		LB_FN(run_far)(key, init, data, len, dk, out, run);
		return 1;
	}
	r = dk->end[nb] - LB_BCAP;
	dk->put[nb] = dk->spare;
	dk->end[nb] = dk->spare + LB_BCAP;
	dk->spare = r;
	run(key, &dk->init, dk->p + r, dk->len + r, dk->at + r, 0, LB_BCAP, 3, out);
	return 1;
#else
	if (SIP_UNLIKELY(nb >= LB_NBUCKETS)) {
		dk->far[dk->nfar++] = m;
		if (dk->nfar == LB_FAR)
			LB_FN(run_far)(key, init, data, len, dk, out, run);
		return 0;
	}
	r = dk->put[nb];
	LB_FN(put_row)(dk, r, data, len, m);
	dk->put[nb] = ++r;
	if (SIP_UNLIKELY(r == dk->end[nb])) {
		r -= LB_BCAP;
		run(key, init, dk->p + r, dk->len + r, dk->at + r, 0, LB_BCAP, 1, out);
		dk->put[nb] = r;
	}
	return 0;
#endif
}

/* F_batch of the public API for the batches few() leaves to lanes: run has c
 * and d built in. */
SIP_INLINE void LB_FN(batch)(const LB_KEY *key, const void *const *data, const size_t *len, size_t n, int wide,
                             void *out, LB_FN(run_t) * run)
{
	const LB_SWORDS init = LB_START(key, wide);
#ifdef LB_EQUAL_ONLY
	/* route() has sent every batch of unequal block counts elsewhere */
	run(key, &init, data, len, NULL, 0, n, 1, out);
#else
	enum { GN = LB_GN };
	LB_FN(deck) dk;
	size_t i, j, b, nrest = 0, span; /* span: whole groups of equal block counts before i */
	int dealt = 0;
	_Static_assert(LB_G >= 1 && LB_G <= 3, "a group has one to three vectors");
	_Static_assert(LB_DEALT_G <= LB_G && LB_REST_G <= LB_G, "dealt rows' groups are no wider than the kind's");
	span = lb_same_prefix(len, n, LB_SHIFT) / GN * GN;
	for (i = span; i + GN <= n;) {
		/* runs of equal block counts (fixed-size keys) go straight in; first
		 * and last alone settle most groups of mixed lengths */
		if (!((len[i] ^ len[i + GN - 1]) >> LB_SHIFT) && lb_one_count(len + i, GN, LB_SHIFT)) {
			span += GN;
			i += GN;
			continue;
		}
		if (span) {
			run(key, &init, data, len, NULL, i - span, span, 1, out);
			span = 0;
		}
		if (!dealt)
			LB_FN(deck_init)(&dk, &dealt, &init, data, len, n);
#if defined(__GNUC__)
#pragma GCC unroll 16
#endif
		/* a whole group: a constant count, unrolled, no loop exit to
		 * mispredict; a full bucket ends it, its groups having dealt on */
		for (j = 0; j < GN; j++)
			if (SIP_UNLIKELY(LB_FN(deal)(key, &init, data, len, i + j, &dk, out, run)))
				break;
		i = j < GN ? dk.next : i + GN;
	}
	if (span)
		run(key, &init, data, len, NULL, i - span, span, 1, out);
	if (i < n && !dealt) {
		if (lb_one_count(len + i, n - i, LB_SHIFT)) { /* a short last group of one block count: in place too */
			run(key, &init, data, len, NULL, i, n - i, 1, out);
			return;
		}
		LB_FN(deck_init)(&dk, &dealt, &init, data, len, n);
	}
	while (i < n)
		i = LB_FN(deal)(key, &init, data, len, i, &dk, out, run) ? dk.next : i + 1;
	if (!dealt)
		return;
	if (dk.nfar)
		LB_FN(run_far)(key, &init, data, len, &dk, out, run);
#if LB_GROUP_DEALS
#define LB_GP dk.fp
#define LB_GL dk.fl
#define LB_GA dk.far
#else
#define LB_GP dk.p
#define LB_GL dk.len
#define LB_GA dk.at
#endif
	/* What is left of the buckets: whole groups in place, then the rest
	 * gathered in block-count order and hashed as groups of unequal block
	 * counts. Where groups deal, the front of the rows may be a bucket's
	 * place, so the rest go to the long messages' rows, free by now;
	 * otherwise to the front of the rows, never past where they are read. */
	for (b = 0; b < LB_NBUCKETS; b++) {
		const size_t r = LB_GROUP_DEALS ? dk.end[b] - LB_BCAP : b * LB_BCAP, fill = dk.put[b] - r;
		if (!fill)
			continue;
		if (LB_GROUP_DEALS && fill == LB_BCAP) { /* full, and no message came for it since */
			run(key, &init, dk.p + r, dk.len + r, dk.at + r, 0, LB_BCAP, 1, out);
			continue;
		}
		i = fill / LB_RGN * LB_RGN;
		if (i)
			run(key, &init, dk.p + r, dk.len + r, dk.at + r, 0, i, LB_REST_OWN ? 2 : 1, out);
		for (; i < fill; i++, nrest++) {
			if (LB_GROUP_DEALS && nrest == LB_FAR) {
				run(key, &init, LB_GP, LB_GL, LB_GA, 0, nrest, 0, out);
				nrest = 0;
			}
			/* deal() wrote rows r..put[b]; clang's analyzer does not follow fill */
			LB_GP[nrest] = dk.p[r + i]; /* NOLINT(clang-analyzer-core.uninitialized.Assign) */
			LB_GL[nrest] = dk.len[r + i];
			LB_GA[nrest] = dk.at[r + i];
		}
	}
	if (nrest)
		run(key, &init, LB_GP, LB_GL, LB_GA, 0, nrest, 0, out);
#undef LB_GP
#undef LB_GL
#undef LB_GA
#endif
}

#undef LB_WORD
#undef LB_KEY
#undef LB_SWORDS
#undef LB_SHIFT
#undef LB_LENBITS
#undef LB_ROUND
#undef LB_START
#undef LB_SBLOCKS
#undef LB_TAIL
#undef LB_TAG
#undef LB_SROUNDS
#undef LB_XLANES
#undef LB_GN
#undef LB_XHOLD
#undef LB_XHOLD_ON
#undef LB_CHAIN_IN
#undef LB_CHAIN_OUT
#undef LB_MORE_CHAINS
#undef LB_XDEALT
#undef LB_DGN_OF
#undef LB_RGN
#undef LB_REST_OWN
#undef LB_DEALT_G
#undef LB_REST_G
#undef LB_BUCKET_MIN
#undef LB_FIN_FIRST
#undef LB_GROUP_DEALS
#undef LB_BCAP
#undef LB_BLOCK
#undef LB_HALF
#undef LB_VEC
#undef LB_N
#undef LB_STEPS
#undef LB_DEALT_ONE_BLOCK
#undef LB_LANE_WORDS_APART
#undef LB_XFULL
#undef LB_XDEALT_OF
#undef LB_G
#undef LB_HAVE_VTAIL
#undef LB_MIN_LANES
#undef LB_MIN_LANES_LONG
#undef LB_MIN_BATCH
#undef LB_MIXED_MIN
#undef LB_MIXED_BLOCKS
#undef LB_NARROW_SET
#undef LB_NARROW_SHORT
#undef LB_NARROW_OPS
#undef LB_NARROW_KIND
#undef LB_NARROW_MIXED
#undef LB_EQUAL_ONLY
#undef LB_ONE_SIP
#undef LB_GROUP_ONE_SIP
#undef LB_FN

/* LB_BATCH_ENTRIES(pre, sip, hsip, bytes) defines the ten batch entries
 * pre<op>_batch of a backend from its instantiated kinds sip##batch and
 * hsip##batch, and pre##batch_check, the batch input check in vectors of
 * that many bytes; LB_BATCH_TABLE(pre) lists them as table entries. A backend
 * whose SipHash and HalfSipHash entries come from different sets uses the
 * parts: LB_CHECK_ENTRY_, LB_SIP_ENTRIES and LB_HSIP_ENTRIES, listed by
 * LB_CHECK_TABLE, LB_SIP_TABLE and LB_HSIP_TABLE. Their third argument
 * names the entries (defined before them) of the kind LB_NARROW_KIND names,
 * whose pre<op>_lanes take the batches narrow_to() leaves to that kind;
 * without one, pre itself. */
#ifndef LB_BATCH_ENTRIES
/* Two vectors of pointers and lengths per step, no branch until the end: a
 * NULL pointer's lane is all ones, and anded with its length it marks a bad
 * message. */
#define LB_CHECK_ENTRY_(pre, bytes)                                                                                    \
	static int pre##batch_check(const void *const *data, const size_t *len, size_t n)                              \
	{                                                                                                              \
		typedef size_t pre##words __attribute__((vector_size(bytes)));                                         \
		enum { W = (bytes) / sizeof(size_t) };                                                                 \
		pre##words bad = {0}, bad2 = {0};                                                                      \
		size_t i = 0, j;                                                                                       \
		for (; i + 2 * W <= n; i += 2 * W) {                                                                   \
			pre##words p, l, p2, l2;                                                                       \
			memcpy(&p, data + i, sizeof p);                                                                \
			memcpy(&l, len + i, sizeof l);                                                                 \
			memcpy(&p2, data + i + W, sizeof p2);                                                          \
			memcpy(&l2, len + i + W, sizeof l2);                                                           \
			bad |= (pre##words)(p == 0) & l;                                                               \
			bad2 |= (pre##words)(p2 == 0) & l2;                                                            \
		}                                                                                                      \
		bad |= bad2;                                                                                           \
		for (j = 0; j < W; j++)                                                                                \
			if (bad[j])                                                                                    \
				return 0;                                                                              \
		return siphash__check_rows(data + i, len + i, n - i);                                                  \
	}
#define LB_ENTRY_(pre, kind, npre, op, keyt, outt, c, d, wide)                                                         \
	static SIP_NOINLINE void pre##op##_run(const keyt *key, const kind##init_t *init, const void *const *p,        \
	                                       const size_t *L, const size_t *at, size_t first, size_t k, int eq,      \
	                                       void *out)                                                              \
	{                                                                                                              \
		kind##run(key, init, p, L, at, first, k, eq, c, d, wide, out);                                         \
	}                                                                                                              \
	static SIP_NOINLINE void pre##op##_bulk(const keyt *key, const void *const *data, const size_t *len, size_t n, \
	                                        outt out)                                                              \
	{                                                                                                              \
		kind##batch(key, data, len, n, wide, out, pre##op##_run);                                              \
	}                                                                                                              \
	static SIP_NOINLINE void pre##op##_lanes(const keyt *key, const void *const *data, const size_t *len,          \
	                                         size_t n, outt out)                                                   \
	{                                                                                                              \
		if (!kind##few(len, n, c, wide))                                                                       \
			pre##op##_bulk(key, data, len, n, out);                                                        \
		else if (kind##own_one)                                                                                \
			kind##loop(key, data, len, n, c, d, wide, out);                                                \
		else                                                                                                   \
			siphash__scalar_##op##_batch(key, data, len, n, out);                                          \
	}                                                                                                              \
	static SIP_NOINLINE void pre##op##_if_mixed(const keyt *key, const void *const *data, const size_t *len,       \
	                                            size_t n, outt out)                                                \
	{                                                                                                              \
		const siphash__ops *to;                                                                                \
		if (kind##one_count(len, n)) {                                                                         \
			pre##op##_lanes(key, data, len, n, out);                                                       \
			return;                                                                                        \
		}                                                                                                      \
		to = kind##narrow_to(len, n, c, wide);                                                                 \
		if (to)                                                                                                \
			to->op##_batch(key, data, len, n, out);                                                        \
		else if (kind##narrow_scalar(len, n, c, wide))                                                         \
			siphash__scalar_##op##_batch(key, data, len, n, out);                                          \
		else                                                                                                   \
			npre##op##_lanes(key, data, len, n, out);                                                      \
	}                                                                                                              \
	static void pre##op##_batch(const keyt *key, const void *const *data, const size_t *len, size_t n, outt out)   \
	{                                                                                                              \
		switch (kind##route(len, n, c, wide)) {                                                                \
		case LB_NARROW: {                                                                                      \
			const siphash__ops *to = kind##narrow_to(len, n, c, wide);                                     \
			if (to)                                                                                        \
				to->op##_batch(key, data, len, n, out);                                                \
			else                                                                                           \
				npre##op##_lanes(key, data, len, n, out);                                              \
			break;                                                                                         \
		}                                                                                                      \
		case LB_NARROW_IF_MIXED:                                                                               \
			pre##op##_if_mixed(key, data, len, n, out);                                                    \
			break;                                                                                         \
		default:                                                                                               \
			pre##op##_lanes(key, data, len, n, out);                                                       \
		}                                                                                                      \
	}
#define LB_SIP_ENTRIES(pre, sip, npre)                                                                                 \
	LB_ENTRY_(pre, sip, npre, sip13_64, siphash_key, uint64_t *, 1, 3, 0)                                          \
	LB_ENTRY_(pre, sip, npre, sip24_64, siphash_key, uint64_t *, 2, 4, 0)                                          \
	LB_ENTRY_(pre, sip, npre, sip48_64, siphash_key, uint64_t *, 4, 8, 0)                                          \
	LB_ENTRY_(pre, sip, npre, sip13_128, siphash_key, siphash__tag128 *, 1, 3, 1)                                  \
	LB_ENTRY_(pre, sip, npre, sip24_128, siphash_key, siphash__tag128 *, 2, 4, 1)                                  \
	LB_ENTRY_(pre, sip, npre, sip48_128, siphash_key, siphash__tag128 *, 4, 8, 1)
#define LB_HSIP_ENTRIES(pre, hsip, npre)                                                                               \
	LB_ENTRY_(pre, hsip, npre, half13_32, halfsiphash_key, uint32_t *, 1, 3, 0)                                    \
	LB_ENTRY_(pre, hsip, npre, half24_32, halfsiphash_key, uint32_t *, 2, 4, 0)                                    \
	LB_ENTRY_(pre, hsip, npre, half13_64, halfsiphash_key, uint64_t *, 1, 3, 1)                                    \
	LB_ENTRY_(pre, hsip, npre, half24_64, halfsiphash_key, uint64_t *, 2, 4, 1)
#define LB_BATCH_ENTRIES(pre, sip, hsip, bytes)                                                                        \
	LB_CHECK_ENTRY_(pre, bytes)                                                                                    \
	LB_SIP_ENTRIES(pre, sip, pre)                                                                                  \
	LB_HSIP_ENTRIES(pre, hsip, pre)
#define LB_CHECK_TABLE(pre) .batch_check = pre##batch_check
#define LB_SIP_TABLE(pre)                                                                                              \
	.sip13_64_batch = pre##sip13_64_batch, .sip24_64_batch = pre##sip24_64_batch,                                  \
	.sip48_64_batch = pre##sip48_64_batch, .sip13_128_batch = pre##sip13_128_batch,                                \
	.sip24_128_batch = pre##sip24_128_batch, .sip48_128_batch = pre##sip48_128_batch
#define LB_HSIP_TABLE(pre)                                                                                             \
	.half13_32_batch = pre##half13_32_batch, .half24_32_batch = pre##half24_32_batch,                              \
	.half13_64_batch = pre##half13_64_batch, .half24_64_batch = pre##half24_64_batch
#define LB_BATCH_TABLE(pre) LB_CHECK_TABLE(pre), LB_SIP_TABLE(pre), LB_HSIP_TABLE(pre)
#endif
