#!/usr/bin/env bash
# 50-cross-i386.sh - i386 build (Debian baseline, cross toolchain) and the whole suite run natively (or under qemu-i386) on every backend the CPU has.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/cross.sh"
cd "$SIPHASH_ROOT"
# qemu-user: the toolchain file falls back to qemu-i386 where the kernel runs no 32-bit programs.
cross_stage i386 i686-linux-gnu crossbuild-essential-i386 qemu-user
