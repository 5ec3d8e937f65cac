/* cpu.c - x86 CPU probe: asks cpu_features which of the x86 backends this CPU (and OS) can run. */
#include <cpuinfo_x86.h>

#include "../../internal.h"

#ifndef SIPHASH_AVX2_BMI2
#define SIPHASH_AVX2_BMI2 0
#endif

void siphash__cpu_probe(int supported[SIPHASH__NBACKENDS])
{
	const X86Features f = GetX86Info().features;
	int b;
	for (b = 0; b < SIPHASH__NBACKENDS; b++)
		supported[b] = b == SIPHASH_BACKEND_SCALAR;
	supported[SIPHASH_BACKEND_SSE2] = f.sse2;
	/* cpu_features reports avx2 only when the OS saves the YMM state too.
	 * SIPHASH_AVX2_BMI2: backends.cmake built the AVX2 file with BMI2 too. */
	supported[SIPHASH_BACKEND_AVX2] = f.avx2 && (!SIPHASH_AVX2_BMI2 || f.bmi2);
	/* likewise avx512f and avx512vl only when it saves the ZMM and mask state */
	supported[SIPHASH_BACKEND_AVX512] = f.avx2 && f.avx512f && f.avx512vl;
}
