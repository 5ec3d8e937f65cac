#!/usr/bin/env bash
# main.sh - the README's main-job command: build (Release), install into ./out/prefix, print the speed table and sample hashes.
#
#   scripts/main.sh                 the whole job (the speed table takes ~20 s)
#   PREFIX=/some/dir scripts/main.sh    install somewhere else
#   SPEED_ARGS="--time 0.01" scripts/main.sh   arguments for siphash-speed
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"
# PREFIX and BUILD as given are relative to where the command was run
[ -n "${PREFIX:-}" ] && PREFIX=$(realpath -m -- "$PREFIX")
[ -n "${BUILD:-}" ] && BUILD=$(realpath -m -- "$BUILD")
cd "$SIPHASH_ROOT"

ensure_packages "${BASE_PACKAGES[@]}"

PREFIX=${PREFIX:-$SIPHASH_ROOT/out/prefix}
BUILD=${BUILD:-build}
log "configuring and building ($BUILD, Release)"
# Library, tools and example only: the benchmark suite (benchmarks/measure.sh) and
# the tests (scripts/test.sh) have their own commands and build directories.
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX" -DSIPHASH_BUILD_TESTS=OFF \
	-DSIPHASH_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$BUILD" -j"$JOBS"
log "installing into $PREFIX"
cmake --install "$BUILD" >/dev/null

# The tools find the library through their RPATH; this covers tools built without one.
multiarch=$(gcc -print-multiarch 2>/dev/null || echo .)
export LD_LIBRARY_PATH="$PREFIX/lib:$PREFIX/lib/$multiarch${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

log "speed table (siphash-speed; numbers in 1000s of bytes per second)"
# shellcheck disable=SC2086
"$PREFIX/bin/siphash-speed" ${SPEED_ARGS:-}

log "example: a few strings through every variant"
"$BUILD/examples/siphash-example"

if [ -x "$PREFIX/bin/sipsum" ]; then
	sample="$BUILD/sample.txt"
	printf 'The quick brown fox jumps over the lazy dog\n' >"$sample"
	# A demo key (the bytes 00..0f): real keys are secret and random.
	key=000102030405060708090a0b0c0d0e0f
	log "sipsum on $sample with the demo key $key"
	"$PREFIX/bin/sipsum" --key="$key" "$sample"
fi
log "done: library, headers and tools are in $PREFIX"
