/* avx512.c - AVX-512VL backend (x86-64): the AVX2 batch lanes with AVX-512VL's one-instruction rotates. */
/*
 * The lanes, groups and routing are avx2_lanes.h's, instantiated here with
 * AVX2_LANES_ROL: a SipRound of a vector drops from 20 instructions to 14
 * (the rotates by 13, 17 and 21 were two shifts and an or each), which is
 * what the AVX2 backend's batches of short messages are bound by. Vectors
 * stay 256-bit. Only this file is compiled with -mavx512f -mavx512vl, and it
 * only runs once the CPU probe reported both with the OS saving their state;
 * everything else is the scalar table, as in the AVX2 backend.
 */
#define AVX2_LANES_ROL 1
#include "avx2_lanes.h"

#if !defined(__GNUC__)
#error "the AVX-512VL backend uses GCC vector extensions (GCC or Clang)"
#endif

LB_BATCH_ENTRIES(avx512_, sip4_, hsip8_, 32)

SIPHASH_TABLE_OVERRIDES_BEGIN
const siphash__ops siphash__avx512_ops = {
        .id = SIPHASH_BACKEND_AVX512,
        SIPHASH_SCALAR_ENTRIES LB_BATCH_TABLE(avx512_),
};
SIPHASH_TABLE_OVERRIDES_END
