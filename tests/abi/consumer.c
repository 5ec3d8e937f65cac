/* consumer.c - a program using every part of the public header, compiled as strict C99, C11 and C++11 by stage 34. */
/*
 * It must compile without a warning under -std=c99 -pedantic-errors (and as
 * C++ with -pedantic), and give the reference tag of one known vector through
 * each entry-point family, so that a header that only parses is not enough.
 */
#include <siphash.h>

#include <stdio.h>
#include <string.h>

static int checks, failures;

static void expect(int ok, const char *what)
{
	checks++;
	if (!ok) {
		printf("FAIL %s\n", what);
		failures++;
	}
}

int main(void)
{
	/* SipHash-2-4-64, key 00..0f, empty message: the paper's first vector. */
	const uint64_t want = UINT64_C(0x726fdb47dd0e0e31);
	uint8_t kb[SIPHASH_KEY_BYTES], tag[16], tag2[16];
	const void *data[2];
	size_t len[2];
	uint64_t out[2];
	siphash_key k;
	halfsiphash_key hk;
	siphash_state st;
	halfsiphash_state hst;
	int i;
	for (i = 0; i < SIPHASH_KEY_BYTES; i++)
		kb[i] = (uint8_t)i;
	k = siphash_key_from_bytes(kb);
	hk = halfsiphash_key_from_bytes(kb);

	expect(siphash24_64(&k, NULL, 0) == want, "siphash24_64");
	expect(siphash_hash(&k, 2, 4, NULL, 0, tag, 8) == SIPHASH_OK, "siphash_hash rc");
	expect(tag[0] == 0x31 && tag[7] == 0x72, "siphash_hash bytes");
	expect(siphash_init(&st, &k, 2, 4, 8) == SIPHASH_OK, "siphash_init");
	siphash_update(&st, "", 0);
	siphash_final(&st, tag2);
	expect(memcmp(tag, tag2, 8) == 0, "streaming");
	data[0] = NULL;
	data[1] = kb;
	len[0] = 0;
	len[1] = 3;
	siphash24_64_batch(&k, data, len, 2, out);
	expect(out[0] == want && out[1] == siphash24_64(&k, kb, 3), "batch");
	expect(halfsiphash_init(&hst, &hk, 2, 4, 4) == SIPHASH_OK, "halfsiphash_init");
	halfsiphash_update(&hst, kb, 5);
	halfsiphash_final(&hst, tag);
	tag2[0] = tag2[1] = tag2[2] = tag2[3] = 0;
	{
		uint32_t t = halfsiphash24_32(&hk, kb, 5);
		for (i = 0; i < 4; i++)
			tag2[i] = (uint8_t)(t >> (8 * i));
	}
	expect(memcmp(tag, tag2, 4) == 0, "halfsiphash streaming vs one-shot");
	expect(strcmp(siphash_version(), SIPHASH_VERSION_STRING) == 0, "version");
	expect(siphash_backend_active() != SIPHASH_BACKEND_AUTO, "backend");
	expect(siphash_backend_name(SIPHASH_BACKEND_SCALAR) != NULL, "backend name");
	siphash_wipe(&k, sizeof k);
	printf("%d passed, %d failed\n", checks - failures, failures);
	return failures != 0;
}
