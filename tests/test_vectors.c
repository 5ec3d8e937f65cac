/* test_vectors.c - every reference vector through every entry point (fixed, generic, streaming, batch) on every
 * backend. */
#include "testutil.h"

static tu_vector *vecs;
static size_t nvecs;

/* The fixed function for v's variant, into out; 0 when there is none. */
static int fixed_tag(const tu_vector *v, const void *msg, uint8_t *out)
{
	siphash_key k = siphash_key_from_bytes(v->key);
	halfsiphash_key hk = halfsiphash_key_from_bytes(v->key);
	unsigned cd = v->c * 10 + v->d;
	if (!v->half && v->bits == 64) {
		switch (cd) {
		case 13:
			tu_store_le(out, siphash13_64(&k, msg, v->len), 8);
			return 1;
		case 24:
			tu_store_le(out, siphash24_64(&k, msg, v->len), 8);
			return 1;
		case 48:
			tu_store_le(out, siphash48_64(&k, msg, v->len), 8);
			return 1;
		default:
			return 0;
		}
	}
	if (!v->half) {
		switch (cd) {
		case 13:
			siphash13_128(&k, msg, v->len, out);
			return 1;
		case 24:
			siphash24_128(&k, msg, v->len, out);
			return 1;
		case 48:
			siphash48_128(&k, msg, v->len, out);
			return 1;
		default:
			return 0;
		}
	}
	switch (cd * 100 + v->bits) {
	case 1332:
		tu_store_le(out, halfsiphash13_32(&hk, msg, v->len), 4);
		return 1;
	case 2432:
		tu_store_le(out, halfsiphash24_32(&hk, msg, v->len), 4);
		return 1;
	case 1364:
		tu_store_le(out, halfsiphash13_64(&hk, msg, v->len), 8);
		return 1;
	case 2464:
		tu_store_le(out, halfsiphash24_64(&hk, msg, v->len), 8);
		return 1;
	default:
		return 0;
	}
}

static int generic_tag(const tu_vector *v, const void *msg, size_t len, uint8_t *out)
{
	if (v->half) {
		halfsiphash_key hk = halfsiphash_key_from_bytes(v->key);
		return halfsiphash_hash(&hk, v->c, v->d, msg, len, out, v->bits / 8);
	} else {
		siphash_key k = siphash_key_from_bytes(v->key);
		return siphash_hash(&k, v->c, v->d, msg, len, out, v->bits / 8);
	}
}

/* A stream of either flavour, so the split logic below is written once. */
typedef struct stream {
	int half;
	siphash_state s;
	halfsiphash_state h;
} stream;

static void st_init(stream *st, const tu_vector *v)
{
	st->half = v->half;
	if (v->half) {
		halfsiphash_key hk = halfsiphash_key_from_bytes(v->key);
		TU_CHECK(halfsiphash_init(&st->h, &hk, v->c, v->d, v->bits / 8) == SIPHASH_OK, "init");
	} else {
		siphash_key k = siphash_key_from_bytes(v->key);
		TU_CHECK(siphash_init(&st->s, &k, v->c, v->d, v->bits / 8) == SIPHASH_OK, "init");
	}
}

static void st_update(stream *st, const void *p, size_t n)
{
	if (st->half)
		halfsiphash_update(&st->h, p, n);
	else
		siphash_update(&st->s, p, n);
}

static void st_final(const stream *st, uint8_t *out)
{
	if (st->half)
		halfsiphash_final(&st->h, out);
	else
		siphash_final(&st->s, out);
}

/* Split modes: whole, byte by byte, random sizes 0..18 (zero-length updates
 * included), a zero-length update between every block-sized step. */
static void check_streaming(const tu_vector *v)
{
	uint8_t out[16];
	size_t nb = v->bits / 8;
	int mode;
	for (mode = 0; mode < 4; mode++) {
		stream st;
		size_t off = 0;
		st_init(&st, v);
		while (off < v->len) {
			size_t step = mode == 0 ? v->len : mode == 1 ? 1 : mode == 2 ? (size_t)(tu_rand() % 19) : 8;
			if (step > v->len - off)
				step = v->len - off;
			st_update(&st, v->msg + off, step);
			if (mode == 3)
				st_update(&st, v->msg + off, 0);
			off += step;
		}
		memset(out, 0xaa, sizeof out);
		st_final(&st, out);
		TU_CHECK(!memcmp(out, v->tag, nb), "stream mode %d c=%u d=%u bits=%u len=%zu", mode, v->c, v->d,
		         v->bits, v->len);
	}
	/* final in the middle, fork by copy, continue both, final again */
	{
		stream a, b;
		uint8_t mid[16], want_mid[16], ta[16], tb[16];
		size_t cut = v->len / 3;
		st_init(&a, v);
		st_update(&a, v->msg, cut);
		st_final(&a, mid);
		TU_CHECK(generic_tag(v, v->msg, cut, want_mid) == SIPHASH_OK && !memcmp(mid, want_mid, nb),
		         "final at %zu of %zu", cut, v->len);
		b = a;
		st_update(&a, v->msg + cut, v->len - cut);
		st_update(&b, v->msg + cut, v->len - cut);
		st_final(&a, ta);
		st_final(&b, tb);
		st_final(&a, mid); /* a second final gives the same tag */
		TU_CHECK(!memcmp(ta, v->tag, nb) && !memcmp(tb, v->tag, nb) && !memcmp(mid, v->tag, nb),
		         "fork/continue len=%zu", v->len);
	}
}

static void check_vector(const tu_vector *v)
{
	static uint8_t shifted[65536 + 16];
	uint8_t out[16];
	size_t nb = v->bits / 8;
	int off;
	memset(out, 0xaa, sizeof out);
	TU_CHECK(generic_tag(v, v->len ? v->msg : NULL, v->len, out) == SIPHASH_OK && !memcmp(out, v->tag, nb),
	         "generic c=%u d=%u bits=%u len=%zu", v->c, v->d, v->bits, v->len);
	for (off = 0; off < 8; off++) {
		memcpy(shifted + off, v->msg, v->len);
		memset(out, 0xaa, sizeof out);
		if (fixed_tag(v, shifted + off, out))
			TU_CHECK(!memcmp(out, v->tag, nb), "fixed c=%u d=%u bits=%u len=%zu offset %d", v->c, v->d,
			         v->bits, v->len, off);
		memset(out, 0xaa, sizeof out);
		TU_CHECK(generic_tag(v, shifted + off, v->len, out) == SIPHASH_OK && !memcmp(out, v->tag, nb),
		         "generic offset %d len=%zu", off, v->len);
	}
	check_streaming(v);
}

/* All vectors of one variant in one batch call (and every shorter prefix up
 * to 17), so lanes see mixed lengths. */
static void check_batches(void)
{
	size_t i = 0;
	while (i < nvecs) {
		const tu_vector *v = &vecs[i];
		size_t j = i, n, m, q;
		const void **msgs;
		size_t *lens;
		uint64_t *o64;
		uint32_t *o32;
		uint8_t(*o128)[16];
		while (j < nvecs && vecs[j].half == v->half && vecs[j].c == v->c && vecs[j].d == v->d &&
		       vecs[j].bits == v->bits && !memcmp(vecs[j].key, v->key, 16))
			j++;
		n = j - i;
		msgs = (const void **)malloc(n * sizeof *msgs);
		lens = (size_t *)malloc(n * sizeof *lens);
		o64 = (uint64_t *)malloc(n * sizeof *o64);
		o32 = (uint32_t *)malloc(n * sizeof *o32);
		o128 = (uint8_t(*)[16])malloc(n * sizeof *o128);
		/* reverse order: neighbouring lanes get very different lengths */
		for (m = 0; m < n; m++) {
			msgs[m] = vecs[j - 1 - m].msg;
			lens[m] = vecs[j - 1 - m].len;
		}
		for (q = 0; q <= n; q = q < 17 ? q + 1 : (q == n ? n + 1 : n)) {
			siphash_key k = siphash_key_from_bytes(v->key);
			halfsiphash_key hk = halfsiphash_key_from_bytes(v->key);
			int done = 1;
			unsigned cd = v->c * 10 + v->d;
			if (!v->half && v->bits == 64 && cd == 13)
				siphash13_64_batch(&k, msgs, lens, q, o64);
			else if (!v->half && v->bits == 64 && cd == 24)
				siphash24_64_batch(&k, msgs, lens, q, o64);
			else if (!v->half && v->bits == 64 && cd == 48)
				siphash48_64_batch(&k, msgs, lens, q, o64);
			else if (!v->half && cd == 13)
				siphash13_128_batch(&k, msgs, lens, q, o128);
			else if (!v->half && cd == 24)
				siphash24_128_batch(&k, msgs, lens, q, o128);
			else if (!v->half && cd == 48)
				siphash48_128_batch(&k, msgs, lens, q, o128);
			else if (v->half && v->bits == 32 && cd == 13)
				halfsiphash13_32_batch(&hk, msgs, lens, q, o32);
			else if (v->half && v->bits == 32 && cd == 24)
				halfsiphash24_32_batch(&hk, msgs, lens, q, o32);
			else if (v->half && v->bits == 64 && cd == 13)
				halfsiphash13_64_batch(&hk, msgs, lens, q, o64);
			else if (v->half && v->bits == 64 && cd == 24)
				halfsiphash24_64_batch(&hk, msgs, lens, q, o64);
			else
				done = 0;
			if (!done)
				break;
			for (m = 0; m < q; m++) {
				const tu_vector *w = &vecs[j - 1 - m];
				uint8_t got[16];
				if (v->bits == 128)
					memcpy(got, o128[m], 16);
				else if (v->bits == 32)
					tu_store_le(got, o32[m], 4);
				else
					tu_store_le(got, o64[m], 8);
				TU_CHECK(!memcmp(got, w->tag, v->bits / 8),
				         "batch n=%zu lane %zu c=%u d=%u bits=%u len=%zu", q, m, v->c, v->d, v->bits,
				         w->len);
			}
		}
		free(msgs);
		free(lens);
		free(o64);
		free(o32);
		free(o128);
		i = j;
	}
}

/* The key words are the bytes read little-endian on every host (API.md); the
 * vectors would catch a swap only through the tags, and only on big-endian
 * hosts, so the words are checked as numbers here. */
static void check_key_words(void)
{
	static const uint8_t kb[16] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	                               0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
	siphash_key k = siphash_key_from_bytes(kb);
	halfsiphash_key hk = halfsiphash_key_from_bytes(kb);
	TU_CHECK(k.k0 == 0x0706050403020100u && k.k1 == 0xffeeddccbbaa9988u, "siphash_key words %016llx %016llx",
	         (unsigned long long)k.k0, (unsigned long long)k.k1);
	TU_CHECK(hk.k0 == 0x03020100u && hk.k1 == 0x07060504u, "halfsiphash_key words %08lx %08lx",
	         (unsigned long)hk.k0, (unsigned long)hk.k1);
}

static void run_all(void)
{
	size_t i;
	for (i = 0; i < nvecs; i++)
		check_vector(&vecs[i]);
	check_batches();
}

int main(int argc, char **argv)
{
	size_t i;
	if (argc < 2) {
		fprintf(stderr, "usage: %s siphash-vectors.txt\n", argv[0]);
		return 2;
	}
	vecs = tu_load_vectors(argv[1], &nvecs);
	check_key_words();
	printf("%zu vectors, %d backends\n", nvecs, tu_for_each_backend(run_all));
	for (i = 0; i < nvecs; i++)
		free(vecs[i].msg);
	free(vecs);
	return tu_finish();
}
