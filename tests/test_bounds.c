/* test_bounds.c - every entry point stays within the bytes it is given: each buffer flush against a guard page. */
/*
 * Each message, key, state, tag and array of the calls below sits flush
 * against an inaccessible page, at the end of its page (a read or write past
 * the end faults) or at its start (one before the start faults). Unlike the
 * AddressSanitizer checks of test_batch, this runs in every build and under
 * qemu, so it covers the NEON, i386 and big-endian code, and the one-shot and
 * streaming paths whose buffers the other tests keep inside larger arrays. A
 * fault names the call that made it; tags are checked against the reference
 * code so a call that stayed in bounds by skipping work fails too.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS in glibc's strict C99 mode */
#include "testutil.h"

#if defined(__unix__) || defined(__APPLE__)
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

enum {
	MAXLEN = 300, /* every length up to here: past 16 blocks, the batch lanes' long path */
	MAXN = 70,    /* batch sizes up to here: past every routing threshold below 104 */
	SLOT_DATA = MAXN,
	SLOT_LEN,
	SLOT_OUT,
	SLOT_KEY,
	SLOT_STATE,
	NSLOTS
};

static size_t page;
static uint8_t *arena; /* NSLOTS pages, each between two inaccessible ones */
static uint8_t key_bytes[16];
enum { MSG_SLACK = 64 }; /* batch messages start at different offsets of msg: each lane its own bytes */
static uint8_t msg[MAXLEN + MSG_SLACK];
static const char *volatile doing = "setup";

/* write(2) of a string, from the signal handler (stdio is not safe there). */
static void say(const char *s)
{
	if (write(2, s, strlen(s)) < 0)
		return;
}

/* Reports which call faulted: the only trace a bounds error leaves. */
static void on_fault(int sig)
{
	(void)sig;
	say("test_bounds: fault in ");
	say(doing);
	say(" on ");
	say(tu_backend);
	say("\n");
	_exit(3);
}

/* n bytes of slot i, flush against the page after it (at_end) or the one before. */
static uint8_t *slot(size_t i, size_t n, int at_end)
{
	uint8_t *p = arena + (2 * i + 1) * page;
	return at_end ? p + page - n : p;
}

/* A copy of src[0..n) placed as slot() places it. */
static uint8_t *place(size_t i, const void *src, size_t n, int at_end)
{
	uint8_t *p = slot(i, n, at_end);
	if (n)
		memcpy(p, src, n);
	return p;
}

static int setup(void)
{
	size_t i;
	long ps = sysconf(_SC_PAGESIZE);
	struct sigaction sa;
	if (ps <= 0 || (size_t)ps < 16 * MAXN)
		return -1;
	page = (size_t)ps;
	arena = (uint8_t *)mmap(NULL, (2 * NSLOTS + 1) * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
	                        0);
	if (arena == (uint8_t *)MAP_FAILED)
		return -1;
	for (i = 0; i <= NSLOTS; i++)
		if (mprotect(arena + 2 * i * page, page, PROT_NONE))
			return -1;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fault;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	tu_fill(key_bytes, sizeof key_bytes);
	tu_fill(msg, sizeof msg);
	return 0;
}

/* Keys: 16 and 8 key bytes, nothing more. */
static void check_keys(int at_end)
{
	siphash_key k, kw = siphash_key_from_bytes(key_bytes);
	halfsiphash_key hk, hkw = halfsiphash_key_from_bytes(key_bytes);
	doing = "siphash_key_from_bytes";
	k = siphash_key_from_bytes(place(SLOT_KEY, key_bytes, 16, at_end));
	doing = "halfsiphash_key_from_bytes";
	hk = halfsiphash_key_from_bytes(place(SLOT_KEY, key_bytes, 8, at_end));
	TU_CHECK(k.k0 == kw.k0 && k.k1 == kw.k1 && hk.k0 == hkw.k0 && hk.k1 == hkw.k1, "keys from guarded bytes");
}

/* The ten fixed one-shot functions on one guarded message; 128-bit tags into a guarded tag buffer. */
static void check_fixed(size_t len, int at_end)
{
	const uint8_t *m = place(0, msg, len, at_end);
	uint8_t want[16];
	int v;
	for (v = 0; v < TU_NBATCH; v++) {
		size_t bytes = tu_variants[v].bytes;
		uint8_t *out = slot(SLOT_OUT, bytes, !at_end);
		doing = tu_batch_names[v];
		tu_oneshot(v, key_bytes, m, len, out);
		tu_ref_variant(v, key_bytes, msg, len, want);
		TU_CHECK(!memcmp(out, want, bytes), "%s len=%zu at_end=%d", tu_batch_names[v], len, at_end);
	}
}

/* Round counts for the any-rounds and streaming calls: the fixed ones, both ends of the range, odd ones. */
static const unsigned rounds[][2] = {{1, 3}, {2, 4}, {4, 8}, {1, 1}, {3, 5}, {SIPHASH_MAX_ROUNDS, 2}};
enum { NROUNDS = sizeof rounds / sizeof rounds[0] };

/* Family fam (siphash or halfsiphash) on message m, at both tag sizes
 * (narrow and twice that): fam_hash, then streaming with one update, with
 * single bytes (a constant length: the header's inline path) and with
 * pseudo-random pieces. The state and the tag sit in guarded slots too. */
#define CHECK_FAMILY(fam, state_t, kp, ref, narrow, c, d, m, len, at_end)                                              \
	do {                                                                                                           \
		state_t *st_ = (state_t *)(void *)slot(SLOT_STATE, sizeof(state_t), at_end);                           \
		uint8_t want_[16], *out_;                                                                              \
		size_t outlen_, pos_, step_;                                                                           \
		int split_;                                                                                            \
		for (outlen_ = (narrow); outlen_ <= 2 * (narrow); outlen_ += (narrow)) {                               \
			out_ = slot(SLOT_OUT, outlen_, at_end);                                                        \
			ref(key_bytes, c, d, msg, len, want_, outlen_);                                                \
			doing = #fam "_hash";                                                                          \
			TU_CHECK(fam##_hash(kp, c, d, m, len, out_, outlen_) == SIPHASH_OK &&                          \
			                 !memcmp(out_, want_, outlen_),                                                \
			         #fam "_hash c=%u d=%u outlen=%zu len=%zu at_end=%d", c, d, outlen_, (size_t)(len),    \
			         at_end);                                                                              \
			for (split_ = 0; split_ < 3; split_++) {                                                       \
				doing = #fam "_init";                                                                  \
				TU_CHECK(fam##_init(st_, kp, c, d, outlen_) == SIPHASH_OK, #fam "_init");              \
				doing = #fam "_update";                                                                \
				for (pos_ = 0; pos_ < (len); pos_ += step_) {                                          \
					step_ = split_ == 0 ? (len) : split_ == 1 ? 1 : 1 + (size_t)(tu_rand() % 19);  \
					if (step_ > (len)-pos_)                                                        \
						step_ = (len)-pos_;                                                    \
					if (split_ == 1)                                                               \
						fam##_update(st_, (m) + pos_, 1);                                      \
					else                                                                           \
						fam##_update(st_, (m) + pos_, step_);                                  \
				}                                                                                      \
				doing = #fam "_final";                                                                 \
				fam##_final(st_, out_);                                                                \
				TU_CHECK(!memcmp(out_, want_, outlen_),                                                \
				         #fam " stream c=%u d=%u outlen=%zu len=%zu split %d at_end=%d", c, d,         \
				         outlen_, (size_t)(len), split_, at_end);                                      \
			}                                                                                              \
		}                                                                                                      \
	} while (0)

/* Both families, each round count, on one guarded message. */
static void check_any_rounds(size_t len, int at_end)
{
	const uint8_t *m = place(0, msg, len, at_end);
	siphash_key k = siphash_key_from_bytes(key_bytes);
	halfsiphash_key hk = halfsiphash_key_from_bytes(key_bytes);
	size_t r;
	for (r = 0; r < NROUNDS; r++) {
		unsigned c = rounds[r][0], d = rounds[r][1];
		CHECK_FAMILY(siphash, siphash_state, &k, tu_ref_siphash, 8, c, d, m, len, at_end);
		CHECK_FAMILY(halfsiphash, halfsiphash_state, &hk, tu_ref_halfsiphash, 4, c, d, m, len, at_end);
	}
}

/* siphash_verify and siphash_wipe on guarded tags. */
static void check_verify_wipe(size_t n, int at_end)
{
	uint8_t *a = place(0, msg, n, at_end), *b = place(1, msg, n, !at_end);
	size_t i, zero = 0;
	doing = "siphash_verify";
	TU_CHECK(siphash_verify(a, b, n) == SIPHASH_OK, "verify equal n=%zu", n);
	b[n - 1] ^= 1;
	TU_CHECK(siphash_verify(a, b, n) == SIPHASH_EMISMATCH, "verify last byte n=%zu", n);
	doing = "siphash_wipe";
	siphash_wipe(a, n);
	for (i = 0; i < n; i++)
		zero += a[i] == 0;
	TU_CHECK(zero == n, "wipe n=%zu", n);
}

/* Batch lengths: all one of these, or pseudo-random in 0..MAXLEN (pattern
 * NEQUAL) or in 1..64 (NEQUAL + 1, the benchmarks' mixed rows). */
static const size_t equal_lens[] = {0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, MAXLEN};
enum { NEQUAL = sizeof equal_lens / sizeof equal_lens[0], NPATTERNS = NEQUAL + 2 };

static size_t batch_len(int pattern)
{
	if (pattern < NEQUAL)
		return equal_lens[pattern];
	return pattern == NEQUAL ? (size_t)(tu_rand() % (MAXLEN + 1)) : 1 + (size_t)(tu_rand() % 64);
}

/* Every batch function over n messages of one pattern: each message, the
 * data and len arrays and the tags flush against guard pages (messages
 * alternating ends, so that neighbouring lanes face both). */
static void check_batch(size_t n, int pattern, int at_end)
{
	const void **data = (const void **)(void *)slot(SLOT_DATA, n * sizeof *data, at_end);
	size_t *len = (size_t *)(void *)slot(SLOT_LEN, n * sizeof *len, at_end);
	size_t i;
	int v;
	for (i = 0; i < n; i++) {
		len[i] = batch_len(pattern);
		data[i] = place(i, msg + i % MSG_SLACK, len[i], (int)((i + (size_t)at_end) % 2));
	}
	for (v = 0; v < TU_NBATCH; v++) {
		size_t bytes = tu_variants[v].bytes;
		uint8_t *out = slot(SLOT_OUT, n * bytes, at_end), one[16], want[16];
		doing = tu_batch_names[v];
		tu_batch(v, key_bytes, (const void *const *)data, (const size_t *)len, n, out);
		for (i = 0; i < n; i++) {
			tu_batch_tag(v, out, i, one);
			tu_ref_variant(v, key_bytes, (const uint8_t *)data[i], len[i], want);
			TU_CHECK(!memcmp(one, want, bytes), "%s_batch n=%zu pattern %d message %zu len=%zu at_end=%d",
			         tu_batch_names[v], n, pattern, i, len[i], at_end);
		}
	}
}

static void run_all(void)
{
	static const size_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17, 24, 25, 31, 32, 33, 52, 56, 64, MAXN};
	size_t len, s;
	int at_end, pattern;
	for (at_end = 0; at_end < 2; at_end++) {
		check_keys(at_end);
		for (len = 0; len <= MAXLEN; len++) {
			check_fixed(len, at_end);
			check_any_rounds(len, at_end);
			if (len)
				check_verify_wipe(len, at_end);
		}
		for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
			for (pattern = 0; pattern < NPATTERNS; pattern++)
				check_batch(sizes[s], pattern, at_end);
	}
	doing = "between calls";
}

int main(void)
{
	if (setup()) {
		printf("guard pages unavailable: skipped\n");
		return 77;
	}
	printf("%d backends\n", tu_for_each_backend(run_all));
	return tu_finish();
}

#else
int main(void)
{
	printf("no mmap/mprotect on this platform: skipped\n");
	return 77;
}
#endif
