/* zeros_tag.c - test helper: prints the SipHash-2-4-64 tag (key 00..0f) of N zero bytes, streamed oddly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <siphash.h>

/* The chunk sizes deliberately differ from sipsum's windows (and are not
 * multiples of 8), so the expected tag comes from a different path through
 * the streaming code than the one under test. */
static const size_t chunks[] = {1, 4093, 65537, 3, 1000003, 7};

int main(int argc, char **argv)
{
	static unsigned char zeros[1000003];
	unsigned char kb[SIPHASH_KEY_BYTES], tag[8];
	unsigned long long left;
	siphash_state st;
	siphash_key key;
	size_t i = 0, k;

	if (argc != 2) {
		fprintf(stderr, "usage: zeros_tag BYTES\n");
		return 2;
	}
	left = strtoull(argv[1], NULL, 10);
	for (k = 0; k < sizeof kb; k++)
		kb[k] = (unsigned char)k;
	key = siphash_key_from_bytes(kb);
	if (siphash_init(&st, &key, 2, 4, 8) != SIPHASH_OK)
		return 1;
	while (left > 0) {
		size_t n = chunks[i++ % (sizeof chunks / sizeof chunks[0])];
		if (n > left)
			n = (size_t)left;
		siphash_update(&st, zeros, n);
		left -= n;
	}
	siphash_final(&st, tag);
	for (k = 0; k < sizeof tag; k++)
		printf("%02x", tag[k]);
	printf("\n");
	return 0;
}
