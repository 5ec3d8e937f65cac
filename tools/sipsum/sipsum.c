/* sipsum.c - compute and check keyed SipHash / HalfSipHash tags of files, in the style of sha256sum and b3sum. */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64 /* files over 2 GiB on 32-bit hosts */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <siphash.h>

#define EXIT_TROUBLE 2 /* usage errors, as in coreutils' cmp/diff convention the issue asks for */

/* Big reads keep the syscall and copy overhead small next to hashing, while
 * staying inside L2 so the hash reads the buffer from cache. */
#define STREAM_BUF (1u << 20)
#define RING 4                /* slots of the reader's ring */
#define MAP_WIN (8u << 20)    /* bytes per mapped window */
#define THREAD_MIN (4u << 20) /* smallest known size streamed with a reader thread */
#define RING_BUF (STREAM_BUF / RING)
/* Regular files up to this size are read whole and hashed together through
 * the batch API; larger ones are streamed. */
#define SMALL_FILE (64u * 1024u)
#define POOL_BYTES (4u * 1024u * 1024u)
#define MAX_JOBS 256
#define AUTO_PROGRESS_BYTES (256ull * 1024u * 1024u)

static const char *prog = "sipsum";

struct algo {
	int half; /* HalfSipHash (8-byte key) rather than SipHash (16-byte key) */
	unsigned c, d;
	unsigned bits; /* tag length */
};

/* Options and global state of one run. */
static struct {
	struct algo algo;
	int length_given;
	int tag_format, check, quiet, status, strict, warn, ignore_missing, verbose, progress, no_batch;
	uint8_t key[SIPHASH_KEY_BYTES];
	size_t key_len;
	uint8_t *buf;  /* STREAM_BUF bytes for streaming */
	uint8_t *pool; /* POOL_BYTES for small files awaiting a batch */
	unsigned long files_hashed, files_batched;
	long ncpu;
} g;

static _Noreturn void die_usage(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", prog);
	siphash_wipe(g.key, sizeof g.key);
	exit(EXIT_TROUBLE);
}

/* Messages go to stderr; stdout is flushed first so that a terminal shows
 * tags and errors in the order of the files. */
static void warnx_(const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* ---------------------------------------------------------------- algorithms */

static const char *family_name(const struct algo *a)
{
	return a->half ? "HalfSipHash" : "SipHash";
}

static int bits_ok(const struct algo *a, unsigned bits)
{
	return a->half ? (bits == 32 || bits == 64) : (bits == 64 || bits == 128);
}

static int parse_uint(const char **s, unsigned *out)
{
	unsigned long v = 0;
	const char *p = *s;
	if (*p < '0' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9') {
		v = v * 10 + (unsigned long)(*p - '0');
		if (v > 100000)
			return 0;
		p++;
	}
	*s = p;
	*out = (unsigned)v;
	return 1;
}

/* Parses "siphash-C-D" or "halfsiphash-C-D", case-insensitively, with an
 * optional "-BITS" suffix (required when need_bits). Returns 1 on success;
 * *had_bits tells whether the suffix was there. */
static int parse_algo(const char *s, size_t n, struct algo *a, int need_bits, int *had_bits)
{
	char tmp[64];
	const char *p;
	unsigned bits = 0;
	if (n == 0 || n >= sizeof tmp)
		return 0;
	memcpy(tmp, s, n);
	tmp[n] = 0;
	p = tmp;
	if (strncasecmp(p, "halfsiphash-", 12) == 0) {
		a->half = 1;
		p += 12;
	} else if (strncasecmp(p, "siphash-", 8) == 0) {
		a->half = 0;
		p += 8;
	} else {
		return 0;
	}
	if (!parse_uint(&p, &a->c) || *p++ != '-' || !parse_uint(&p, &a->d))
		return 0;
	if (a->c < 1 || a->c > SIPHASH_MAX_ROUNDS || a->d < 1 || a->d > SIPHASH_MAX_ROUNDS)
		return 0;
	*had_bits = 0;
	if (*p == '-') {
		p++;
		if (!parse_uint(&p, &bits) || !bits_ok(a, bits))
			return 0;
		a->bits = bits;
		*had_bits = 1;
	}
	if (*p != 0 || (need_bits && !*had_bits))
		return 0;
	return 1;
}

static size_t tag_bytes(const struct algo *a)
{
	return a->bits / 8;
}

static size_t key_bytes(const struct algo *a)
{
	return a->half ? HALFSIPHASH_KEY_BYTES : SIPHASH_KEY_BYTES;
}

static int same_algo(const struct algo *x, const struct algo *y)
{
	return x->half == y->half && x->c == y->c && x->d == y->d && x->bits == y->bits;
}

/* ---------------------------------------------------------------- keys */

static int hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* Decodes exactly 2*n hex digits at s into out. */
static int unhex(const char *s, size_t slen, uint8_t *out, size_t n)
{
	size_t i;
	if (slen != 2 * n)
		return 0;
	for (i = 0; i < n; i++) {
		int hi = hexval((unsigned char)s[2 * i]), lo = hexval((unsigned char)s[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return 0;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return 1;
}

/* Sets the key from hex text; `what` names the source in the error. */
static void key_from_hex(const char *s, size_t len, const char *what)
{
	size_t need = key_bytes(&g.algo);
	if (!unhex(s, len, g.key, need))
		die_usage("%s: the key must be %zu hex digits (%zu bytes) for %s", what, 2 * need, need,
		          family_name(&g.algo));
	g.key_len = need;
}

/* Fills up to cap bytes; returns the count, or -errno. */
static ssize_t read_full(int fd, uint8_t *p, size_t cap)
{
	size_t n = 0;
	while (n < cap) {
		ssize_t r = read(fd, p + n, cap - n);
		if (r == 0)
			break;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		n += (size_t)r;
	}
	return (ssize_t)n;
}

/* A key file holds the raw key bytes, or the key in hex with an optional
 * trailing newline. The sizes differ (K versus 2K+), so there is no ambiguity. */
static void key_from_file(const char *path)
{
	uint8_t data[80];
	size_t n, need = key_bytes(&g.algo);
	ssize_t r;
	int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
	if (fd < 0)
		die_usage("--key-file: %s: %s", path, strerror(errno));
	r = read_full(fd, data, sizeof data);
	if (fd != STDIN_FILENO)
		close(fd);
	if (r < 0) {
		siphash_wipe(data, sizeof data);
		die_usage("--key-file: %s: %s", path, strerror((int)-r));
	}
	n = (size_t)r;
	if (n == need) {
		memcpy(g.key, data, need);
		g.key_len = need;
	} else {
		if (n > 0 && data[n - 1] == '\n')
			n--;
		if (n > 0 && data[n - 1] == '\r')
			n--;
		if (!unhex((const char *)data, n, g.key, need)) {
			siphash_wipe(data, sizeof data);
			die_usage("--key-file: %s: expected %zu raw bytes or %zu hex digits (a %s key)", path, need,
			          2 * need, family_name(&g.algo));
		}
		g.key_len = need;
	}
	siphash_wipe(data, sizeof data);
}

/* ---------------------------------------------------------------- hashing */

union hstate {
	siphash_state s;
	halfsiphash_state h;
};

static void hs_init(union hstate *st, const struct algo *a)
{
	if (a->half) {
		halfsiphash_key k = halfsiphash_key_from_bytes(g.key);
		halfsiphash_init(&st->h, &k, a->c, a->d, tag_bytes(a));
		siphash_wipe(&k, sizeof k);
	} else {
		siphash_key k = siphash_key_from_bytes(g.key);
		siphash_init(&st->s, &k, a->c, a->d, tag_bytes(a));
		siphash_wipe(&k, sizeof k);
	}
}

static void hs_update(union hstate *st, const struct algo *a, const void *p, size_t n)
{
	if (a->half)
		halfsiphash_update(&st->h, p, n);
	else
		siphash_update(&st->s, p, n);
}

static void hs_final(union hstate *st, const struct algo *a, uint8_t *tag)
{
	if (a->half)
		halfsiphash_final(&st->h, tag);
	else
		siphash_final(&st->s, tag);
	siphash_wipe(st, sizeof *st);
}

static double now_sec(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct progress {
	int on, tty;
	const char *name;
	uint64_t total; /* 0 when unknown (pipes) */
	uint64_t done;
	double t0, last;
};

static void progress_print(struct progress *pr, int final)
{
	double t = now_sec(), dt = t - pr->t0;
	double rate = dt > 0 ? (double)pr->done / dt / 1048576.0 : 0.0;
	char pct[16] = "";
	if (pr->total)
		snprintf(pct, sizeof pct, " (%u%%)", (unsigned)(pr->done * 100 / pr->total));
	if (pr->tty)
		fputc('\r', stderr);
	fprintf(stderr, "%s: %s: %.1f MiB", prog, pr->name, (double)pr->done / 1048576.0);
	if (pr->total)
		fprintf(stderr, " of %.1f MiB%s", (double)pr->total / 1048576.0, pct);
	fprintf(stderr, ", %.1f MiB/s", rate);
	if (pr->tty)
		fputs("\033[K", stderr);
	if (!pr->tty || final)
		fputc('\n', stderr);
	pr->last = t;
}

static void progress_step(struct progress *pr, size_t n)
{
	pr->done += n;
	if (pr->on) {
		double t = now_sec();
		if (t - pr->last >= (pr->tty ? 0.25 : 1.0))
			progress_print(pr, 0);
	}
}

/* The streamed input comes in chunks from a reader. Regular files are mapped
 * in windows (no copy: on the machines measured, read()'s copy out of the page
 * cache costs as much CPU as hashing); other inputs are read(). With more than
 * one CPU a reader thread maps (and pre-faults) or reads the next windows
 * while this thread hashes, and unmaps the windows already hashed, so memory
 * stays bounded by RING windows whatever the file size. */
struct reader {
	int fd;
	int use_map;
	uint64_t size, off; /* map mode: bytes to hash (fstat size), next offset */
	int threaded;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	const uint8_t *ptr[RING];
	size_t len[RING];
	int mapped[RING];
	unsigned head, tail, count; /* head: next slot to fill, tail: next to hash */
	int out;                    /* the hashing thread holds the slot at tail */
	int eof, err, stop;
};

static void unmap_slot(struct reader *rd, unsigned idx)
{
	if (rd->mapped[idx])
		munmap((void *)(uintptr_t)rd->ptr[idx], rd->len[idx]);
	rd->mapped[idx] = 0;
}

/* Fills slot idx: returns its byte count (0 at the end) or -errno. */
static ssize_t produce(struct reader *rd, unsigned idx)
{
	ssize_t r;
	if (rd->use_map) {
		size_t l;
		void *p;
		unmap_slot(rd, idx);
		if (rd->off >= rd->size)
			return 0;
		l = rd->size - rd->off < MAP_WIN ? (size_t)(rd->size - rd->off) : MAP_WIN;
		p = mmap(NULL, l, PROT_READ, MAP_PRIVATE | (rd->threaded ? MAP_POPULATE : 0), rd->fd, (off_t)rd->off);
		if (p == MAP_FAILED)
			return -errno;
#ifdef MADV_SEQUENTIAL
		madvise(p, l, MADV_SEQUENTIAL);
#endif
		rd->ptr[idx] = p;
		rd->len[idx] = l;
		rd->mapped[idx] = 1;
		rd->off += l;
		return (ssize_t)l;
	}
	r = read_full(rd->fd, g.buf + (size_t)idx * RING_BUF, RING_BUF);
	rd->ptr[idx] = g.buf + (size_t)idx * RING_BUF;
	rd->len[idx] = r > 0 ? (size_t)r : 0;
	return r;
}

static void *reader_main(void *arg)
{
	struct reader *rd = arg;
	for (;;) {
		unsigned idx;
		ssize_t r;
		pthread_mutex_lock(&rd->mu);
		while (rd->count == RING && !rd->stop)
			pthread_cond_wait(&rd->cv, &rd->mu);
		if (rd->stop) {
			pthread_mutex_unlock(&rd->mu);
			return NULL;
		}
		idx = rd->head;
		pthread_mutex_unlock(&rd->mu);

		r = produce(rd, idx);

		pthread_mutex_lock(&rd->mu);
		if (r < 0) {
			rd->err = (int)-r;
			rd->eof = 1;
		} else if (r == 0) {
			rd->eof = 1;
		} else {
			rd->head = (idx + 1) % RING;
			rd->count++;
		}
		pthread_cond_broadcast(&rd->cv);
		pthread_mutex_unlock(&rd->mu);
		if (r <= 0)
			return NULL;
	}
}

/* may_map: 0 for standard input, which is read from where its offset stands
 * and left at its end, as coreutils does; a mapping would start at 0 and
 * move nothing. */
static void reader_start(struct reader *rd, int fd, uint64_t size, int may_map)
{
	memset(rd, 0, sizeof *rd);
	rd->fd = fd;
	rd->size = size;
	if (may_map && size > SMALL_FILE) {
		/* probe: mapping fails on some special files that report a size */
		void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p != MAP_FAILED) {
			munmap(p, 4096);
			rd->use_map = 1;
		}
	}
	/* a thread pays off only when there is a lot to overlap */
	if (g.ncpu < 2 || (size != 0 && size < THREAD_MIN))
		return;
	if (pthread_mutex_init(&rd->mu, NULL) != 0)
		return;
	if (pthread_cond_init(&rd->cv, NULL) != 0) {
		pthread_mutex_destroy(&rd->mu);
		return;
	}
	rd->threaded = 1;
	if (pthread_create(&rd->thread, NULL, reader_main, rd) != 0) {
		rd->threaded = 0;
		pthread_cond_destroy(&rd->cv);
		pthread_mutex_destroy(&rd->mu);
	}
}

/* Hands out the next chunk: returns 0 with *len 0 at the end, or an errno. */
static int reader_next(struct reader *rd, const uint8_t **p, size_t *len)
{
	if (!rd->threaded) {
		ssize_t r = produce(rd, 0);
		if (r < 0)
			return (int)-r;
		*p = rd->ptr[0];
		*len = (size_t)r;
		return 0;
	}
	pthread_mutex_lock(&rd->mu);
	if (rd->out) { /* the slot handed out last time is hashed: give it back */
		rd->tail = (rd->tail + 1) % RING;
		rd->count--;
		rd->out = 0;
		pthread_cond_broadcast(&rd->cv);
	}
	while (rd->count == 0 && !rd->eof)
		pthread_cond_wait(&rd->cv, &rd->mu);
	if (rd->err) {
		int e = rd->err;
		pthread_mutex_unlock(&rd->mu);
		return e;
	}
	if (rd->count == 0) {
		*len = 0;
	} else {
		*p = rd->ptr[rd->tail];
		*len = rd->len[rd->tail];
		rd->out = 1;
	}
	pthread_mutex_unlock(&rd->mu);
	return 0;
}

static void reader_end(struct reader *rd)
{
	unsigned i;
	if (rd->threaded) {
		pthread_mutex_lock(&rd->mu);
		rd->stop = 1;
		pthread_cond_broadcast(&rd->cv);
		pthread_mutex_unlock(&rd->mu);
		pthread_join(rd->thread, NULL);
		pthread_cond_destroy(&rd->cv);
		pthread_mutex_destroy(&rd->mu);
	}
	for (i = 0; i < RING; i++)
		unmap_slot(rd, i);
}

/* A mapped file that shrinks under us raises SIGBUS on the missing pages; the
 * hash is abandoned and the file reported as unreadable. */
static sigjmp_buf bus_jmp;
static volatile sig_atomic_t bus_armed;

static void on_sigbus(int sig)
{
	if (bus_armed)
		siglongjmp(bus_jmp, 1);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Streams fd to its end through the streaming API (size: the bytes expected,
 * for the progress line and the choice of reader). Returns 0 with the tag
 * written, or an errno value and no tag when a read fails part-way. The
 * state is static so that it survives siglongjmp. */
static int hash_stream(int fd, const char *name, uint64_t size, int may_map, const struct algo *a, uint8_t *tag)
{
	static union hstate st;
	static struct reader rd;
	static struct progress pr;
	static int err;
	memset(&pr, 0, sizeof pr);
	pr.name = name;
	pr.total = size;
	pr.tty = isatty(STDERR_FILENO);
	pr.on = g.progress == 1 || (g.progress == -1 && pr.tty && size > AUTO_PROGRESS_BYTES);
	pr.t0 = pr.last = now_sec();
	hs_init(&st, a);
	reader_start(&rd, fd, size, may_map);
	err = 0;
	if (sigsetjmp(bus_jmp, 1)) {
		err = EIO;
	} else {
		bus_armed = 1;
		for (;;) {
			const uint8_t *p = NULL;
			size_t n = 0;
			err = reader_next(&rd, &p, &n);
			if (err || n == 0)
				break;
			hs_update(&st, a, p, n);
			progress_step(&pr, n);
		}
	}
	bus_armed = 0;
	reader_end(&rd);
	if (err) {
		siphash_wipe(&st, sizeof st);
		if (pr.on && pr.tty)
			fputc('\n', stderr);
		return err;
	}
	if (pr.on) {
		if (g.progress == 1 || !pr.tty)
			progress_print(&pr, 1);
		else
			fputs("\r\033[K", stderr); /* automatic progress leaves the terminal clean */
	}
	hs_final(&st, a, tag);
	return 0;
}

static void store_le(uint8_t *p, uint64_t v, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Hashes n messages with one of the ten fixed variants through the batch API.
 * Returns 0 when the variant has no batch function. */
static int hash_batch(const struct algo *a, const void *const *data, const size_t *len, size_t n, uint8_t (*tags)[16])
{
	uint64_t v64[MAX_JOBS];
	uint32_t v32[MAX_JOBS];
	/* c and d as one number: d is below 100, so no two pairs meet (a
	 * base of 16 made 1-20 read as 2-4, since d goes up to 64) */
	const unsigned rounds = a->c * 100 + a->d;
	size_t i;
	if (a->half) {
		halfsiphash_key k = halfsiphash_key_from_bytes(g.key);
		int ok = 1;
		if (a->bits == 32 && rounds == 103)
			halfsiphash13_32_batch(&k, data, len, n, v32);
		else if (a->bits == 32 && rounds == 204)
			halfsiphash24_32_batch(&k, data, len, n, v32);
		else if (a->bits == 64 && rounds == 103)
			halfsiphash13_64_batch(&k, data, len, n, v64);
		else if (a->bits == 64 && rounds == 204)
			halfsiphash24_64_batch(&k, data, len, n, v64);
		else
			ok = 0;
		siphash_wipe(&k, sizeof k);
		if (!ok)
			return 0;
		for (i = 0; i < n; i++)
			store_le(tags[i], a->bits == 32 ? v32[i] : v64[i], a->bits / 8);
	} else {
		siphash_key k = siphash_key_from_bytes(g.key);
		int ok = 1;
		if (a->bits == 64 && rounds == 103)
			siphash13_64_batch(&k, data, len, n, v64);
		else if (a->bits == 64 && rounds == 204)
			siphash24_64_batch(&k, data, len, n, v64);
		else if (a->bits == 64 && rounds == 408)
			siphash48_64_batch(&k, data, len, n, v64);
		else if (rounds == 103)
			siphash13_128_batch(&k, data, len, n, tags);
		else if (rounds == 204)
			siphash24_128_batch(&k, data, len, n, tags);
		else if (rounds == 408)
			siphash48_128_batch(&k, data, len, n, tags);
		else
			ok = 0;
		siphash_wipe(&k, sizeof k);
		if (!ok)
			return 0;
		if (a->bits == 64)
			for (i = 0; i < n; i++)
				store_le(tags[i], v64[i], 8);
	}
	siphash_wipe(v64, sizeof v64);
	siphash_wipe(v32, sizeof v32);
	return 1;
}

static void hash_oneshot(const struct algo *a, const void *data, size_t len, uint8_t *tag)
{
	if (a->half) {
		halfsiphash_key k = halfsiphash_key_from_bytes(g.key);
		halfsiphash_hash(&k, a->c, a->d, data, len, tag, tag_bytes(a));
		siphash_wipe(&k, sizeof k);
	} else {
		siphash_key k = siphash_key_from_bytes(g.key);
		siphash_hash(&k, a->c, a->d, data, len, tag, tag_bytes(a));
		siphash_wipe(&k, sizeof k);
	}
}

/* ---------------------------------------------------------------- file queue */

/* Files are queued in command-line (or check-list) order. Small regular files
 * sit in the pool until the queue is flushed, which hashes them in batches and
 * then reports every queued file in order. Other files flush the queue and are
 * streamed at once. */
struct job {
	char *name; /* owned copy */
	struct algo algo;
	int err;     /* errno of a failed open/read, 0 when the tag is valid */
	int pending; /* data waits in the pool */
	size_t off, len;
	uint8_t tag[16];
	uint8_t expect[16]; /* check mode: the listed tag */
};

static struct job jobs[MAX_JOBS];
static size_t njobs, pool_used;

/* What to do with each finished job: print its tag, or compare it. */
static void (*report_job)(struct job *j);

static void flush_jobs(void)
{
	const void *ptrs[MAX_JOBS];
	size_t lens[MAX_JOBS];
	size_t i = 0, k;
	while (i < njobs) {
		size_t run = 0;
		/* a run of consecutive pending jobs with the same algorithm */
		while (i + run < njobs && jobs[i + run].pending && same_algo(&jobs[i].algo, &jobs[i + run].algo))
			run++;
		if (run == 0) {
			i++;
			continue;
		}
		for (k = 0; k < run; k++) {
			ptrs[k] = g.pool + jobs[i + k].off;
			lens[k] = jobs[i + k].len;
		}
		{
			uint8_t(*tags)[16] = (uint8_t(*)[16])calloc(run, 16);
			if (!tags) {
				warnx_("out of memory");
				exit(EXIT_TROUBLE);
			}
			if (run > 1 && !g.no_batch && hash_batch(&jobs[i].algo, ptrs, lens, run, tags)) {
				g.files_batched += run;
			} else {
				for (k = 0; k < run; k++)
					hash_oneshot(&jobs[i].algo, ptrs[k], lens[k], tags[k]);
			}
			for (k = 0; k < run; k++)
				memcpy(jobs[i + k].tag, tags[k], 16);
			siphash_wipe(tags, run * 16);
			free(tags);
		}
		i += run;
	}
	for (i = 0; i < njobs; i++) {
		if (!jobs[i].err)
			g.files_hashed++;
		report_job(&jobs[i]);
		free(jobs[i].name);
	}
	njobs = 0;
	pool_used = 0;
}

static struct job *new_job(const char *name, const struct algo *a, const uint8_t *expect)
{
	struct job *j;
	if (njobs == MAX_JOBS)
		flush_jobs();
	j = &jobs[njobs++];
	memset(j, 0, sizeof *j);
	j->name = strdup(name);
	if (!j->name) {
		warnx_("out of memory");
		exit(EXIT_TROUBLE);
	}
	j->algo = *a;
	if (expect)
		memcpy(j->expect, expect, tag_bytes(a));
	return j;
}

/* Reads a whole small file into the pool; returns 1 if it fit, 0 if it turned
 * out larger than SMALL_FILE (the caller streams it), or -errno. */
static int read_small(int fd, size_t *len)
{
	ssize_t r = read_full(fd, g.pool + pool_used, SMALL_FILE + 1);
	if (r < 0)
		return (int)r;
	if ((size_t)r > SMALL_FILE)
		return 0;
	*len = (size_t)r;
	return 1;
}

/* Hashes one file (or "-" for standard input) with algorithm a and hands the
 * result to report_job, possibly later (queued) but always in order. */
static void process_file(const char *name, const struct algo *a, const uint8_t *expect)
{
	struct job *j;
	struct stat st = {0};
	int fd, is_stdin = strcmp(name, "-") == 0;
	uint64_t size = 0;

	fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY);
	if (fd < 0) {
		int e = errno; /* new_job may flush the queue, which may change errno */
		j = new_job(name, a, expect);
		j->err = e;
		return;
	}
	if (fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			j = new_job(name, a, expect);
			j->err = EISDIR;
			goto out;
		}
		if (S_ISREG(st.st_mode))
			size = (uint64_t)st.st_size;
	}
	if (is_stdin && size) { /* what is left from the offset a caller's reads left it at */
		const off_t cur = lseek(fd, 0, SEEK_CUR);
		if (cur > 0)
			size = (uint64_t)cur < size ? size - (uint64_t)cur : 0;
	}
#ifdef POSIX_FADV_SEQUENTIAL
	if (size > SMALL_FILE)
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
	if (!is_stdin && S_ISREG(st.st_mode) && size <= SMALL_FILE) {
		size_t len = 0;
		int r;
		if (pool_used + SMALL_FILE + 1 > POOL_BYTES || njobs == MAX_JOBS)
			flush_jobs();
		r = read_small(fd, &len);
		if (r != 0) {
			j = new_job(name, a, expect);
			if (r < 0) {
				j->err = -r;
			} else {
				j->pending = 1;
				j->off = pool_used;
				j->len = len;
				pool_used += (len + 63) & ~(size_t)63;
			}
			goto out;
		}
		/* it grew past SMALL_FILE while we read: stream it from the start */
		if (lseek(fd, 0, SEEK_SET) != 0) {
			int e = errno;
			j = new_job(name, a, expect);
			j->err = e;
			goto out;
		}
	}
	flush_jobs();
	j = new_job(name, a, expect);
	j->err = hash_stream(fd, name, size, !is_stdin, a, j->tag);
	flush_jobs();
out:
	if (!is_stdin)
		close(fd);
}

/* ---------------------------------------------------------------- output */

/* coreutils escaping: a name with a newline, carriage return or backslash is
 * written with those escaped and the whole line gets a leading backslash. */
static int needs_escape(const char *s)
{
	return strpbrk(s, "\\\n\r") != NULL;
}

static void put_name(const char *s, int escape)
{
	for (; *s; s++) {
		if (escape && *s == '\\')
			fputs("\\\\", stdout);
		else if (escape && *s == '\n')
			fputs("\\n", stdout);
		else if (escape && *s == '\r')
			fputs("\\r", stdout);
		else
			putchar(*s);
	}
}

static void put_hex(const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;
	for (i = 0; i < n; i++) {
		putchar(digits[p[i] >> 4]);
		putchar(digits[p[i] & 15]);
	}
}

static int exit_status = EXIT_SUCCESS;

static void report_sum(struct job *j)
{
	int esc;
	if (j->err) {
		warnx_("%s: %s", j->name, strerror(j->err));
		exit_status = EXIT_FAILURE;
		return;
	}
	esc = needs_escape(j->name);
	if (esc)
		putchar('\\');
	if (g.tag_format) {
		printf("%s-%u-%u-%u (", family_name(&j->algo), j->algo.c, j->algo.d, j->algo.bits);
		put_name(j->name, esc);
		fputs(") = ", stdout);
		put_hex(j->tag, tag_bytes(&j->algo));
	} else {
		put_hex(j->tag, tag_bytes(&j->algo));
		fputs("  ", stdout);
		put_name(j->name, esc);
	}
	putchar('\n');
	siphash_wipe(j->tag, sizeof j->tag);
}

/* ---------------------------------------------------------------- check mode */

static struct {
	unsigned long bad_format, mismatched, unreadable, matched;
} ck;

static void report_check(struct job *j)
{
	/* coreutils prints check results escaped only for names with a newline */
	int esc = strchr(j->name, '\n') != NULL;
	const char *verdict;
	if (j->err) {
		if (j->err == ENOENT && g.ignore_missing)
			return;
		warnx_("%s: %s", j->name, strerror(j->err));
		ck.unreadable++;
		verdict = "FAILED open or read";
	} else if (siphash_verify(j->tag, j->expect, tag_bytes(&j->algo)) != SIPHASH_OK) {
		ck.mismatched++;
		verdict = "FAILED";
	} else {
		ck.matched++;
		if (g.quiet)
			return;
		verdict = "OK";
	}
	if (g.status)
		return;
	if (esc)
		putchar('\\');
	put_name(j->name, esc);
	printf(": %s\n", verdict);
}

/* Undoes coreutils escaping in place; returns 0 on an unknown escape. */
static int unescape(char *s)
{
	char *w = s;
	for (; *s; s++) {
		if (*s != '\\') {
			*w++ = *s;
			continue;
		}
		s++;
		if (*s == '\\')
			*w++ = '\\';
		else if (*s == 'n')
			*w++ = '\n';
		else if (*s == 'r')
			*w++ = '\r';
		else
			return 0;
	}
	*w = 0;
	return 1;
}

static size_t hex_run(const char *s)
{
	size_t n = 0;
	while (hexval((unsigned char)s[n]) >= 0)
		n++;
	return n;
}

/* Splits one check line (without its newline) into algorithm, name and tag.
 * Accepts "ALGO (NAME) = TAG", "TAG  NAME" / "TAG *NAME" and, as coreutils
 * does, a tab for the first separator and the one-space "TAG NAME" of md5 -r;
 * returns 0 when the line is improperly formatted. The name points into line.
 * *single says which two-column form the list uses (-1: none seen yet): as in
 * coreutils, one list cannot mix them, so that a name starting with a space
 * or a '*' is never read two ways. */
static int parse_check_line(char *line, struct algo *a, char **name, uint8_t *tag, int *single)
{
	int escaped = 0, had_bits = 0;
	char *open = NULL, *close = NULL, *p;
	size_t n;
	while (*line == ' ' || *line == '\t')
		line++;
	if (*line == '\\') {
		escaped = 1;
		line++;
	}
	/* BSD form: the algorithm name, " (", the name up to the last ") = ", the tag */
	if ((open = strstr(line, " (")) != NULL) {
		for (p = open; (p = strstr(p, ") = ")) != NULL; p++)
			close = p;
	}
	if (open && close && close > open && parse_algo(line, (size_t)(open - line), a, 1, &had_bits)) {
		char *t = close + 4;
		n = strlen(t);
		if (n != 2 * tag_bytes(a) || !unhex(t, n, tag, tag_bytes(a)))
			return 0;
		*close = 0;
		*name = open + 2;
	} else {
		n = hex_run(line);
		*a = g.algo;
		if (!g.length_given) {
			/* like b2sum: without -l, the tag length tells the output length */
			unsigned bits = (unsigned)(n * 4);
			if (n % 2 || !bits_ok(a, bits))
				return 0;
			a->bits = bits;
		}
		if (n != 2 * tag_bytes(a) || (line[n] != ' ' && line[n] != '\t'))
			return 0;
		if (!unhex(line, n, tag, tag_bytes(a)))
			return 0;
		/* one character after the separator is a one-character name; once
		 * a list is in the one-space form, a second space or a '*' belongs
		 * to the name */
		if ((line[n + 1] == ' ' || line[n + 1] == '*') && line[n + 2] != 0 && *single != 1) {
			*single = 0;
			*name = line + n + 2;
		} else {
			if (*single == 0)
				return 0;
			*single = 1;
			*name = line + n + 1;
		}
	}
	if (**name == 0)
		return 0;
	if (escaped && !unescape(*name))
		return 0;
	return 1;
}

/* Verifies every line of one check list; returns 0 on success. */
static int check_list(const char *listname)
{
	FILE *f = strcmp(listname, "-") == 0 ? stdin : fopen(listname, "r");
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	ssize_t len;
	unsigned long good_lines = 0;
	int ok = 1, single = -1;

	memset(&ck, 0, sizeof ck);
	if (!f) {
		warnx_("%s: %s", listname, strerror(errno));
		return 1;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		struct algo a;
		char *name;
		uint8_t tag[16];
		lineno++;
		if (line[0] == '#')
			continue;
		if (line[len - 1] == '\n')
			line[--len] = 0;
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = 0;
		if (len == 0)
			continue;
		if ((size_t)len != strlen(line) || !parse_check_line(line, &a, &name, tag, &single)) {
			ck.bad_format++;
			if (g.warn) {
				/* the results of the lines before it first, as coreutils
				 * prints them: small files wait here to be hashed together */
				flush_jobs();
				warnx_("%s: %zu: improperly formatted SipHash checksum line", listname, lineno);
			}
			continue;
		}
		if (key_bytes(&a) != g.key_len) {
			/* the key was read for the family of --algorithm */
			ck.bad_format++;
			if (!g.status) {
				flush_jobs();
				warnx_("%s: %zu: %s-%u-%u needs %s key; choose its family with --algorithm", listname,
				       lineno, family_name(&a), a.c, a.d, a.half ? "an 8-byte" : "a 16-byte");
			}
			continue;
		}
		good_lines++;
		process_file(name, &a, tag);
	}
	if (ferror(f)) {
		warnx_("%s: %s", listname, strerror(errno));
		ok = 0;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	flush_jobs();

	if (good_lines == 0) {
		warnx_("%s: no properly formatted SipHash checksum lines found", listname);
		return 1;
	}
	if (!g.status) {
		if (ck.bad_format)
			warnx_("WARNING: %lu line%s improperly formatted", ck.bad_format,
			       ck.bad_format == 1 ? " is" : "s are");
		if (ck.unreadable)
			warnx_("WARNING: %lu listed file%s could not be read", ck.unreadable,
			       ck.unreadable == 1 ? "" : "s");
		if (ck.mismatched)
			warnx_("WARNING: %lu computed checksum%s did NOT match", ck.mismatched,
			       ck.mismatched == 1 ? "" : "s");
	}
	if (g.ignore_missing && ck.matched + ck.mismatched + ck.unreadable == 0) {
		warnx_("%s: no file was verified", listname);
		return 1;
	}
	if (ck.mismatched || ck.unreadable || (g.strict && ck.bad_format))
		ok = 0;
	return !ok;
}

/* ---------------------------------------------------------------- main */

static void usage(void)
{
	printf("Usage: %s [OPTION]... [FILE]...\n", prog);
	printf("Print or check keyed SipHash / HalfSipHash tags.\n"
	       "With no FILE, or when FILE is -, read standard input.\n"
	       "\n"
	       "  -a, --algorithm=NAME   siphash-2-4 (default), siphash-1-3, siphash-4-8,\n"
	       "                         halfsiphash-1-3, halfsiphash-2-4, or any siphash-C-D /\n"
	       "                         halfsiphash-C-D with C, D in 1..%d; a -BITS suffix\n"
	       "                         (siphash-2-4-128) also sets the length\n"
	       "  -l, --length=BITS      tag length: 64 (default) or 128 for SipHash,\n"
	       "                         32 or 64 (default) for HalfSipHash\n"
	       "  -k, --key=HEX          the key in hex (32 digits, 16 for HalfSipHash);\n"
	       "                         visible to other local users in the process list:\n"
	       "                         prefer --key-file or SIPSUM_KEY\n"
	       "      --key-file=FILE    read the key from FILE: 16 raw bytes (8 for\n"
	       "                         HalfSipHash) or the same key in hex\n"
	       "      --tag              create a BSD-style checksum\n"
	       "  -c, --check            read tags from the FILEs and check them\n"
	       "      --backend=NAME     use backend NAME: auto, scalar, sse2, avx2, avx512, neon\n"
	       "      --progress         show progress (bytes, percentage, rate) on stderr;\n"
	       "                         automatic on a terminal for inputs over 256 MiB\n"
	       "      --no-progress      never show progress\n"
	       "  -v, --verbose          say which backend ran (and how many files were batched)\n"
	       "\n"
	       "The following five options are useful only when verifying checksums:\n"
	       "      --ignore-missing   don't fail or report status for missing files\n"
	       "      --quiet            don't print OK for each successfully verified file\n"
	       "      --status           don't output anything, status code shows success\n"
	       "      --strict           exit non-zero for improperly formatted checksum lines\n"
	       "  -w, --warn             warn about improperly formatted checksum lines\n"
	       "\n"
	       "      --help             display this help and exit\n"
	       "      --version          output version information and exit\n"
	       "\n"
	       "A key is required: -k, --key-file, or the SIPSUM_KEY environment variable (hex).\n"
	       "Tags are printed as their bytes in lowercase hex, in the reference byte order.\n"
	       "Exit status: 0 on success, 1 if a file could not be read or a tag did not\n"
	       "match, 2 on a usage error (bad option, algorithm, length or key).\n",
	       SIPHASH_MAX_ROUNDS);
}

static const char *backend_now(void)
{
	const char *n = siphash_backend_name(siphash_backend_active());
	return n ? n : "?";
}

static void version(void)
{
	printf("%s (libsiphash) %s\n", prog, SIPHASH_VERSION_STRING);
	printf("library: libsiphash %s, backend: %s\n", siphash_version(), backend_now());
	printf("License: MIT\n");
}

static void select_backend(const char *name)
{
	int b;
	for (b = 0; b < 64; b++) {
		const char *n = siphash_backend_name((siphash_backend)b);
		if (n && strcmp(n, name) == 0) {
			int r = siphash_backend_select((siphash_backend)b);
			if (r == SIPHASH_EUNSUPPORTED)
				die_usage("--backend: '%s' is not built in or not supported by this CPU", name);
			if (r != SIPHASH_OK)
				die_usage("--backend: cannot select '%s'", name);
			return;
		}
	}
	die_usage("--backend: unknown backend '%s'", name);
}

enum {
	OPT_KEY_FILE = 256,
	OPT_TAG,
	OPT_BACKEND,
	OPT_PROGRESS,
	OPT_NO_PROGRESS,
	OPT_IGNORE_MISSING,
	OPT_QUIET,
	OPT_STATUS,
	OPT_STRICT,
	OPT_HELP,
	OPT_VERSION
};

static const struct option long_opts[] = {{"algorithm", required_argument, NULL, 'a'},
                                          {"length", required_argument, NULL, 'l'},
                                          {"key", required_argument, NULL, 'k'},
                                          {"key-file", required_argument, NULL, OPT_KEY_FILE},
                                          {"tag", no_argument, NULL, OPT_TAG},
                                          {"check", no_argument, NULL, 'c'},
                                          {"backend", required_argument, NULL, OPT_BACKEND},
                                          {"progress", no_argument, NULL, OPT_PROGRESS},
                                          {"no-progress", no_argument, NULL, OPT_NO_PROGRESS},
                                          {"verbose", no_argument, NULL, 'v'},
                                          {"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},
                                          {"quiet", no_argument, NULL, OPT_QUIET},
                                          {"status", no_argument, NULL, OPT_STATUS},
                                          {"strict", no_argument, NULL, OPT_STRICT},
                                          {"warn", no_argument, NULL, 'w'},
                                          {"help", no_argument, NULL, OPT_HELP},
                                          {"version", no_argument, NULL, OPT_VERSION},
                                          {NULL, 0, NULL, 0}};

int main(int argc, char **argv)
{
	const char *algo_arg = NULL, *length_arg = NULL, *key_file = NULL, *backend = NULL;
	char *key_arg = NULL;
	int opt, i, algo_bits = 0;
	static char *stdin_only[] = {(char *)"-", NULL};
	char **files;

	g.algo.c = 2;
	g.algo.d = 4;
	g.algo.bits = 64;
	g.progress = -1;
	while ((opt = getopt_long(argc, argv, "a:l:k:cvw", long_opts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			algo_arg = optarg;
			break;
		case 'l':
			length_arg = optarg;
			break;
		case 'k':
			if (key_arg)
				siphash_wipe(key_arg, strlen(key_arg));
			key_arg = optarg;
			break;
		case OPT_KEY_FILE:
			key_file = optarg;
			break;
		case OPT_TAG:
			g.tag_format = 1;
			break;
		case 'c':
			g.check = 1;
			break;
		case OPT_BACKEND:
			backend = optarg;
			break;
		case OPT_PROGRESS:
			g.progress = 1;
			break;
		case OPT_NO_PROGRESS:
			g.progress = 0;
			break;
		case 'v':
			g.verbose = 1;
			break;
		case OPT_IGNORE_MISSING:
			g.ignore_missing = 1;
			break;
		/* --quiet, --status and -w each turn the other two off: the last
		 * given wins, as in coreutils */
		case OPT_QUIET:
			g.quiet = 1;
			g.status = g.warn = 0;
			break;
		case OPT_STATUS:
			g.status = 1;
			g.quiet = g.warn = 0;
			break;
		case OPT_STRICT:
			g.strict = 1;
			break;
		case 'w':
			g.warn = 1;
			g.quiet = g.status = 0;
			break;
		case OPT_HELP:
			usage();
			return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
		case OPT_VERSION:
			version();
			return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n", prog);
			return EXIT_TROUBLE;
		}
	}

	if (algo_arg) {
		int had_bits = 0;
		struct algo a = g.algo;
		if (!parse_algo(algo_arg, strlen(algo_arg), &a, 0, &had_bits))
			die_usage("--algorithm: unknown algorithm '%s' (siphash-C-D or halfsiphash-C-D, C and D in "
			          "1..%d)",
			          algo_arg, SIPHASH_MAX_ROUNDS);
		if (had_bits) {
			algo_bits = (int)a.bits;
			g.length_given = 1;
		} else {
			a.bits = 64; /* the default length of both families */
		}
		g.algo = a;
	}
	if (length_arg) {
		char *end;
		unsigned long bits = strtoul(length_arg, &end, 10);
		if (*length_arg == 0 || *end != 0 || bits > 1024 || !bits_ok(&g.algo, (unsigned)bits))
			die_usage("--length: invalid length '%s' for %s (%s)", length_arg, family_name(&g.algo),
			          g.algo.half ? "32 or 64" : "64 or 128");
		if (algo_bits && (unsigned)algo_bits != bits)
			die_usage("--length=%lu contradicts --algorithm=%s", bits, algo_arg);
		g.algo.bits = (unsigned)bits;
		g.length_given = 1;
	}
	if (g.tag_format && g.check)
		die_usage("the --tag option is meaningless when verifying checksums");
	if (!g.check && (g.quiet || g.status || g.strict || g.warn || g.ignore_missing))
		die_usage("the --quiet, --status, --strict, --warn and --ignore-missing options are meaningful only "
		          "when verifying checksums");
	if (backend)
		select_backend(backend);

	if (key_arg && key_file)
		die_usage("give the key once: --key or --key-file, not both");
	if (key_arg) {
		size_t n = strlen(key_arg);
		key_from_hex(key_arg, n, "--key");
		/* hide the key from later looks at the process list */
		siphash_wipe(key_arg, n);
	} else if (key_file) {
		key_from_file(key_file);
	} else {
		const char *env = getenv("SIPSUM_KEY");
		if (!env || !*env)
			die_usage(
			        "no key given: use --key-file FILE, the SIPSUM_KEY environment variable, or --key HEX");
		key_from_hex(env, strlen(env), "SIPSUM_KEY");
	}
	if (getenv("SIPSUM_NO_BATCH"))
		g.no_batch = 1;

	g.ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	signal(SIGBUS, on_sigbus);
	g.buf = malloc(STREAM_BUF);
	g.pool = malloc(POOL_BYTES);
	if (!g.buf || !g.pool) {
		warnx_("out of memory");
		siphash_wipe(g.key, sizeof g.key);
		return EXIT_TROUBLE;
	}

	files = optind < argc ? argv + optind : stdin_only;
	if (g.check) {
		report_job = report_check;
		for (i = 0; files[i]; i++)
			if (check_list(files[i]))
				exit_status = EXIT_FAILURE;
	} else {
		report_job = report_sum;
		for (i = 0; files[i]; i++)
			process_file(files[i], &g.algo, NULL);
		flush_jobs();
	}

	siphash_wipe(g.key, sizeof g.key);
	siphash_wipe(g.buf, STREAM_BUF);
	siphash_wipe(g.pool, POOL_BYTES);
	free(g.buf);
	free(g.pool);
	if (g.verbose)
		warnx_("backend: %s (library %s); %lu file%s hashed, %lu through the batch API", backend_now(),
		       siphash_version(), g.files_hashed, g.files_hashed == 1 ? "" : "s", g.files_batched);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warnx_("write error: %s", strerror(errno));
		return EXIT_FAILURE;
	}
	return exit_status;
}
