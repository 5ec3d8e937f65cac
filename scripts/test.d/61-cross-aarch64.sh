#!/usr/bin/env bash
# 61-cross-aarch64.sh - AArch64 build (scalar + NEON) and the whole suite under qemu-aarch64 on every backend.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/cross.sh"
cd "$SIPHASH_ROOT"
cross_stage aarch64 aarch64-linux-gnu crossbuild-essential-arm64 qemu-user
