/* scalar.c - the portable backend: every operation in plain C, specialised per fixed variant. */
#include "scalar.h"

#include "../sip_impl.h"

/* Fixed one-shot variants: constant rounds make the template straight-line. */
#define SCALAR_SIP64(name, c, d)                                                                                       \
	uint64_t siphash__scalar_##name(const siphash_key *key, const void *data, size_t len)                          \
	{                                                                                                              \
		return sip_oneshot(key, data, len, c, d, 0, NULL);                                                     \
	}
#define SCALAR_SIP128(name, c, d)                                                                                      \
	void siphash__scalar_##name(const siphash_key *key, const void *data, size_t len, uint8_t out[16])             \
	{                                                                                                              \
		(void)sip_oneshot(key, data, len, c, d, 1, out);                                                       \
	}

SCALAR_SIP64(sip13_64, 1, 3)
SCALAR_SIP64(sip24_64, 2, 4)
SCALAR_SIP64(sip48_64, 4, 8)
SCALAR_SIP128(sip13_128, 1, 3)
SCALAR_SIP128(sip24_128, 2, 4)
SCALAR_SIP128(sip48_128, 4, 8)

/* Batch: one message after another; the loop calls the inlined template so
 * each message costs what a one-shot call costs, minus the call. */
#define SCALAR_BATCH(name, keytype, outtype, body)                                                                     \
	void siphash__scalar_##name##_batch(const keytype *key, const void *const *data, const size_t *len, size_t n,  \
	                                    outtype out)                                                               \
	{                                                                                                              \
		size_t i;                                                                                              \
		for (i = 0; i < n; i++)                                                                                \
			body;                                                                                          \
	}

SCALAR_BATCH(sip13_64, siphash_key, uint64_t *, out[i] = sip_oneshot(key, data[i], len[i], 1, 3, 0, NULL))
SCALAR_BATCH(sip24_64, siphash_key, uint64_t *, out[i] = sip_oneshot(key, data[i], len[i], 2, 4, 0, NULL))
SCALAR_BATCH(sip48_64, siphash_key, uint64_t *, out[i] = sip_oneshot(key, data[i], len[i], 4, 8, 0, NULL))
SCALAR_BATCH(sip13_128, siphash_key, siphash__tag128 *, (void)sip_oneshot(key, data[i], len[i], 1, 3, 1, out[i]))
SCALAR_BATCH(sip24_128, siphash_key, siphash__tag128 *, (void)sip_oneshot(key, data[i], len[i], 2, 4, 1, out[i]))
SCALAR_BATCH(sip48_128, siphash_key, siphash__tag128 *, (void)sip_oneshot(key, data[i], len[i], 4, 8, 1, out[i]))
SCALAR_BATCH(half13_32, halfsiphash_key, uint32_t *, out[i] = (uint32_t)hsip_oneshot(key, data[i], len[i], 1, 3, 0))
SCALAR_BATCH(half24_32, halfsiphash_key, uint32_t *, out[i] = (uint32_t)hsip_oneshot(key, data[i], len[i], 2, 4, 0))
SCALAR_BATCH(half13_64, halfsiphash_key, uint64_t *, out[i] = hsip_oneshot(key, data[i], len[i], 1, 3, 1))
SCALAR_BATCH(half24_64, halfsiphash_key, uint64_t *, out[i] = hsip_oneshot(key, data[i], len[i], 2, 4, 1))

int siphash__scalar_batch_check(const void *const *data, const size_t *len, size_t n)
{
	return siphash__check_rows(data, len, n);
}

/* Any rounds: the common pairs take their specialised bodies, the rest one
 * tight loop with the round count in a register. */
void siphash__scalar_sip_any(const siphash_key *key, unsigned c, unsigned d, const void *data, size_t len, uint8_t *out,
                             size_t outlen)
{
	int wide = outlen == 16;
	uint8_t tmp[16];
	uint64_t h;
	if (c == 2 && d == 4)
		h = sip_oneshot(key, data, len, 2, 4, wide, tmp);
	else if (c == 1 && d == 3)
		h = sip_oneshot(key, data, len, 1, 3, wide, tmp);
	else if (c == 4 && d == 8)
		h = sip_oneshot(key, data, len, 4, 8, wide, tmp);
	else
		h = sip_oneshot(key, data, len, c, d, wide, tmp);
	if (wide)
		memcpy(out, tmp, 16);
	else
		sip_store64(out, h);
}

void siphash__scalar_half_any(const halfsiphash_key *key, unsigned c, unsigned d, const void *data, size_t len,
                              uint8_t *out, size_t outlen)
{
	int wide = outlen == 8;
	uint64_t h;
	if (c == 2 && d == 4)
		h = hsip_oneshot(key, data, len, 2, 4, wide);
	else if (c == 1 && d == 3)
		h = hsip_oneshot(key, data, len, 1, 3, wide);
	else
		h = hsip_oneshot(key, data, len, c, d, wide);
	if (wide)
		sip_store64(out, h);
	else
		sip_store32(out, (uint32_t)h);
}

/* Streaming compression: unrolled bodies for the usual c, a loop otherwise. */
void siphash__scalar_sip_blocks(uint64_t v[4], const uint8_t *p, size_t nblocks, unsigned c)
{
	sip_words s = {v[0], v[1], v[2], v[3]};
	if (c == 2)
		sip_blocks(&s, p, nblocks, 2);
	else if (c == 1)
		sip_blocks(&s, p, nblocks, 1);
	else if (c == 4)
		sip_blocks(&s, p, nblocks, 4);
	else
		sip_blocks(&s, p, nblocks, c);
	v[0] = s.v0;
	v[1] = s.v1;
	v[2] = s.v2;
	v[3] = s.v3;
}

void siphash__scalar_half_blocks(uint32_t v[4], const uint8_t *p, size_t nblocks, unsigned c)
{
	hsip_words s = {v[0], v[1], v[2], v[3]};
	if (c == 2)
		hsip_blocks(&s, p, nblocks, 2);
	else if (c == 1)
		hsip_blocks(&s, p, nblocks, 1);
	else
		hsip_blocks(&s, p, nblocks, c);
	v[0] = s.v0;
	v[1] = s.v1;
	v[2] = s.v2;
	v[3] = s.v3;
}

const siphash__ops siphash__scalar_ops = {.id = SIPHASH_BACKEND_SCALAR, SIPHASH_SCALAR_ENTRIES};
