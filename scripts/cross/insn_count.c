/* insn_count.c - runs one libsiphash operation REPS times on one backend, for counting executed instructions under
 * qemu. */
/*
 * usage: insn_count OP SIZE REPS BACKEND
 *   OP: sip13 sip24 sip24_128 half24 sip13_batch sip24_batch half13_batch half24_batch stream24
 *   SIZE: message length (batch: 64 messages of SIZE bytes, or SIZE=0 for mixed 1..64)
 * The count for one call is the difference between two REPS values divided by
 * their difference, so start-up and setup cancel out.
 */
#include <siphash.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NMSG 64

int main(int argc, char **argv)
{
	static unsigned char buf[NMSG * 1024 + 64];
	const void *ptr[NMSG];
	size_t len[NMSG];
	uint64_t out64[NMSG], acc = 0;
	uint32_t out32[NMSG];
	uint8_t out128[NMSG][16];
	siphash_key k;
	halfsiphash_key hk;
	const char *op;
	size_t size, i;
	long reps, r;
	if (argc != 5)
		return 2;
	op = argv[1];
	size = strtoul(argv[2], NULL, 10);
	reps = strtol(argv[3], NULL, 10);
	if (size > 1024 ||
	    siphash_backend_select(!strcmp(argv[4], "neon") ? SIPHASH_BACKEND_NEON : SIPHASH_BACKEND_SCALAR))
		return 2;
	for (i = 0; i < sizeof buf; i++)
		buf[i] = (unsigned char)(i * 131 + 7);
	k = siphash_key_from_bytes(buf);
	hk = halfsiphash_key_from_bytes(buf);
	for (i = 0; i < NMSG; i++) {
		len[i] = size ? size : 1 + (i * 37) % 64;
		ptr[i] = buf + i * (size ? size : 64);
	}
	for (r = 0; r < reps; r++) {
		if (!strcmp(op, "sip13"))
			acc += siphash13_64(&k, buf, size);
		else if (!strcmp(op, "sip24"))
			acc += siphash24_64(&k, buf, size);
		else if (!strcmp(op, "sip24_128")) {
			siphash24_128(&k, buf, size, out128[0]);
			acc += out128[0][0];
		} else if (!strcmp(op, "half24"))
			acc += halfsiphash24_32(&hk, buf, size);
		else if (!strcmp(op, "stream24")) {
			siphash_state st;
			siphash_init(&st, &k, 2, 4, 8);
			siphash_update(&st, buf, size);
			siphash_final(&st, out64);
			acc += out64[0];
		} else if (!strcmp(op, "sip13_batch")) {
			siphash13_64_batch(&k, ptr, len, NMSG, out64);
			acc += out64[NMSG - 1];
		} else if (!strcmp(op, "sip24_batch")) {
			siphash24_64_batch(&k, ptr, len, NMSG, out64);
			acc += out64[NMSG - 1];
		} else if (!strcmp(op, "half13_batch")) {
			halfsiphash13_32_batch(&hk, ptr, len, NMSG, out32);
			acc += out32[NMSG - 1];
		} else if (!strcmp(op, "half24_batch")) {
			halfsiphash24_32_batch(&hk, ptr, len, NMSG, out32);
			acc += out32[NMSG - 1];
		} else
			return 2;
	}
	printf("%llu\n", (unsigned long long)acc);
	return 0;
}
