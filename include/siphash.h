/* siphash.h - public API of libsiphash: SipHash and HalfSipHash, one-shot, streaming and batch. */
#ifndef SIPHASH_H
#define SIPHASH_H

/*
 * Conventions shared by every function below
 * -------------------------------------------
 * Tags are computed exactly as the reference C code of Aumasson and Bernstein
 * (siphash.c, halfsiphash.c) computes them. A tag returned as an integer is the
 * tag's bytes read as a little-endian integer, on every host: storing it
 * little-endian gives the reference tag bytes. Tags written to a buffer are the
 * reference bytes.
 *
 * `data` may be unaligned, and may be NULL when its length is 0.
 *
 * Errors: functions that return `int` return SIPHASH_OK or a negative
 * SIPHASH_E* code and write nothing on error (siphash_backend_supported, which
 * answers 1 or 0, is the exception). Functions that return a tag cannot
 * report an error; they are documented with what they do on NULL pointers
 * (return 0, write nothing), so that no NULL pointer, bad round count or bad
 * tag size crashes the library. Memory the caller gets wrong otherwise (a
 * dangling pointer, a length past the end of its buffer, an out buffer
 * shorter than the tag, a state never initialised) is undefined behaviour, as
 * for memcpy. The library never prints, aborts or exits.
 *
 * Thread-safety: every function is safe to call from any number of threads at
 * once, except that one streaming state must not be used by two threads at the
 * same time without the caller's own locking (states are plain values).
 * Backend selection is global, atomic and lock-free.
 *
 * Keys are secret: the hashing paths contain no branch and no memory index
 * that depends on key or state values. Wipe keys and states with
 * siphash_wipe() when done.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIPHASH_VERSION_MAJOR 1
#define SIPHASH_VERSION_MINOR 0
#define SIPHASH_VERSION_PATCH 0
#define SIPHASH_VERSION_STRING "1.0.0"

/* SIPHASH_API marks the exported functions; everything else in the shared
 * library is hidden. Define SIPHASH_STATIC_DEFINE when linking the static
 * library on platforms where that matters (the CMake target does it). */
#ifndef SIPHASH_API
#if defined(_WIN32) && !defined(SIPHASH_STATIC_DEFINE)
#ifdef SIPHASH_BUILDING
#define SIPHASH_API __declspec(dllexport)
#else
#define SIPHASH_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define SIPHASH_API __attribute__((visibility("default")))
#else
#define SIPHASH_API
#endif
#endif

#define SIPHASH_KEY_BYTES 16
#define HALFSIPHASH_KEY_BYTES 8
#define SIPHASH_MAX_ROUNDS 64 /* c and d must be in 1..SIPHASH_MAX_ROUNDS */

#define SIPHASH_OK 0
#define SIPHASH_EINVAL (-1)       /* bad rounds, bad output length, NULL pointer, n = 0 for siphash_verify */
#define SIPHASH_EUNSUPPORTED (-2) /* backend not built in, or this CPU lacks it */
#define SIPHASH_EMISMATCH (-3)    /* siphash_verify: the tags differ */

/* Returns SIPHASH_VERSION_STRING as compiled into the library (useful to spot
 * a header/library mismatch). Never NULL. Thread-safe. */
SIPHASH_API const char *siphash_version(void);

/* ------------------------------------------------------------------------ */
/* Keys                                                                      */
/* ------------------------------------------------------------------------ */

/* k0, k1 are the little-endian words of the 16-byte key on every host. */
typedef struct siphash_key {
	uint64_t k0, k1;
} siphash_key;

/* k0, k1 are the little-endian words of the 8-byte key on every host. */
typedef struct halfsiphash_key {
	uint32_t k0, k1;
} halfsiphash_key;

/* Builds a key from SIPHASH_KEY_BYTES (16) bytes, which may be unaligned.
 * `bytes` NULL gives the all-zero key (no crash). Thread-safe. */
SIPHASH_API siphash_key siphash_key_from_bytes(const void *bytes);

/* Builds a key from HALFSIPHASH_KEY_BYTES (8) bytes, which may be unaligned.
 * `bytes` NULL gives the all-zero key (no crash). Thread-safe. */
SIPHASH_API halfsiphash_key halfsiphash_key_from_bytes(const void *bytes);

/* ------------------------------------------------------------------------ */
/* One-shot, fixed variants                                                  */
/* ------------------------------------------------------------------------ */
/*
 * siphashXY_64 returns the 8-byte SipHash-X-Y tag as a little-endian integer.
 * siphashXY_128 writes the 16-byte SipHash-X-Y tag to out.
 * halfsiphashXY_32 / _64 return the 4- / 8-byte HalfSipHash-X-Y tag as a
 * little-endian integer.
 *
 * Errors: with `key` NULL, or `data` NULL while `len` > 0, the integer
 * functions return 0 and the _128 functions write nothing (nor do they when
 * `out` is NULL). Thread-safe.
 */
SIPHASH_API uint64_t siphash13_64(const siphash_key *key, const void *data, size_t len);
SIPHASH_API uint64_t siphash24_64(const siphash_key *key, const void *data, size_t len);
SIPHASH_API uint64_t siphash48_64(const siphash_key *key, const void *data, size_t len);
SIPHASH_API void siphash13_128(const siphash_key *key, const void *data, size_t len, uint8_t out[16]);
SIPHASH_API void siphash24_128(const siphash_key *key, const void *data, size_t len, uint8_t out[16]);
SIPHASH_API void siphash48_128(const siphash_key *key, const void *data, size_t len, uint8_t out[16]);

SIPHASH_API uint32_t halfsiphash13_32(const halfsiphash_key *key, const void *data, size_t len);
SIPHASH_API uint32_t halfsiphash24_32(const halfsiphash_key *key, const void *data, size_t len);
SIPHASH_API uint64_t halfsiphash13_64(const halfsiphash_key *key, const void *data, size_t len);
SIPHASH_API uint64_t halfsiphash24_64(const halfsiphash_key *key, const void *data, size_t len);

/* ------------------------------------------------------------------------ */
/* One-shot, any rounds                                                      */
/* ------------------------------------------------------------------------ */

/* SipHash-c-d of data[0..len) with a tag of outlen bytes (8 or 16) written to
 * out. Where the one-shot functions run scalar code (64-bit hosts), c,d of
 * 1,3, 2,4 and 4,8 run the fixed variants' code, with constant round counts.
 * Returns SIPHASH_OK, or SIPHASH_EINVAL (and writes nothing) when c or d is 0
 * or above SIPHASH_MAX_ROUNDS, outlen is not 8 or 16, key or out is NULL, or
 * data is NULL with len > 0. Thread-safe. */
SIPHASH_API int siphash_hash(const siphash_key *key, unsigned c, unsigned d, const void *data, size_t len, void *out,
                             size_t outlen);

/* HalfSipHash-c-d with a tag of outlen bytes (4 or 8). Errors as siphash_hash,
 * with outlen 4 or 8 allowed. Thread-safe. */
SIPHASH_API int halfsiphash_hash(const halfsiphash_key *key, unsigned c, unsigned d, const void *data, size_t len,
                                 void *out, size_t outlen);

/* ------------------------------------------------------------------------ */
/* Streaming                                                                 */
/* ------------------------------------------------------------------------ */
/*
 * The state types are complete so that callers can place them on the stack or
 * inside their own structures; their fields are private and their layout may
 * change with the major version. A state holds the four SipHash words, the
 * bytes of the current partial block and the message length: updates compress
 * each 8-byte (4-byte for HalfSipHash) block as soon as it is complete, so
 * memory use is constant whatever the message size. The partial block is kept
 * as a word, not as bytes: bytes stored one at a time and then read back as
 * one word defeat the CPU's store forwarding, which made byte-wise streaming
 * several times slower than the hash itself.
 *
 * Copying a state with `=` forks the computation. A state contains key
 * material: wipe it with siphash_wipe() when it is no longer needed.
 */
typedef struct siphash_state {
	uint64_t v[4];
	uint64_t len; /* bytes absorbed so far */
	uint64_t m;   /* the len % 8 bytes of the partial block, little-endian; higher bytes 0 */
	uint8_t c, d, outlen;
	uint8_t reserved_[5];
} siphash_state;

typedef struct halfsiphash_state {
	uint32_t v[4];
	uint64_t len; /* bytes absorbed so far */
	uint32_t m;   /* the len % 4 bytes of the partial block, little-endian; higher bytes 0 */
	uint8_t c, d, outlen;
	uint8_t reserved_[1];
} halfsiphash_state;

/* Starts SipHash-c-d with an outlen-byte tag (8 or 16).
 * Returns SIPHASH_OK, or SIPHASH_EINVAL (leaving *st untouched) when st or key
 * is NULL, c or d is outside 1..SIPHASH_MAX_ROUNDS, or outlen is not 8 or 16.
 * Thread-safe for distinct states, as are update and final: one state used
 * by several threads needs the caller's lock (final only reads it). */
SIPHASH_API int siphash_init(siphash_state *st, const siphash_key *key, unsigned c, unsigned d, size_t outlen);

/* Absorbs data[0..len). Any split of a message into updates, including empty
 * ones and single bytes, gives the one-shot tag. Does nothing when st is NULL
 * or data is NULL with len > 0. On a zeroed state (wiped, or zero-initialised
 * and never through a successful init) it runs no rounds, and final then
 * writes nothing. */
SIPHASH_API void siphash_update(siphash_state *st, const void *data, size_t len);

/* Writes the tag of everything absorbed so far (outlen bytes, as given to
 * siphash_init) to out. The state is not modified: more updates may follow and
 * a later final covers them too. Does nothing when st or out is NULL, or when
 * *st is zeroed (wiped with siphash_wipe, or zero-initialised and never
 * through a successful init): such a state holds no key and its "tag" would
 * authenticate nothing. A state never initialised at all holds whatever its
 * memory held; final on it is undefined. */
SIPHASH_API void siphash_final(const siphash_state *st, void *out);

/* HalfSipHash counterparts of the three functions above, with the same errors
 * and thread-safety; outlen is 4 or 8. */
SIPHASH_API int halfsiphash_init(halfsiphash_state *st, const halfsiphash_key *key, unsigned c, unsigned d,
                                 size_t outlen);
SIPHASH_API void halfsiphash_update(halfsiphash_state *st, const void *data, size_t len);
SIPHASH_API void halfsiphash_final(const halfsiphash_state *st, void *out);

/*
 * One SipRound and one HalfSipRound, the algorithm's core, defined once for
 * the inline update below and for the library's sources. The rotation is a
 * parameter so that the SIMD backends run the same round on vectors of words.
 * Not part of the API.
 */
#define SIPHASH_PRIV_ROTL64(x, b) (((x) << (b)) | ((x) >> (64 - (b))))
#define SIPHASH_PRIV_ROTL32(x, b) (((x) << (b)) | ((x) >> (32 - (b))))
#define SIPHASH_PRIV_SIPROUND(ROTL, v0, v1, v2, v3) SIPHASH_PRIV_ROUND(ROTL, v0, v1, v2, v3, 13, 32, 16, 21, 17, 32)
#define SIPHASH_PRIV_HSIPROUND(ROTL, v0, v1, v2, v3) SIPHASH_PRIV_ROUND(ROTL, v0, v1, v2, v3, 5, 16, 8, 7, 13, 16)
#define SIPHASH_PRIV_ROUND(ROTL, v0, v1, v2, v3, a, b, c, d, e, f)                                                     \
	do {                                                                                                           \
		v0 += v1;                                                                                              \
		v1 = ROTL(v1, a);                                                                                      \
		v1 ^= v0;                                                                                              \
		v0 = ROTL(v0, b);                                                                                      \
		v2 += v3;                                                                                              \
		v3 = ROTL(v3, c);                                                                                      \
		v3 ^= v2;                                                                                              \
		v0 += v3;                                                                                              \
		v3 = ROTL(v3, d);                                                                                      \
		v3 ^= v0;                                                                                              \
		v2 += v1;                                                                                              \
		v1 = ROTL(v1, e);                                                                                      \
		v1 ^= v2;                                                                                              \
		v2 = ROTL(v2, f);                                                                                      \
	} while (0)

/*
 * Inline fast path for updates of a compile-time-constant length of up to one
 * block, 8 bytes (4 for HalfSipHash): a stream read one byte or one field at
 * a time. Such updates are handled right
 * here, block compression included, so that a caller's loop of them contains
 * no call: the compiler then keeps the state in registers for the whole loop
 * instead of storing and reloading it around every call, which is what made
 * byte-wise streaming several times slower than one-shot hashing. Other
 * updates call the exported function, which behaves the same. The macros
 * apply to calls only, so &siphash_update and (siphash_update)(...) still
 * name the exported function. Define SIPHASH_NO_INLINE_UPDATE before
 * including this header to turn it off.
 */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(SIPHASH_BUILDING) && !defined(SIPHASH_NO_INLINE_UPDATE)
/* __inline__, not inline: the GNU spelling also works in C89 code that
 * includes this header (gcc -std=c89), where inline is not a keyword. */
#define SIPHASH_PRIV_INLINE static __inline__ __attribute__((always_inline))
/* C++ code bases often build with -Wold-style-cast -Werror. */
#ifdef __cplusplus
#define SIPHASH_PRIV_CAST(type, x) static_cast<type>(x)
#else
#define SIPHASH_PRIV_CAST(type, x) ((type)(x))
#endif
/* The n (0..8) bytes at p as a little-endian word: one load of 1, 2, 4 or 8
 * bytes, or two overlapping ones of 2 or 4. A loop of n byte loads, which
 * GCC -O2 does not unroll, made a loop of 4-byte updates take 1.8x the
 * time; a memcpy of 3, 5, 6 or 7 bytes into a word goes through the stack. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SIPHASH_PRIV_LE(x, bits) (x)
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SIPHASH_PRIV_LE(x, bits) __builtin_bswap##bits(x)
#endif
#ifdef SIPHASH_PRIV_LE /* a host of another byte order calls the library */
SIPHASH_PRIV_INLINE uint64_t siphash_priv_le16_(const uint8_t *p)
{
	uint16_t h_;
	__builtin_memcpy(&h_, p, 2);
	return SIPHASH_PRIV_LE(h_, 16);
}
SIPHASH_PRIV_INLINE uint64_t siphash_priv_le32_(const uint8_t *p)
{
	uint32_t q_;
	__builtin_memcpy(&q_, p, 4);
	return SIPHASH_PRIV_LE(q_, 32);
}
SIPHASH_PRIV_INLINE uint64_t siphash_priv_le_bytes_(const void *p, size_t n)
{
	const uint8_t *b_ = SIPHASH_PRIV_CAST(const uint8_t *, p);
	uint64_t w_;
	if (n == 8) {
		__builtin_memcpy(&w_, b_, 8);
		return SIPHASH_PRIV_LE(w_, 64);
	}
	if (n >= 4)
		return siphash_priv_le32_(b_) | siphash_priv_le32_(b_ + n - 4) << (8 * (n - 4));
	if (n >= 2)
		return siphash_priv_le16_(b_) | siphash_priv_le16_(b_ + n - 2) << (8 * (n - 2));
	return n ? SIPHASH_PRIV_CAST(uint64_t, b_[0]) : 0;
}
SIPHASH_PRIV_INLINE uint32_t siphash_priv_le_bytes32_(const void *p, size_t n)
{
	return SIPHASH_PRIV_CAST(uint32_t, siphash_priv_le_bytes_(p, n));
}
/* w: the len bytes at data as a little-endian word, on any host; pos: the bit
 * where they go. The block is completed iff the new length's byte position
 * is below len; it leaves its last n % block bytes of w for the next one.
 * Four things keep a caller's loop of 1-byte updates (`update(&s, p + i, 1)`)
 * at 12 instructions, 9 macro-ops, a byte outside the rounds, one taken jump
 * among them (GCC 12 and Clang 14, x86-64):
 * - len and m are stored on every path, data NULL included (unchanged
 *   there): stored on some paths only, GCC kept a "written" flag for them
 *   and set it for every byte;
 * - the empty asm hides that pos is a multiple of 8, so that the mask below
 *   is the shift instruction's own (GCC emitted an and for it otherwise);
 * - the completed block's rounds are out of line, so a byte that does not
 *   complete one jumps only back to the caller's loop;
 * - what is left of w after a block is spelled out per constant length: k
 *   is below len there, but GCC did not infer it, and for a single byte it
 *   computed the (zero) rest with eight instructions a block and kept a copy
 *   of every byte for it (0.89-0.96x the time without them, GCC 12; Clang
 *   had already dropped them).
 * With the first three, 16 KiB one byte at a time took 0.86-0.97x the time
 * of the code before them (Zen 5; GCC 0.90-0.97x, Clang 0.86-0.90x), four
 * bytes at a time 0.56x with GCC (Clang had already merged the byte loop
 * into one load: 1.01x), eight 0.63-0.66x (a library call before).
 * docs/performance.md has the figures. */
#define SIPHASH_PRIV_UPDATE_FAST(fn, state_type, word_type, block, ROUND, ROTL, LOAD)                                  \
	SIPHASH_PRIV_INLINE void fn##_inline_(state_type *st, const void *data, size_t len)                            \
	{                                                                                                              \
		if (__builtin_constant_p(len) && len <= (block)) {                                                     \
			uint64_t n;                                                                                    \
			word_type w, m;                                                                                \
			unsigned pos, r, k;                                                                            \
			if (!st)                                                                                       \
				return;                                                                                \
			n = st->len;                                                                                   \
			m = st->m;                                                                                     \
			if (__builtin_expect(!!data, 1)) {                                                             \
				w = LOAD(data, len);                                                                   \
				pos = SIPHASH_PRIV_CAST(unsigned, n) * 8;                                              \
				__asm__("" : "+r"(pos));                                                               \
				n += len;                                                                              \
				m |= w << (pos & (8 * (block)-1));                                                     \
				if (__builtin_expect((n & ((block)-1)) < len, 0)) {                                    \
					st->v[3] ^= m;                                                                 \
					for (r = 0; r < st->c; r++)                                                    \
						ROUND(ROTL, st->v[0], st->v[1], st->v[2], st->v[3]);                   \
					st->v[0] ^= m;                                                                 \
					k = SIPHASH_PRIV_CAST(unsigned, n) & ((block)-1);                              \
					if (len == 1)                                                                  \
						m = 0;                                                                 \
					else if (len < (block))                                                        \
						m = w >> (8 * (len - k));                                              \
					else                                                                           \
						m = k ? w >> (8 * ((block)-k)) : 0;                                    \
				}                                                                                      \
			}                                                                                              \
			st->len = n;                                                                                   \
			st->m = m;                                                                                     \
			return;                                                                                        \
		}                                                                                                      \
		fn(st, data, len);                                                                                     \
	}
SIPHASH_PRIV_UPDATE_FAST(siphash_update, siphash_state, uint64_t, 8, SIPHASH_PRIV_SIPROUND, SIPHASH_PRIV_ROTL64,
                         siphash_priv_le_bytes_)
SIPHASH_PRIV_UPDATE_FAST(halfsiphash_update, halfsiphash_state, uint32_t, 4, SIPHASH_PRIV_HSIPROUND,
                         SIPHASH_PRIV_ROTL32, siphash_priv_le_bytes32_)
#undef SIPHASH_PRIV_UPDATE_FAST
#undef SIPHASH_PRIV_LE
#define siphash_update(st, data, len) siphash_update_inline_(st, data, len)
#define halfsiphash_update(st, data, len) halfsiphash_update_inline_(st, data, len)
#endif /* SIPHASH_PRIV_LE */
#undef SIPHASH_PRIV_CAST
#undef SIPHASH_PRIV_INLINE
#endif

/* Zeroes n bytes at p (a key, a state, a tag) in a way the compiler cannot
 * remove as a dead store. Does nothing when p is NULL. Thread-safe. */
SIPHASH_API void siphash_wipe(void *p, size_t n);

/* Compares the n-byte tag at `tag` with the one at `expected` without a branch
 * or a memory index on the bytes' values, so its time does not depend on
 * them: the check a MAC needs, since memcmp stops at the first difference and
 * so tells whoever times it how many leading bytes of a forged tag are right.
 * Returns SIPHASH_OK when the n bytes are equal, SIPHASH_EMISMATCH when they
 * differ, and SIPHASH_EINVAL when n is 0 (an empty tag authenticates nothing,
 * so a length miscomputed as 0 must not pass) or a pointer is NULL. Accept a
 * message only on SIPHASH_OK: every other answer is non-zero. Any n > 0, any
 * alignment; the buffers may overlap. A tag returned as an integer compares
 * the same way, by address: siphash_verify(&got, &want, sizeof got). The
 * guarantee holds as compiled by GCC and Clang (checked under valgrind); other
 * compilers get a volatile round trip after each word. Thread-safe. */
SIPHASH_API int siphash_verify(const void *tag, const void *expected, size_t n);

/* ------------------------------------------------------------------------ */
/* Batch: many messages, one key                                             */
/* ------------------------------------------------------------------------ */
/*
 * F_batch(key, data, len, n, out) stores in out[i] exactly what F(key,
 * data[i], len[i]) returns (or writes), for i in 0..n. Messages may have any
 * lengths, n may be 0. SIMD backends hash several messages at once, one per
 * vector lane; they allocate nothing, and to group messages of mixed lengths
 * they use at most 36 KB of the calling thread's stack on 64-bit hosts and
 * 16 KB on 32-bit ones. out must not overlap the messages or the data and
 * len arrays (as with memcpy): backends hash messages in their own order and
 * may store a tag before reading a message that comes earlier or later.
 *
 * Errors: when out is NULL, or data or len is NULL with n > 0, nothing is
 * written. Otherwise each message gets what F gives it: with a NULL key every
 * out[i], and for a data[i] that is NULL with len[i] > 0 that out[i], gets 0
 * (the _128 variants leave it unwritten), every other message its tag.
 * Thread-safe.
 */
SIPHASH_API void siphash13_64_batch(const siphash_key *key, const void *const *data, const size_t *len, size_t n,
                                    uint64_t *out);
SIPHASH_API void siphash24_64_batch(const siphash_key *key, const void *const *data, const size_t *len, size_t n,
                                    uint64_t *out);
SIPHASH_API void siphash48_64_batch(const siphash_key *key, const void *const *data, const size_t *len, size_t n,
                                    uint64_t *out);
SIPHASH_API void siphash13_128_batch(const siphash_key *key, const void *const *data, const size_t *len, size_t n,
                                     uint8_t (*out)[16]);
SIPHASH_API void siphash24_128_batch(const siphash_key *key, const void *const *data, const size_t *len, size_t n,
                                     uint8_t (*out)[16]);
SIPHASH_API void siphash48_128_batch(const siphash_key *key, const void *const *data, const size_t *len, size_t n,
                                     uint8_t (*out)[16]);
SIPHASH_API void halfsiphash13_32_batch(const halfsiphash_key *key, const void *const *data, const size_t *len,
                                        size_t n, uint32_t *out);
SIPHASH_API void halfsiphash24_32_batch(const halfsiphash_key *key, const void *const *data, const size_t *len,
                                        size_t n, uint32_t *out);
SIPHASH_API void halfsiphash13_64_batch(const halfsiphash_key *key, const void *const *data, const size_t *len,
                                        size_t n, uint64_t *out);
SIPHASH_API void halfsiphash24_64_batch(const halfsiphash_key *key, const void *const *data, const size_t *len,
                                        size_t n, uint64_t *out);

/* ------------------------------------------------------------------------ */
/* Backends and dispatch                                                     */
/* ------------------------------------------------------------------------ */
/*
 * On first use the library asks cpu_features what the CPU has and picks, per
 * operation, the fastest backend for it. SIPHASH_BACKEND=scalar|sse2|avx2|
 * avx512|neon|auto in the environment overrides the choice; it is read once,
 * when the library is loaded (with GCC and Clang; other compilers: at first
 * use, where threads racing that use may each read it and the first answer
 * is kept), so changing the environment later has no effect. Since getenv is
 * not safe against a concurrent setenv, a program that loads the library
 * with dlopen should do so while no thread changes the environment. Names
 * are exact and lower-case; an unknown or unsupported name is ignored. Every
 * backend gives the same tags for every input. Switching is an atomic pointer swap: threads
 * hashing meanwhile finish on the old backend or start on the new one.
 * On x86-64 the avx2 backend has two tunings of its SipHash-1-3 batches:
 * three vectors a group, and two, which it takes where cpu_features names
 * the CPU AMD Zen 3 (measured faster there). SIPHASH_AVX2_GROUP=2 or 3 in
 * the environment forces one (for benchmarks and tests; read like
 * SIPHASH_BACKEND, other values ignored); either gives the same tags.
 */
typedef enum siphash_backend {
	SIPHASH_BACKEND_AUTO = 0,
	SIPHASH_BACKEND_SCALAR = 1,
	SIPHASH_BACKEND_SSE2 = 2,
	SIPHASH_BACKEND_AVX2 = 3,
	SIPHASH_BACKEND_NEON = 4,
	/* batch lanes in 512-bit vectors with one-instruction rotates: x86-64
	 * CPUs with AVX-512F and AVX-512VL */
	SIPHASH_BACKEND_AVX512 = 5
	/* later values may be added */
} siphash_backend;

/* The backend in use now; never SIPHASH_BACKEND_AUTO (auto resolves to the
 * backend it picked). Thread-safe. */
SIPHASH_API siphash_backend siphash_backend_active(void);

/* "auto", "scalar", "sse2", "avx2", "neon" or "avx512"; NULL for an unknown
 * value. Thread-safe (the names are constants). */
SIPHASH_API const char *siphash_backend_name(siphash_backend b);

/* 1 if b is built into this library and usable on this CPU, else 0
 * (AUTO is always supported; unknown values are not). Thread-safe. */
SIPHASH_API int siphash_backend_supported(siphash_backend b);

/* Makes b the backend for all later calls from every thread; AUTO picks the
 * fastest backend again from the CPU probe (run once a process), ignoring
 * SIPHASH_BACKEND.
 * Returns SIPHASH_OK, SIPHASH_EUNSUPPORTED when b is known but not built in or
 * not usable on this CPU, or SIPHASH_EINVAL for an unknown value; the active
 * backend is unchanged on error. Thread-safe. */
SIPHASH_API int siphash_backend_select(siphash_backend b);

#ifdef __cplusplus
}
#endif

#endif /* SIPHASH_H */
