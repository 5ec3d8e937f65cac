/* scalar.h - the portable backend's entry points, which SIMD tables reuse where scalar code is fastest. */
#ifndef SIPHASH_ARCH_SCALAR_H
#define SIPHASH_ARCH_SCALAR_H

#include "../internal.h"

#define SIPHASH_SCALAR_DECL(name, type, ret, params, args) ret siphash__scalar_##name params SIPHASH_HIDDEN;
SIPHASH_OPS(SIPHASH_SCALAR_DECL)
#undef SIPHASH_SCALAR_DECL

/* Copies the scalar entries of every operation into a table; SIMD backends
 * start from it and override what they do faster. */
#define SIPHASH_SCALAR_ENTRY(name, type, ret, params, args) .name = siphash__scalar_##name,
#define SIPHASH_SCALAR_ENTRIES SIPHASH_OPS(SIPHASH_SCALAR_ENTRY)

#endif /* SIPHASH_ARCH_SCALAR_H */
