/* siphash-speed.c - prints the throughput of every variant, backend and installed peer, like `openssl speed siphash`.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <siphash.h>

#ifdef SIPHASH_PEER_SODIUM
#include <sodium.h>
#endif
#ifdef SIPHASH_PEER_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#endif
#ifdef SIPHASH_PEER_HIGHWAYHASH_C
#include <highwayhash/c_bindings.h>
#endif

#define NSIZES 6
static const size_t sizes[NSIZES] = {16, 64, 256, 1024, 8192, 16384};
#define MAXLEN 16384
#define NBATCH 64 /* messages per batch call */

static uint8_t *g_buf; /* NBATCH * MAXLEN bytes */
static uint8_t g_keybytes[16];
static siphash_key g_key;
static halfsiphash_key g_hkey;
static const void *g_ptrs[NBATCH];
static size_t g_lens[NBATCH];
/* Every result is folded in here so no call can be optimised away. */
static volatile uint64_t g_sink;

/* A tag's bytes folded into one word for the sink: all of them, so that the
 * peer check below compares whole tags, not one byte of each. An 8-byte tag
 * folds to the integer the 64-bit functions return (its bytes read
 * little-endian), a 16-byte one to its two halves' xor: a load or two, so
 * the 128-bit rows time little beyond the hash. */
static uint64_t le64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}
static uint64_t fold_tag(const uint8_t *o, size_t n)
{
	return n == 16 ? le64(o) ^ le64(o + 8) : n == 8 ? le64(o) : 0;
}

/* One unit of work at a message size; returns the bytes it hashed. */
typedef size_t (*work_fn)(size_t len);

/* ---- the library ------------------------------------------------------ */

#define LIB64(name, key)                                                                                               \
	static size_t w_##name(size_t len)                                                                             \
	{                                                                                                              \
		g_sink ^= name(&key, g_buf, len);                                                                      \
		return len;                                                                                            \
	}
#define LIB128(name)                                                                                                   \
	static size_t w_##name(size_t len)                                                                             \
	{                                                                                                              \
		uint8_t o[16];                                                                                         \
		name(&g_key, g_buf, len, o);                                                                           \
		g_sink ^= fold_tag(o, sizeof o);                                                                       \
		return len;                                                                                            \
	}
/* Batch rows hash NBATCH messages of len bytes each per call. */
#define LIBBATCH(name, key, type)                                                                                      \
	static size_t w_##name##_batch(size_t len)                                                                     \
	{                                                                                                              \
		type out[NBATCH];                                                                                      \
		name##_batch(&key, g_ptrs, g_lens, NBATCH, out);                                                       \
		g_sink ^= (uint64_t)out[NBATCH - 1];                                                                   \
		return NBATCH * len;                                                                                   \
	}

LIB64(siphash13_64, g_key)
LIB64(siphash24_64, g_key)
LIB64(siphash48_64, g_key)
LIB128(siphash13_128)
LIB128(siphash24_128)
LIB128(siphash48_128)
LIB64(halfsiphash13_32, g_hkey)
LIB64(halfsiphash24_32, g_hkey)
LIB64(halfsiphash13_64, g_hkey)
LIB64(halfsiphash24_64, g_hkey)
LIBBATCH(siphash13_64, g_key, uint64_t)
LIBBATCH(siphash24_64, g_key, uint64_t)
LIBBATCH(halfsiphash24_32, g_hkey, uint32_t)

/* ---- peers ---------------------------------------------------------------- */

#ifdef SIPHASH_PEER_SODIUM
static size_t w_sodium24(size_t len)
{
	uint8_t o[crypto_shorthash_siphash24_BYTES];
	crypto_shorthash_siphash24(o, g_buf, len, g_keybytes);
	g_sink ^= fold_tag(o, sizeof o);
	return len;
}
static size_t w_sodiumx24(size_t len)
{
	uint8_t o[crypto_shorthash_siphashx24_BYTES];
	crypto_shorthash_siphashx24(o, g_buf, len, g_keybytes);
	g_sink ^= fold_tag(o, sizeof o);
	return len;
}
#endif

#ifdef SIPHASH_PEER_HIGHWAYHASH_C
static uint64_t g_hhkey[2];
static size_t w_hh24(size_t len)
{
	g_sink ^= SipHashC(g_hhkey, (const char *)g_buf, len);
	return len;
}
static size_t w_hh13(size_t len)
{
	g_sink ^= SipHash13C(g_hhkey, (const char *)g_buf, len);
	return len;
}
#endif

#ifdef SIPHASH_PEER_OPENSSL
/* One prepared EVP_MAC_CTX per variant (size and rounds set once); each hash
 * re-keys it with EVP_MAC_init, which allocates nothing. */
static EVP_MAC_CTX *g_ossl[4];
static EVP_MAC_CTX *ossl_ctx(unsigned c, unsigned d, unsigned size)
{
	EVP_MAC *mac = EVP_MAC_fetch(NULL, "SIPHASH", NULL);
	EVP_MAC_CTX *ctx;
	OSSL_PARAM params[4];
	if (!mac)
		return NULL;
	ctx = EVP_MAC_CTX_new(mac);
	EVP_MAC_free(mac);
	if (!ctx)
		return NULL;
	params[0] = OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_SIZE, &size);
	params[1] = OSSL_PARAM_construct_uint("c-rounds", &c);
	params[2] = OSSL_PARAM_construct_uint("d-rounds", &d);
	params[3] = OSSL_PARAM_construct_end();
	if (!EVP_MAC_init(ctx, g_keybytes, sizeof g_keybytes, params)) {
		EVP_MAC_CTX_free(ctx);
		return NULL;
	}
	return ctx;
}
static size_t ossl_hash(EVP_MAC_CTX *ctx, size_t len)
{
	uint8_t o[16];
	size_t ol = 0;
	EVP_MAC_init(ctx, g_keybytes, sizeof g_keybytes, NULL);
	EVP_MAC_update(ctx, g_buf, len);
	EVP_MAC_final(ctx, o, &ol, sizeof o);
	g_sink ^= fold_tag(o, ol);
	return len;
}
#define OSSL_WORK(i)                                                                                                   \
	static size_t w_ossl##i(size_t len)                                                                            \
	{                                                                                                              \
		return ossl_hash(g_ossl[i], len);                                                                      \
	}
OSSL_WORK(0)
OSSL_WORK(1)
OSSL_WORK(2)
OSSL_WORK(3)
#endif

/* ---- rows ----------------------------------------------------------------- */

typedef struct row {
	const char *variant;
	const char *impl; /* backend name or peer name */
	int backend;      /* -1 for peers */
	int batch;
	work_fn fn;
} row;

static const struct {
	const char *name;
	work_fn fn;
	int batch;
} lib_ops[] = {
        {"siphash24_64", w_siphash24_64, 0},
        {"siphash13_64", w_siphash13_64, 0},
        {"siphash48_64", w_siphash48_64, 0},
        {"siphash24_128", w_siphash24_128, 0},
        {"siphash13_128", w_siphash13_128, 0},
        {"siphash48_128", w_siphash48_128, 0},
        {"halfsiphash24_32", w_halfsiphash24_32, 0},
        {"halfsiphash13_32", w_halfsiphash13_32, 0},
        {"halfsiphash24_64", w_halfsiphash24_64, 0},
        {"halfsiphash13_64", w_halfsiphash13_64, 0},
        {"siphash24_64_batch", w_siphash24_64_batch, 1},
        {"siphash13_64_batch", w_siphash13_64_batch, 1},
        {"halfsiphash24_32_batch", w_halfsiphash24_32_batch, 1},
};
#define NLIBOPS (sizeof lib_ops / sizeof lib_ops[0])

#define MAXROWS 128
static row g_rows[MAXROWS];
static size_t g_nrows;

static void add_row(const char *variant, const char *impl, int backend, int batch, work_fn fn)
{
	if (g_nrows < MAXROWS) {
		row r = {variant, impl, backend, batch, fn};
		g_rows[g_nrows++] = r;
	}
}

#if defined(SIPHASH_PEER_SODIUM) || defined(SIPHASH_PEER_HIGHWAYHASH_C) || defined(SIPHASH_PEER_OPENSSL)
/* Peers first computed the same tag as the library, or they are left out. */
static void add_peer(const char *variant, const char *impl, work_fn fn, work_fn ours)
{
	uint64_t a, b;
	g_sink = 0;
	fn(100);
	a = g_sink;
	g_sink = 0;
	ours(100);
	b = g_sink;
	if (a != b) {
		fprintf(stderr, "siphash-speed: %s %s disagrees with libsiphash; left out\n", impl, variant);
		return;
	}
	add_row(variant, impl, -1, 0, fn);
}
#endif

static void add_peers(void)
{
#ifdef SIPHASH_PEER_SODIUM
	if (sodium_init() >= 0) {
		add_peer("siphash24_64", "libsodium", w_sodium24, w_siphash24_64);
		add_peer("siphash24_128", "libsodium", w_sodiumx24, w_siphash24_128);
	}
#endif
#ifdef SIPHASH_PEER_HIGHWAYHASH_C
	add_peer("siphash24_64", "highwayhash", w_hh24, w_siphash24_64);
	add_peer("siphash13_64", "highwayhash", w_hh13, w_siphash13_64);
#endif
#ifdef SIPHASH_PEER_OPENSSL
	{
		static const unsigned cfg[4][3] = {{2, 4, 8}, {2, 4, 16}, {1, 3, 8}, {1, 3, 16}};
		static const char *const names[4] = {"siphash24_64", "siphash24_128", "siphash13_64", "siphash13_128"};
		static const work_fn ours[4] = {w_siphash24_64, w_siphash24_128, w_siphash13_64, w_siphash13_128};
		static const work_fn fns[4] = {w_ossl0, w_ossl1, w_ossl2, w_ossl3};
		int i;
		for (i = 0; i < 4; i++) {
			g_ossl[i] = ossl_ctx(cfg[i][0], cfg[i][1], cfg[i][2]);
			if (g_ossl[i])
				add_peer(names[i], "openssl", fns[i], ours[i]);
		}
	}
#endif
}

/* ---- measuring ------------------------------------------------------------ */

/* CPU time of this thread: a shared machine that deschedules us does not
 * count against the library. */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Bytes per second of fn at len: a short calibration, then three runs of a
 * third of `seconds` each; the best one counts (noise only ever slows). */
static double measure(work_fn fn, size_t len, double seconds)
{
	uint64_t iters = 1, i;
	double t, t0, best = 0;
	double bytes; /* a double: an i386 size_t would overflow on long runs */
	int run;
	for (;;) {
		t0 = now();
		for (i = 0; i < iters; i++)
			fn(len);
		t = now() - t0;
		if (t >= seconds / 20 || iters >= (UINT64_C(1) << 40))
			break;
		iters *= t < seconds / 2000 ? 16 : 2;
	}
	iters = (uint64_t)((double)iters * (seconds / 3) / (t > 0 ? t : 1e-9)) + 1;
	for (run = 0; run < 3; run++) {
		bytes = 0;
		t0 = now();
		for (i = 0; i < iters; i++)
			bytes += (double)fn(len);
		t = now() - t0;
		if (bytes / (t > 0 ? t : 1e-9) > best)
			best = bytes / (t > 0 ? t : 1e-9);
	}
	return best;
}

static void prepare_batch(size_t len)
{
	size_t i;
	for (i = 0; i < NBATCH; i++) {
		g_ptrs[i] = g_buf + i * len;
		g_lens[i] = len;
	}
}

/* ---- output --------------------------------------------------------------- */

/* The CPU model from /proc/cpuinfo (x86 "model name", ARM "Hardware" or
 * "Processor"), else "unknown". */
static void cpu_name(char *out, size_t n)
{
	static const char *const keys[] = {"model name", "Hardware", "Processor", "cpu model"};
	char line[512];
	size_t k;
	FILE *f = fopen("/proc/cpuinfo", "r");
	snprintf(out, n, "unknown");
	if (!f)
		return;
	for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		rewind(f);
		while (fgets(line, sizeof line, f)) {
			char *colon = strchr(line, ':');
			if (strncmp(line, keys[k], strlen(keys[k])) != 0 || !colon)
				continue;
			colon++;
			while (*colon == ' ' || *colon == '\t')
				colon++;
			colon[strcspn(colon, "\n")] = 0;
			snprintf(out, n, "%s", colon);
			fclose(f);
			return;
		}
	}
	fclose(f);
}

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", (unsigned char)*s);
		else
			putchar(*s);
	}
	putchar('"');
}

static void usage(FILE *f)
{
	fprintf(f, "usage: siphash-speed [--json] [--time SECONDS] [--only TEXT] [--no-peers] [--help]\n"
	           "\n"
	           "Prints how many bytes per second each SipHash and HalfSipHash variant hashes at\n"
	           "16, 64, 256, 1024, 8192 and 16384-byte messages, for the auto backend, every backend\n"
	           "this CPU supports and the peer libraries siphash-speed was built with, in the style\n"
	           "of `openssl speed siphash` (numbers in 1000s of bytes per second).\n"
	           "Batch rows hash 64 messages of the given size per call.\n"
	           "\n"
	           "  --json          machine-readable output (bytes per second)\n"
	           "  --time SECONDS  CPU time per cell, best of 3 runs (default 0.04; the table takes ~20 s)\n"
	           "  --only TEXT     only rows whose variant or implementation contains TEXT\n"
	           "  --no-peers      leave the peer libraries out\n"
	           "  --help          this text\n");
}

static int row_wanted(const row *w, const char *only)
{
	return strstr(w->variant, only) || strstr(w->impl, only);
}

/* Exit status once everything is printed: 1 when standard output could not
 * take it (a full disk must not leave a truncated table behind a 0). */
static int finish_output(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("siphash-speed: standard output");
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	double seconds = 0.04;
	const char *only = NULL;
	int json = 0, peers = 1, b, i;
	size_t r, s;
	char cpu[256];
	const char *auto_name;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if (!strcmp(argv[i], "--no-peers")) {
			peers = 0;
		} else if ((!strcmp(argv[i], "--time") || !strcmp(argv[i], "--only")) && i + 1 == argc) {
			fprintf(stderr, "siphash-speed: option '%s' needs a value\n", argv[i]);
			usage(stderr);
			return 2;
		} else if (!strcmp(argv[i], "--time")) {
			char *end;
			seconds = strtod(argv[++i], &end);
			if (*end || !(seconds > 0 && seconds <= 60)) {
				fprintf(stderr, "siphash-speed: --time wants seconds in (0, 60]\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "--only")) {
			only = argv[++i];
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return finish_output();
		} else {
			fprintf(stderr, "siphash-speed: unknown argument '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		}
	}

	g_buf = malloc((size_t)NBATCH * MAXLEN);
	if (!g_buf) {
		fprintf(stderr, "siphash-speed: out of memory\n");
		return 1;
	}
	for (s = 0; s < (size_t)NBATCH * MAXLEN; s++)
		g_buf[s] = (uint8_t)(s * 131u + 7u);
	for (s = 0; s < 16; s++)
		g_keybytes[s] = (uint8_t)s;
	g_key = siphash_key_from_bytes(g_keybytes);
	g_hkey = halfsiphash_key_from_bytes(g_keybytes);
#ifdef SIPHASH_PEER_HIGHWAYHASH_C
	g_hhkey[0] = g_key.k0;
	g_hhkey[1] = g_key.k1;
#endif

	/* Rows: each variant on auto, then on every supported backend, then peers. */
	for (r = 0; r < NLIBOPS; r++)
		for (b = SIPHASH_BACKEND_AUTO; siphash_backend_name((siphash_backend)b); b++)
			if (siphash_backend_supported((siphash_backend)b))
				add_row(lib_ops[r].name, siphash_backend_name((siphash_backend)b), b, lib_ops[r].batch,
				        lib_ops[r].fn);
	if (peers)
		add_peers();

	for (r = 0; only && r < g_nrows && !row_wanted(&g_rows[r], only); r++)
		;
	if (r == g_nrows) { /* a typo (sipsum's siphash-2-4 for siphash24_64) is not an empty table */
		fprintf(stderr, "siphash-speed: no row matches '%s'\n", only);
		free(g_buf);
		return 2;
	}

	siphash_backend_select(SIPHASH_BACKEND_AUTO);
	auto_name = siphash_backend_name(siphash_backend_active());
	cpu_name(cpu, sizeof cpu);

	if (json) {
		printf("{\n  \"program\": \"siphash-speed\",\n  \"version\": ");
		json_string(siphash_version());
		printf(",\n  \"cpu\": ");
		json_string(cpu);
		printf(",\n  \"auto_backend\": ");
		json_string(auto_name);
		printf(",\n  \"seconds_per_cell\": %g,\n  \"sizes\": [", seconds);
		for (s = 0; s < NSIZES; s++)
			printf("%s%zu", s ? ", " : "", sizes[s]);
		printf("],\n  \"rows\": [");
	} else {
		printf("siphash-speed %s on %s; auto backend: %s\n", siphash_version(), cpu, auto_name);
		printf("The 'numbers' are in 1000s of bytes per second processed.\n");
		printf("%-36s", "type");
		for (s = 0; s < NSIZES; s++)
			printf(" %7zu bytes", sizes[s]);
		putchar('\n');
	}
	fflush(stdout);

	for (r = 0, i = 0; r < g_nrows; r++) {
		const row *w = &g_rows[r];
		double bps[NSIZES];
		if (only && !row_wanted(w, only))
			continue;
		if (w->backend >= 0)
			siphash_backend_select((siphash_backend)w->backend);
		for (s = 0; s < NSIZES; s++) {
			if (w->batch)
				prepare_batch(sizes[s]);
			bps[s] = measure(w->fn, sizes[s], seconds);
		}
		if (json) {
			printf("%s\n    {\"variant\": ", i++ ? "," : "");
			json_string(w->variant);
			printf(", \"impl\": ");
			json_string(w->impl);
			printf(", \"kind\": \"%s\", \"bytes_per_second\": [",
			       w->batch ? "batch" : (w->backend >= 0 ? "library" : "peer"));
			for (s = 0; s < NSIZES; s++)
				printf("%s%.0f", s ? ", " : "", bps[s]);
			printf("]}");
		} else {
			char label[64];
			snprintf(label, sizeof label, "%s %s", w->variant, w->impl);
			printf("%-36s", label);
			for (s = 0; s < NSIZES; s++)
				printf(" %12.2fk", bps[s] / 1000.0);
			putchar('\n');
		}
		fflush(stdout);
	}
	if (json)
		printf("\n  ]\n}\n");
	siphash_backend_select(SIPHASH_BACKEND_AUTO);
	free(g_buf);
	return finish_output();
}
