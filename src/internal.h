/* internal.h - the per-backend table of operations and the dispatch entry points shared inside the library. */
#ifndef SIPHASH_INTERNAL_H
#define SIPHASH_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "siphash.h"

/* Internal symbols are hidden in the shared library; in the static library
 * they still carry the siphash__ prefix so they cannot clash with a user's. */
#if defined(__GNUC__) || defined(__clang__)
#define SIPHASH_HIDDEN __attribute__((visibility("hidden")))
#else
#define SIPHASH_HIDDEN
#endif

/* One 128-bit tag, so that "pointer to tags" can be spelt as a plain type. */
typedef uint8_t siphash__tag128[16];

typedef uint64_t (*siphash__sip64_fn)(const siphash_key *key, const void *data, size_t len);
typedef void (*siphash__sip128_fn)(const siphash_key *key, const void *data, size_t len, uint8_t out[16]);

typedef void (*siphash__sip64_batch_fn)(const siphash_key *key, const void *const *data, const size_t *len, size_t n,
                                        uint64_t *out);
typedef void (*siphash__sip128_batch_fn)(const siphash_key *key, const void *const *data, const size_t *len, size_t n,
                                         uint8_t (*out)[16]);
typedef void (*siphash__half32_batch_fn)(const halfsiphash_key *key, const void *const *data, const size_t *len,
                                         size_t n, uint32_t *out);
typedef void (*siphash__half64_batch_fn)(const halfsiphash_key *key, const void *const *data, const size_t *len,
                                         size_t n, uint64_t *out);

/* Any c/d; arguments already validated. out receives outlen bytes. */
typedef void (*siphash__sip_any_fn)(const siphash_key *key, unsigned c, unsigned d, const void *data, size_t len,
                                    uint8_t *out, size_t outlen);

/* Streaming compression of whole 8-byte blocks. */
typedef void (*siphash__sip_blocks_fn)(uint64_t v[4], const uint8_t *p, size_t nblocks, unsigned c);

/* A batch's per-message check: 1 unless some data[i] is NULL with len[i] > 0. */
typedef int (*siphash__batch_check_fn)(const void *const *data, const size_t *len, size_t n);

/* That check one message at a time: the scalar backend's, the SIMD scans'
 * tail, and the whole check of a batch too small for a vector scan. */
static inline int siphash__check_rows(const void *const *data, const size_t *len, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (!data[i] && len[i])
			return 0;
	return 1;
}

/*
 * X-macro listing every operation once: (field, function-pointer type, return
 * type, parameter list, argument list). The dispatch code derives its
 * first-use trampolines from it, so adding an operation is one line here plus
 * one entry per backend.
 */
#define SIPHASH_KEY64 const siphash_key *key
#define SIPHASH_KEY32 const halfsiphash_key *key
#define SIPHASH_BATCH_IN const void *const *data, const size_t *len, size_t n
#define SIPHASH_OPS(X)                                                                                                 \
	X(sip13_64, siphash__sip64_fn, uint64_t, (SIPHASH_KEY64, const void *data, size_t len), (key, data, len))      \
	X(sip24_64, siphash__sip64_fn, uint64_t, (SIPHASH_KEY64, const void *data, size_t len), (key, data, len))      \
	X(sip48_64, siphash__sip64_fn, uint64_t, (SIPHASH_KEY64, const void *data, size_t len), (key, data, len))      \
	X(sip13_128, siphash__sip128_fn, void, (SIPHASH_KEY64, const void *data, size_t len, uint8_t out[16]),         \
	  (key, data, len, out))                                                                                       \
	X(sip24_128, siphash__sip128_fn, void, (SIPHASH_KEY64, const void *data, size_t len, uint8_t out[16]),         \
	  (key, data, len, out))                                                                                       \
	X(sip48_128, siphash__sip128_fn, void, (SIPHASH_KEY64, const void *data, size_t len, uint8_t out[16]),         \
	  (key, data, len, out))                                                                                       \
	X(sip_any, siphash__sip_any_fn, void,                                                                          \
	  (SIPHASH_KEY64, unsigned c, unsigned d, const void *data, size_t len, uint8_t *out, size_t outlen),          \
	  (key, c, d, data, len, out, outlen))                                                                         \
	X(sip_blocks, siphash__sip_blocks_fn, void, (uint64_t v[4], const uint8_t *p, size_t nblocks, unsigned c),     \
	  (v, p, nblocks, c))                                                                                          \
	X(batch_check, siphash__batch_check_fn, int, (SIPHASH_BATCH_IN), (data, len, n))                               \
	X(sip13_64_batch, siphash__sip64_batch_fn, void, (SIPHASH_KEY64, SIPHASH_BATCH_IN, uint64_t * out),            \
	  (key, data, len, n, out))                                                                                    \
	X(sip24_64_batch, siphash__sip64_batch_fn, void, (SIPHASH_KEY64, SIPHASH_BATCH_IN, uint64_t * out),            \
	  (key, data, len, n, out))                                                                                    \
	X(sip48_64_batch, siphash__sip64_batch_fn, void, (SIPHASH_KEY64, SIPHASH_BATCH_IN, uint64_t * out),            \
	  (key, data, len, n, out))                                                                                    \
	X(sip13_128_batch, siphash__sip128_batch_fn, void, (SIPHASH_KEY64, SIPHASH_BATCH_IN, uint8_t(*out)[16]),       \
	  (key, data, len, n, out))                                                                                    \
	X(sip24_128_batch, siphash__sip128_batch_fn, void, (SIPHASH_KEY64, SIPHASH_BATCH_IN, uint8_t(*out)[16]),       \
	  (key, data, len, n, out))                                                                                    \
	X(sip48_128_batch, siphash__sip128_batch_fn, void, (SIPHASH_KEY64, SIPHASH_BATCH_IN, uint8_t(*out)[16]),       \
	  (key, data, len, n, out))                                                                                    \
	X(half13_32_batch, siphash__half32_batch_fn, void, (SIPHASH_KEY32, SIPHASH_BATCH_IN, uint32_t * out),          \
	  (key, data, len, n, out))                                                                                    \
	X(half24_32_batch, siphash__half32_batch_fn, void, (SIPHASH_KEY32, SIPHASH_BATCH_IN, uint32_t * out),          \
	  (key, data, len, n, out))                                                                                    \
	X(half13_64_batch, siphash__half64_batch_fn, void, (SIPHASH_KEY32, SIPHASH_BATCH_IN, uint64_t * out),          \
	  (key, data, len, n, out))                                                                                    \
	X(half24_64_batch, siphash__half64_batch_fn, void, (SIPHASH_KEY32, SIPHASH_BATCH_IN, uint64_t * out),          \
	  (key, data, len, n, out))

#define SIPHASH_OPS_FIELD(name, type, ret, params, args) type name;

/* One backend: what it is called and how it does each operation. An entry may
 * point at another backend's function where that one is faster on this
 * target (the SIMD tables reuse scalar single-message code on 64-bit hosts). */
typedef struct siphash__ops {
	siphash_backend id;
	SIPHASH_OPS(SIPHASH_OPS_FIELD)
} siphash__ops;

/* Single-message SipHash has SIMD code only where 64-bit general registers
 * are missing: i386 (the SSE2/AVX2 pair path) and 32-bit ARM (the NEON pair
 * path). Everywhere else every table routes one-shot SipHash to the scalar
 * code, and HalfSipHash's 32-bit words are native on every target, so the
 * public one-shot wrappers run the scalar template directly: at 8 bytes the
 * table's load and indirect jump were a measurable share of the hash. */
#if (defined(SIPHASH_HAVE_SSE2) && (defined(__i386__) || defined(SIPHASH_X86_PAIR_ON_X86_64))) ||                      \
        (defined(SIPHASH_HAVE_NEON) && !defined(__aarch64__))
#define SIPHASH_SIP_ONESHOT_DISPATCHED 1
#else
#define SIPHASH_SIP_ONESHOT_DISPATCHED 0
#endif

/* Backend tables; a backend not built for this target has no table. */
extern const siphash__ops siphash__scalar_ops SIPHASH_HIDDEN;
#if defined(SIPHASH_HAVE_SSE2)
extern const siphash__ops siphash__sse2_ops SIPHASH_HIDDEN;
#endif
#if defined(SIPHASH_HAVE_AVX2)
extern const siphash__ops siphash__avx2_ops SIPHASH_HIDDEN;
#if defined(__x86_64__)
/* the AVX2 backend's second tuning (avx2_sip4.h): same backend, same tags;
 * avx2_lanes.h and avx2.c build it where this says so */
#define SIPHASH_HAVE_AVX2_TWO 1
extern const siphash__ops siphash__avx2_two_ops SIPHASH_HIDDEN;
#endif
#endif
#if defined(SIPHASH_HAVE_AVX512)
extern const siphash__ops siphash__avx512_ops SIPHASH_HIDDEN;
#endif
#if defined(SIPHASH_HAVE_NEON)
extern const siphash__ops siphash__neon_ops SIPHASH_HIDDEN;
#endif

/* The table in use: the first call of any operation detects the CPU. The
 * public wrappers read it inline (a relaxed load, then the indirect call):
 * an out-of-line getter cost a call, a return and three register saves per
 * hash, a tenth of an 8-byte SipHash-2-4. */
extern _Atomic(const siphash__ops *) siphash__active_ops SIPHASH_HIDDEN;
static inline const siphash__ops *siphash__ops_get(void)
{
	return atomic_load_explicit(&siphash__active_ops, memory_order_relaxed);
}

/* CPU feature probe (one file per architecture, src/arch/<arch>/cpu.c):
 * fills supported[b] for every backend value b < SIPHASH__NBACKENDS: 0 when
 * this CPU cannot run it, 1 when it can, SIPHASH__TUNED when it can and the
 * backend's second table (dispatch.c's tuned_tables) is the faster one here. */
#define SIPHASH__NBACKENDS 6
#define SIPHASH__TUNED 2
void siphash__cpu_probe(int supported[SIPHASH__NBACKENDS]) SIPHASH_HIDDEN;

#endif /* SIPHASH_INTERNAL_H */
