#!/usr/bin/env bash
# 30-fuzz.sh - builds the libFuzzer targets (clang, ASan+UBSan, instrumented static library) and fuzzes each for a bounded time.
#
# FUZZ_SECONDS=N overrides the per-target budget (default: about two minutes in all).
# A longer run of one target, keeping what it finds in the committed corpus:
#   cmake --preset fuzz && cmake --build --preset fuzz
#   "$PWD"/build-fuzz/tests/fuzz/fuzz_agree -max_total_time=3600 -jobs=2 "$PWD/tests/fuzz/corpus/fuzz_agree"
# (fuzz_sipsum: add -close_fd_mask=3). See docs/testing.md.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}" clang libclang-rt-14-dev llvm

B=$SIPHASH_ROOT/build-fuzz
cmake --preset fuzz -B "$B" >/dev/null
# The targets are the fuzz_* tests CMake registered (fuzz_sipsum only when the tool is built).
targets=$(ctest --test-dir "$B" -N -L fuzz | sed -n 's/.*Test *#[0-9]*: *\(fuzz_[a-z0-9_]*\)_corpus$/\1/p')
[ -n "$targets" ] || { log "no fuzz target configured"; exit 1; }
# shellcheck disable=SC2046,SC2086 # one word per target; their CMake targets carry the siphash_ prefix
cmake --build "$B" -j"$JOBS" --target $(printf 'siphash_%s ' $targets)

# Every committed corpus input first (quick regression replay), then fuzzing.
ctest --test-dir "$B" --output-on-failure --no-tests=error -L fuzz

declare -A budget=([fuzz_agree]=45 [fuzz_stream]=40 [fuzz_sipsum]=35)
# sipsum prints a verdict or warning per line: keep the log to libFuzzer's own (which survives the mask).
declare -A extra=([fuzz_sipsum]=-close_fd_mask=3)
mkdir -p "$B/artifacts"
status=0
for t in $targets; do
	secs=${FUZZ_SECONDS:-${budget[$t]:-30}}
	work="$B/corpus/$t"
	mkdir -p "$work"
	log "fuzzing $t for $secs s"
	# New inputs go to the work corpus; the committed one is read only. Paths are absolute
	# because a target may change directory (fuzz_sipsum works in a scratch directory).
	if ! "$B/tests/fuzz/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		${extra[$t]:-} -artifact_prefix="$B/artifacts/$t-" "$work" "$SIPHASH_ROOT/tests/fuzz/corpus/$t" \
		>"$B/$t.log" 2>&1; then
		status=1
		log "$t FOUND A PROBLEM (input saved under $B/artifacts/):"
		grep -v '^#\|^INFO\|^\s*$' "$B/$t.log" | tail -40 >&2
	fi
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$B/$t.log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$B/$t.log")
	echo "fuzz $t: ${execs:-?} executions in ${secs} s, ${rate:-?} exec/s, corpus $(find "$work" -type f | wc -l) new + $(find "tests/fuzz/corpus/$t" -type f | wc -l) seeds"
done
exit $status
