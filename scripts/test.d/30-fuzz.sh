#!/usr/bin/env bash
# 30-fuzz.sh - builds the libFuzzer targets (clang, ASan+UBSan, instrumented static library) and fuzzes each for a bounded time.
#
# FUZZ_SECONDS=N overrides the per-target budget (default: about two minutes in all).
# A longer run of one target, keeping what it finds in the committed corpus:
#   cmake --preset fuzz && cmake --build --preset fuzz
#   build-fuzz/tests/fuzz/fuzz_agree -max_total_time=3600 -jobs=2 tests/fuzz/corpus/fuzz_agree
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages clang libclang-rt-14-dev llvm libssl-dev cmake

B=build-fuzz
cmake --preset fuzz -B "$B" >/dev/null
targets=$(sed -n 's/^siphash_add_fuzzer(\([a-z_0-9]*\).*/\1/p' tests/fuzz/CMakeLists.txt)
# shellcheck disable=SC2086
cmake --build "$B" -j"$JOBS" --target $targets

# Every committed corpus input first (quick regression replay), then fuzzing.
ctest --test-dir "$B" --output-on-failure -L fuzz

declare -A budget=([fuzz_agree]=50 [fuzz_stream]=40 [fuzz_sipsum]=30)
mkdir -p "$B/artifacts"
status=0
for t in $targets; do
	secs=${FUZZ_SECONDS:-${budget[$t]:-30}}
	work="$B/corpus/$t"
	mkdir -p "$work"
	log "fuzzing $t for $secs s"
	# New inputs go to the work corpus; the committed one is read only.
	if ! "$B/tests/fuzz/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$B/artifacts/$t-" "$work" "tests/fuzz/corpus/$t" >"$B/$t.log" 2>&1; then
		status=1
		log "$t FOUND A PROBLEM (input saved under $B/artifacts/):"
		grep -v '^#\|^INFO\|^\s*$' "$B/$t.log" | tail -40 >&2
	fi
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/$t.log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$B/$t.log")
	echo "fuzz $t: ${execs:-?} executions in ${secs} s, ${rate:-?} exec/s, corpus $(find "$work" -type f | wc -l) new + $(find "tests/fuzz/corpus/$t" -type f | wc -l) seeds"
done
exit $status
