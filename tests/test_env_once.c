/* test_env_once.c - SIPHASH_BACKEND is read once a process, even when a program constructor makes the first dispatched
 * call. */
/*
 * Linked with the static library, so that a constructor of higher priority
 * than the library's runs first and makes the first dispatched call; the
 * library's own constructor then must not read the environment again. The
 * program defines getenv (the library's call binds to it) to count the reads.
 * CTest runs it with SIPHASH_BACKEND=scalar, which the early call must
 * already honour.
 */
#include "testutil.h"

#if defined(__GNUC__) && defined(__linux__)
extern char **environ;
static int env_reads;
static siphash_backend early_backend = SIPHASH_BACKEND_AUTO;

/* libc's lookup, written out: interposing it needs no dlsym. */
char *getenv(const char *name)
{
	size_t n = strlen(name);
	char **e;
	if (!strcmp(name, "SIPHASH_BACKEND"))
		env_reads++;
	for (e = environ; e && *e; e++)
		if (!strncmp(*e, name, n) && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

/* Priorities up to 100 are the implementation's; 101 runs before every
 * constructor without a priority, the library's among them. */
__attribute__((constructor(101))) static void first_use_before_the_library(void)
{
	early_backend = siphash_backend_active();
}

int main(void)
{
	static const uint8_t msg[40] = "first use from a program constructor";
	uint8_t key[16];
	const void *data[8];
	size_t len[8], i;
	uint64_t out[8];
	siphash_key k;
	tu_fill(key, sizeof key);
	k = siphash_key_from_bytes(key);
	TU_CHECK(early_backend == SIPHASH_BACKEND_SCALAR, "the early first use picked %s, not scalar",
	         siphash_backend_name(early_backend));
	TU_CHECK(env_reads == 1, "SIPHASH_BACKEND read %d times by main (once expected)", env_reads);
	for (i = 0; i < 8; i++) {
		data[i] = msg;
		len[i] = i * 5;
	}
	siphash24_64_batch(&k, data, len, 8, out);
	TU_CHECK(siphash_backend_select(SIPHASH_BACKEND_AUTO) == SIPHASH_OK, "select(AUTO)");
	siphash13_64_batch(&k, data, len, 8, out);
	TU_CHECK(siphash_backend_active() == tu_best_backend(), "auto after select(AUTO)");
	TU_CHECK(env_reads == 1, "SIPHASH_BACKEND read %d times in all (once expected)", env_reads);
	return tu_finish();
}
#else
int main(void)
{
	printf("needs GCC-style constructor priorities and ELF interposition: skipped\n");
	return 77;
}
#endif
