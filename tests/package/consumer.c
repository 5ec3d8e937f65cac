/* consumer.c - a downstream program that only sees the installed header and library; checks one known tag. */
#include <stdio.h>
#include <string.h>

#include <siphash.h>

int main(void)
{
	unsigned char kb[SIPHASH_KEY_BYTES];
	siphash_key key;
	unsigned i;
	for (i = 0; i < sizeof kb; i++)
		kb[i] = (unsigned char)i;
	key = siphash_key_from_bytes(kb);
	/* the API.md example: SipHash-2-4-64, key 00..0f, empty message */
	if (siphash24_64(&key, "", 0) != 0x726fdb47dd0e0e31ULL) {
		printf("consumer: wrong tag\n");
		return 1;
	}
	if (strcmp(siphash_version(), SIPHASH_VERSION_STRING) != 0) {
		printf("consumer: header %s, library %s\n", SIPHASH_VERSION_STRING, siphash_version());
		return 1;
	}
	printf("consumer: ok, libsiphash %s on %s\n", siphash_version(),
	       siphash_backend_name(siphash_backend_active()));
	return 0;
}
