/* cpu.c - x86 CPU probe: asks cpu_features which of the x86 backends this CPU (and OS) can run. */
#include <cpuinfo_x86.h>

#include "../../internal.h"

void siphash__cpu_probe(int supported[SIPHASH__NBACKENDS])
{
	const X86Features f = GetX86Info().features;
	int b;
	for (b = 0; b < SIPHASH__NBACKENDS; b++)
		supported[b] = b == SIPHASH_BACKEND_SCALAR;
	supported[SIPHASH_BACKEND_SSE2] = f.sse2;
	/* cpu_features reports avx2 only when the OS saves the YMM state too. On
	 * x86-64 the AVX2 file is built with BMI2 as well (backends.cmake). */
#if defined(__x86_64__)
	supported[SIPHASH_BACKEND_AVX2] = f.avx2 && f.bmi2;
#else
	supported[SIPHASH_BACKEND_AVX2] = f.avx2;
#endif
	/* likewise avx512f and avx512vl only when it saves the ZMM and mask state */
	supported[SIPHASH_BACKEND_AVX512] = f.avx2 && f.avx512f && f.avx512vl;
}
