/* test_stream_inline.c - streaming with compile-time-constant update lengths (the header's inline fast path) on every
 * backend. */
#include "testutil.h"

#define MAXLEN 300

static uint8_t buf[MAXLEN];

/* Feeds m[0..len) through fam##_update in updates of the constant U (the
 * inline path when U is below the block size), then the rest. */
#define FEED(fam, st, m, len, U)                                                                                       \
	do {                                                                                                           \
		size_t pos_ = 0;                                                                                       \
		for (; len - pos_ >= (U); pos_ += (U))                                                                 \
			fam##_update(st, m + pos_, U);                                                                 \
		fam##_update(st, m + pos_, len - pos_);                                                                \
	} while (0)

/* One family's checks against the reference tag `want`: constant update
 * sizes below and above the block size; single bytes mixed with the exported
 * function called by name (the macro suppressed) around a final taken
 * mid-stream; constant updates starting from every position in a block,
 * after a prefix of len % block bytes through the exported function; and
 * constant updates of a whole block's size after a prefix of 1 to block - 1
 * bytes, so that each straddles two blocks. */
#define CHECK_FAMILY(fam, block)                                                                                       \
	do {                                                                                                           \
		static const size_t sizes_[] = {1, 2, 3, 4, 5, 7, 8};                                                  \
		size_t u_, i_, j_;                                                                                     \
		for (u_ = 0; u_ < sizeof sizes_ / sizeof sizes_[0]; u_++) {                                            \
			fam##_init(&st, &k, c, d, outlen);                                                             \
			switch (sizes_[u_]) { /* constants, so that the inline path applies */                         \
			case 1:                                                                                        \
				FEED(fam, &st, buf, len, 1);                                                           \
				break;                                                                                 \
			case 2:                                                                                        \
				FEED(fam, &st, buf, len, 2);                                                           \
				break;                                                                                 \
			case 3:                                                                                        \
				FEED(fam, &st, buf, len, 3);                                                           \
				break;                                                                                 \
			case 4:                                                                                        \
				FEED(fam, &st, buf, len, 4);                                                           \
				break;                                                                                 \
			case 5:                                                                                        \
				FEED(fam, &st, buf, len, 5);                                                           \
				break;                                                                                 \
			case 7:                                                                                        \
				FEED(fam, &st, buf, len, 7);                                                           \
				break;                                                                                 \
			default:                                                                                       \
				FEED(fam, &st, buf, len, 8);                                                           \
				break;                                                                                 \
			}                                                                                              \
			memset(got, 0, sizeof got);                                                                    \
			fam##_final(&st, got);                                                                         \
			TU_CHECK(!memcmp(got, want, outlen), #fam " c=%u d=%u len=%zu outlen=%zu update=%zu", c, d,    \
			         len, outlen, sizes_[u_]);                                                             \
		}                                                                                                      \
		fam##_init(&st, &k, c, d, outlen);                                                                     \
		for (i_ = 0; i_ < len; i_++) {                                                                         \
			if (i_ % 3 == 2)                                                                               \
				(fam##_update)(&st, buf + i_, 1);                                                      \
			else                                                                                           \
				fam##_update(&st, buf + i_, 1);                                                        \
			if (i_ == len / 2)                                                                             \
				fam##_final(&st, got);                                                                 \
		}                                                                                                      \
		memset(got, 0, sizeof got);                                                                            \
		fam##_final(&st, got);                                                                                 \
		TU_CHECK(!memcmp(got, want, outlen), #fam " mixed c=%u d=%u len=%zu outlen=%zu", c, d, len, outlen);   \
		fam##_init(&st, &k, c, d, outlen);                                                                     \
		i_ = len % (block);                                                                                    \
		(fam##_update)(&st, buf, i_);                                                                          \
		for (; len - i_ >= 3; i_ += 3)                                                                         \
			fam##_update(&st, buf + i_, 3);                                                                \
		(fam##_update)(&st, buf + i_, len - i_);                                                               \
		memset(got, 0, sizeof got);                                                                            \
		fam##_final(&st, got);                                                                                 \
		TU_CHECK(!memcmp(got, want, outlen), #fam " offset c=%u d=%u len=%zu outlen=%zu", c, d, len, outlen);  \
		for (j_ = 1; j_ < (block) && j_ <= len; j_++) {                                                        \
			fam##_init(&st, &k, c, d, outlen);                                                             \
			(fam##_update)(&st, buf, j_);                                                                  \
			for (i_ = j_; len - i_ >= (block); i_ += (block))                                              \
				fam##_update(&st, buf + i_, block);                                                    \
			(fam##_update)(&st, buf + i_, len - i_);                                                       \
			memset(got, 0, sizeof got);                                                                    \
			fam##_final(&st, got);                                                                         \
			TU_CHECK(!memcmp(got, want, outlen), #fam " whole blocks after %zu c=%u d=%u len=%zu", j_, c,  \
			         d, len);                                                                              \
		}                                                                                                      \
	} while (0)

static void check_sip(const uint8_t key[16], unsigned c, unsigned d, size_t len, size_t outlen)
{
	siphash_key k = siphash_key_from_bytes(key);
	uint8_t want[16], got[16];
	siphash_state st;
	tu_ref_siphash(key, c, d, buf, len, want, outlen);
	CHECK_FAMILY(siphash, 8);
}

static void check_half(const uint8_t key[8], unsigned c, unsigned d, size_t len, size_t outlen)
{
	halfsiphash_key k = halfsiphash_key_from_bytes(key);
	uint8_t want[8], got[8];
	halfsiphash_state st;
	tu_ref_halfsiphash(key, c, d, buf, len, want, outlen);
	CHECK_FAMILY(halfsiphash, 4);
}

static void run(void)
{
	static const unsigned rounds[][2] = {{1, 3}, {2, 4}, {4, 8}, {3, 5}};
	uint8_t key[16];
	size_t len, r;
	for (len = 0; len <= 70; len++)
		for (r = 0; r < sizeof rounds / sizeof rounds[0]; r++) {
			tu_fill(key, sizeof key);
			tu_fill(buf, len);
			check_sip(key, rounds[r][0], rounds[r][1], len, r % 2 ? 16 : 8);
			check_half(key, rounds[r][0], rounds[r][1], len, r % 2 ? 8 : 4);
		}
	tu_fill(buf, MAXLEN);
	check_sip(key, 2, 4, MAXLEN, 8);
	check_half(key, 2, 4, MAXLEN, 4);
}

int main(void)
{
	tu_for_each_backend(run);
	return tu_finish();
}
