#!/usr/bin/env bash
# 50-cross-i386.sh - i386 build (Debian baseline, cross toolchain) and the whole suite run natively on every backend this CPU has.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/cross.sh"
cd "$SIPHASH_ROOT"
cross_stage i386 i686-linux-gnu crossbuild-essential-i386
