#!/usr/bin/env bash
# measure.sh - the measurement behind docs/performance.md: Release build, the target rows with repetitions, plots, tables.
#
#   benchmarks/measure.sh [OUTDIR]        (default docs/perf; ~6 minutes on a quiet machine)
#   REPS=9 MIN_TIME=0.2 benchmarks/measure.sh /tmp/perf
#
# Writes OUTDIR/siphash-bench.json (medians of REPS interleaved repetitions),
# OUTDIR/*.png (benchmarks/plot.sh), OUTDIR/report.md (benchmarks/report.py)
# and OUTDIR/siphash-speed.txt. Run it on a quiet machine: the rows are
# compared with each other, so noise shows up directly in the ratios.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}" python3 gnuplot-nox

out=${1:-docs/perf}
reps=${REPS:-5}
min_time=${MIN_TIME:-0.1}
build=${BUILD:-build-perf}
mkdir -p "$out"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSIPHASH_BUILD_TESTS=OFF -DSIPHASH_BUILD_BENCHMARKS=ON >/dev/null
cmake --build "$build" -j"$JOBS" --target siphash-bench siphash-speed

# The rows the targets and plots need: one-shot siphash24_64/13_64 on every
# backend, peer and the limit at every size; latency, streaming (scalar) and
# batch at the sizes the tables show. The JSON keeps every repetition, so
# report.py can give the median and the fastest repetition.
filter='^BM_oneshot/siphash(24|13)_64/'
filter+='|^BM_latency/siphash(24|13)_64/[a-z0-9]+/(8|16|64|1024|16384)$'
filter+='|^BM_stream_u(1|64|4096)/siphash24_64/scalar/(64|1024|4096|16384)$|^BM_batch/siphash24_64/'
log "siphash-bench: $reps repetitions x ${min_time}s per row"
"$build/benchmarks/siphash-bench" --benchmark_filter="$filter" --benchmark_min_time="$min_time" \
	--benchmark_repetitions="$reps" --benchmark_enable_random_interleaving=true \
	--benchmark_out="$out/siphash-bench.json" --benchmark_out_format=json >/dev/null
bash benchmarks/plot.sh "$out/siphash-bench.json" "$out" --only '^BM_(oneshot|latency|stream_u1)/siphash(24|13)_64/'
rm -f "$out/plots.gp"
python3 benchmarks/report.py "$out/siphash-bench.json" >"$out/report.md"
"$build/tools/siphash-speed/siphash-speed" >"$out/siphash-speed.txt"
log "done: $out/report.md"
