#!/usr/bin/env bash
# run.sh - installs the built library into a temporary prefix and builds and runs a consumer four ways, then vendored.
# usage: run.sh BUILD_DIR C_COMPILER
set -euo pipefail
build=$1
cc=${2:-cc}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
passed=0
failed=0
ok() { echo "ok: $1"; passed=$((passed + 1)); }
bad() { echo "FAILED: $1"; failed=$((failed + 1)); }

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
libdir=$(dirname "$(find "$prefix" -name 'libsiphash.so' | head -n 1)")

# consumer DIR LABEL [CMAKE_ARG...]: configures, builds and runs the find_package consumer.
consumer() {
	local dir=$tmp/$1 label=$2
	shift 2
	if cmake -S "$here" -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" "$@" >"$dir.log" 2>&1 &&
		cmake --build "$dir" >>"$dir.log" 2>&1 &&
		LD_LIBRARY_PATH="$libdir" "$dir/consumer"; then
		ok "$label"
	else
		cat "$dir.log"
		bad "$label"
	fi
}

# 1, 2: find_package with the shared and with the static library (asking for its component)
consumer cm-shared "find_package, shared" -DSIPHASH_COMPONENTS=shared
consumer cm-static "find_package, static" -DSIPHASH_COMPONENTS=static -DUSE_STATIC=ON
# Without cpu_features' package (libcpu-features-dev) a shared consumer still finds the package;
# asking for the static component then fails in find_package, and linking the static target fails.
if grep -q '_siphash_needs_cpu_features ON' "$libdir/cmake/siphash/siphashConfig.cmake"; then
	nocpuf=-DCMAKE_DISABLE_FIND_PACKAGE_CpuFeatures=ON
	consumer cm-nocpuf "find_package, shared, without cpu_features" "$nocpuf"
	for comp in static ""; do
		if ! cmake -S "$here" -B "$tmp/cm-nocpuf-static$comp" -DCMAKE_PREFIX_PATH="$prefix" "$nocpuf" \
			-DUSE_STATIC=ON -DSIPHASH_COMPONENTS="$comp" -DCMAKE_C_COMPILER="$cc" >"$tmp/cm-nocpuf-s.log" 2>&1 &&
			grep -q 'CpuFeatures' "$tmp/cm-nocpuf-s.log"; then
			ok "find_package, static${comp:+ component}, without cpu_features: fails naming it"
		else
			cat "$tmp/cm-nocpuf-s.log"
			bad "find_package, static${comp:+ component}, without cpu_features: fails naming it"
		fi
	done
fi
# the static consumer must not need libsiphash.so at run time
# readelf's output is taken whole first: piped into grep -q under pipefail, a
# readelf cut off by grep's early exit (SIGPIPE) would turn a match into a pass.
if [ -x "$tmp/cm-static/consumer" ] && deps=$(readelf -d "$tmp/cm-static/consumer") &&
	! grep -q 'libsiphash' <<<"$deps"; then
	ok "static consumer has no libsiphash.so dependency"
else
	bad "static consumer has no libsiphash.so dependency"
fi

# 3, 4: pkg-config, shared, then --static
export PKG_CONFIG_PATH="$libdir/pkgconfig"
# shellcheck disable=SC2046 # pkg-config prints one word per flag
if "$cc" "$here/consumer.c" -o "$tmp/pc-shared" $(pkg-config --cflags --libs siphash) &&
	LD_LIBRARY_PATH="$libdir" "$tmp/pc-shared"; then
	ok "pkg-config, shared"
else
	bad "pkg-config, shared"
fi
# --static adds Libs.private (cpu_features); -l:libsiphash.a makes the linker take the archive.
# shellcheck disable=SC2046 # pkg-config prints one word per flag
if "$cc" "$here/consumer.c" -o "$tmp/pc-static" $(pkg-config --static --cflags --libs siphash | sed 's/-lsiphash/-l:libsiphash.a/') &&
	"$tmp/pc-static" && deps=$(readelf -d "$tmp/pc-static") && ! grep -q libsiphash <<<"$deps"; then
	ok "pkg-config --static"
else
	bad "pkg-config --static"
fi
# the installed header alone compiles as C99 with -pedantic-errors
if "$cc" -std=c99 -pedantic-errors -Wall -Wextra -fsyntax-only -I"$prefix/include" "$here/consumer.c"; then
	ok "installed header is C99"
else
	bad "installed header is C99"
fi
# 5: vendored with add_subdirectory: both targets link, and only the library installs with the parent
# (vendored/CMakeLists.txt fails the configure if the tools, examples or tests came along).
vend=$tmp/vendored
# shellcheck disable=SC2016 # $ORIGIN is for the dynamic loader, not the shell
if cmake -S "$here/vendored" -B "$vend" -DSIPHASH_SOURCE_DIR="$here/../.." -DCMAKE_C_COMPILER="$cc" \
	-DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_INSTALL_RPATH='$ORIGIN/../lib' >"$vend.log" 2>&1 &&
	cmake --build "$vend" -j2 >>"$vend.log" 2>&1 &&
	"$vend/consumer-shared" && "$vend/consumer-static" &&
	cmake --install "$vend" --prefix "$tmp/vprefix" >>"$vend.log" 2>&1 &&
	"$tmp/vprefix/bin/consumer-shared" &&
	[ -f "$tmp/vprefix/lib/cmake/siphash/siphashConfig.cmake" ] && [ ! -e "$tmp/vprefix/bin/sipsum" ]; then
	ok "add_subdirectory"
else
	cat "$vend.log"
	bad "add_subdirectory"
fi
# SIPHASH_INSTALL=OFF: the parent installs its own files only
if cmake "$vend" -DSIPHASH_INSTALL=OFF >>"$vend.log" 2>&1 &&
	cmake --install "$vend" --prefix "$tmp/vprefix-off" >>"$vend.log" 2>&1 &&
	[ -x "$tmp/vprefix-off/bin/consumer-shared" ] &&
	[ -z "$(find "$tmp/vprefix-off" -name '*siphash*' ! -name 'consumer-*')" ]; then
	ok "add_subdirectory, SIPHASH_INSTALL=OFF"
else
	cat "$vend.log"
	bad "add_subdirectory, SIPHASH_INSTALL=OFF"
fi
# A parent with its own test_vectors, test_batch, ... turns libsiphash's tests on: both suites
# configure (target names are global), build and run side by side.
if cmake "$vend" -DSIPHASH_INSTALL=ON -DVENDORED_OWN_TESTS=ON >>"$vend.log" 2>&1 &&
	cmake --build "$vend" -j2 --target test_vectors siphash_test_vectors >>"$vend.log" 2>&1 &&
	ctest --test-dir "$vend" -R '^(parent_)?test_vectors$' >"$tmp/vend-ctest.log" 2>&1 &&
	grep -q 'tests passed, 0 tests failed out of 2$' "$tmp/vend-ctest.log"; then
	ok "add_subdirectory, the parent's test names and libsiphash's tests"
else
	cat "$vend.log" "$tmp/vend-ctest.log" 2>/dev/null
	bad "add_subdirectory, the parent's test names and libsiphash's tests"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
