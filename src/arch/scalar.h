/* scalar.h - the portable backend's entry points, which SIMD tables reuse where scalar code is fastest. */
#ifndef SIPHASH_ARCH_SCALAR_H
#define SIPHASH_ARCH_SCALAR_H

#include "../internal.h"

#define SIPHASH_SCALAR_DECL(name, type, ret, params, args) ret siphash__scalar_##name params SIPHASH_HIDDEN;
SIPHASH_OPS(SIPHASH_SCALAR_DECL)
#undef SIPHASH_SCALAR_DECL

/* HalfSipHash single messages have no table entry: no backend has SIMD code
 * for them (32-bit words are native everywhere), so siphash.c calls these
 * directly. */
void siphash__scalar_half_any(const halfsiphash_key *key, unsigned c, unsigned d, const void *data, size_t len,
                              uint8_t *out, size_t outlen) SIPHASH_HIDDEN;
void siphash__scalar_half_blocks(uint32_t v[4], const uint8_t *p, size_t nblocks, unsigned c) SIPHASH_HIDDEN;

/* Copies the scalar entries of every operation into a table; SIMD backends
 * start from it and override what they do faster. */
#define SIPHASH_SCALAR_ENTRY(name, type, ret, params, args) .name = siphash__scalar_##name,
#define SIPHASH_SCALAR_ENTRIES SIPHASH_OPS(SIPHASH_SCALAR_ENTRY)

#endif /* SIPHASH_ARCH_SCALAR_H */
