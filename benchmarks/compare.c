/* compare.c - siphash-compare: several libsiphash builds and backends timed in one process, in turns. */
/*
 * Comparing two builds with siphash-bench means two processes, and on a
 * shared machine the second process often lands in a slower period than the
 * first: the difference between builds drowns in the difference between
 * processes. This tool loads every library it is given into its own link
 * namespace (glibc's dlmopen), forces the backend asked for in each, checks
 * that all of them give the same tags, and then takes turns: each round times
 * every spec, keeping its fastest of --calls timings. A neighbour's burst then
 * lands on all specs alike, and the fastest round of each is what the code
 * can do. docs/performance.md calls this the dlmopen harness.
 *
 *   siphash-compare [options] [BACKEND:]LIBRARY ...
 *
 * e.g. build-a/src/libsiphash.so.1 against build-b's, each on AVX2, with the
 * scalar backend's loop as the first column's yardstick:
 *
 *   siphash-compare --op siphash13_64_batch -n 1024 --bytes mixed \
 *       scalar:build-a/src/libsiphash.so.1 avx2:build-a/src/libsiphash.so.1 avx2:build-b/src/libsiphash.so.1
 *
 * --op siphash24_64 (any fixed one-shot function) calls it once per message
 * instead: how i386's SSE2 single-message path compares with its scalar one,
 * for instance. --op siphash24_64_stream streams each message through the
 * library's init, update (--update bytes at a time) and final: these are
 * called through the loaded library, so what is timed is the exported update,
 * never the header's inline one. The library is never linked: only
 * siphash.h's types and names are used.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <siphash.h>

/* Each library gets its own link namespace, and with it its own libc,
 * whose thread-local storage comes out of glibc's small static TLS reserve:
 * with glibc 2.36's default tunables a twelfth namespace fails to load
 * ("cannot allocate memory in static TLS block"), before the 16 namespaces
 * glibc has would run out. */
#define MAX_SPECS 11
#define MAX_ROUNDS 1000
#define BUF_BYTES 65536

/* The batch functions, then the one-shot ones (called once per message, in a
 * loop here, as a caller without the batch API would). */
enum out_kind {
	OUT_SIP64,
	OUT_SIP128,
	OUT_HALF32,
	OUT_HALF64,
	ONE_SIP64,
	ONE_SIP128,
	ONE_HALF32,
	ONE_HALF64,
	STREAM_SIP,
	STREAM_HALF
};

static const struct op {
	const char *name;
	enum out_kind kind;
	size_t tag_bytes;
	unsigned c, d; /* the streaming ops' rounds */
} ops[] = {
        {"siphash13_64_batch", OUT_SIP64, 8, 0, 0},
        {"siphash24_64_batch", OUT_SIP64, 8, 0, 0},
        {"siphash48_64_batch", OUT_SIP64, 8, 0, 0},
        {"siphash13_128_batch", OUT_SIP128, 16, 0, 0},
        {"siphash24_128_batch", OUT_SIP128, 16, 0, 0},
        {"siphash48_128_batch", OUT_SIP128, 16, 0, 0},
        {"halfsiphash13_32_batch", OUT_HALF32, 4, 0, 0},
        {"halfsiphash24_32_batch", OUT_HALF32, 4, 0, 0},
        {"halfsiphash13_64_batch", OUT_HALF64, 8, 0, 0},
        {"halfsiphash24_64_batch", OUT_HALF64, 8, 0, 0},
        {"siphash13_64", ONE_SIP64, 8, 0, 0},
        {"siphash24_64", ONE_SIP64, 8, 0, 0},
        {"siphash48_64", ONE_SIP64, 8, 0, 0},
        {"siphash13_128", ONE_SIP128, 16, 0, 0},
        {"siphash24_128", ONE_SIP128, 16, 0, 0},
        {"siphash48_128", ONE_SIP128, 16, 0, 0},
        {"halfsiphash13_32", ONE_HALF32, 4, 0, 0},
        {"halfsiphash24_32", ONE_HALF32, 4, 0, 0},
        {"halfsiphash13_64", ONE_HALF64, 8, 0, 0},
        {"halfsiphash24_64", ONE_HALF64, 8, 0, 0},
        {"siphash13_64_stream", STREAM_SIP, 8, 1, 3},
        {"siphash24_64_stream", STREAM_SIP, 8, 2, 4},
        {"siphash48_64_stream", STREAM_SIP, 8, 4, 8},
        {"siphash13_128_stream", STREAM_SIP, 16, 1, 3},
        {"siphash24_128_stream", STREAM_SIP, 16, 2, 4},
        {"siphash48_128_stream", STREAM_SIP, 16, 4, 8},
        {"halfsiphash13_32_stream", STREAM_HALF, 4, 1, 3},
        {"halfsiphash24_32_stream", STREAM_HALF, 4, 2, 4},
        {"halfsiphash13_64_stream", STREAM_HALF, 8, 1, 3},
        {"halfsiphash24_64_stream", STREAM_HALF, 8, 2, 4},
};

static const struct {
	const char *name;
	siphash_backend id;
} backends[] = {
        {"auto", SIPHASH_BACKEND_AUTO}, {"scalar", SIPHASH_BACKEND_SCALAR}, {"sse2", SIPHASH_BACKEND_SSE2},
        {"avx2", SIPHASH_BACKEND_AVX2}, {"avx512", SIPHASH_BACKEND_AVX512}, {"neon", SIPHASH_BACKEND_NEON},
};

typedef void sip64_fn(const siphash_key *, const void *const *, const size_t *, size_t, uint64_t *);
typedef void sip128_fn(const siphash_key *, const void *const *, const size_t *, size_t, uint8_t (*)[16]);
typedef void half32_fn(const halfsiphash_key *, const void *const *, const size_t *, size_t, uint32_t *);
typedef void half64_fn(const halfsiphash_key *, const void *const *, const size_t *, size_t, uint64_t *);
typedef uint64_t one_sip64_fn(const siphash_key *, const void *, size_t);
typedef void one_sip128_fn(const siphash_key *, const void *, size_t, uint8_t[16]);
typedef uint32_t one_half32_fn(const halfsiphash_key *, const void *, size_t);
typedef uint64_t one_half64_fn(const halfsiphash_key *, const void *, size_t);
typedef int sip_init_fn(siphash_state *, const siphash_key *, unsigned, unsigned, size_t);
typedef void sip_update_fn(siphash_state *, const void *, size_t);
typedef void sip_final_fn(const siphash_state *, void *);
typedef int half_init_fn(halfsiphash_state *, const halfsiphash_key *, unsigned, unsigned, size_t);
typedef void half_update_fn(halfsiphash_state *, const void *, size_t);
typedef void half_final_fn(const halfsiphash_state *, void *);
typedef int select_fn(siphash_backend);
typedef siphash_backend active_fn(void);
typedef const char *name_fn(siphash_backend);

struct spec {
	const char *text, *path;
	siphash_backend backend;
	void *handle;
	union {
		sip64_fn *sip64;
		sip128_fn *sip128;
		half32_fn *half32;
		half64_fn *half64;
		one_sip64_fn *one_sip64;
		one_sip128_fn *one_sip128;
		one_half32_fn *one_half32;
		one_half64_fn *one_half64;
	} fn;
	struct {
		sip_init_fn *sip_init;
		sip_update_fn *sip_update;
		sip_final_fn *sip_final;
		half_init_fn *half_init;
		half_update_fn *half_update;
		half_final_fn *half_final;
	} stream;
	const char *active; /* the backend the library reports once forced */
	double ns[MAX_ROUNDS];
};

struct input {
	const void **data;
	size_t *len, n, bytes;
	size_t update; /* streaming ops: bytes per update */
	siphash_key key;
	halfsiphash_key hkey;
};

static void usage(FILE *f)
{
	fputs("usage: siphash-compare [options] [BACKEND:]LIBRARY ...\n"
	      "Times one function of each LIBRARY (a libsiphash shared library, loaded into\n"
	      "its own namespace; at most 11) with BACKEND forced (auto, scalar, sse2, avx2,\n"
	      "avx512, neon; default auto), taking turns, after checking that all give the\n"
	      "same tags.\n"
	      "  --op NAME      a batch function (default siphash13_64_batch), a one-shot\n"
	      "                 one (siphash24_64, ...), called for each message in turn,\n"
	      "                 or NAME_stream (siphash24_64_stream, ...): each message\n"
	      "                 through init, update and final\n"
	      "  --update U     streaming ops: bytes per update call (default 1); the\n"
	      "                 last update of a message may be shorter\n"
	      "  -n N           messages (default 1024)\n"
	      "  --bytes B      bytes per message, or 'mixed' for 1..64 as siphash-bench's\n"
	      "                 Nxmixed rows (default mixed)\n"
	      "  --rounds R     turns (default 15); each spec's row gives its fastest and\n"
	      "                 median round\n"
	      "  --calls C      timings per spec and round, the fastest kept (default 200)\n"
	      "  --no-check     time builds whose tags differ (a build that skips work to\n"
	      "                 see what that work costs)\n"
	      "Columns: ns for all n messages; 'speed' is the first spec's time over this\n"
	      "one's (above 1: faster than the first). Exit status 0, 1 when the libraries\n"
	      "disagree on a tag, 2 on a usage, loading or backend error.\n",
	      f);
}

static int parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || s[0] == '-' || v > (1ull << 24))
		return -1;
	*out = (size_t)v;
	return 0;
}

static const struct op *find_op(const char *name)
{
	size_t i;
	for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (!strcmp(ops[i].name, name))
			return &ops[i];
	return NULL;
}

/* "avx2:path" or "path": a prefix that names no backend is part of the path. */
static void parse_spec(struct spec *sp, const char *text)
{
	const char *colon = strchr(text, ':');
	size_t i;
	sp->text = text;
	sp->path = text;
	sp->backend = SIPHASH_BACKEND_AUTO;
	if (!colon)
		return;
	for (i = 0; i < sizeof backends / sizeof backends[0]; i++)
		if (strlen(backends[i].name) == (size_t)(colon - text) &&
		    !strncmp(backends[i].name, text, (size_t)(colon - text))) {
			sp->backend = backends[i].id;
			sp->path = colon + 1;
			return;
		}
}

/* dlsym's object pointer as a function pointer, the way POSIX allows. */
static int lookup(void *handle, const char *name, void *fnptr, size_t size)
{
	void *sym = dlsym(handle, name);
	if (!sym)
		return -1;
	memcpy(fnptr, &sym, size);
	return 0;
}

/* The op's functions: the batch or one-shot function, or a family's
 * init, update and final. */
static int lookup_op(struct spec *sp, const struct op *op)
{
	void *h = sp->handle;
	if (op->kind == STREAM_SIP)
		return lookup(h, "siphash_init", &sp->stream.sip_init, sizeof sp->stream.sip_init) ||
		       lookup(h, "siphash_update", &sp->stream.sip_update, sizeof sp->stream.sip_update) ||
		       lookup(h, "siphash_final", &sp->stream.sip_final, sizeof sp->stream.sip_final);
	if (op->kind == STREAM_HALF)
		return lookup(h, "halfsiphash_init", &sp->stream.half_init, sizeof sp->stream.half_init) ||
		       lookup(h, "halfsiphash_update", &sp->stream.half_update, sizeof sp->stream.half_update) ||
		       lookup(h, "halfsiphash_final", &sp->stream.half_final, sizeof sp->stream.half_final);
	return lookup(h, op->name, &sp->fn, sizeof sp->fn);
}

static int load(struct spec *sp, const struct op *op)
{
	select_fn *sel;
	active_fn *active;
	name_fn *name;
	int rc;
	sp->handle = dlmopen(LM_ID_NEWLM, sp->path, RTLD_NOW | RTLD_LOCAL);
	if (!sp->handle) {
		fprintf(stderr, "siphash-compare: %s\n", dlerror());
		return -1;
	}
	if (lookup_op(sp, op) || lookup(sp->handle, "siphash_backend_select", &sel, sizeof sel) ||
	    lookup(sp->handle, "siphash_backend_active", &active, sizeof active) ||
	    lookup(sp->handle, "siphash_backend_name", &name, sizeof name)) {
		fprintf(stderr, "siphash-compare: %s: not a libsiphash with %s\n", sp->path, op->name);
		return -1;
	}
	rc = sel(sp->backend);
	if (rc != SIPHASH_OK) {
		fprintf(stderr, "siphash-compare: %s: backend %s not available (%s)\n", sp->path, name(sp->backend),
		        rc == SIPHASH_EUNSUPPORTED ? "not built in, or this CPU lacks it" : "rejected");
		return -1;
	}
	sp->active = name(active());
	return 0;
}

/* One message in updates of in->update bytes (the last may be shorter). */
static void stream_sip(const struct spec *sp, const struct op *op, const struct input *in, size_t i, uint8_t *out)
{
	const uint8_t *p = (const uint8_t *)in->data[i];
	size_t left = in->len[i];
	siphash_state st;
	sp->stream.sip_init(&st, &in->key, op->c, op->d, op->tag_bytes);
	for (; left > in->update; left -= in->update, p += in->update)
		sp->stream.sip_update(&st, p, in->update);
	sp->stream.sip_update(&st, p, left);
	sp->stream.sip_final(&st, out);
}

static void stream_half(const struct spec *sp, const struct op *op, const struct input *in, size_t i, uint8_t *out)
{
	const uint8_t *p = (const uint8_t *)in->data[i];
	size_t left = in->len[i];
	halfsiphash_state st;
	sp->stream.half_init(&st, &in->hkey, op->c, op->d, op->tag_bytes);
	for (; left > in->update; left -= in->update, p += in->update)
		sp->stream.half_update(&st, p, in->update);
	sp->stream.half_update(&st, p, left);
	sp->stream.half_final(&st, out);
}

static void call(const struct spec *sp, const struct op *op, const struct input *in, void *out)
{
	size_t i;
	switch (op->kind) {
	case OUT_SIP64:
		sp->fn.sip64(&in->key, in->data, in->len, in->n, (uint64_t *)out);
		break;
	case OUT_SIP128:
		sp->fn.sip128(&in->key, in->data, in->len, in->n, (uint8_t(*)[16])out);
		break;
	case OUT_HALF32:
		sp->fn.half32(&in->hkey, in->data, in->len, in->n, (uint32_t *)out);
		break;
	case OUT_HALF64:
		sp->fn.half64(&in->hkey, in->data, in->len, in->n, (uint64_t *)out);
		break;
	case ONE_SIP64:
		for (i = 0; i < in->n; i++)
			((uint64_t *)out)[i] = sp->fn.one_sip64(&in->key, in->data[i], in->len[i]);
		break;
	case ONE_SIP128:
		for (i = 0; i < in->n; i++)
			sp->fn.one_sip128(&in->key, in->data[i], in->len[i], (uint8_t *)out + 16 * i);
		break;
	case ONE_HALF32:
		for (i = 0; i < in->n; i++)
			((uint32_t *)out)[i] = sp->fn.one_half32(&in->hkey, in->data[i], in->len[i]);
		break;
	case ONE_HALF64:
		for (i = 0; i < in->n; i++)
			((uint64_t *)out)[i] = sp->fn.one_half64(&in->hkey, in->data[i], in->len[i]);
		break;
	case STREAM_SIP:
		for (i = 0; i < in->n; i++)
			stream_sip(sp, op, in, i, (uint8_t *)out + op->tag_bytes * i);
		break;
	case STREAM_HALF:
		for (i = 0; i < in->n; i++)
			stream_half(sp, op, in, i, (uint8_t *)out + op->tag_bytes * i);
		break;
	}
}

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Messages laid out one after another in buf, wrapping, with siphash-bench's
 * generator, so that "-n 1024 --bytes mixed" hashes the lengths of its
 * 1024xmixed rows. */
static int make_input(struct input *in, uint8_t *buf, size_t n, size_t bytes)
{
	uint32_t x = 12345;
	size_t i, off = 0;
	in->n = n;
	in->bytes = 0;
	in->data = malloc((n ? n : 1) * sizeof *in->data);
	in->len = malloc((n ? n : 1) * sizeof *in->len);
	if (!in->data || !in->len)
		return -1;
	for (i = 0; i < BUF_BYTES; i++)
		buf[i] = (uint8_t)(i * 131 + 7);
	for (i = 0; i < n; i++) {
		size_t l;
		x = x * 1103515245u + 12345u;
		l = bytes ? bytes : 1 + (x >> 16) % 64;
		if (off + l > BUF_BYTES)
			off = 0;
		in->data[i] = buf + off;
		in->len[i] = l;
		in->bytes += l;
		off += l;
	}
	for (i = 0; i < 8; i++) {
		in->key.k0 |= (uint64_t)i << (8 * i);
		in->key.k1 |= (uint64_t)(i + 8) << (8 * i);
	}
	in->hkey.k0 = 0x03020100u;
	in->hkey.k1 = 0x07060504u;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median of n sorted timings: the mean of the middle two when n is even. */
static double median(const double *ns, size_t n)
{
	return (ns[(n - 1) / 2] + ns[n / 2]) / 2;
}

/* Each spec's fastest and median round, and their speed against the first spec's. */
static void report(struct spec *specs, size_t nspec, const struct op *op, const struct input *in, size_t bytes,
                   size_t rounds, size_t calls, size_t reps)
{
	size_t i;
	if (bytes)
		printf("%s, %zu x %zu B", op->name, in->n, bytes);
	else
		printf("%s, %zu x mixed 1..64 B", op->name, in->n);
	if (op->kind == STREAM_SIP || op->kind == STREAM_HALF)
		printf(" in updates of %zu B", in->update);
	printf(", %zu rounds, fastest of %zu timings of %zu call%s each\n", rounds, calls, reps, reps == 1 ? "" : "s");
	printf("%-16s %12s %12s %8s %8s  %s\n", "backend", "fastest ns", "median ns", "speed", "(median)", "library");
	for (i = 0; i < nspec; i++)
		qsort(specs[i].ns, rounds, sizeof(double), cmp_double);
	for (i = 0; i < nspec; i++) {
		const double f = specs[i].ns[0], m = median(specs[i].ns, rounds);
		char name[32];
		snprintf(name, sizeof name, specs[i].backend == SIPHASH_BACKEND_AUTO ? "auto (%s)" : "%s",
		         specs[i].active);
		printf("%-16s %12.1f %12.1f %8.3f %8.3f  %s\n", name, f, m, specs[0].ns[0] / f,
		       median(specs[0].ns, rounds) / m, specs[i].path);
	}
}

/* Loads every spec, checks that they agree on the tags (unless check is 0),
 * times them in turns and prints the table. Returns the exit status. */
static int compare(struct spec *specs, size_t nspec, const struct op *op, const struct input *in, size_t bytes,
                   size_t rounds, size_t calls, int check)
{
	uint8_t *ref = calloc(in->n ? in->n : 1, op->tag_bytes), *out = calloc(in->n ? in->n : 1, op->tag_bytes);
	/* Small batches are timed a few calls at a time, so that a timing is
	 * well above the clock's resolution and the call of clock_gettime; a few
	 * KiB take microseconds already. */
	const size_t reps = in->n >= 256 || in->bytes >= 4096 ? 1 : 2048 / (in->n + 1);
	size_t i, r, c, k;
	int status = 2;
	if (!ref || !out)
		goto done;
	for (i = 0; i < nspec; i++)
		if (load(&specs[i], op))
			goto done;
	for (i = 0; i < nspec; i++) {
		/* out starts as ref's complement, every byte different: a build that
		 * leaves a tag unwritten cannot pass on an earlier build's tags */
		for (k = 0; i && k < in->n * op->tag_bytes; k++)
			out[k] = (uint8_t)~ref[k];
		call(&specs[i], op, in, i ? out : ref);
		if (check && i && memcmp(ref, out, in->n * op->tag_bytes) != 0) {
			fprintf(stderr, "siphash-compare: %s and %s disagree on %s tags\n", specs[0].text,
			        specs[i].text, op->name);
			status = 1;
			goto done;
		}
	}
	for (r = 0; r < rounds; r++)
		for (i = 0; i < nspec; i++) {
			double best = 1e300;
			for (c = 0; c < calls; c++) {
				const double t0 = now_ns();
				double t;
				for (k = 0; k < reps; k++)
					call(&specs[i], op, in, out);
				t = (now_ns() - t0) / (double)reps;
				best = t < best ? t : best;
			}
			specs[i].ns[r] = best;
		}
	report(specs, nspec, op, in, bytes, rounds, calls, reps);
	status = 0;
done:
	free(ref);
	free(out);
	return status;
}

int main(int argc, char **argv)
{
	static struct spec specs[MAX_SPECS];
	static uint8_t buf[BUF_BYTES];
	const struct op *op = &ops[0];
	size_t n = 1024, bytes = 0, rounds = 15, calls = 200, nspec = 0, update = 1;
	int check = 1, status, argi;
	struct input in = {0};

	for (argi = 1; argi < argc; argi++) {
		const char *a = argv[argi], *v = argi + 1 < argc ? argv[argi + 1] : NULL;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		}
		if (a[0] != '-') {
			if (nspec == MAX_SPECS) {
				fprintf(stderr, "siphash-compare: at most %d libraries\n", MAX_SPECS);
				return 2;
			}
			parse_spec(&specs[nspec++], a);
			continue;
		}
		if (!strcmp(a, "--no-check")) {
			check = 0;
			continue;
		}
		if (!v)
			goto bad;
		argi++;
		if (!strcmp(a, "--op")) {
			if (!(op = find_op(v))) {
				fprintf(stderr, "siphash-compare: unknown --op %s\n", v);
				return 2;
			}
		} else if (!strcmp(a, "-n")) {
			if (parse_size(v, &n))
				goto bad;
		} else if (!strcmp(a, "--bytes")) {
			if (strcmp(v, "mixed") ? parse_size(v, &bytes) || bytes == 0 || bytes > BUF_BYTES
			                       : (bytes = 0, 0))
				goto bad;
		} else if (!strcmp(a, "--update")) {
			if (parse_size(v, &update) || update == 0)
				goto bad;
		} else if (!strcmp(a, "--rounds")) {
			if (parse_size(v, &rounds) || rounds == 0 || rounds > MAX_ROUNDS)
				goto bad;
		} else if (!strcmp(a, "--calls")) {
			if (parse_size(v, &calls) || calls == 0)
				goto bad;
		} else {
			goto bad;
		}
	}
	if (!nspec)
		goto bad;

	in.update = update;
	status = make_input(&in, buf, n, bytes) ? 2 : compare(specs, nspec, op, &in, bytes, rounds, calls, check);
	free(in.data);
	free(in.len);
	return status;
bad:
	usage(stderr);
	return 2;
}
