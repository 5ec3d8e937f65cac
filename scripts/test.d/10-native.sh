#!/usr/bin/env bash
# 10-native.sh - Release build with warnings as errors, then the whole CTest suite on every backend of this CPU.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}"
cmake -S . -B build-native -DCMAKE_BUILD_TYPE=Release -DSIPHASH_WERROR=ON -DSIPHASH_BUILD_TESTS=ON >/dev/null
cmake --build build-native -j"$JOBS"
ctest --test-dir build-native --output-on-failure --no-tests=error -j"$JOBS"
