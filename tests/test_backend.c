/* test_backend.c - the backend API: names, support, selection, refusal of unknown and unsupported backends. */
#include "testutil.h"

/* The library's probe (cpu_features) against the compiler's own reading of
 * cpuid and of the OS's saved state: a probe that lost a backend would
 * silently shrink every test's coverage to the backends it still reports.
 * SIPHASH_TEST_PROBED: the library was built with cpu_features. */
static void check_probe(void)
{
#if defined(SIPHASH_TEST_PROBED) && (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
	int avx2, avx512;
	__builtin_cpu_init();
	avx2 = __builtin_cpu_supports("avx2");
#if defined(__x86_64__)
	/* x86-64 builds the AVX2 file with BMI2 and has the AVX-512VL backend */
	avx512 = avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
	avx2 = avx2 && __builtin_cpu_supports("bmi2");
#else
	avx512 = 0;
#endif
	TU_CHECK(siphash_backend_supported(SIPHASH_BACKEND_SSE2) == !!__builtin_cpu_supports("sse2"), "probe: sse2");
	TU_CHECK(siphash_backend_supported(SIPHASH_BACKEND_AVX2) == !!avx2, "probe: avx2");
	TU_CHECK(siphash_backend_supported(SIPHASH_BACKEND_AVX512) == !!avx512, "probe: avx512");
	TU_CHECK(siphash_backend_supported(SIPHASH_BACKEND_NEON) == 0, "probe: no neon on x86");
#endif
}

int main(void)
{
	static const char *const names[] = {"auto", "scalar", "sse2", "avx2", "neon", "avx512"};
	enum { NB = sizeof names / sizeof names[0] }; /* the backend values the API defines */
	siphash_backend first = siphash_backend_active();
	int b, nsupported = 0;
	uint8_t kb[16] = {0};
	siphash_key k = siphash_key_from_bytes(kb);
	uint64_t want = siphash24_64(&k, "backend", 7);

	TU_CHECK(first != SIPHASH_BACKEND_AUTO, "active is never auto");
	TU_CHECK(siphash_backend_supported(first), "the active backend is supported");
	for (b = 0; b < NB; b++)
		TU_CHECK(siphash_backend_name((siphash_backend)b) &&
		                 !strcmp(siphash_backend_name((siphash_backend)b), names[b]),
		         "name of %d", b);
	TU_CHECK(siphash_backend_name((siphash_backend)NB) == NULL && siphash_backend_name((siphash_backend)-1) == NULL,
	         "unknown names are NULL");
	TU_CHECK(siphash_backend_supported(SIPHASH_BACKEND_AUTO) == 1, "auto supported");
	TU_CHECK(siphash_backend_supported(SIPHASH_BACKEND_SCALAR) == 1, "scalar supported");
	TU_CHECK(siphash_backend_supported((siphash_backend)77) == 0 &&
	                 siphash_backend_supported((siphash_backend)-1) == 0,
	         "unknown unsupported");
	/* the first value past the last backend: a table index one too far */
	TU_CHECK(siphash_backend_supported((siphash_backend)NB) == 0, "value %d unsupported", NB);
	check_probe();
	TU_CHECK(siphash_backend_select((siphash_backend)77) == SIPHASH_EINVAL, "unknown refused");
	TU_CHECK(siphash_backend_select((siphash_backend)-3) == SIPHASH_EINVAL, "negative refused");
	TU_CHECK(siphash_backend_select((siphash_backend)NB) == SIPHASH_EINVAL, "value %d refused", NB);
	TU_CHECK(siphash_backend_active() == first, "refusal keeps the backend");
	for (b = 1; b < NB; b++) {
		siphash_backend be = (siphash_backend)b;
		if (siphash_backend_supported(be)) {
			nsupported++;
			TU_CHECK(siphash_backend_select(be) == SIPHASH_OK, "select %s", names[b]);
			TU_CHECK(siphash_backend_active() == be, "active after selecting %s", names[b]);
			TU_CHECK(siphash24_64(&k, "backend", 7) == want, "same tag on %s", names[b]);
		} else {
			siphash_backend before = siphash_backend_active();
			TU_CHECK(siphash_backend_select(be) == SIPHASH_EUNSUPPORTED, "unsupported %s refused",
			         names[b]);
			TU_CHECK(siphash_backend_active() == before, "refusal of %s keeps the backend", names[b]);
		}
	}
	TU_CHECK(nsupported >= 1, "at least scalar");
	TU_CHECK(siphash_backend_select(SIPHASH_BACKEND_AUTO) == SIPHASH_OK, "auto selectable");
	TU_CHECK(siphash_backend_active() == tu_best_backend(), "auto picks %s, the most capable, not %s",
	         siphash_backend_name(tu_best_backend()), siphash_backend_name(siphash_backend_active()));
	/* without SIPHASH_BACKEND in the environment, auto is what first use picked */
	if (!getenv("SIPHASH_BACKEND"))
		TU_CHECK(siphash_backend_active() == first, "auto picks the same backend again");
	TU_CHECK(!strcmp(siphash_version(), SIPHASH_VERSION_STRING), "version string matches the header");
	{
		char v[32];
		snprintf(v, sizeof v, "%d.%d.%d", SIPHASH_VERSION_MAJOR, SIPHASH_VERSION_MINOR, SIPHASH_VERSION_PATCH);
		TU_CHECK(!strcmp(v, SIPHASH_VERSION_STRING), "SIPHASH_VERSION_STRING %s is MAJOR.MINOR.PATCH %s",
		         SIPHASH_VERSION_STRING, v);
	}
	printf("auto backend: %s, %d supported\n", siphash_backend_name(first), nsupported);
	return tu_finish();
}
