#!/usr/bin/env bash
# 60-cross-armhf.sh - ARMv7 build (scalar + NEON) and the whole suite under qemu-arm on every backend.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/cross.sh"
cd "$SIPHASH_ROOT"
cross_stage armhf arm-linux-gnueabihf crossbuild-essential-armhf qemu-user
