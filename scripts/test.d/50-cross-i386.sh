#!/usr/bin/env bash
# 50-cross-i386.sh - i386 build (Debian baseline, cross toolchain) and the whole suite run natively (or under qemu-i386) on every backend the CPU has.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/cross.sh"
cd "$SIPHASH_ROOT"
ensure_packages crossbuild-essential-i386 qemu-user
# Where the kernel runs no 32-bit programs, the toolchain file runs them under
# qemu-i386, and the tests labelled slow are left out as on the other emulated
# targets (the native stage runs them).
if ! /usr/i686-linux-gnu/lib/ld-linux.so.2 --version >/dev/null 2>&1; then
	log "i386: this kernel does not run 32-bit programs; the tests run under qemu-i386"
	export CROSS_EMULATED=1
fi
cross_stage i386 i686-linux-gnu crossbuild-essential-i386 qemu-user
