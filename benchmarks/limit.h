/* limit.h - the physical-limit kernels of siphash-bench: the SipRound chain a message needs, with no loads. */
#ifndef SIPHASH_BENCH_LIMIT_H
#define SIPHASH_BENCH_LIMIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Each runs the dependent chain of a SipHash-c-d (HalfSipHash-c-d) hash of a
 * message of len bytes: c rounds per block, the final block, d finalization
 * rounds, with the message words taken from a register (a counter) instead
 * of memory. seed only keeps the compiler from folding the chain. */
uint64_t siphash_bench_limit_sip13(uint64_t seed, size_t len);
uint64_t siphash_bench_limit_sip24(uint64_t seed, size_t len);
uint64_t siphash_bench_limit_sip48(uint64_t seed, size_t len);
uint64_t siphash_bench_limit_half13(uint64_t seed, size_t len);
uint64_t siphash_bench_limit_half24(uint64_t seed, size_t len);

#ifdef __cplusplus
}
#endif

#endif
