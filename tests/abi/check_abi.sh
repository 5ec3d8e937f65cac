#!/usr/bin/env bash
# check_abi.sh - compares the built shared library with the committed ABI baseline (libabigail), or rewrites the baseline.
#
#   check_abi.sh check  BASELINE.abi LIBSIPHASH.so INCLUDE_DIR   fails on an incompatible change
#   check_abi.sh update BASELINE.abi LIBSIPHASH.so INCLUDE_DIR   writes a new baseline from the library
#
# The library must carry debug info (-g); build it with -fdebug-prefix-map=<source dir>=. so that
# the baseline names files relative to the source tree (scripts/test.d/32-abi-symbols.sh does).
# Added functions are shown and pass. A removed function or symbol fails, and so does a
# changed one: abidiff calls a grown siphash_state merely an "ABI change", but callers allocate
# states themselves, so any change of a public type or signature breaks old binaries.
set -uo pipefail
mode=${1:-} base=${2:-} so=${3:-} inc=${4:-}
if [ -z "$inc" ] || { [ "$mode" != check ] && [ "$mode" != update ]; }; then
	echo "usage: $0 check|update BASELINE.abi LIB.so INCLUDE_DIR" >&2
	exit 2
fi
if ! readelf -S "$so" | grep '\.debug_info' >/dev/null; then
	echo "FAIL $so has no debug info: build with -g for the ABI check" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

if [ "$mode" = update ]; then
	# Only the types of the public header are kept; private ones (the backend table, cpu_features) are dropped.
	abidw --headers-dir "$inc" --drop-private-types --exported-interfaces-only --no-corpus-path --no-comp-dir-path \
		--type-id-style hash "$so" >"$base.tmp" && mv "$base.tmp" "$base" || {
		rm -f "$base.tmp"
		exit 1
	}
	echo "wrote $base from $so"
	exit 0
fi

# A damaged baseline must not read as "no difference" (abidiff then says nothing and exits 0).
if ! abilint "$base" >/dev/null 2>&1; then
	echo "FAIL $base is not a readable ABI corpus (abilint)" >&2
	echo "0 passed, 1 failed"
	exit 1
fi
report=$(abidiff --headers-dir2 "$inc" --drop-private-types --exported-interfaces-only "$base" "$so" 2>&1)
rc=$?
# abidiff's status is a bit set: 1 error, 2 usage error, 4 ABI change, 8 incompatible ABI change.
# Its summary lines read "... changes summary: R Removed, C Changed ..., A Added ...".
breaking=$(printf '%s\n' "$report" | grep -E 'changes summary:' | grep -E '[1-9][0-9]* (Removed|Changed)' || true)
if [ $((rc & 11)) -ne 0 ] || [ -n "$breaking" ]; then
	printf '%s\n' "$report" >&2
	echo "FAIL abidiff reports a removed or changed interface, or an error (status $rc), against $base" >&2
	echo "     an intended break needs a new major version: see docs/testing.md, 'ABI baseline'" >&2
	echo "0 passed, 1 failed"
	exit 1
fi
if [ $((rc & 4)) -ne 0 ]; then
	printf 'compatible ABI change (additions only):\n%s\n' "$report"
fi
echo "1 passed, 0 failed"
