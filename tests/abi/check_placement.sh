#!/usr/bin/env bash
# check_placement.sh - every hashing object of the static library starts its code on a 4096-byte boundary (src/sip_impl.h).
#
#   check_placement.sh LIBSIPHASH.a
#
# The files that include sip_impl.h (the one-shot code and every backend) raise
# their .text alignment to 4096, so that an edit in one file cannot move the
# code of another within a page: on Zen 5 such moves alone changed batch rows
# by up to 2x (docs/performance.md). The shared library is linked from the same
# objects. Prints "N passed, M failed" like the C tests.
set -uo pipefail
READELF=${READELF:-readelf}
a=$1
passed=0
failed=0
seen=0
member=
while read -r line; do
	case $line in
	File:*)
		member=${line##*(}
		member=${member%)}
		;;
	*" .text "*)
		name=${member%.o}
		name=${name%.obj}
		case $name in
		siphash.c | scalar.c | sse2.c | avx2.c | avx512.c | neon.c) ;;
		*) continue ;;
		esac
		seen=$((seen + 1))
		align=$(awk '{print $NF}' <<<"$line")
		if [ "$align" = 4096 ]; then
			passed=$((passed + 1))
		else
			failed=$((failed + 1))
			printf 'FAIL %s: .text aligned to %s, not 4096\n' "$member" "$align" >&2
		fi
		;;
	esac
done < <("$READELF" -SW "$a")
# at least the one-shot code and the scalar backend, on every target
if [ "$seen" -lt 2 ]; then
	failed=$((failed + 1))
	printf 'FAIL only %d hashing objects found in %s\n' "$seen" "$a" >&2
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
