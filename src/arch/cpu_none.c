/* cpu_none.c - CPU probe for targets built without cpu_features or SIMD backends: scalar only. */
#include "../internal.h"

void siphash__cpu_probe(int supported[SIPHASH__NBACKENDS])
{
	int b;
	for (b = 0; b < SIPHASH__NBACKENDS; b++)
		supported[b] = b == SIPHASH_BACKEND_SCALAR;
}
