#!/usr/bin/env bash
# insn-count.sh - executed-instruction counts per call, scalar vs NEON, on armhf and arm64 under qemu: how the ARM tables were chosen.
#
#   scripts/cross/insn-count.sh [armhf|aarch64]...     (default: both)
#
# qemu timings are not real ARM timings, so the per-operation choice in
# src/arch/arm/neon.c is made on executed instructions instead: qemu runs
# one guest instruction per translation block (-singlestep) and logs every
# block it executes (-d exec,nochain). Counting REPS=2 and REPS=6 calls and
# dividing the difference by 4 cancels start-up and set-up. Batch rows are
# one call over 64 messages (SIZE 0: mixed lengths 1..64).
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages qemu-user

# count's $(...) must stop the script when qemu fails, not print a count of a partial log.
shopt -s inherit_errexit
count() { # qemu libroot builddir program args... -> executed instructions
	local q=$1 root=$2 bd=$3 log
	shift 3
	# The trace runs to tens of MB: in the build tree, whose disk the build
	# already needs, not in /tmp, where a full disk cut traces short unnoticed.
	log=$bd/insn-trace.$$.log
	if ! "$q" -L "$root" -E LD_LIBRARY_PATH="$PWD/$bd/src" -singlestep -d exec,nochain -D "$log" "$@" >/dev/null; then
		rm -f "$log"
		log "qemu failed: $*"
		return 1
	fi
	grep -c '^Trace' "$log"
	rm -f "$log"
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(armhf aarch64)
for target in "${targets[@]}"; do
	case $target in
	armhf) triple=arm-linux-gnueabihf q=qemu-arm tc=arm-linux-gnueabihf pkg=crossbuild-essential-armhf ;;
	aarch64) triple=aarch64-linux-gnu q=qemu-aarch64 tc=aarch64-linux-gnu pkg=crossbuild-essential-arm64 ;;
	*) log "unknown target $target" && exit 2 ;;
	esac
	ensure_packages "$pkg"
	bd=build-insn-$target
	cmake -S . -B "$bd" -DCMAKE_TOOLCHAIN_FILE="cmake/toolchains/$tc.cmake" -DCMAKE_BUILD_TYPE=Release \
		-DSIPHASH_BUILD_TESTS=OFF -DSIPHASH_BUILD_TOOLS=OFF >/dev/null
	cmake --build "$bd" -j"$JOBS" --target siphash >/dev/null
	"$triple-gcc" -O2 -Iinclude scripts/cross/insn_count.c -L"$bd/src" -lsiphash -o "$bd/insn_count"
	printf '%-8s %-14s %5s %9s %9s %7s\n' target op size scalar neon ratio
	for row in "sip13 8" "sip24 8" "sip24 64" "sip24 1024" "sip24_128 64" "stream24 1024" "half24 64" \
		"sip13_batch 16" "sip24_batch 16" "sip24_batch 256" "sip24_batch 0" \
		"half13_batch 16" "half24_batch 16" "half24_batch 256" "half24_batch 0"; do
		set -- $row
		s2=$(count "$q" "/usr/$triple" "$bd" "$bd/insn_count" "$1" "$2" 2 scalar)
		s6=$(count "$q" "/usr/$triple" "$bd" "$bd/insn_count" "$1" "$2" 6 scalar)
		n2=$(count "$q" "/usr/$triple" "$bd" "$bd/insn_count" "$1" "$2" 2 neon)
		n6=$(count "$q" "/usr/$triple" "$bd" "$bd/insn_count" "$1" "$2" 6 neon)
		s=$(((s6 - s2) / 4)) n=$(((n6 - n2) / 4))
		printf '%-8s %-14s %5s %9d %9d %7s\n' "$target" "$1" "$2" "$s" "$n" \
			"$(awk -v s="$s" -v n="$n" 'BEGIN { printf "%.2f", s / n }')"
	done
done
