#!/usr/bin/env bash
# 70-bench-smoke.sh - builds siphash-bench, siphash-speed and siphash-compare, runs every benchmark once, briefly, auto_check.py on two cells and siphash-compare on this build (no timing assertions).
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}" python3

# output_has REGEX CMD...: runs CMD and tells whether its output has a line
# matching REGEX. The output is taken whole first: piped into grep -q under
# pipefail, a writer still writing when grep -q has its match and exits dies
# of SIGPIPE and fails the stage, silently (a CI run did, with
# PYTHONUNBUFFERED=1 set, under which python3 writes a line at a time).
output_has() {
	local out
	out=$("${@:2}")
	grep -q -- "$1" <<<"$out"
}

build="build-bench-smoke"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSIPHASH_WERROR=ON -DSIPHASH_BUILD_TESTS=OFF \
	-DSIPHASH_BUILD_BENCHMARKS=ON >/dev/null
cmake --build "$build" -j"$JOBS" --target siphash-bench siphash-speed siphash-compare

bench="$build/benchmarks/siphash-bench"
out="$build/bench-smoke.txt"
expected=$("$bench" --benchmark_list_tests | grep -c '^BM_')
log "running all $expected benchmarks once with a tiny minimum time"
"$bench" --benchmark_min_time=0.00001 --benchmark_color=false >"$out" 2>"$build/bench-smoke.err" || {
	cat "$build/bench-smoke.err" >&2
	exit 1
}
ran=$(grep -c '^BM_' "$out" || true)
errors=$(grep -c 'ERROR OCCURRED' "$out" || true)
# Every registered row must have produced a result and none may have failed
# (a peer that disagreed with the library is reported on stderr and left out).
cat "$build/bench-smoke.err" >&2
for peer in libsodium highwayhash openssl; do
	grep -q "/$peer/" "$out" || log "note: no $peer rows (peer not installed?)"
done
log "siphash-bench: $ran of $expected rows ran, $errors errors"
[ "$ran" -eq "$expected" ] && [ "$errors" -eq 0 ]

# benchmarks/auto_check.py reads such a run's JSON, and its --filter output
# must select the cells' rows again (auto-check.sh feeds it back).
log "auto_check.py on two cells"
"$bench" --benchmark_filter='^BM_(oneshot/siphash24_64/[a-z0-9]+/16|batch/siphash13_64/[a-z0-9]+/4xmixed)$' \
	--benchmark_min_time=0.00001 --benchmark_repetitions=2 --benchmark_out="$build/auto-smoke.json" \
	--benchmark_out_format=json >/dev/null
python3 benchmarks/auto_check.py "$build/auto-smoke.json" >"$build/auto-smoke.md"
grep -q '^2 cells' "$build/auto-smoke.md"
filter=$(python3 benchmarks/auto_check.py --limit 0 --filter "$build/auto-smoke.json")
again=$("$bench" --benchmark_list_tests --benchmark_filter="$filter" | grep -c '^BM_')
[ "$again" -ge 4 ] # auto and at least the scalar backend, for both cells
# Labels follow --limit, and every backend the benchmark measures (its
# siphash_backends context) is one auto_check.py, so auto-check.sh, compares.
output_has ' over 1.10 |$' python3 benchmarks/auto_check.py --limit 1.1 "$build/auto-smoke.json"
impls=$(python3 benchmarks/auto_check.py --impls)
backends=$(grep -o '"siphash_backends": "[a-z0-9,]*"' "$build/auto-smoke.json" | cut -d'"' -f4)
[ -n "$backends" ]
for impl in ${backends//,/ }; do
	[[ $impl =~ ^${impls}$ ]] || { log "auto_check.py --impls lacks $impl"; exit 1; }
done

log "siphash-compare: two backends of this build, a backend this build lacks, a library that is not one"
lib="$build/src/libsiphash.so.1"
cmp="$build/benchmarks/siphash-compare"
"$cmp" --op halfsiphash13_32_batch -n 40 --bytes 16 --rounds 2 --calls 3 "scalar:$lib" "$lib" >"$build/compare-smoke.txt"
[ "$(grep -cE '^(scalar|auto \([a-z0-9]+\)) +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ ' "$build/compare-smoke.txt")" -eq 2 ]
"$cmp" --rounds 1 --calls 1 "$lib" "$lib" >/dev/null
output_has '^siphash24_128, 5 x 1000 B' "$cmp" --op siphash24_128 -n 5 --bytes 1000 --rounds 1 --calls 1 "scalar:$lib" "$lib"
output_has '^halfsiphash24_64_stream, 5 x 100 B in updates of 3 B' \
	"$cmp" --op halfsiphash24_64_stream --update 3 -n 5 --bytes 100 --rounds 1 --calls 1 "scalar:$lib" "$lib"
"$cmp" --op siphash13_128_stream -n 7 --rounds 1 --calls 1 "scalar:$lib" "$lib" >/dev/null
status=0
"$cmp" --op siphash24_64_stream --update 0 "$lib" 2>/dev/null || status=$?
[ "$status" -eq 2 ]
case "$(uname -m)" in
x86_64 | i?86) absent=neon ;;
*) absent=avx2 ;;
esac
status=0
"$cmp" --rounds 1 --calls 1 "$absent:$lib" 2>/dev/null || status=$?
[ "$status" -eq 2 ]
status=0
"$cmp" --rounds 1 --calls 1 "$build/benchmarks/siphash-bench" 2>/dev/null || status=$?
[ "$status" -eq 2 ]

# The tag check must catch a library that writes no tags wherever it comes:
# third, after two that agree, it once passed on the second one's tags.
cat >"$build/notags.c" <<'EOF'
/* notags.c - a stand-in libsiphash whose batch writes no tags, for siphash-compare's check. */
#include <stddef.h>
#include <stdint.h>
int siphash_backend_select(int b);
int siphash_backend_active(void);
const char *siphash_backend_name(int b);
void siphash13_64_batch(const void *key, const void *const *data, const size_t *len, size_t n, uint64_t *out);
int siphash_backend_select(int b) { return b == 0 || b == 1 ? 0 : -2; }
int siphash_backend_active(void) { return 1; }
const char *siphash_backend_name(int b) { return b == 1 ? "scalar" : "auto"; }
void siphash13_64_batch(const void *key, const void *const *data, const size_t *len, size_t n, uint64_t *out)
{
	(void)key, (void)data, (void)len, (void)n, (void)out;
}
EOF
cc -shared -fPIC -O1 "$build/notags.c" -o "$build/libnotags.so"
status=0
"$cmp" -n 30 --rounds 1 --calls 1 "scalar:$lib" "$lib" "$build/libnotags.so" 2>/dev/null || status=$?
[ "$status" -eq 1 ]
# Eleven builds side by side load (each namespace's libc takes static TLS
# that runs out at twelve); a twelfth is refused up front.
specs=()
for _ in 1 2 3 4 5 6 7 8 9 10 11; do specs+=("$lib"); done
"$cmp" -n 30 --rounds 1 --calls 1 "${specs[@]}" >/dev/null
status=0
msg=$("$cmp" -n 30 --rounds 1 --calls 1 "${specs[@]}" "$lib" 2>&1 >/dev/null) || status=$?
[ "$status" -eq 2 ] && [[ $msg == *"at most 11 libraries"* ]]

log "compare_runs.py: two processes of siphash-compare, a median per spec"
python3 "$SIPHASH_ROOT/benchmarks/compare_runs.py" --runs 2 --compare "$cmp" -- --op siphash13_64_batch -n 30 \
	--rounds 1 --calls 2 "scalar:$lib" "$lib" >"$build/compare-runs-smoke.txt"
[ "$(grep -cE '^  [0-9.]+ \([0-9.]+-[0-9.]+\)  ' "$build/compare-runs-smoke.txt")" -eq 2 ]
grep -q '^  1.000 (1.000-1.000)  scalar:' "$build/compare-runs-smoke.txt"

log "siphash-speed --json with a tiny time"
"$build/tools/siphash-speed/siphash-speed" --json --time 0.0005 >"$build/speed-smoke.json"
grep -q '"rows": \[' "$build/speed-smoke.json"
grep -q '"bytes_per_second": \[' "$build/speed-smoke.json"
"$build/tools/siphash-speed/siphash-speed" --help >/dev/null
# usage errors exit 2 (a filter matching no row is one), a full disk 1
for args in "--only no-such-row" "--time" "--time 0" "--bogus"; do
	status=0
	# shellcheck disable=SC2086
	"$build/tools/siphash-speed/siphash-speed" $args >/dev/null 2>&1 || status=$?
	[ "$status" -eq 2 ] || { log "siphash-speed $args: exit $status, not 2"; exit 1; }
done
status=0
"$build/tools/siphash-speed/siphash-speed" --help >/dev/full 2>/dev/null || status=$?
[ "$status" -eq 1 ]
log "bench smoke passed"
