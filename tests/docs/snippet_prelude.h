/* snippet_prelude.h - what the docs' C examples take as given, for the test tests/docs/snippets.cmake writes. */
#ifndef SIPHASH_SNIPPET_PRELUDE_H
#define SIPHASH_SNIPPET_PRELUDE_H

#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include <siphash.h>

/* What an example that rejects a message returns from its function. */
#define REJECT 1

/* The key's bytes: doc_setup() makes key from them, and an example that
 * draws its own key from getrandom() gets them too, so that every example
 * hashes under the key received_tag was made with. An example that draws
 * no bytes into its key computes a tag that fails to verify. */
static void doc_key_bytes(uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(0x30 + i);
}

/* TU_UNUSED: a version of the docs that draws no key leaves it uncalled. */
TU_UNUSED static ssize_t doc_getrandom(void *buf, size_t n, unsigned flags)
{
	(void)flags;
	doc_key_bytes((uint8_t *)buf, n);
	return (ssize_t)n;
}
#define getrandom doc_getrandom

/* A message, the same bytes in two parts, the key, and the tag that came
 * with the message: SipHash-2-4-128, which doc_setup() computes, so that an
 * example must accept it. */
static const uint8_t msg[] = "a message to authenticate";
static const size_t msg_len = sizeof msg - 1;
static const char part1[] = "a message ", part2[] = "to authenticate";
static const size_t n1 = sizeof part1 - 1, n2 = sizeof part2 - 1;
static siphash_key key;
static uint8_t received_tag[16];
static const size_t nbuckets = 1024;

static void doc_setup(void)
{
	uint8_t kb[SIPHASH_KEY_BYTES];
	doc_key_bytes(kb, sizeof kb);
	key = siphash_key_from_bytes(kb);
	siphash24_128(&key, msg, msg_len, received_tag);
}

#endif /* SIPHASH_SNIPPET_PRELUDE_H */
