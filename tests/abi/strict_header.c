/* strict_header.c - compiled as C and as C++ under the strict warnings users build with, to keep siphash.h clean. */
#include <siphash.h>

int strict_header_use(siphash_state *st, halfsiphash_state *hst, const unsigned char *p, unsigned char *out);

/* Constant lengths take the header's inline update path; the variable one
 * calls the library. */
int strict_header_use(siphash_state *st, halfsiphash_state *hst, const unsigned char *p, unsigned char *out)
{
	siphash_key k = siphash_key_from_bytes(p);
	halfsiphash_key hk = halfsiphash_key_from_bytes(p);
	int rc = siphash_init(st, &k, 2, 4, 16);
	rc |= halfsiphash_init(hst, &hk, 1, 3, 4);
	siphash_update(st, p, 1);
	siphash_update(st, p, 7);
	siphash_update(st, p, 8);
	siphash_update(st, p, p[0]);
	halfsiphash_update(hst, p, 3);
	halfsiphash_update(hst, p, 4);
	halfsiphash_update(hst, p, p[1]);
	siphash_final(st, out);
	halfsiphash_final(hst, out + 16);
	return rc;
}
