// bench.cc - siphash-bench: every operation on every backend, the peers and the physical limit, in one binary.
//
// Benchmark names are FAMILY/VARIANT/IMPL/SIZE so that --benchmark_filter picks
// any slice, e.g. 'BM_oneshot/siphash24_64/(scalar|libsodium)/1024$':
//   FAMILY  BM_oneshot, BM_stream_u1 / _u4 / _u8 / _u64 / _u4096 (update size), BM_latency
//           (each input depends on the previous tag), BM_batch
//   VARIANT siphash24_64, siphash13_128, halfsiphash24_32, siphash_hash35_64 ...;
//           strhash_plain (unkeyed string hashes for reference: lua, openssl)
//   IMPL    auto, scalar, sse2, avx2, avx512, neon (forced with siphash_backend_select),
//           libsodium, highwayhash, openssl (peers), limit (the SipRound chain)
//   SIZE    message bytes; for BM_batch NxBYTES or Nxmixed (1..64 bytes each):
//           N = 1024 for the throughput rows, 1-64 for the small batches
//           whose routing benchmarks/auto-check.sh compares across backends
// Time per iteration is ns per hash (per batch call for BM_batch); the
// counters give bytes/s and items/s (hashes/s).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "limit.h"
#include "siphash.h"

#ifdef SIPHASH_PEER_SODIUM
#include <sodium.h>
#endif
#ifdef SIPHASH_PEER_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/lhash.h>
#include <openssl/params.h>
#endif
#ifdef SIPHASH_PEER_HIGHWAYHASH
#include <highwayhash/sip_hash.h>
#endif

namespace
{

constexpr size_t kMaxLen = 16384;
const size_t kSizes[] = {0, 1, 7, 8, 15, 16, 32, 64, 256, 1024, 4096, 16384};
constexpr size_t kBatchN = 1024;
// Small batches: the sizes at which the backends' routing rules change (one
// vector, groups of two or three, 512-bit lanes), with lengths below a
// block, of two and of eight blocks, and mixed.
const size_t kSmallBatchN[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 16, 23, 32, 64};
const size_t kSmallBatchShapes[] = {3, 16, 64, 0};

alignas(64) uint8_t g_buf[kMaxLen + 64];
alignas(64) uint8_t g_latbuf[kMaxLen + 64];
// g_buf's bytes with every zero made nonzero and a NUL after the first
// kSizes[i] of them, at g_strbuf + g_stroff[i]: for string hashes that stop
// at a NUL
std::vector<uint8_t> g_strbuf;
size_t g_stroff[sizeof kSizes / sizeof kSizes[0]];
uint8_t g_keybytes[16];
siphash_key g_key;
halfsiphash_key g_hkey;
#ifdef SIPHASH_PEER_HIGHWAYHASH
highwayhash::HH_U64 g_hhkey[2];
#endif

// Our own optimization barriers: with GCC, benchmark 1.7's DoNotOptimize on a
// non-const lvalue ("+m,r") can hand the compiler a stack slot it never
// stored to (google/benchmark#1340), which sent a garbage data pointer to the
// peers. A register constraint plus a memory clobber does what we need: the
// value is opaque and all memory (key, message) must be reloaded.
template <class T> inline void launder(T &v)
{
	asm volatile("" : "+r"(v) : : "memory");
}
template <class T> inline void keep(T v)
{
	asm volatile("" : : "r"(v) : "memory");
}

uint64_t first8(const uint8_t *o)
{
	uint64_t h;
	std::memcpy(&h, o, 8);
	return h;
}

// Forced backends are selected at the start of each benchmark; peers and the
// limit rows pass -1 and leave the library alone.
bool select_backend(benchmark::State &st, int backend)
{
	if (backend < 0)
		return true;
	if (siphash_backend_select(static_cast<siphash_backend>(backend)) != SIPHASH_OK) {
		st.SkipWithError("backend not supported");
		return false;
	}
	return true;
}

// Throughput: independent hashes back to back. The data pointer is laundered
// through launder() (which also clobbers memory) so that an inlined peer
// cannot hoist its work out of the loop: every implementation reloads the key
// and the message each time, as a real caller would.
template <class Op>
void run_throughput(benchmark::State &st, Op op, size_t len, int backend, const uint8_t *base = g_buf)
{
	if (!select_backend(st, backend))
		return;
	for (auto _ : st) {
		const uint8_t *p = base;
		launder(p);
		keep(op(p, len));
	}
	st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(len));
	st.SetItemsProcessed(static_cast<int64_t>(st.iterations()));
}

// Latency: the previous tag is written into the head of the next message, as
// in a chain of dependent hash-table lookups, so hashes cannot overlap.
template <class Op> void run_latency(benchmark::State &st, Op op, size_t len, int backend)
{
	if (!select_backend(st, backend))
		return;
	uint64_t h = 0;
	size_t head = len < 8 ? len : 8;
	for (auto _ : st) {
		std::memcpy(g_latbuf, &h, head);
		h = op(g_latbuf, len);
	}
	keep(h);
	st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(len));
	st.SetItemsProcessed(static_cast<int64_t>(st.iterations()));
}

std::string row(const char *family, const std::string &variant, const std::string &impl, const std::string &size)
{
	return std::string(family) + "/" + variant + "/" + impl + "/" + size;
}

// nul: each size's message is its NUL-terminated copy in g_strbuf
template <class Op>
void add_oneshot(const std::string &variant, const std::string &impl, int backend, Op op, bool nul = false)
{
	for (size_t i = 0; i < sizeof kSizes / sizeof kSizes[0]; i++) {
		const size_t len = kSizes[i];
		const uint8_t *base = nul ? g_strbuf.data() + g_stroff[i] : g_buf;
		benchmark::RegisterBenchmark(row("BM_oneshot", variant, impl, std::to_string(len)).c_str(),
		                             [=](benchmark::State &st) { run_throughput(st, op, len, backend, base); });
	}
}

template <class Op> void add_latency(const std::string &variant, const std::string &impl, int backend, Op op)
{
	// A 0-byte message has no bytes through which to depend on the last tag.
	for (size_t len : kSizes)
		if (len)
			benchmark::RegisterBenchmark(row("BM_latency", variant, impl, std::to_string(len)).c_str(),
			                             [=](benchmark::State &st) { run_latency(st, op, len, backend); });
}

// ---- the library's operations, as (data, len) -> first 64 tag bits ----------

#define SIP64(fn) [](const uint8_t *p, size_t n) -> uint64_t { return fn(&g_key, p, n); }
#define HALF(fn) [](const uint8_t *p, size_t n) -> uint64_t { return fn(&g_hkey, p, n); }
#define SIP128(fn)                                                                                                     \
	[](const uint8_t *p, size_t n) -> uint64_t {                                                                   \
		uint8_t o[16];                                                                                         \
		fn(&g_key, p, n, o);                                                                                   \
		return first8(o);                                                                                      \
	}

// Streaming in updates of U bytes (the last one shorter), then final.
template <unsigned C, unsigned D, size_t OUT, size_t U> uint64_t sip_stream(const uint8_t *p, size_t n)
{
	siphash_state s;
	uint8_t o[16];
	siphash_init(&s, &g_key, C, D, OUT);
	size_t i = 0;
	for (; n - i >= U; i += U)
		siphash_update(&s, p + i, U);
	siphash_update(&s, p + i, n - i);
	siphash_final(&s, o);
	return first8(o);
}

template <unsigned C, unsigned D, size_t OUT, size_t U> uint64_t half_stream(const uint8_t *p, size_t n)
{
	halfsiphash_state s;
	uint8_t o[8] = {0};
	halfsiphash_init(&s, &g_hkey, C, D, OUT);
	size_t i = 0;
	for (; n - i >= U; i += U)
		halfsiphash_update(&s, p + i, U);
	halfsiphash_update(&s, p + i, n - i);
	halfsiphash_final(&s, o);
	return first8(o);
}

template <size_t U> void add_streams(const std::string &impl, int backend)
{
	const std::string fam = "BM_stream_u" + std::to_string(U);
	struct V {
		const char *name;
		uint64_t (*fn)(const uint8_t *, size_t);
	};
	static const V vs[] = {
	        {"siphash13_64", sip_stream<1, 3, 8, U>},      {"siphash24_64", sip_stream<2, 4, 8, U>},
	        {"siphash48_64", sip_stream<4, 8, 8, U>},      {"siphash13_128", sip_stream<1, 3, 16, U>},
	        {"siphash24_128", sip_stream<2, 4, 16, U>},    {"siphash48_128", sip_stream<4, 8, 16, U>},
	        {"halfsiphash13_32", half_stream<1, 3, 4, U>}, {"halfsiphash24_32", half_stream<2, 4, 4, U>},
	        {"halfsiphash13_64", half_stream<1, 3, 8, U>}, {"halfsiphash24_64", half_stream<2, 4, 8, U>},
	};
	for (const V &v : vs)
		for (size_t len : kSizes) {
			auto fn = v.fn;
			benchmark::RegisterBenchmark(
			        row(fam.c_str(), v.name, impl, std::to_string(len)).c_str(),
			        [=](benchmark::State &st) { run_throughput(st, fn, len, backend); });
		}
}

void add_library_oneshots(const std::string &impl, int b)
{
	add_oneshot("siphash13_64", impl, b, SIP64(siphash13_64));
	add_oneshot("siphash24_64", impl, b, SIP64(siphash24_64));
	add_oneshot("siphash48_64", impl, b, SIP64(siphash48_64));
	add_oneshot("siphash13_128", impl, b, SIP128(siphash13_128));
	add_oneshot("siphash24_128", impl, b, SIP128(siphash24_128));
	add_oneshot("siphash48_128", impl, b, SIP128(siphash48_128));
	add_oneshot("halfsiphash13_32", impl, b, HALF(halfsiphash13_32));
	add_oneshot("halfsiphash24_32", impl, b, HALF(halfsiphash24_32));
	add_oneshot("halfsiphash13_64", impl, b, HALF(halfsiphash13_64));
	add_oneshot("halfsiphash24_64", impl, b, HALF(halfsiphash24_64));
	add_oneshot("siphash_hash35_64", impl, b, [](const uint8_t *p, size_t n) -> uint64_t {
		uint8_t o[8];
		siphash_hash(&g_key, 3, 5, p, n, o, 8);
		return first8(o);
	});
	add_oneshot("siphash_hash35_128", impl, b, [](const uint8_t *p, size_t n) -> uint64_t {
		uint8_t o[16];
		siphash_hash(&g_key, 3, 5, p, n, o, 16);
		return first8(o);
	});
	add_oneshot("halfsiphash_hash35_32", impl, b, [](const uint8_t *p, size_t n) -> uint64_t {
		uint8_t o[8] = {0};
		halfsiphash_hash(&g_hkey, 3, 5, p, n, o, 4);
		return first8(o);
	});
	add_oneshot("halfsiphash_hash35_64", impl, b, [](const uint8_t *p, size_t n) -> uint64_t {
		uint8_t o[8];
		halfsiphash_hash(&g_hkey, 3, 5, p, n, o, 8);
		return first8(o);
	});
	add_latency("siphash13_64", impl, b, SIP64(siphash13_64));
	add_latency("siphash24_64", impl, b, SIP64(siphash24_64));
	add_latency("halfsiphash24_32", impl, b, HALF(halfsiphash24_32));
}

// ---- batch ------------------------------------------------------------------

struct BatchInput {
	std::vector<const void *> data;
	std::vector<size_t> len;
	size_t bytes = 0;
};

// n messages of len bytes each (len 0 means mixed 1..64), laid out one after
// another in the shared buffer (wrapping), so the batch reads real memory.
BatchInput make_batch(size_t n, size_t len)
{
	BatchInput in;
	uint32_t x = 12345;
	size_t off = 0;
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		size_t l = len ? len : 1 + (x >> 16) % 64;
		if (off + l > kMaxLen)
			off = 0;
		in.data.push_back(g_buf + off);
		in.len.push_back(l);
		in.bytes += l;
		off += l;
	}
	return in;
}

template <class Out, class Fn>
void add_batch_row(const std::string &variant, const std::string &impl, int backend, Fn fn, size_t n, size_t shape)
{
	std::string size = std::to_string(n) + "x" + (shape ? std::to_string(shape) : std::string("mixed"));
	benchmark::RegisterBenchmark(row("BM_batch", variant, impl, size).c_str(), [=](benchmark::State &st) {
		if (!select_backend(st, backend))
			return;
		BatchInput in = make_batch(n, shape);
		std::vector<Out> out(n);
		for (auto _ : st) {
			fn(in.data.data(), in.len.data(), n, out.data());
			benchmark::ClobberMemory();
		}
		st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * in.bytes));
		st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * n));
	});
}

template <class Out, class Fn> void add_batch(const std::string &variant, const std::string &impl, int backend, Fn fn)
{
	static const size_t shapes[] = {8, 16, 32, 64, 0};
	for (size_t shape : shapes)
		add_batch_row<Out>(variant, impl, backend, fn, kBatchN, shape);
	for (size_t shape : kSmallBatchShapes)
		for (size_t n : kSmallBatchN)
			add_batch_row<Out>(variant, impl, backend, fn, n, shape);
}

struct Tag128 {
	uint8_t b[16];
};

#define BATCH(fn, K, Out) [](const void *const *d, const size_t *l, size_t n, Out *o) { fn(&K, d, l, n, o); }
#define BATCH128(fn)                                                                                                   \
	[](const void *const *d, const size_t *l, size_t n, Tag128 *o) {                                               \
		fn(&g_key, d, l, n, reinterpret_cast<uint8_t(*)[16]>(o));                                              \
	}

void add_library_batches(const std::string &impl, int b)
{
	add_batch<uint64_t>("siphash13_64", impl, b, BATCH(siphash13_64_batch, g_key, uint64_t));
	add_batch<uint64_t>("siphash24_64", impl, b, BATCH(siphash24_64_batch, g_key, uint64_t));
	add_batch<uint64_t>("siphash48_64", impl, b, BATCH(siphash48_64_batch, g_key, uint64_t));
	add_batch<Tag128>("siphash13_128", impl, b, BATCH128(siphash13_128_batch));
	add_batch<Tag128>("siphash24_128", impl, b, BATCH128(siphash24_128_batch));
	add_batch<Tag128>("siphash48_128", impl, b, BATCH128(siphash48_128_batch));
	add_batch<uint32_t>("halfsiphash13_32", impl, b, BATCH(halfsiphash13_32_batch, g_hkey, uint32_t));
	add_batch<uint32_t>("halfsiphash24_32", impl, b, BATCH(halfsiphash24_32_batch, g_hkey, uint32_t));
	add_batch<uint64_t>("halfsiphash13_64", impl, b, BATCH(halfsiphash13_64_batch, g_hkey, uint64_t));
	add_batch<uint64_t>("halfsiphash24_64", impl, b, BATCH(halfsiphash24_64_batch, g_hkey, uint64_t));
}

// ---- peers --------------------------------------------------------------------

// A peer is benchmarked only if it computes the same tags as the library on
// every size: a mismatch would mean the rows compare different functions.
template <class Op> bool same_as(const char *what, Op op, uint64_t (*ours)(const uint8_t *, size_t))
{
	for (size_t len : kSizes)
		if (op(g_buf, len) != ours(g_buf, len)) {
			std::fprintf(stderr, "siphash-bench: %s disagrees with libsiphash at %zu bytes; rows skipped\n",
			             what, len);
			return false;
		}
	return true;
}

template <class Op>
void add_peer(const char *variant, const char *impl, Op op, uint64_t (*ours)(const uint8_t *, size_t))
{
	if (!same_as((std::string(impl) + " " + variant).c_str(), op, ours))
		return;
	add_oneshot(variant, impl, -1, op);
	if (!std::strcmp(variant, "siphash24_64") || !std::strcmp(variant, "siphash13_64"))
		add_latency(variant, impl, -1, op);
}

[[maybe_unused]] uint64_t ours24_64(const uint8_t *p, size_t n)
{
	return siphash24_64(&g_key, p, n);
}
[[maybe_unused]] uint64_t ours13_64(const uint8_t *p, size_t n)
{
	return siphash13_64(&g_key, p, n);
}
[[maybe_unused]] uint64_t ours24_128(const uint8_t *p, size_t n)
{
	uint8_t o[16];
	siphash24_128(&g_key, p, n, o);
	return first8(o);
}
[[maybe_unused]] uint64_t ours13_128(const uint8_t *p, size_t n)
{
	uint8_t o[16];
	siphash13_128(&g_key, p, n, o);
	return first8(o);
}

#ifdef SIPHASH_PEER_OPENSSL
// OpenSSL: one EVP_MAC_CTX per variant, prepared once with its size and
// rounds; each hash re-keys it with EVP_MAC_init (no allocation) then updates
// and finalizes. This was faster than EVP_MAC_CTX_dup of a keyed context
// (which allocates per hash), so it is the fairest way to call EVP_MAC.
EVP_MAC_CTX *openssl_ctx(unsigned c, unsigned d, unsigned size)
{
	EVP_MAC *mac = EVP_MAC_fetch(nullptr, "SIPHASH", nullptr);
	if (!mac)
		return nullptr;
	EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
	EVP_MAC_free(mac);
	if (!ctx)
		return nullptr;
	OSSL_PARAM params[] = {OSSL_PARAM_construct_uint(OSSL_MAC_PARAM_SIZE, &size),
	                       OSSL_PARAM_construct_uint("c-rounds", &c), OSSL_PARAM_construct_uint("d-rounds", &d),
	                       OSSL_PARAM_construct_end()};
	if (!EVP_MAC_init(ctx, g_keybytes, sizeof g_keybytes, params)) {
		EVP_MAC_CTX_free(ctx);
		return nullptr;
	}
	return ctx;
}

void add_openssl(const char *variant, unsigned c, unsigned d, unsigned size, uint64_t (*ours)(const uint8_t *, size_t))
{
	EVP_MAC_CTX *ctx = openssl_ctx(c, d, size);
	if (!ctx) {
		std::fprintf(stderr, "siphash-bench: OpenSSL has no SIPHASH MAC; openssl rows skipped\n");
		return;
	}
	add_peer(
	        variant, "openssl",
	        [ctx](const uint8_t *p, size_t n) -> uint64_t {
		        uint8_t o[16];
		        size_t ol = 0;
		        EVP_MAC_init(ctx, g_keybytes, sizeof g_keybytes, nullptr);
		        EVP_MAC_update(ctx, p, n);
		        EVP_MAC_final(ctx, o, &ol, sizeof o);
		        return first8(o);
	        },
	        ours);
}
#endif

// Reference rows, not peers: plain (unkeyed) string hashes, which anyone who
// knows them can flood, and which SipHash is adopted to replace. Projects
// weigh SipHash against them (OpenSSL kept its LHASH string hash for short
// strings; a Lua fork measured HalfSipHash-1-3 against its stock hash), so
// their rows sit beside siphash13_64's and halfsiphash13_32's. The names say
// the function: BM_oneshot/strhash_plain/IMPL/SIZE.
//   lua: the string hash of Lua 5.4's interpreter (luaS_hash: h = seed ^ len,
//        then h ^= (h << 5) + (h >> 2) + byte, from the last byte to the first),
//        written here from that formula.
//   openssl: OPENSSL_LH_strhash, the default hash of OpenSSL's LHASH tables,
//        which reads a NUL-terminated string (given one of the row's length).
uint64_t lua_strhash(const uint8_t *p, size_t n)
{
	unsigned h = 0x2545f491u ^ static_cast<unsigned>(n);
	for (; n > 0; n--)
		h ^= (h << 5) + (h >> 2) + p[n - 1];
	return h;
}

void add_plain_strhashes()
{
	add_oneshot("strhash_plain", "lua", -1, lua_strhash);
#ifdef SIPHASH_PEER_OPENSSL
	add_oneshot(
	        "strhash_plain", "openssl", -1,
	        [](const uint8_t *p, size_t) -> uint64_t {
		        return OPENSSL_LH_strhash(reinterpret_cast<const char *>(p));
	        },
	        true);
#endif
}

void add_peers()
{
#ifdef SIPHASH_PEER_SODIUM
	if (sodium_init() < 0) {
		std::fprintf(stderr, "siphash-bench: sodium_init failed; libsodium rows skipped\n");
	} else {
		add_peer(
		        "siphash24_64", "libsodium",
		        [](const uint8_t *p, size_t n) -> uint64_t {
			        uint8_t o[crypto_shorthash_siphash24_BYTES];
			        crypto_shorthash_siphash24(o, p, n, g_keybytes);
			        return first8(o);
		        },
		        ours24_64);
		add_peer(
		        "siphash24_128", "libsodium",
		        [](const uint8_t *p, size_t n) -> uint64_t {
			        uint8_t o[crypto_shorthash_siphashx24_BYTES];
			        crypto_shorthash_siphashx24(o, p, n, g_keybytes);
			        return first8(o);
		        },
		        ours24_128);
	}
#else
	std::fprintf(stderr, "siphash-bench: built without libsodium; its rows are skipped\n");
#endif
#ifdef SIPHASH_PEER_HIGHWAYHASH
	// Header-only template: inlined into the benchmark loop, as a user gets it.
	add_peer(
	        "siphash24_64", "highwayhash",
	        [](const uint8_t *p, size_t n) -> uint64_t {
		        return highwayhash::SipHash(g_hhkey, reinterpret_cast<const char *>(p), n);
	        },
	        ours24_64);
	add_peer(
	        "siphash13_64", "highwayhash",
	        [](const uint8_t *p, size_t n) -> uint64_t {
		        return highwayhash::SipHash13(g_hhkey, reinterpret_cast<const char *>(p), n);
	        },
	        ours13_64);
#else
	std::fprintf(stderr, "siphash-bench: built without highwayhash; its rows are skipped\n");
#endif
#ifdef SIPHASH_PEER_OPENSSL
	add_openssl("siphash24_64", 2, 4, 8, ours24_64);
	add_openssl("siphash24_128", 2, 4, 16, ours24_128);
	add_openssl("siphash13_64", 1, 3, 8, ours13_64);
	add_openssl("siphash13_128", 1, 3, 16, ours13_128);
#else
	std::fprintf(stderr, "siphash-bench: built without OpenSSL 3; its rows are skipped\n");
#endif
}

void add_limits()
{
	auto lim = [](uint64_t (*f)(uint64_t, size_t)) {
		return [f](const uint8_t *p, size_t n) -> uint64_t {
			return f(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p)), n);
		};
	};
	add_oneshot("siphash13_64", "limit", -1, lim(siphash_bench_limit_sip13));
	add_oneshot("siphash24_64", "limit", -1, lim(siphash_bench_limit_sip24));
	add_oneshot("siphash48_64", "limit", -1, lim(siphash_bench_limit_sip48));
	add_oneshot("halfsiphash13_32", "limit", -1, lim(siphash_bench_limit_half13));
	add_oneshot("halfsiphash24_32", "limit", -1, lim(siphash_bench_limit_half24));
}

// The CPU model for the JSON context (plots and docs quote it).
std::string cpu_model()
{
	std::FILE *f = std::fopen("/proc/cpuinfo", "r");
	char line[512];
	std::string model = "unknown";
	if (!f)
		return model;
	while (std::fgets(line, sizeof line, f))
		if (!std::strncmp(line, "model name", 10) && std::strchr(line, ':')) {
			model = std::strchr(line, ':') + 2;
			model.erase(model.find_last_not_of("\n") + 1);
			break;
		}
	std::fclose(f);
	return model;
}

void setup()
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < sizeof g_buf; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		g_buf[i] = static_cast<uint8_t>(x);
	}
	for (unsigned i = 0; i < 16; i++)
		g_keybytes[i] = static_cast<uint8_t>(i);
	g_key = siphash_key_from_bytes(g_keybytes);
	g_hkey = halfsiphash_key_from_bytes(g_keybytes);
	for (size_t i = 0; i < sizeof kSizes / sizeof kSizes[0]; i++) {
		g_stroff[i] = g_strbuf.size();
		for (size_t j = 0; j < kSizes[i]; j++)
			g_strbuf.push_back(g_buf[j] ? g_buf[j] : uint8_t{'x'});
		g_strbuf.push_back(0);
	}
#ifdef SIPHASH_PEER_HIGHWAYHASH
	g_hhkey[0] = g_key.k0;
	g_hhkey[1] = g_key.k1;
#endif
}

} // namespace

int main(int argc, char **argv)
{
	setup();
	std::string backends;
	for (int b = SIPHASH_BACKEND_AUTO; siphash_backend_name(static_cast<siphash_backend>(b)); b++) {
		siphash_backend id = static_cast<siphash_backend>(b);
		if (!siphash_backend_supported(id))
			continue;
		std::string impl = siphash_backend_name(id);
		backends += (backends.empty() ? "" : ",") + impl;
		add_library_oneshots(impl, b);
		add_streams<1>(impl, b);
		add_streams<4>(impl, b); // a field at a time: the header's inline path, as 1 and 8
		add_streams<8>(impl, b);
		add_streams<64>(impl, b);
		add_streams<4096>(impl, b);
		add_library_batches(impl, b);
	}
	add_peers();
	add_plain_strhashes();
	add_limits();
	siphash_backend_select(SIPHASH_BACKEND_AUTO);
	benchmark::AddCustomContext("siphash_version", siphash_version());
	benchmark::AddCustomContext("siphash_cpu", cpu_model());
	benchmark::AddCustomContext("siphash_backends", backends);
	benchmark::AddCustomContext("siphash_auto_backend", siphash_backend_name(siphash_backend_active()));
	benchmark::Initialize(&argc, argv);
	if (benchmark::ReportUnrecognizedArguments(argc, argv))
		return 1;
	benchmark::RunSpecifiedBenchmarks();
	benchmark::Shutdown();
	return 0;
}
