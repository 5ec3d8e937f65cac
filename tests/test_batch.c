/* test_batch.c - the ten batch functions on every backend: n 0..40 and large, mixed lengths, every alignment. */
/*
 * Each message lives in its own allocation, at an alignment offset 0..31 and
 * ending exactly at the end of what was allocated, so a lane reading past its
 * message is caught by AddressSanitizer. Tags are compared with the reference
 * code of testutil.h and with the one-shot functions; the slot after the last
 * output must stay untouched.
 */
#include "testutil.h"

enum { BIG_N = 700 };

static uint8_t key_bytes[16];

/* Runs batch variant v over n messages; tags land in out as bytes (n + 1 slots of 16). */
static void run_batch(int v, const void *const *data, const size_t *len, size_t n, uint8_t (*out)[16])
{
	uint8_t *tags = (uint8_t *)malloc((n + 1) * 16);
	size_t i;
	if (!tags)
		exit(2);
	memset(tags, 0xa5, (n + 1) * 16);
	tu_batch(v, key_bytes, data, len, n, tags);
	for (i = 0; i <= n; i++)
		tu_batch_tag(v, tags, i, out[i]);
	free(tags);
}

/* Length patterns: random mixes, all equal, staircases whose lanes end at
 * different blocks, one long message among short ones, runs of 11 equal
 * lengths (whole groups of one block count between groups that straddle two
 * runs), runs of 160 of one block count (equal chunks of different counts
 * side by side), one block count but for two short messages late in the batch
 * (a long equal prefix), short and 256-405-byte messages taking turns (with BIG_N, more long
 * ones than the lanes collect before sorting them, so that happens mid-batch),
 * long messages, long messages of one length (the lanes pad a group of
 * three vectors for what two would leave), and one short message before
 * long ones of one length (small batches are routed by the first length),
 * random lengths of 1..64 bytes, the benchmarks' mixed rows (batch sizes
 * around the mixed-batch routing thresholds: mixed_sizes), and long messages
 * of 256 to 2907 bytes, whose block counts spread so far that the lanes'
 * radix sort of long messages needs a second pass; and a quarter of empty
 * messages with NULL data first: lanes then hold NULL beside others of a
 * block, where a pointer computed from it would be undefined; and one block
 * count but for the 32nd message, the last of the first chunk that the scan
 * for a batch's prefix of one block count reads. */
enum {
	P_RANDOM,
	P_EQUAL,
	P_STAIRS,
	P_ONE_LONG,
	P_RUNS,
	P_LONG_RUNS,
	P_PREFIX,
	P_TURNS,
	P_LONG,
	P_EQUAL_LONG,
	P_FIRST_SHORT,
	P_SHORT_MIXED,
	P_SPREAD,
	P_EMPTY_FIRST,
	P_LAST_OF_32,
	NPATTERNS
};

static size_t pick_len(int pattern, size_t i, size_t n, size_t equal)
{
	switch (pattern) {
	case P_RANDOM:
		return (size_t)(tu_rand() % 301);
	case P_EQUAL:
		return equal;
	case P_STAIRS:
		return (i * 5 + i / 3) % 301;
	case P_ONE_LONG:
		return i == n / 2 ? 300 : 16;
	case P_RUNS:
		return 8 + 40 * ((i / 11) % 3) + (i / 33) % 5;
	case P_LONG_RUNS: /* one block count in each run of 160, tails differing */
		return 8 * (1 + (i / 160) % 3) + (i * 3) % 4;
	case P_PREFIX: /* one block count, but for two short ones late in the batch */
		return i == n - 3 || i == n * 2 / 3 ? 3 : 48 + i % 4;
	case P_TURNS:
		return i % 2 ? 256 + (i * 37) % 150 : (i * 13) % 64;
	case P_EQUAL_LONG:
		return 128 + equal;
	case P_FIRST_SHORT: /* routes that look at the first length see a short one */
		return i == 0 ? equal % 8 : 64 + equal;
	case P_SHORT_MIXED:
		return 1 + (size_t)(tu_rand() % 64);
	case P_SPREAD: { /* long ones whose block counts span 256 and more: the sort takes two passes */
		static const size_t base[] = {256, 2312, 300, 2400, 264, 2900, 512};
		return base[i % 7] + (i / 7) % 8;
	}
	case P_EMPTY_FIRST: /* empty ones, all NULL, in lanes beside longer ones of a group */
		return i < n / 4 ? 0 : 8 + equal % 8;
	case P_LAST_OF_32: /* the prefix scan takes 32 lengths at a time: the 32nd alone differs */
		return i == 31 ? 24 + equal % 8 : 16 + equal % 8;
	default:
		return 700 + (size_t)(tu_rand() % 1400);
	}
}

static void check_case(int pattern, size_t n, size_t equal)
{
	const void **data = (const void **)calloc(n + 1, sizeof *data);
	void **blocks = (void **)calloc(n + 1, sizeof *blocks);
	size_t *len = (size_t *)calloc(n + 1, sizeof *len);
	uint8_t(*got)[16] = (uint8_t(*)[16])malloc((n + 1) * 16);
	uint8_t *want = (uint8_t *)malloc((n + 1) * 16);
	size_t i;
	int v;
	if (!data || !blocks || !len || !got || !want)
		exit(2);
	for (i = 0; i < n; i++) {
		size_t align = (i * 7 + n) % 32;
		uint8_t *b;
		len[i] = pick_len(pattern, i, n, equal);
		b = (uint8_t *)malloc(align + len[i] + 1);
		if (!b)
			exit(2);
		blocks[i] = b;
		tu_fill(b, align + len[i] + 1);
		/* empty messages are sometimes NULL, which the API allows */
		data[i] = len[i] == 0 && (i % 2 || pattern == P_EMPTY_FIRST) ? NULL : b + align + 1;
	}
	for (v = 0; v < TU_NBATCH; v++) {
		const tu_variant *va = &tu_variants[v];
		memset(got, 0xa5, (n + 1) * 16);
		run_batch(v, data, len, n, got);
		for (i = 0; i < n; i++) {
			uint8_t one[16];
			tu_ref_variant(v, key_bytes, (const uint8_t *)data[i], len[i], want);
			TU_CHECK(!memcmp(got[i], want, va->bytes), "%s pattern %d n=%zu lane %zu len=%zu",
			         tu_batch_names[v], pattern, n, i, len[i]);
			tu_oneshot(v, key_bytes, data[i], len[i], one);
			TU_CHECK(!memcmp(one, got[i], va->bytes), "%s one-shot vs batch n=%zu lane %zu len=%zu",
			         tu_batch_names[v], n, i, len[i]);
		}
		memset(want, 0xa5, 16);
		TU_CHECK(!memcmp(got[n], want, 16), "%s n=%zu wrote past the last tag", tu_batch_names[v], n);
	}
	for (i = 0; i < n; i++)
		free(blocks[i]);
	free(blocks);
	free(data);
	free(len);
	free(got);
	free(want);
}

/* Lengths on both sides of the thresholds at which small batches change
 * route (LB_NARROW_SHORT: 4, 8, 16, 32 and 64 bytes) and of whole blocks.
 * Batches of up to 29 messages have the 4- and 8-byte thresholds: above 16
 * messages only the lengths up to TINY_LEN_MAX run. */
static const size_t edge_lens[] = {0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65};
enum { TINY_LEN_MAX = 9, TINY_MAX_N = 32 };

/* Batch sizes on both sides of where batches of unequal block counts change
 * route (LB_MIXED_MIN: 18, 32, 52; LB_NARROW_MIXED: 32, 56, 104) and of a
 * dealing bucket filling (24-27 rows a block count). */
static const size_t mixed_sizes[] = {17, 18, 31, 32, 51, 52, 55, 56, 64, 96, 103, 104, 240, 250};

static void run_all(void)
{
	int pattern;
	size_t n, e;
	for (pattern = 0; pattern < NPATTERNS; pattern++) {
		for (n = 0; n <= 40; n++)
			check_case(pattern, n, (size_t)(tu_rand() % 301));
		if (pattern != P_LONG && pattern != P_SPREAD) /* several sorting chunks, a short last group */
			check_case(pattern, BIG_N, (size_t)(tu_rand() % 301));
	}
	for (e = 0; e < sizeof mixed_sizes / sizeof mixed_sizes[0]; e++)
		check_case(P_SHORT_MIXED, mixed_sizes[e], 0);
	/* Where a full bucket's groups deal the next messages (AVX2 SipHash):
	 * buckets filling many times over, the long messages' list filling while
	 * groups deal, deals that reach the end of the batch, and more rows left
	 * in the buckets at the end than the list that gathers them holds. */
	for (n = BIG_N * 5; n <= BIG_N * 5 + 12; n += 6) {
		check_case(P_SHORT_MIXED, n, 0);
		check_case(P_TURNS, n, 0);
		check_case(P_RANDOM, n, 0);
	}
	for (n = 1; n <= TINY_MAX_N; n++)
		for (e = 0; e < sizeof edge_lens / sizeof edge_lens[0]; e++) {
			if (n > 16 && edge_lens[e] > TINY_LEN_MAX)
				continue;
			check_case(P_EQUAL, n, edge_lens[e]);
			check_case(P_FIRST_SHORT, n, edge_lens[e]);
		}
}

int main(void)
{
	tu_fill(key_bytes, sizeof key_bytes);
	printf("%d backends\n", tu_for_each_backend(run_all));
	return tu_finish();
}
