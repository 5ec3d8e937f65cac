/* example.c - hashes a few strings with every fixed variant and prints the tags and the active backend. */
#include <stdio.h>
#include <string.h>

#include <siphash.h>

static void print_hex(const uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		printf("%02x", p[i]);
}

static void print_le(uint64_t v, size_t n)
{
	uint8_t b[8];
	size_t i;
	for (i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	print_hex(b, n);
}

int main(void)
{
	static const char *const messages[] = {"", "hello", "The quick brown fox jumps over the lazy dog"};
	uint8_t kb[16];
	siphash_key key;
	halfsiphash_key hkey;
	size_t i;

	/* A fixed demo key; real keys come from a CSPRNG (see docs/guide.md). */
	for (i = 0; i < sizeof kb; i++)
		kb[i] = (uint8_t)i;
	key = siphash_key_from_bytes(kb);
	hkey = halfsiphash_key_from_bytes(kb);

	printf("libsiphash %s, backend: %s\n", siphash_version(), siphash_backend_name(siphash_backend_active()));
	for (i = 0; i < sizeof messages / sizeof messages[0]; i++) {
		const char *m = messages[i];
		size_t n = strlen(m);
		uint8_t wide[16];
		printf("\nmessage \"%s\" (%zu bytes), key 000102..0f\n", m, n);
		printf("  SipHash-1-3-64      ");
		print_le(siphash13_64(&key, m, n), 8);
		printf("\n  SipHash-2-4-64      ");
		print_le(siphash24_64(&key, m, n), 8);
		printf("\n  SipHash-4-8-64      ");
		print_le(siphash48_64(&key, m, n), 8);
		siphash13_128(&key, m, n, wide);
		printf("\n  SipHash-1-3-128     ");
		print_hex(wide, 16);
		siphash24_128(&key, m, n, wide);
		printf("\n  SipHash-2-4-128     ");
		print_hex(wide, 16);
		siphash48_128(&key, m, n, wide);
		printf("\n  SipHash-4-8-128     ");
		print_hex(wide, 16);
		printf("\n  HalfSipHash-1-3-32  ");
		print_le(halfsiphash13_32(&hkey, m, n), 4);
		printf("\n  HalfSipHash-2-4-32  ");
		print_le(halfsiphash24_32(&hkey, m, n), 4);
		printf("\n  HalfSipHash-1-3-64  ");
		print_le(halfsiphash13_64(&hkey, m, n), 8);
		printf("\n  HalfSipHash-2-4-64  ");
		print_le(halfsiphash24_64(&hkey, m, n), 8);
		printf("\n");
	}
	siphash_wipe(&key, sizeof key);
	siphash_wipe(&hkey, sizeof hkey);
	return 0;
}
