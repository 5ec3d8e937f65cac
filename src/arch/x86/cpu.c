/* cpu.c - x86 CPU probe: asks cpu_features which x86 backends this CPU (and OS) can run, and which AVX2 tuning fits. */
#include <cpuinfo_x86.h>

#include "../../internal.h"

#ifndef SIPHASH_AVX2_BMI2
#define SIPHASH_AVX2_BMI2 0
#endif

void siphash__cpu_probe(int supported[SIPHASH__NBACKENDS])
{
	const X86Info info = GetX86Info();
	const X86Features f = info.features;
	int b;
	for (b = 0; b < SIPHASH__NBACKENDS; b++)
		supported[b] = b == SIPHASH_BACKEND_SCALAR;
	supported[SIPHASH_BACKEND_SSE2] = f.sse2;
	/* cpu_features reports avx2 only when the OS saves the YMM state too.
	 * SIPHASH_AVX2_BMI2: backends.cmake built the AVX2 file with BMI2 too. */
	supported[SIPHASH_BACKEND_AVX2] = f.avx2 && (!SIPHASH_AVX2_BMI2 || f.bmi2);
	/* likewise avx512f and avx512vl only when it saves the ZMM and mask state */
	supported[SIPHASH_BACKEND_AVX512] = f.avx2 && f.avx512f && f.avx512vl;
	/* Zen 3 runs SipHash-1-3 batches of mixed lengths faster in the AVX2 backend's
	 * two-vector tuning (avx2_sip4.h has the figures); every other CPU keeps
	 * the three-vector one, which Zen 5 measured faster. */
	if (supported[SIPHASH_BACKEND_AVX2] && GetX86Microarchitecture(&info) == AMD_ZEN3)
		supported[SIPHASH_BACKEND_AVX2] = SIPHASH__TUNED;
}
