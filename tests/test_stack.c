/* test_stack.c - the batch functions stay within the stack the header promises, on every backend. */
/*
 * The header says a batch call allocates nothing and uses at most 36 KB of
 * the calling thread's stack (16 KB on 32-bit hosts); callers size coroutine
 * and fiber stacks by it. Each call here runs on a thread whose stack is a
 * buffer painted with one byte value: from the caller's frame to the deepest
 * byte that changed is the stack the call used (or what the thread's exit
 * used, when that went deeper: an overestimate, never an underestimate). The
 * batches take every path that needs stack: mixed lengths dealt into buckets,
 * long ones collected and sorted, equal ones in place, and small ones.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "testutil.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define STACK_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define STACK_SANITIZED 1
#endif

/* The header's bound: 36 KB on 64-bit hosts, 16 KB on 32-bit ones, where
 * the rows' pointers and lengths take half the bytes. */
#define STACK_LIMIT ((size_t)(sizeof(void *) == 8 ? 36 : 16) * 1024)

enum { STACK_SIZE = 256 * 1024, PAINT = 0x5a, NMAX = 1500 };

static uint8_t msg[600];
static const void *data[NMAX];
static size_t len[NMAX];
static uint64_t out[2 * NMAX]; /* n tags of any width */

typedef struct job {
	int v;
	size_t n;
	uintptr_t caller; /* an address in run()'s frame, the call's caller */
} job;

static void *run(void *arg)
{
	job *j = (job *)arg;
	volatile unsigned char mark = 0;
	j->caller = (uintptr_t)&mark;
	tu_batch(j->v, msg, data, len, j->n, out);
	return NULL;
}

/* Bytes of the painted stack below run()'s frame that the call touched, or 0
 * when the thread failed to run. */
static size_t depth(unsigned char *stack, int v, size_t n)
{
	pthread_attr_t attr;
	pthread_t t;
	job j;
	size_t i;
	int ok;
	j.v = v;
	j.n = n;
	memset(stack, PAINT, STACK_SIZE);
	ok = pthread_attr_init(&attr) == 0 && pthread_attr_setstack(&attr, stack, STACK_SIZE) == 0 &&
	     pthread_create(&t, &attr, run, &j) == 0;
	pthread_attr_destroy(&attr);
	if (!ok || pthread_join(t, NULL) != 0)
		return 0;
	for (i = 0; i < STACK_SIZE && stack[i] == PAINT; i++)
		;
	return j.caller > (uintptr_t)(stack + i) ? (size_t)(j.caller - (uintptr_t)(stack + i)) : 0;
}

/* Message lengths of each shape; messages overlap in msg, as the batch only reads them. */
static void shape(int s, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		switch (s) {
		case 0: /* mixed 0..300 B: every bucket, and long ones sorted */
			len[i] = (size_t)(tu_rand() % 301);
			break;
		case 1: /* mixed 1..64 B */
			len[i] = 1 + (size_t)(tu_rand() % 64);
			break;
		case 2: /* long messages only, more than one sorting round */
			len[i] = 256 + (size_t)(tu_rand() % 300);
			break;
		default: /* equal */
			len[i] = 16;
		}
		data[i] = msg + i % 37;
	}
}

static unsigned char *stack_buf;
static size_t worst;

static void each_backend(void)
{
	static const size_t sizes[] = {1, 5, 9, 17, 33, 64, 700, NMAX};
	int v, s;
	size_t z;
	for (v = 0; v < TU_NBATCH; v++) {
		for (s = 0; s < 4; s++)
			for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
				size_t used;
				shape(s, sizes[z]);
				used = depth(stack_buf, v, sizes[z]);
				TU_CHECK(used > 0, "%s: a thread on a painted stack ran", tu_batch_names[v]);
				if (used > worst)
					worst = used;
#if !defined(STACK_SANITIZED)
				TU_CHECK(used <= STACK_LIMIT, "%s, shape %d, n %zu: %zu bytes of stack, more than %zu",
				         tu_batch_names[v], s, sizes[z], used, STACK_LIMIT);
#else
				TU_CHECK(used < STACK_SIZE / 2, "%s, shape %d, n %zu: %zu bytes of stack",
				         tu_batch_names[v], s, sizes[z], used);
#endif
			}
	}
	printf("%-8s deepest batch call: %zu bytes of stack\n", tu_backend, worst);
	worst = 0;
}

int main(void)
{
	size_t i;
	void *p = NULL;
	for (i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 7 + 1);
	if (posix_memalign(&p, 4096, STACK_SIZE) != 0)
		return 2;
	stack_buf = (unsigned char *)p;
#if defined(STACK_SANITIZED)
	printf("sanitized build: frames differ, only a loose bound is checked\n");
#endif
	TU_CHECK(tu_for_each_backend(each_backend) >= 1, "some backend ran");
	free(p);
	return tu_finish();
}
