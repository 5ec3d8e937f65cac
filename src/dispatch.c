/* dispatch.c - chooses the backend table once, caches it in an atomic pointer, and implements the backend API. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const siphash__ops detect_ops;

/* Every table is static const data, initialised before any thread can run, so
 * a relaxed load of the pointer is enough to read it: the hashing path pays a
 * plain load and an indirect call, no fence and no branch. */
_Atomic(const siphash__ops *) siphash__active_ops = &detect_ops;

static const siphash__ops *const all_tables[SIPHASH__NBACKENDS] = {
        NULL,
        &siphash__scalar_ops,
#if defined(SIPHASH_HAVE_SSE2)
        &siphash__sse2_ops,
#else
        NULL,
#endif
#if defined(SIPHASH_HAVE_AVX2)
        &siphash__avx2_ops,
#else
        NULL,
#endif
#if defined(SIPHASH_HAVE_NEON)
        &siphash__neon_ops,
#else
        NULL,
#endif
#if defined(SIPHASH_HAVE_AVX512)
        &siphash__avx512_ops,
#else
        NULL,
#endif
};

/* A backend's second table, for the CPUs its probe marks SIPHASH__TUNED: the
 * same backend (its name, its id, its tags), shaped for them. */
static const siphash__ops *const tuned_tables[SIPHASH__NBACKENDS] = {
        [SIPHASH_BACKEND_SCALAR] = NULL,
#if defined(SIPHASH_HAVE_AVX2_TWO)
        [SIPHASH_BACKEND_AVX2] = &siphash__avx2_two_ops,
#endif
};

static const char *const backend_names[SIPHASH__NBACKENDS] = {"auto", "scalar", "sse2", "avx2", "neon", "avx512"};

/* Fastest first: each table already routes every operation to the fastest
 * code for it on this target (measured with the benchmarks), so auto is the
 * best table the CPU can run. */
static const siphash_backend preference[] = {SIPHASH_BACKEND_AVX512, SIPHASH_BACKEND_AVX2, SIPHASH_BACKEND_NEON,
                                             SIPHASH_BACKEND_SSE2, SIPHASH_BACKEND_SCALAR};

/* The CPU does not change under a running process, and cpuid can trap to the
 * hypervisor in a VM, so the probe runs once: a bit per usable backend, and
 * above those one per backend whose tuned table suits this CPU; 0 means "not
 * probed yet". Racing first calls compute the same mask. */
static _Atomic unsigned usable_mask;

static void supported_backends(int usable[SIPHASH__NBACKENDS])
{
	unsigned mask = atomic_load_explicit(&usable_mask, memory_order_relaxed);
	int b;
	if (!mask) {
		siphash__cpu_probe(usable);
		usable[SIPHASH_BACKEND_AUTO] = 1;
		usable[SIPHASH_BACKEND_SCALAR] = 1;
		for (b = 0; b < SIPHASH__NBACKENDS; b++) {
			if (usable[b] && (b == SIPHASH_BACKEND_AUTO || all_tables[b] != NULL))
				mask |= 1u << b;
			if (usable[b] == SIPHASH__TUNED && all_tables[b] != NULL && tuned_tables[b] != NULL)
				mask |= 1u << (SIPHASH__NBACKENDS + b);
		}
		atomic_store_explicit(&usable_mask, mask, memory_order_relaxed);
	}
	for (b = 0; b < SIPHASH__NBACKENDS; b++)
		usable[b] = (mask >> b) & 1u ? 1 : 0;
}

/* SIPHASH_BACKEND as the process started with it: the backend it names, 0
 * for none or a name that is not a backend's, ENV_UNREAD before it is read. */
#define ENV_UNREAD (-1)
static _Atomic int env_backend = ENV_UNREAD;
/* SIPHASH_AVX2_GROUP likewise: 2 or 3 (the AVX2 backend's two- or
 * three-vector tuning, whatever the probe says), 0 for neither. */
static _Atomic int env_group = ENV_UNREAD;

static int read_env_backend(void)
{
	const char *want = getenv("SIPHASH_BACKEND");
	int b;
	for (b = SIPHASH_BACKEND_SCALAR; want && b < SIPHASH__NBACKENDS; b++)
		if (!strcmp(want, backend_names[b]))
			return b;
	return 0;
}

static int read_env_group(void)
{
	const char *want = getenv("SIPHASH_AVX2_GROUP");
	if (want && (!strcmp(want, "2") || !strcmp(want, "3")))
		return want[0] - '0';
	return 0;
}

/* A variable's value, read on the first call and kept in slot: the first
 * answer stored wins, so threads that race the first read (each reading it
 * once) agree, and no later call reads the environment again. */
static int env_once(_Atomic int *slot, int (*read)(void))
{
	int v = atomic_load_explicit(slot, memory_order_relaxed);
	if (v == ENV_UNREAD) {
		int expected = ENV_UNREAD;
		v = read();
		if (!atomic_compare_exchange_strong(slot, &expected, v))
			v = expected;
	}
	return v;
}

static int env_choice(void)
{
	return env_once(&env_backend, read_env_backend);
}

/* API.md has the variable override the choice "at start-up". The first hash
 * that needs the table can come much later, on any thread, after the program
 * has changed its environment (or while another thread does: getenv races
 * with setenv), so it is read when the library is loaded, before main; a
 * program constructor that ran first and hashed has read it already. */
#if defined(__GNUC__)
__attribute__((constructor)) static void read_env_at_load(void)
{
	(void)env_choice();
	(void)env_once(&env_group, read_env_group);
}
#endif

/* Backend b's table on this CPU: its tuned one where the probe (or, for
 * AVX2, SIPHASH_AVX2_GROUP) asks for it. b is usable, so the mask is set. */
static const siphash__ops *table_of(int b)
{
	const unsigned mask = atomic_load_explicit(&usable_mask, memory_order_relaxed);
	const int group = b == SIPHASH_BACKEND_AVX2 ? env_once(&env_group, read_env_group) : 0;
	const int tuned = group ? group == 2 : (int)((mask >> (SIPHASH__NBACKENDS + b)) & 1u);
	return tuned && tuned_tables[b] != NULL ? tuned_tables[b] : all_tables[b];
}

static const siphash__ops *best_table(int honor_env)
{
	int usable[SIPHASH__NBACKENDS];
	size_t i;
	supported_backends(usable);
	if (honor_env) {
		int b = env_choice(); /* without constructors: read here, at the first detection */
		if (b && usable[b])
			return table_of(b);
	}
	for (i = 0; i < sizeof preference / sizeof preference[0]; i++)
		if (usable[preference[i]])
			return table_of(preference[i]);
	return &siphash__scalar_ops;
}

/* First use: detect, then publish unless a concurrent siphash_backend_select
 * got there first (an explicit choice wins over the automatic one). */
static const siphash__ops *detect_now(void)
{
	const siphash__ops *expected = &detect_ops;
	const siphash__ops *chosen = best_table(1);
	if (atomic_compare_exchange_strong(&siphash__active_ops, &expected, chosen))
		return chosen;
	return expected;
}

/* The initial table: each entry detects, then forwards the call. */
#define SIPHASH_RET_void
#define SIPHASH_RET_int return
#define SIPHASH_RET_uint64_t return
#define TRAMPOLINE(name, type, ret, params, args)                                                                      \
	static ret detect_##name params                                                                                \
	{                                                                                                              \
		SIPHASH_RET_##ret detect_now()->name args;                                                             \
	}
SIPHASH_OPS(TRAMPOLINE)
#define TRAMPOLINE_ENTRY(name, type, ret, params, args) .name = detect_##name,
static const siphash__ops detect_ops = {.id = SIPHASH_BACKEND_AUTO, SIPHASH_OPS(TRAMPOLINE_ENTRY)};

static const siphash__ops *resolved(void)
{
	const siphash__ops *o = siphash__ops_get();
	return o == &detect_ops ? detect_now() : o;
}

siphash_backend siphash_backend_active(void)
{
	return resolved()->id;
}

const char *siphash_backend_name(siphash_backend b)
{
	return (unsigned)b < SIPHASH__NBACKENDS ? backend_names[b] : NULL;
}

int siphash_backend_supported(siphash_backend b)
{
	int usable[SIPHASH__NBACKENDS];
	if ((unsigned)b >= SIPHASH__NBACKENDS)
		return 0;
	supported_backends(usable);
	return usable[b];
}

int siphash_backend_select(siphash_backend b)
{
	int usable[SIPHASH__NBACKENDS];
	if ((unsigned)b >= SIPHASH__NBACKENDS)
		return SIPHASH_EINVAL;
	if (b == SIPHASH_BACKEND_AUTO) {
		atomic_store(&siphash__active_ops, best_table(0));
		return SIPHASH_OK;
	}
	supported_backends(usable);
	if (!usable[b])
		return SIPHASH_EUNSUPPORTED;
	atomic_store(&siphash__active_ops, table_of(b));
	return SIPHASH_OK;
}
