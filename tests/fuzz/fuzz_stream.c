/* fuzz_stream.c - libFuzzer target: the streaming API under a fuzzer-chosen sequence of init/update/final/copy/wipe. */
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The input is a program: one op byte, then its operands, until the input
 * ends. Four slots each hold a SipHash or HalfSipHash state and, beside it,
 * every byte it absorbed (the shadow message); every final must equal the
 * one-shot tag of the shadow message, on whatever backend is active then
 * (states are plain values, so switching backends mid-stream must not matter).
 *   op % 6 == 0  init   slot, kind, c, d, outlen choice, 16 key bytes
 *                       (c, d and outlen may be invalid: then EINVAL and an untouched state)
 *   op % 6 == 1  update slot, length byte (>= 240: a long run), then that many data bytes from the input;
 *                when op / 6 is odd, a piece byte first: the data goes in updates of a constant
 *                1 + piece % 8 bytes (the header's inline path for up to a block), the rest in
 *                one more call
 *   op % 6 == 2  final  slot
 *   op % 6 == 3  copy   from slot, to slot (plain struct assignment)
 *   op % 6 == 4  select backend byte
 *   op % 6 == 5  wipe   slot
 */
#define NSLOTS 4

typedef struct slot {
	int kind; /* 0 empty, 1 SipHash, 2 HalfSipHash */
	siphash_state st;
	halfsiphash_state hst;
	uint8_t key[16];
	unsigned c, d;
	size_t outlen;
	uint8_t *shadow;
	size_t len;
} slot;

static const size_t outlen_choice[6] = {8, 16, 4, 0, 12, 32};

static void op_init(fz_reader *r, slot *s)
{
	int half = fz_byte(r) & 1;
	unsigned c = fz_byte(r) % (SIPHASH_MAX_ROUNDS + 3), d = fz_byte(r) % (SIPHASH_MAX_ROUNDS + 3);
	size_t outlen = outlen_choice[fz_byte(r) % 6];
	int valid = c >= 1 && c <= SIPHASH_MAX_ROUNDS && d >= 1 && d <= SIPHASH_MAX_ROUNDS &&
	            (half ? outlen == 4 || outlen == 8 : outlen == 8 || outlen == 16);
	uint8_t key[16];
	int rc;
	fz_bytes(r, key, 16);
	if (half) {
		halfsiphash_key k = halfsiphash_key_from_bytes(key);
		halfsiphash_state before = s->hst;
		rc = halfsiphash_init(&s->hst, &k, c, d, outlen);
		if (!valid)
			FZ_CHECK(!memcmp(&before, &s->hst, sizeof before), "failed halfsiphash_init wrote the state");
	} else {
		siphash_key k = siphash_key_from_bytes(key);
		siphash_state before = s->st;
		rc = siphash_init(&s->st, &k, c, d, outlen);
		if (!valid)
			FZ_CHECK(!memcmp(&before, &s->st, sizeof before), "failed siphash_init wrote the state");
	}
	FZ_CHECK(rc == (valid ? SIPHASH_OK : SIPHASH_EINVAL), "init half=%d c=%u d=%u outlen=%zu returned %d", half, c,
	         d, outlen, rc);
	if (!valid)
		return;
	s->kind = half ? 2 : 1;
	memcpy(s->key, key, 16);
	s->c = c;
	s->d = d;
	s->outlen = outlen;
	s->len = 0;
}

/* n bytes at p in updates of the constant K bytes, the rest in one more: K
 * must be a constant for the header's inline update to take it. */
#define FZ_PIECES(update, st, p, n, K)                                                                                 \
	do {                                                                                                           \
		size_t i_ = 0;                                                                                         \
		for (; (n)-i_ >= (K); i_ += (K))                                                                       \
			update(st, (p) + i_, K);                                                                       \
		if (i_ < (n))                                                                                          \
			update(st, (p) + i_, (n)-i_);                                                                  \
	} while (0)
#define FZ_PIECES_OF(k, update, st, p, n)                                                                              \
	do {                                                                                                           \
		switch (k) {                                                                                           \
		case 1:                                                                                                \
			FZ_PIECES(update, st, p, n, 1);                                                                \
			break;                                                                                         \
		case 2:                                                                                                \
			FZ_PIECES(update, st, p, n, 2);                                                                \
			break;                                                                                         \
		case 3:                                                                                                \
			FZ_PIECES(update, st, p, n, 3);                                                                \
			break;                                                                                         \
		case 4:                                                                                                \
			FZ_PIECES(update, st, p, n, 4);                                                                \
			break;                                                                                         \
		case 5:                                                                                                \
			FZ_PIECES(update, st, p, n, 5);                                                                \
			break;                                                                                         \
		case 6:                                                                                                \
			FZ_PIECES(update, st, p, n, 6);                                                                \
			break;                                                                                         \
		case 7:                                                                                                \
			FZ_PIECES(update, st, p, n, 7);                                                                \
			break;                                                                                         \
		default:                                                                                               \
			FZ_PIECES(update, st, p, n, 8);                                                                \
			break;                                                                                         \
		}                                                                                                      \
	} while (0)

/* pieces 0: one update of the whole length; 1..8: updates of that constant size. */
static void op_update(fz_reader *r, slot *s, unsigned pieces)
{
	size_t n = fz_byte(r);
	if (n >= 240)
		n = (n - 239) * 97; /* up to ~1.5 KiB: many whole blocks in one call */
	if (n > r->n)
		n = r->n;
	if (pieces && n) {
		if (s->kind == 1)
			FZ_PIECES_OF(pieces, siphash_update, &s->st, r->p, n);
		else if (s->kind == 2)
			FZ_PIECES_OF(pieces, halfsiphash_update, &s->hst, r->p, n);
	} else if (s->kind == 1) {
		siphash_update(&s->st, n ? r->p : NULL, n);
	} else if (s->kind == 2) {
		halfsiphash_update(&s->hst, n ? r->p : NULL, n);
	}
	if (s->kind && n) {
		memcpy(s->shadow + s->len, r->p, n);
		s->len += n;
	}
	r->p += n;
	r->n -= n;
}

static void op_final(const slot *s)
{
	uint8_t got[16], want[16], ref[16];
	if (s->kind == 1) {
		siphash_key k = siphash_key_from_bytes(s->key);
		siphash_state before = s->st;
		memset(got, 0, sizeof got);
		siphash_final(&s->st, got);
		FZ_CHECK(!memcmp(&before, &s->st, sizeof before), "siphash_final changed the state");
		FZ_CHECK(siphash_hash(&k, s->c, s->d, s->len ? s->shadow : NULL, s->len, want, s->outlen) == SIPHASH_OK,
		         "siphash_hash");
		tu_ref_siphash(s->key, s->c, s->d, s->shadow, s->len, ref, s->outlen);
	} else if (s->kind == 2) {
		halfsiphash_key k = halfsiphash_key_from_bytes(s->key);
		halfsiphash_state before = s->hst;
		memset(got, 0, sizeof got);
		halfsiphash_final(&s->hst, got);
		FZ_CHECK(!memcmp(&before, &s->hst, sizeof before), "halfsiphash_final changed the state");
		FZ_CHECK(halfsiphash_hash(&k, s->c, s->d, s->len ? s->shadow : NULL, s->len, want, s->outlen) ==
		                 SIPHASH_OK,
		         "halfsiphash_hash");
		tu_ref_halfsiphash(s->key, s->c, s->d, s->shadow, s->len, ref, s->outlen);
	} else {
		/* never initialised or wiped: zeroed states, whose final writes nothing */
		size_t i;
		memset(got, 0xa5, sizeof got);
		siphash_final(&s->st, got);
		halfsiphash_final(&s->hst, got);
		for (i = 0; i < sizeof got; i++)
			FZ_CHECK(got[i] == 0xa5, "final of a zeroed state wrote byte %zu", i);
		return;
	}
	FZ_CHECK(!memcmp(want, ref, s->outlen), "one-shot differs from the reference kind=%d c=%u d=%u len=%zu",
	         s->kind, s->c, s->d, s->len);
	FZ_CHECK(!memcmp(got, want, s->outlen), "final differs from one-shot kind=%d c=%u d=%u len=%zu outlen=%zu",
	         s->kind, s->c, s->d, s->len, s->outlen);
}

static void op_copy(slot *from, slot *to)
{
	uint8_t *keep = to->shadow;
	if (from == to)
		return;
	*to = *from;
	to->shadow = keep;
	memcpy(to->shadow, from->shadow, from->len);
}

static void op_wipe(slot *s)
{
	static const uint8_t zero[sizeof(siphash_state)];
	siphash_wipe(&s->st, sizeof s->st);
	siphash_wipe(&s->hst, sizeof s->hst);
	FZ_CHECK(!memcmp(&s->st, zero, sizeof s->st) && !memcmp(&s->hst, zero, sizeof s->hst),
	         "siphash_wipe left bytes");
	s->kind = 0;
	s->len = 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init_backends();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_reader r = {data, size};
	slot slots[NSLOTS];
	int i;
	memset(slots, 0, sizeof slots);
	for (i = 0; i < NSLOTS; i++) {
		slots[i].shadow = (uint8_t *)malloc(size + 1);
		FZ_CHECK(slots[i].shadow != NULL, "out of memory");
	}
	fz_select(fz_backends[0]);
	while (r.n) {
		unsigned opb = fz_byte(&r), op = opb % 6;
		slot *s = &slots[fz_byte(&r) % NSLOTS];
		switch (op) {
		case 0:
			op_init(&r, s);
			break;
		case 1:
			op_update(&r, s, (opb / 6) & 1 ? 1 + fz_byte(&r) % 8 : 0);
			break;
		case 2:
			op_final(s);
			break;
		case 3:
			op_copy(s, &slots[fz_byte(&r) % NSLOTS]);
			break;
		case 4:
			fz_select(fz_backends[fz_byte(&r) % (unsigned)fz_nbackends]);
			break;
		default:
			op_wipe(s);
			break;
		}
	}
	/* Whatever the program did, each live slot still finalises correctly. */
	for (i = 0; i < NSLOTS; i++) {
		op_final(&slots[i]);
		free(slots[i].shadow);
	}
	siphash_backend_select(SIPHASH_BACKEND_AUTO);
	return 0;
}
