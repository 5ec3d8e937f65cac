#!/usr/bin/env bash
# 40-tsan.sh - the thread test (first-use detection and backend switching under concurrency) under ThreadSanitizer.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}"
# Only the library and test_threads: the rest of the suite is single-threaded.
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIPHASH_WERROR=ON \
	-DSIPHASH_BUILD_BENCHMARKS=OFF -DSIPHASH_BUILD_TOOLS=OFF \
	-DCMAKE_C_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
	-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread >/dev/null
cmake --build build-tsan -j"$JOBS" --target siphash_test_threads
# Some kernels randomize mmap more than this TSan runtime accepts; run without ASLR when setarch can.
run=()
if setarch "$(uname -m)" -R true 2>/dev/null; then
	run=(setarch "$(uname -m)" -R)
fi
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "${run[@]}" build-tsan/tests/test_threads
