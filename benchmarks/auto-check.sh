#!/usr/bin/env bash
# auto-check.sh - measures auto against every forced backend in each one-shot and batch row, and rechecks the cells over 5%.
#
#   benchmarks/auto-check.sh [OUTDIR]        (default build-perf/auto-check; ~15 minutes)
#   REPS=5 MIN_TIME=0.05 RECHECKS=3 RECHECK_REPS=15 LIMIT=1.05 benchmarks/auto-check.sh /tmp/auto
#
# Issue 3 asks that auto be within 5% of the fastest forced backend for every
# operation and size. Pass 1 runs every BM_oneshot and BM_batch row of auto
# and of each backend this CPU supports (batches of 1-64 messages and of
# 1024, see benchmarks/bench.cc), REPS interleaved repetitions, and each row
# counts its fastest repetition. The cells still over LIMIT are run again,
# alone, with RECHECK_REPS repetitions, up to RECHECKS times: on a shared
# machine a neighbour's burst lands on one row of a pass and not on the
# others, so a real gap shows up in every pass and noise rarely does. Writes
# OUTDIR/pass1.json, OUTDIR/recheck<K>.json and OUTDIR/auto-check.md
# (benchmarks/auto_check.py).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}" python3

build=${BUILD:-build-perf}
out=${1:-$build/auto-check}
reps=${REPS:-3}
min_time=${MIN_TIME:-0.02}
rechecks=${RECHECKS:-2}
recheck_reps=${RECHECK_REPS:-11}
limit=${LIMIT:-1.05}
mkdir -p "$out"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSIPHASH_BUILD_TESTS=OFF -DSIPHASH_BUILD_BENCHMARKS=ON >/dev/null
cmake --build "$build" -j"$JOBS" --target siphash-bench
bench=("$build/benchmarks/siphash-bench" --benchmark_min_time="$min_time" --benchmark_enable_random_interleaving=true
	--benchmark_out_format=json)

impls=$(python3 benchmarks/auto_check.py --impls)
log "pass 1: every one-shot and batch row, $reps repetitions x ${min_time}s"
"${bench[@]}" --benchmark_filter="^BM_(oneshot|batch)/[a-z0-9_]+/$impls/" --benchmark_repetitions="$reps" \
	--benchmark_out="$out/pass1.json" >/dev/null
files=("$out/pass1.json")
for k in $(seq 1 "$rechecks"); do
	filter=$(python3 benchmarks/auto_check.py --limit "$limit" --filter "${files[@]}")
	[ -n "$filter" ] || break
	log "recheck $k: $(grep -o 'BM_' <<<"$filter" | wc -l) cells over $limit, $recheck_reps repetitions"
	"${bench[@]}" --benchmark_filter="$filter" --benchmark_repetitions="$recheck_reps" \
		--benchmark_out="$out/recheck$k.json" >/dev/null
	files+=("$out/recheck$k.json")
done
python3 benchmarks/auto_check.py --limit "$limit" "${files[@]}" | tee "$out/auto-check.md"
