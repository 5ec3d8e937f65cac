#!/usr/bin/env bash
# check_symbols.sh - symbol guards: the shared library exports exactly the header's API, the static one only prefixed names.
#
#   check_symbols.sh exports HEADER LIBSIPHASH.so [MAPFILE]   dynamic symbols == SIPHASH_API functions (+ version node)
#   check_symbols.sh static LIBSIPHASH.a HEADER              every global is an API function or a siphash__ internal
#
# Prints "N passed, M failed" like the C tests and exits non-zero on a failure.
set -uo pipefail
NM=${NM:-nm}
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() {
	failed=$((failed + 1))
	printf 'FAIL %s\n' "$*" >&2
}

# The functions the header declares with SIPHASH_API (one declaration starts each such line).
header_api() {
	grep -E '^SIPHASH_API ' "$1" | sed -E 's/^SIPHASH_API [^(]*[ *]([A-Za-z0-9_]+)\(.*/\1/' | sort -u
}

case "${1:-}" in
exports)
	header=$2 so=$3 map=${4:-}
	want=$(header_api "$header")
	[ -n "$want" ] && ok || fail "no SIPHASH_API function found in $header"
	# nm -D prints name@@VERSION for versioned symbols; T/W/D/B/R/i are defined ones.
	raw=$($NM -D --defined-only "$so" | awk '$2 ~ /^[TtWwDdBbRri]$/ {print $3}')
	have=$(printf '%s\n' "$raw" | sed 's/@.*//' | sort -u)
	if [ "$want" = "$have" ]; then
		ok
	else
		fail "exported symbols of $so differ from the SIPHASH_API functions of $header (< header only, > library only):"
		diff <(printf '%s\n' "$want") <(printf '%s\n' "$have") | grep '^[<>]' >&2
	fi
	if [ -n "$map" ]; then
		# Every export carries the version node of the map file.
		node=$(grep -oE '^[A-Z0-9_]+_[0-9]+\.[0-9]+' "$map" | head -1)
		unversioned=$(printf '%s\n' "$raw" | grep -v "@@\?${node}\$" | grep -vE '^(SIPHASH_[0-9.]+)?$' || true)
		[ -n "$node" ] && [ -z "$unversioned" ] && ok || fail "symbols without version node '${node}': $unversioned"
		# The map lists the same names as the header, so that a new function cannot be forgotten in either.
		mapped=$(sed -n '/global:/,/local:/p' "$map" | grep -oE '^[[:space:]]*[A-Za-z0-9_]+;' | tr -d ' \t;' | sort -u)
		if [ "$want" = "$mapped" ]; then
			ok
		else
			fail "$map global list differs from the header (< header only, > map only):"
			diff <(printf '%s\n' "$want") <(printf '%s\n' "$mapped") | grep '^[<>]' >&2
		fi
	fi
	;;
static)
	a=$2 header=$3
	# Global defined symbols (upper-case type letter); sanitizer and coverage instrumentation adds its own,
	# and i386 PIC code GCC's hidden COMDAT __x86.get_pc_thunk.* helpers (identical in every object).
	syms=$($NM --defined-only -g "$a" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[A-Z]$/ {print $3}' | sort -u |
		grep -vE '^(__asan|__odr_asan|__ubsan|__sancov|__tsan|__msan|__llvm_|__profc_|__profd_|__x86\.get_pc_thunk\.)')
	[ -n "$syms" ] && ok || fail "no global symbol found in $a"
	# Allowed: the public functions, and internal ones spelt siphash__* (hidden in the shared library).
	bad=$(printf '%s\n' "$syms" | grep -vE '^siphash__[A-Za-z0-9]' | grep -vxF -f <(header_api "$header") || true)
	if [ -z "$bad" ]; then
		ok
	else
		fail "global symbols of $a that are neither SIPHASH_API functions nor siphash__-prefixed internals:"
		printf '  %s\n' $bad >&2
	fi
	# Belt and braces for the rule itself: every global starts with siphash_ or halfsiphash_.
	stray=$(printf '%s\n' "$syms" | grep -vE '^(siphash|halfsiphash)' || true)
	[ -z "$stray" ] && ok || fail "globals outside the siphash/halfsiphash namespace: $stray"
	;;
*)
	echo "usage: $0 exports HEADER LIB.so [MAP] | static LIB.a HEADER" >&2
	exit 2
	;;
esac
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
