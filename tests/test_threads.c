/* test_threads.c - concurrent hashing while first use detects the CPU and while another thread switches backends. */
/*
 * Phase 1: no library call before the threads start, so their first calls
 * race through detection together. Phase 2: the same while one thread keeps
 * calling siphash_backend_select over every backend (and auto). Phase 3: each
 * backend in turn, fixed, under concurrency. Every tag is compared with the
 * reference computed before the threads start. Also run under ThreadSanitizer
 * (scripts/test.d/40-tsan.sh).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "testutil.h"

enum { NTHREADS = 6, NMSG = 24, ITERS = 300 };

static uint8_t key_bytes[16];
static uint8_t msgs[NMSG][200];
static size_t lens[NMSG];
static uint8_t want24[NMSG][8], want13_128[NMSG][16], wanthalf[NMSG][4];

static pthread_barrier_t start_line;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int hashers_done;
static long failures, passes;

static void record(long ok, long bad)
{
	pthread_mutex_lock(&lock);
	passes += ok;
	failures += bad;
	pthread_mutex_unlock(&lock);
}

/* One pass over every message through the one-shot, batch and streaming paths. */
static void hash_all(long *ok, long *bad)
{
	siphash_key k = siphash_key_from_bytes(key_bytes);
	halfsiphash_key hk = halfsiphash_key_from_bytes(key_bytes);
	const void *ptrs[NMSG];
	uint64_t b64[NMSG];
	uint8_t tag[16];
	size_t i;
	for (i = 0; i < NMSG; i++) {
		siphash_state st;
		uint8_t le[8];
		ptrs[i] = msgs[i];
		tu_store_le(le, siphash24_64(&k, msgs[i], lens[i]), 8);
		*(memcmp(le, want24[i], 8) ? bad : ok) += 1;
		siphash13_128(&k, msgs[i], lens[i], tag);
		*(memcmp(tag, want13_128[i], 16) ? bad : ok) += 1;
		tu_store_le(le, halfsiphash24_32(&hk, msgs[i], lens[i]), 4);
		*(memcmp(le, wanthalf[i], 4) ? bad : ok) += 1;
		siphash_init(&st, &k, 2, 4, 8);
		siphash_update(&st, msgs[i], lens[i] / 2);
		siphash_update(&st, msgs[i] + lens[i] / 2, lens[i] - lens[i] / 2);
		siphash_final(&st, tag);
		*(memcmp(tag, want24[i], 8) ? bad : ok) += 1;
	}
	siphash24_64_batch(&k, ptrs, lens, NMSG, b64);
	for (i = 0; i < NMSG; i++) {
		uint8_t le[8];
		tu_store_le(le, b64[i], 8);
		*(memcmp(le, want24[i], 8) ? bad : ok) += 1;
	}
}

static void *hasher(void *arg)
{
	long ok = 0, bad = 0;
	int it;
	(void)arg;
	pthread_barrier_wait(&start_line);
	for (it = 0; it < ITERS; it++)
		hash_all(&ok, &bad);
	record(ok, bad);
	pthread_mutex_lock(&lock);
	hashers_done++;
	pthread_mutex_unlock(&lock);
	return NULL;
}

/* Cycles through every backend value (unsupported ones must fail cleanly)
 * until the hashers are done. */
static void *switcher(void *arg)
{
	long ok = 0, bad = 0;
	int b = 0, done = 0;
	(void)arg;
	pthread_barrier_wait(&start_line);
	while (!done) {
		int r = siphash_backend_select((siphash_backend)b);
		int sup = siphash_backend_supported((siphash_backend)b);
		*((sup ? r == SIPHASH_OK : r == SIPHASH_EUNSUPPORTED) ? &ok : &bad) += 1;
		b = siphash_backend_name((siphash_backend)(b + 1)) ? b + 1 : 0; /* every named value */
		pthread_mutex_lock(&lock);
		done = hashers_done == NTHREADS;
		pthread_mutex_unlock(&lock);
	}
	record(ok, bad);
	return NULL;
}

static void run_threads(int with_switcher)
{
	pthread_t t[NTHREADS + 1];
	int i, n = NTHREADS + (with_switcher ? 1 : 0);
	hashers_done = 0;
	if (pthread_barrier_init(&start_line, NULL, (unsigned)n)) {
		fprintf(stderr, "pthread_barrier_init failed\n");
		exit(2);
	}
	for (i = 0; i < NTHREADS; i++)
		if (pthread_create(&t[i], NULL, hasher, NULL))
			exit(2);
	if (with_switcher && pthread_create(&t[NTHREADS], NULL, switcher, NULL))
		exit(2);
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&start_line);
	TU_CHECK(failures == 0, "%ld wrong results among %ld (switcher %d)", failures, failures + passes,
	         with_switcher);
	TU_CHECK(passes > 0, "no results");
	failures = passes = 0;
}

static void run_fixed_backend(void)
{
	int b = (int)siphash_backend_active();
	run_threads(0);
	TU_CHECK((int)siphash_backend_active() == b, "backend changed without a select");
}

int main(void)
{
	size_t i;
	tu_fill(key_bytes, sizeof key_bytes);
	for (i = 0; i < NMSG; i++) {
		lens[i] = (i * 37) % 200;
		tu_fill(msgs[i], lens[i]);
		tu_ref_siphash(key_bytes, 2, 4, msgs[i], lens[i], want24[i], 8);
		tu_ref_siphash(key_bytes, 1, 3, msgs[i], lens[i], want13_128[i], 16);
		tu_ref_halfsiphash(key_bytes, 2, 4, msgs[i], lens[i], wanthalf[i], 4);
	}
	run_threads(0); /* first use happens in the threads */
	TU_CHECK(siphash_backend_active() != SIPHASH_BACKEND_AUTO, "detection resolved");
	run_threads(1);
	printf("%d backends\n", tu_for_each_backend(run_fixed_backend));
	return tu_finish();
}
