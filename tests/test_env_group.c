/* test_env_group.c - the AVX2 backend's tuning: the CPU probe or SIPHASH_AVX2_GROUP picks its table; tags agree. */
/*
 * x86-64 only, linked with the static library: it compares the table in
 * use with the AVX2 backend's two (internal.h), which no public function
 * tells apart, since they give the same tags by design. CTest runs it with
 * SIPHASH_AVX2_GROUP unset, 2, 3 and an unknown value; argv[1] names the
 * table that must be in use: "2" (two vectors a group), "3", or "cpu" (the
 * probe's choice: two on Zen 3, three elsewhere).
 */
#include <cpuinfo_x86.h>

#include "internal.h"
#include "testutil.h"

/* A 1024-message batch of 1..64 bytes, as the benchmarks' mixed rows, and a
 * few hundred more of 0..300, through one table's SipHash-1-3 batches,
 * checked message by message against the scalar table's one-shot calls. */
static void check_tags(const siphash__ops *ops, const char *which)
{
	enum { N = 1500 };
	static uint8_t buf[N * 300];
	static const void *data[N];
	static size_t len[N];
	static uint64_t out64[N];
	static uint8_t out128[N][16];
	uint8_t kb[16], tag[16];
	siphash_key key;
	size_t i, bad64 = 0, bad128 = 0;
	tu_fill(kb, sizeof kb);
	tu_fill(buf, sizeof buf);
	key = siphash_key_from_bytes(kb);
	for (i = 0; i < N; i++) {
		len[i] = i < 1024 ? 1 + tu_rand() % 64 : tu_rand() % 301;
		data[i] = buf + i * 300;
	}
	ops->sip13_64_batch(&key, data, len, N, out64);
	ops->sip13_128_batch(&key, data, len, N, out128);
	for (i = 0; i < N; i++) {
		bad64 += out64[i] != siphash__scalar_ops.sip13_64(&key, data[i], len[i]);
		siphash__scalar_ops.sip13_128(&key, data[i], len[i], tag);
		bad128 += memcmp(out128[i], tag, 16) != 0;
	}
	TU_CHECK(!bad64, "%s table: %zu of %d SipHash-1-3-64 batch tags differ from one-shot ones", which, bad64, N);
	TU_CHECK(!bad128, "%s table: %zu of %d SipHash-1-3-128 batch tags differ from one-shot ones", which, bad128, N);
}

int main(int argc, char **argv)
{
	const char *want = argc > 1 ? argv[1] : "cpu";
	const siphash__ops *const two = &siphash__avx2_two_ops, *const three = &siphash__avx2_ops;
	const X86Info info = GetX86Info();
	const siphash__ops *expect;
	tu_backend = "avx2";
	if (!siphash_backend_supported(SIPHASH_BACKEND_AVX2)) {
		printf("SKIP: this CPU has no AVX2\n");
		return 77;
	}
	if (!strcmp(want, "2"))
		expect = two;
	else if (!strcmp(want, "3"))
		expect = three;
	else /* "cpu": no variable, or one the library does not know */
		expect = GetX86Microarchitecture(&info) == AMD_ZEN3 ? two : three;

	TU_CHECK(siphash_backend_select(SIPHASH_BACKEND_AVX2) == SIPHASH_OK, "select avx2");
	TU_CHECK(siphash__ops_get() == expect, "SIPHASH_AVX2_GROUP=%s on %s: the %s table is in use", want,
	         GetX86MicroarchitectureName(GetX86Microarchitecture(&info)),
	         expect == two ? "two-vector" : "three-vector");
	TU_CHECK(siphash_backend_active() == SIPHASH_BACKEND_AVX2, "either table is the avx2 backend");
	if (!siphash_backend_supported(SIPHASH_BACKEND_AVX512)) { /* auto is AVX2 here, in the same tuning */
		TU_CHECK(siphash_backend_select(SIPHASH_BACKEND_AUTO) == SIPHASH_OK, "select auto");
		TU_CHECK(siphash__ops_get() == expect, "auto takes the same AVX2 table");
	}

	/* The tables differ in their SipHash-1-3 batches alone: every entry, through internal.h's list. */
	TU_CHECK(two->id == three->id, "both tables are the avx2 backend's");
#define SAME_ENTRY(name, type, ret, params, args)                                                                      \
	TU_CHECK((two->name != three->name) ==                                                                         \
	                 (!strcmp(#name, "sip13_64_batch") || !strcmp(#name, "sip13_128_batch")),                      \
	         "%s: %s in the two tables", #name, two->name != three->name ? "differs" : "the same");
	SIPHASH_OPS(SAME_ENTRY)
#undef SAME_ENTRY
	check_tags(two, "two-vector");
	check_tags(three, "three-vector");
	siphash_backend_select(SIPHASH_BACKEND_AUTO);
	return tu_finish();
}
