/* sip_impl.h - the SipHash/HalfSipHash algorithm once, as inline templates every backend instantiates. */
#ifndef SIPHASH_SIP_IMPL_H
#define SIPHASH_SIP_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "siphash.h"

/* Every file that hashes starts its code on a 4096-byte boundary, so that the
 * place of each of its loops and branches within a page depends on that file
 * alone. With the default 16, any edit elsewhere (another file's size, a
 * constructor) moved every backend, and batch rows whose code had not changed
 * measured up to 2x slower or 1.2x faster; with 64, a 192-byte shift still
 * cost one row 1.1x (docs/performance.md). GCC and Clang emit top-level asm
 * before the functions, so this only raises the alignment of the file's .text
 * section (at most 4 KB of padding per file); it adds no padding between the
 * file's functions. The empty section marks the object as pinned, so that
 * tests/abi/check_placement.sh finds every file that includes this header
 * without a list of names to keep in step. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__)
__asm__(".text\n\t.p2align 12\n\t.previous\n\t.pushsection .siphash.pinned,\"\"\n\t.popsection");
#endif

/* Templates must be inlined so that constant round counts unroll and the
 * fixed variants become straight-line code. Not when optimization is off:
 * nothing unrolls then, and GCC gives every inlined copy its own stack slots
 * (an AVX-512VL batch call took 665 KB of stack at -O0 forced, 34 KB not). */
#if defined(__GNUC__) || defined(__clang__)
#ifdef __OPTIMIZE__
#define SIP_INLINE static inline __attribute__((always_inline))
#else
#define SIP_INLINE static inline
#endif
#define SIP_NOINLINE __attribute__((noinline))
#define SIP_COLD __attribute__((noinline, cold))
#define SIP_LIKELY(x) __builtin_expect(!!(x), 1)
#define SIP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SIP_INLINE static inline
#define SIP_NOINLINE
#define SIP_COLD
#define SIP_LIKELY(x) (x)
#define SIP_UNLIKELY(x) (x)
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SIP_BIG_ENDIAN 1
#else
#define SIP_BIG_ENDIAN 0
#endif

/* memcpy loads compile to single unaligned moves and stay free of aliasing
 * and alignment undefined behaviour. */
SIP_INLINE uint64_t sip_load64(const uint8_t *p)
{
	uint64_t x;
	memcpy(&x, p, 8);
#if SIP_BIG_ENDIAN
	x = __builtin_bswap64(x);
#endif
	return x;
}

SIP_INLINE uint32_t sip_load32(const uint8_t *p)
{
	uint32_t x;
	memcpy(&x, p, 4);
#if SIP_BIG_ENDIAN
	x = __builtin_bswap32(x);
#endif
	return x;
}

SIP_INLINE void sip_store64(uint8_t *p, uint64_t x)
{
#if SIP_BIG_ENDIAN
	x = __builtin_bswap64(x);
#endif
	memcpy(p, &x, 8);
}

SIP_INLINE void sip_store32(uint8_t *p, uint32_t x)
{
#if SIP_BIG_ENDIAN
	x = __builtin_bswap32(x);
#endif
	memcpy(p, &x, 4);
}

#define SIP_ROTL64 SIPHASH_PRIV_ROTL64
#define SIP_ROTL32 SIPHASH_PRIV_ROTL32

/* The rounds live in siphash.h (its inline update uses them too). */
#define SIP_ROUND(v0, v1, v2, v3) SIPHASH_PRIV_SIPROUND(SIP_ROTL64, v0, v1, v2, v3)
#define SIP_ROUND_R SIPHASH_PRIV_SIPROUND
#define HSIP_ROUND(v0, v1, v2, v3) SIPHASH_PRIV_HSIPROUND(SIP_ROTL32, v0, v1, v2, v3)
#define HSIP_ROUND_R SIPHASH_PRIV_HSIPROUND

/* Initial-state constants of the reference code ("somepseudorandomlygeneratedbytes"). */
#define SIP_C0 UINT64_C(0x736f6d6570736575)
#define SIP_C1 UINT64_C(0x646f72616e646f6d)
#define SIP_C2 UINT64_C(0x6c7967656e657261)
#define SIP_C3 UINT64_C(0x7465646279746573)
#define HSIP_C2 UINT32_C(0x6c796765)
#define HSIP_C3 UINT32_C(0x74656462)

/* The last rem (< 8) bytes of a message of len bytes ending at end, as a
 * little-endian word, read without a byte loop: one overlapping load when the
 * message is long enough, else at most two loads that overlap. Branches depend
 * on the length only. */
SIP_INLINE uint64_t sip_tail64(const uint8_t *end, size_t rem, size_t len)
{
	if (len >= 8)
		return rem ? sip_load64(end - 8) >> (64 - 8 * rem) : 0;
	if (rem >= 4) {
		const uint8_t *p = end - rem;
		return (uint64_t)sip_load32(p) | ((uint64_t)sip_load32(end - 4) << (8 * (rem - 4)));
	}
	if (rem) {
		const uint8_t *p = end - rem;
		return (uint64_t)p[0] | ((uint64_t)p[rem >> 1] << (8 * (rem >> 1))) |
		       ((uint64_t)p[rem - 1] << (8 * (rem - 1)));
	}
	return 0;
}

/* HalfSipHash counterpart: the last rem (< 4) bytes. */
SIP_INLINE uint32_t hsip_tail32(const uint8_t *end, size_t rem, size_t len)
{
	if (len >= 4)
		return rem ? sip_load32(end - 4) >> (32 - 8 * rem) : 0;
	if (rem) {
		const uint8_t *p = end - rem;
		return (uint32_t)p[0] | ((uint32_t)p[rem >> 1] << (8 * (rem >> 1))) |
		       ((uint32_t)p[rem - 1] << (8 * (rem - 1)));
	}
	return 0;
}

/* ---- SipHash ---------------------------------------------------------- */

typedef struct sip_words {
	uint64_t v0, v1, v2, v3;
} sip_words;

SIP_INLINE sip_words sip_start(const siphash_key *key, int wide)
{
	sip_words s;
	s.v0 = SIP_C0 ^ key->k0;
	s.v1 = SIP_C1 ^ key->k1;
	s.v2 = SIP_C2 ^ key->k0;
	s.v3 = SIP_C3 ^ key->k1;
	if (wide)
		s.v1 ^= 0xee;
	return s;
}

SIP_INLINE void sip_rounds(sip_words *s, unsigned n)
{
	uint64_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
	unsigned i;
	for (i = 0; i < n; i++)
		SIP_ROUND(v0, v1, v2, v3);
	s->v0 = v0;
	s->v1 = v1;
	s->v2 = v2;
	s->v3 = v3;
}

SIP_INLINE void sip_absorb(sip_words *s, uint64_t m, unsigned c)
{
	s->v3 ^= m;
	sip_rounds(s, c);
	s->v0 ^= m;
}

/* Compresses nblocks 8-byte blocks at p. */
SIP_INLINE void sip_blocks(sip_words *s, const uint8_t *p, size_t nblocks, unsigned c)
{
	uint64_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
	for (; nblocks; nblocks--, p += 8) {
		uint64_t m = sip_load64(p);
		unsigned i;
		v3 ^= m;
		for (i = 0; i < c; i++)
			SIP_ROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	s->v0 = v0;
	s->v1 = v1;
	s->v2 = v2;
	s->v3 = v3;
}

/* Absorbs the final block b (length byte and tail), then finalizes: returns
 * the first 64-bit half of the tag, and writes both halves to out16 when the
 * tag is wide. */
SIP_INLINE uint64_t sip_finish(sip_words s, uint64_t b, unsigned c, unsigned d, int wide, uint8_t *out16)
{
	uint64_t h0;
	sip_absorb(&s, b, c);
	s.v2 ^= wide ? 0xee : 0xff;
	sip_rounds(&s, d);
	h0 = s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
	if (wide) {
		s.v1 ^= 0xdd;
		sip_rounds(&s, d);
		sip_store64(out16, h0);
		sip_store64(out16 + 8, s.v0 ^ s.v1 ^ s.v2 ^ s.v3);
	}
	return h0;
}

/* The whole one-shot SipHash-c-d; constant c, d and wide give a fully
 * specialised body. */
SIP_INLINE uint64_t sip_oneshot(const siphash_key *key, const void *data, size_t len, unsigned c, unsigned d, int wide,
                                uint8_t *out16)
{
	const uint8_t *p = (const uint8_t *)data;
	size_t nblocks = len >> 3, rem = len & 7;
	sip_words s = sip_start(key, wide);
	uint64_t b;
	sip_blocks(&s, p, nblocks, c);
	/* data may be NULL when len is 0, and NULL + 0 is undefined in C: no tail then. */
	b = ((uint64_t)len << 56) | (len ? sip_tail64(p + len, rem, len) : 0);
	return sip_finish(s, b, c, d, wide, out16);
}

/* ---- HalfSipHash ------------------------------------------------------ */

typedef struct hsip_words {
	uint32_t v0, v1, v2, v3;
} hsip_words;

SIP_INLINE hsip_words hsip_start(const halfsiphash_key *key, int wide)
{
	hsip_words s;
	s.v0 = key->k0;
	s.v1 = key->k1;
	s.v2 = HSIP_C2 ^ key->k0;
	s.v3 = HSIP_C3 ^ key->k1;
	if (wide)
		s.v1 ^= 0xee;
	return s;
}

SIP_INLINE void hsip_rounds(hsip_words *s, unsigned n)
{
	uint32_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
	unsigned i;
	for (i = 0; i < n; i++)
		HSIP_ROUND(v0, v1, v2, v3);
	s->v0 = v0;
	s->v1 = v1;
	s->v2 = v2;
	s->v3 = v3;
}

SIP_INLINE void hsip_blocks(hsip_words *s, const uint8_t *p, size_t nblocks, unsigned c)
{
	uint32_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
	for (; nblocks; nblocks--, p += 4) {
		uint32_t m = sip_load32(p);
		unsigned i;
		v3 ^= m;
		for (i = 0; i < c; i++)
			HSIP_ROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	s->v0 = v0;
	s->v1 = v1;
	s->v2 = v2;
	s->v3 = v3;
}

SIP_INLINE void hsip_absorb(hsip_words *s, uint32_t m, unsigned c)
{
	s->v3 ^= m;
	hsip_rounds(s, c);
	s->v0 ^= m;
}

/* Final block and finalization; returns the tag as a little-endian integer
 * (32 or 64 bits wide). */
SIP_INLINE uint64_t hsip_finish(hsip_words s, uint32_t b, unsigned c, unsigned d, int wide)
{
	uint32_t h0;
	hsip_absorb(&s, b, c);
	s.v2 ^= wide ? 0xee : 0xff;
	hsip_rounds(&s, d);
	h0 = s.v1 ^ s.v3;
	if (!wide)
		return h0;
	s.v1 ^= 0xdd;
	hsip_rounds(&s, d);
	return (uint64_t)h0 | ((uint64_t)(s.v1 ^ s.v3) << 32);
}

SIP_INLINE uint64_t hsip_oneshot(const halfsiphash_key *key, const void *data, size_t len, unsigned c, unsigned d,
                                 int wide)
{
	const uint8_t *p = (const uint8_t *)data;
	size_t nblocks = len >> 2, rem = len & 3;
	hsip_words s = hsip_start(key, wide);
	uint32_t b;
	hsip_blocks(&s, p, nblocks, c);
	b = ((uint32_t)len << 24) | (len ? hsip_tail32(p + len, rem, len) : 0); /* NULL + 0: see sip_oneshot */
	return hsip_finish(s, b, c, d, wide);
}

#endif /* SIPHASH_SIP_IMPL_H */
