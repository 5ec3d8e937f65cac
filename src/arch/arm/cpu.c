/* cpu.c - ARM CPU probe (ARMv7 and AArch64): asks cpu_features whether this CPU has NEON (Advanced SIMD). */
#if defined(__aarch64__)
#include <cpuinfo_aarch64.h>
#else
#include <cpuinfo_arm.h>
#endif

#include "../../internal.h"

void siphash__cpu_probe(int supported[SIPHASH__NBACKENDS])
{
	int b;
	for (b = 0; b < SIPHASH__NBACKENDS; b++)
		supported[b] = b == SIPHASH_BACKEND_SCALAR;
#if defined(SIPHASH_HAVE_NEON)
#if defined(__aarch64__)
	/* Advanced SIMD is part of the AArch64 base architecture; asking keeps one
	 * source of truth (and a kernel that hides it from HWCAP wins). */
	supported[SIPHASH_BACKEND_NEON] = GetAarch64Info().features.asimd;
#else
	/* ARMv7 cores without NEON exist (e.g. Cortex-A9 variants, Tegra 2). */
	supported[SIPHASH_BACKEND_NEON] = GetArmInfo().features.neon;
#endif
#endif
}
