#!/usr/bin/env bash
# check_placement.sh - every hashing object of the static library starts its code on a 4096-byte boundary (src/sip_impl.h).
#
#   check_placement.sh LIBSIPHASH.a
#
# The files that include sip_impl.h (the one-shot code and every backend) raise
# their .text alignment to 4096, so that an edit in one file cannot move the
# code of another within a page: on Zen 5 such moves alone changed batch rows
# by up to 2x (docs/performance.md). The same asm leaves an empty
# .siphash.pinned section in each of those objects; that section, not a list of
# file names, says which objects this checks, so a new backend is checked the
# day it includes the header. The shared library is linked from the same
# objects. Prints "N passed, M failed" like the C tests.
set -uo pipefail
READELF=${READELF:-readelf}
a=$1
out=$("$READELF" -SW "$a") || {
	echo "FAIL $READELF cannot read $a" >&2
	echo "0 passed, 1 failed"
	exit 1
}
# one line per member: name, .text alignment, whether it carries the marker
summary=$(awk '
	function flush() { if (member != "") print member, align, pinned }
	/^File:/ { flush(); member = $2; sub(/.*\(/, "", member); sub(/\)$/, "", member); align = "none"; pinned = 0; next }
	$0 ~ / \.text / { align = $NF }
	$0 ~ / \.siphash\.pinned / { pinned = 1 }
	END { flush() }' <<<"$out")
passed=0
failed=0
seen=0
while read -r member align pinned; do
	[ "$pinned" = 1 ] || continue
	seen=$((seen + 1))
	if [ "$align" = 4096 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		printf 'FAIL %s: .text aligned to %s, not 4096\n' "$member" "$align" >&2
	fi
done <<<"$summary"
# at least the one-shot code and the scalar backend, on every target
if [ "$seen" -lt 2 ]; then
	failed=$((failed + 1))
	printf 'FAIL only %d pinned objects found in %s\n' "$seen" "$a" >&2
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
