#!/usr/bin/env bash
# 31-ctgrind.sh - constant-time check: every entry point on every backend under valgrind memcheck with the key marked secret.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}" valgrind

# The optimised code users run, with debug info so that a finding names its line.
B=build-ctgrind
cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-g -DSIPHASH_WERROR=ON -DSIPHASH_CTGRIND=ON \
	-DSIPHASH_BUILD_BENCHMARKS=OFF -DSIPHASH_BUILD_TOOLS=OFF >/dev/null
cmake --build "$B" -j"$JOBS" --target siphash_test_ct
ctest --test-dir "$B" --output-on-failure --no-tests=error -L ctgrind
