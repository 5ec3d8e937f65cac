/* fuzz_sipsum.c - libFuzzer target: sipsum's --check on fuzzer-made check files, in process, plus its check-line
 * parser. */
/*
 * sipsum.c is compiled into this target (its main renamed) so that the fuzzer
 * sees coverage of the real check code: the line parser, the job queue, the
 * batch and one-shot hashing of the listed files, and the verdicts. Each input
 * is one check file:
 *   byte 0   options: bits 0-2 algorithm (% 6), bit 3 -l given, bit 4 --strict,
 *            bit 5 --warn, bit 6 --ignore-missing, bit 7 --quiet
 *   byte 1   bit 0 no batch API
 *   the rest the check file; every '/' becomes '_', so that listed names can
 *            only be files of the fuzzer's scratch directory ("a", "b", "e" and
 *            the directory "d"), never a device or a file elsewhere.
 * It must never crash, leak or hang, check_list() must give 0 or 1 (the exit
 * status of a run), and every line the parser accepts must name a valid
 * algorithm that the library accepts, with the name inside the line.
 * Run with -close_fd_mask=3: sipsum's verdicts and warnings are not needed.
 */
#define main sipsum_main
int sipsum_main(int argc, char **argv);
#include "sipsum.c"
#undef main

#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct algo algos[6] = {{0, 2, 4, 64}, {0, 1, 3, 128}, {1, 2, 4, 32},
                                     {1, 1, 3, 64}, {0, 4, 8, 64},  {0, 3, 5, 128}};

static void write_file(const char *name, const void *p, size_t n)
{
	FILE *f = fopen(name, "wb");
	FZ_CHECK(f && fwrite(p, 1, n, f) == n && fclose(f) == 0, "cannot write %s", name);
}

static char scratch[256];

/* Leaves no scratch directory behind when libFuzzer exits normally. */
static void cleanup(void)
{
	static const char *const names[] = {"a", "b", "e", "list"};
	size_t i;
	if (!scratch[0] || chdir(scratch) != 0)
		return;
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		(void)unlink(names[i]);
	(void)rmdir("d");
	if (chdir("/") == 0)
		(void)rmdir(scratch);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	uint8_t b[100];
	size_t i;
	(void)argc;
	(void)argv;
	/* tmpfs when there is one: ext4 flushes a truncated-and-rewritten file on close, 6x slower here. */
	if (!tmp || !*tmp || strlen(tmp) >= 200)
		tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	snprintf(scratch, sizeof scratch, "%s/fuzz_sipsum.XXXXXX", tmp);
	FZ_CHECK(mkdtemp(scratch) && chdir(scratch) == 0, "cannot make a scratch directory %s", scratch);
	atexit(cleanup);
	for (i = 0; i < sizeof b; i++)
		b[i] = (uint8_t)(i * 7);
	write_file("a", "abc", 3);
	write_file("b", b, sizeof b);
	write_file("e", "", 0);
	FZ_CHECK(mkdir("d", 0700) == 0, "mkdir d");
	/* "-" in a check file means standard input: make it empty rather than the terminal. */
	FZ_CHECK(freopen("/dev/null", "r", stdin) != NULL, "stdin");
	/* What main() sets up before checking: key 00 01 .. 0f, buffers, the verdict printer. */
	for (i = 0; i < SIPHASH_KEY_BYTES; i++)
		g.key[i] = (uint8_t)i;
	g.buf = (uint8_t *)malloc(STREAM_BUF);
	g.pool = (uint8_t *)malloc(POOL_BYTES);
	FZ_CHECK(g.buf && g.pool, "out of memory");
	g.ncpu = 1;
	g.progress = 0;
	g.check = 1;
	report_job = report_check;
	fz_init_backends();
	return 0;
}

/* The parser alone on each line, with the invariants its callers rely on. */
static void check_parser(const char *text, size_t n)
{
	const siphash_key k = {0, 0};
	const halfsiphash_key hk = {0, 0};
	size_t start = 0, end;
	int single = -1; /* the two-column form the list keeps to, as check_list() tracks it */
	while (start < n) {
		char *line, *name = NULL;
		struct algo a;
		uint8_t tag[16], out[16];
		size_t len;
		for (end = start; end < n && text[end] != '\n'; end++)
			;
		len = end - start;
		if (len && text[start + len - 1] == '\r')
			len--;
		line = (char *)malloc(len + 1);
		FZ_CHECK(line != NULL, "out of memory");
		memcpy(line, text + start, len);
		line[len] = 0;
		memset(&a, 0, sizeof a);
		if (strlen(line) == len && parse_check_line(line, &a, &name, tag, &single)) {
			int rc;
			FZ_CHECK(name >= line && name < line + len && *name, "accepted name outside the line");
			FZ_CHECK(bits_ok(&a, a.bits), "accepted %u-bit tag for half=%d", a.bits, a.half);
			rc = a.half ? halfsiphash_hash(&hk, a.c, a.d, "", 0, out, tag_bytes(&a))
			            : siphash_hash(&k, a.c, a.d, "", 0, out, tag_bytes(&a));
			FZ_CHECK(rc == SIPHASH_OK, "accepted %s-%u-%u-%u which the library refuses", family_name(&a),
			         a.c, a.d, a.bits);
		}
		free(line);
		start = end + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_reader r = {data, size};
	unsigned flags = fz_byte(&r), more = fz_byte(&r);
	char *text = (char *)malloc(r.n + 1);
	size_t i, lines = 0;
	int rc;
	FZ_CHECK(text != NULL, "out of memory");
	for (i = 0; i < r.n; i++) {
		text[i] = r.p[i] == '/' ? '_' : (char)r.p[i];
		lines += r.p[i] == '\n';
	}
	g.algo = algos[(flags & 7) % 6];
	g.length_given = (flags >> 3) & 1;
	g.strict = (flags >> 4) & 1;
	g.warn = (flags >> 5) & 1;
	g.ignore_missing = (flags >> 6) & 1;
	g.quiet = (flags >> 7) & 1;
	g.no_batch = more & 1;
	g.key_len = key_bytes(&g.algo);
	check_parser(text, r.n);
	write_file("list", text, r.n);
	rc = check_list("list");
	FZ_CHECK(rc == 0 || rc == 1, "check_list returned %d", rc);
	FZ_CHECK(ck.matched + ck.mismatched + ck.unreadable + ck.bad_format <= lines + 1, "more verdicts than lines");
	FZ_CHECK(njobs == 0 && pool_used == 0, "jobs left queued");
	free(text);
	return 0;
}
