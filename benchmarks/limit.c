/* limit.c - the physical-limit rows: the SipRound dependency chain of a message, no memory traffic. */
#include "limit.h"

#include "sip_impl.h"

/* The block words come from the loop counter: the chain keeps both message
 * XORs of every block (they are on the critical path of real hashing) but no
 * load can stall it, so this is the latency bound any single-message code
 * meets at best. */
#define LIMIT_SIP(name, C, D)                                                                                          \
	uint64_t name(uint64_t seed, size_t len)                                                                       \
	{                                                                                                              \
		uint64_t v0 = seed ^ SIP_C0, v1 = seed ^ SIP_C1, v2 = seed ^ SIP_C2, v3 = seed ^ SIP_C3;               \
		size_t nblocks = len / 8 + 1, i;                                                                       \
		unsigned r;                                                                                            \
		for (i = 0; i < nblocks; i++) {                                                                        \
			v3 ^= i;                                                                                       \
			for (r = 0; r < C; r++)                                                                        \
				SIP_ROUND(v0, v1, v2, v3);                                                             \
			v0 ^= i;                                                                                       \
		}                                                                                                      \
		v2 ^= 0xff;                                                                                            \
		for (r = 0; r < D; r++)                                                                                \
			SIP_ROUND(v0, v1, v2, v3);                                                                     \
		return v0 ^ v1 ^ v2 ^ v3;                                                                              \
	}

#define LIMIT_HALF(name, C, D)                                                                                         \
	uint64_t name(uint64_t seed, size_t len)                                                                       \
	{                                                                                                              \
		uint32_t v0 = (uint32_t)seed, v1 = (uint32_t)(seed >> 32), v2 = v0 ^ HSIP_C2, v3 = v1 ^ HSIP_C3;       \
		size_t nblocks = len / 4 + 1, i;                                                                       \
		unsigned r;                                                                                            \
		for (i = 0; i < nblocks; i++) {                                                                        \
			v3 ^= (uint32_t)i;                                                                             \
			for (r = 0; r < C; r++)                                                                        \
				HSIP_ROUND(v0, v1, v2, v3);                                                            \
			v0 ^= (uint32_t)i;                                                                             \
		}                                                                                                      \
		v2 ^= 0xff;                                                                                            \
		for (r = 0; r < D; r++)                                                                                \
			HSIP_ROUND(v0, v1, v2, v3);                                                                    \
		return v1 ^ v3;                                                                                        \
	}

LIMIT_SIP(siphash_bench_limit_sip13, 1, 3)
LIMIT_SIP(siphash_bench_limit_sip24, 2, 4)
LIMIT_SIP(siphash_bench_limit_sip48, 4, 8)
LIMIT_HALF(siphash_bench_limit_half13, 1, 3)
LIMIT_HALF(siphash_bench_limit_half24, 2, 4)
