#!/usr/bin/env bash
# 34-compilers-optlevels.sh - GCC and Clang at -Wpedantic -Werror, the suite at -O0/-O2/-O3 -march=native/-Os, strict C99/C11/C++ consumers.
#
# Each optimisation level is built once, alternating compilers so that both see
# -Wall -Wextra -Wpedantic plus the project warnings as errors. Benchmarks, the
# package test and slow tests are left to the other stages.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}" clang

run_level() { # run_level NAME CC CFLAGS
	local name=$1 cc=$2 flags=$3 b=build-opt-$1
	log "$name: $cc $flags"
	CC=$cc cmake -S . -B "$b" -DCMAKE_BUILD_TYPE=None "-DCMAKE_C_FLAGS=$flags -Wpedantic" -DSIPHASH_WERROR=ON \
		-DSIPHASH_BUILD_BENCHMARKS=OFF >/dev/null
	cmake --build "$b" -j"$JOBS"
	ctest --test-dir "$b" --output-on-failure --no-tests=error -j"$JOBS" -LE 'package|slow|ctgrind|fuzz'
}

run_level gcc-O0 gcc "-O0"
# Clang's -O2 suite also traps on pointer arithmetic that overflows or
# starts from NULL (NULL + 0 included, which GCC's UBSan does not check).
run_level clang-O2 clang "-O2 -fsanitize=pointer-overflow -fsanitize-trap=pointer-overflow"
run_level gcc-O3-native gcc "-O3 -march=native"
run_level clang-Os clang "-Os"

# The public header from the consumer's side: strict C99 and C11 with both compilers, C++11 with both.
lib=build-opt-gcc-O0/src/libsiphash.a
extra=$(pkg-config --libs cpu_features 2>/dev/null || echo -lcpu_features)
out=build-opt-consumers
mkdir -p "$out"
for cc in gcc clang; do
	for std in c99 c11; do
		$cc -std=$std -pedantic-errors -Wall -Wextra -Werror -Wstrict-prototypes -Wmissing-prototypes -Wshadow \
			-Iinclude tests/abi/consumer.c "$lib" $extra -o "$out/consumer-$cc-$std"
		"$out/consumer-$cc-$std" >/dev/null
		echo "consumer $cc -std=$std -pedantic-errors: ok"
	done
done
for cxx in g++ clang++; do
	$cxx -std=c++11 -Wall -Wextra -pedantic -Werror -Iinclude -x c++ tests/abi/consumer.c -x none "$lib" $extra \
		-o "$out/consumer-$cxx"
	"$out/consumer-$cxx" >/dev/null
	echo "consumer $cxx -std=c++11 -pedantic: ok"
done
# The header's inline code under the strictest warnings C and C++ code bases
# build with (conversions, old-style casts, reserved names): a warning there
# breaks a user's -Werror build, not ours.
strict=(-Wall -Wextra -Wpedantic -Werror -Wconversion -Wsign-conversion -Wcast-qual -Wcast-align -Wundef -Wshadow
	-Wredundant-decls)
for cc in gcc clang; do
	for std in c89 c99; do
		$cc -std=$std "${strict[@]}" -Wstrict-prototypes -Wmissing-prototypes -Iinclude -fsyntax-only \
			tests/abi/strict_header.c
	done
done
clang -std=c11 "${strict[@]}" -Wreserved-identifier -Wreserved-macro-identifier -Iinclude -fsyntax-only \
	tests/abi/strict_header.c
g++ -std=c++11 "${strict[@]}" -Wold-style-cast -Wuseless-cast -Wzero-as-null-pointer-constant -Iinclude -x c++ \
	-fsyntax-only tests/abi/strict_header.c
clang++ -std=c++11 "${strict[@]}" -Wold-style-cast -Wzero-as-null-pointer-constant -Wreserved-identifier \
	-Wreserved-macro-identifier -Iinclude -x c++ -fsyntax-only tests/abi/strict_header.c
echo "siphash.h under strict C99/C11/C++11 warnings (gcc, clang): ok"
