/* test_diff_sodium.c - differential test against libsodium's crypto_shorthash_siphash24 and siphashx24. */
#include <sodium.h>

#include "testutil.h"

static void run(void)
{
	static uint8_t m[3000];
	uint8_t key[16], want[16], got[16];
	int i;
	for (i = 0; i < 2000; i++) {
		size_t len = (size_t)(i % 10 == 0 ? tu_rand() % sizeof m : tu_rand() % 100);
		size_t off = (size_t)(tu_rand() % 8);
		siphash_key k;
		tu_fill(key, sizeof key);
		tu_fill(m, len + off);
		k = siphash_key_from_bytes(key);
		crypto_shorthash_siphash24(want, m + off, len, key);
		tu_store_le(got, siphash24_64(&k, m + off, len), 8);
		TU_CHECK(!memcmp(got, want, 8), "siphash24_64 vs libsodium len=%zu", len);
		crypto_shorthash_siphashx24(want, m + off, len, key);
		siphash24_128(&k, m + off, len, got);
		TU_CHECK(!memcmp(got, want, 16), "siphash24_128 vs libsodium siphashx24 len=%zu", len);
	}
}

int main(void)
{
	if (sodium_init() < 0) {
		printf("sodium_init failed\n");
		return 1;
	}
	tu_for_each_backend(run);
	return tu_finish();
}
