/* snippet_prelude.h - what the docs' C examples use without declaring it, for the program tests/docs/snippets.cmake
 * writes. */
#ifndef SIPHASH_SNIPPET_PRELUDE_H
#define SIPHASH_SNIPPET_PRELUDE_H

#include <stdint.h>
#include <string.h>

#include <siphash.h>

/* What an example that rejects a message returns from its function. */
#define REJECT 1

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
	size_t i;
	for (i = 0; i < sizeof kb; i++)
		kb[i] = (uint8_t)(0x30 + i);
	key = siphash_key_from_bytes(kb);
	siphash24_128(&key, msg, msg_len, received_tag);
}

#endif
