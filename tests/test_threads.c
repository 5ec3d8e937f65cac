/* test_threads.c - concurrent hashing while first use detects the CPU and while another thread switches backends. */
/*
 * Phase 0: in fresh processes (first use happens once per process), an
 * explicit siphash_backend_select races other threads' first use, and must
 * win, as the header promises. Phase 1: no dispatched call before the
 * threads start, so their first calls (a batch, which goes through the
 * table on every host) race through detection together. Phase 2: the same
 * while one thread keeps calling siphash_backend_select over every backend
 * (and auto). Phase 3: each backend in turn, fixed, under concurrency.
 * Every tag is compared with the reference computed before the threads
 * start. Also run under ThreadSanitizer (scripts/test.d/40-tsan.sh).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

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
	/* The batch first: on 64-bit hosts the one-shot and streaming calls
	 * skip the table, so only a dispatched call can make first use race. */
	for (i = 0; i < NMSG; i++)
		ptrs[i] = msgs[i];
	siphash24_64_batch(&k, ptrs, lens, NMSG, b64);
	for (i = 0; i < NMSG; i++) {
		uint8_t le[8];
		tu_store_le(le, b64[i], 8);
		*(memcmp(le, want24[i], 8) ? bad : ok) += 1;
	}
	for (i = 0; i < NMSG; i++) {
		siphash_state st;
		uint8_t le[8];
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

/* Phase 0: each trial forks a process that has not used the library; there
 * three threads make their first dispatched calls while the main thread
 * selects scalar. Whatever the interleaving, scalar must be active after
 * the join: detection publishes its pick only if no select came first. With
 * detection storing its pick unconditionally, 65-100 of the 200 trials
 * ended on the detected backend (Zen 5). */
enum { TRIALS = 200, RACERS = 3 };
static pthread_barrier_t trial_go;

static void *first_user(void *arg)
{
	int i;
	(void)arg;
	pthread_barrier_wait(&trial_go);
	for (i = 0; i < 50; i++)
		(void)siphash_backend_active();
	return NULL;
}

static int first_use_trial(unsigned delay)
{
	pthread_t t[RACERS];
	volatile unsigned spin = 0;
	int i, ok;
	if (pthread_barrier_init(&trial_go, NULL, RACERS + 1))
		return 2;
	for (i = 0; i < RACERS; i++)
		if (pthread_create(&t[i], NULL, first_user, NULL))
			return 2;
	pthread_barrier_wait(&trial_go);
	/* The racers wake a few microseconds after this thread: a delay that
	 * varies per trial lands the select before, inside and after their
	 * detection. */
	while (spin < delay)
		spin++;
	ok = siphash_backend_select(SIPHASH_BACKEND_SCALAR) == SIPHASH_OK;
	for (i = 0; i < RACERS; i++)
		pthread_join(t[i], NULL);
	return ok && siphash_backend_active() == SIPHASH_BACKEND_SCALAR ? 0 : 1;
}

static void run_first_use_trials(void)
{
	int trial, lost = 0;
	/* Where auto would pick scalar too, a lost select cannot show. */
	if (tu_best_backend() == SIPHASH_BACKEND_SCALAR) {
		printf("first use against select: auto picks scalar here, skipped\n");
		return;
	}
	for (trial = 0; trial < TRIALS; trial++) {
		int status;
		pid_t pid;
		fflush(stdout);
		pid = fork();
		if (pid < 0) {
			fprintf(stderr, "fork failed\n");
			exit(2);
		}
		if (pid == 0)
			_exit(first_use_trial((unsigned)(tu_rand() % 20000)));
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) == 2) {
			fprintf(stderr, "trial %d: the child failed to run\n", trial);
			exit(2);
		}
		lost += WEXITSTATUS(status) != 0;
	}
	TU_CHECK(lost == 0, "select lost to a concurrent first use in %d of %d trials", lost, TRIALS);
	printf("first use against select: %d trials\n", TRIALS);
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
	run_first_use_trials(); /* before any dispatched call of this process */
	run_threads(0);         /* first use happens in the threads */
	TU_CHECK(siphash_backend_active() != SIPHASH_BACKEND_AUTO, "detection resolved");
	run_threads(1);
	printf("%d backends\n", tu_for_each_backend(run_fixed_backend));
	return tu_finish();
}
