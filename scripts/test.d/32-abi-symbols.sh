#!/usr/bin/env bash
# 32-abi-symbols.sh - symbol guards (exports == header API, prefixed statics) and abidiff against the committed ABI baseline.
#
# To rewrite the baseline (only with a major version bump, see docs/testing.md):
#   bash scripts/test.d/32-abi-symbols.sh --update-baseline
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}" abigail-tools binutils

# Debug info for libabigail; the prefix map keeps source paths in it relative to the tree.
B=build-abi
cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS=-fdebug-prefix-map=$SIPHASH_ROOT=." \
	-DSIPHASH_WERROR=ON -DSIPHASH_ABI_CHECK=ON -DSIPHASH_BUILD_BENCHMARKS=OFF -DSIPHASH_BUILD_TOOLS=OFF >/dev/null
cmake --build "$B" -j"$JOBS" --target siphash siphash_static
if [ "${1:-}" = --update-baseline ]; then
	bash tests/abi/check_abi.sh update tests/abi/libsiphash.abi "$B/src/libsiphash.so" include
	exit 0
fi
ctest --test-dir "$B" --output-on-failure --no-tests=error -L abi
