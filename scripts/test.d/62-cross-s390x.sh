#!/usr/bin/env bash
# 62-cross-s390x.sh - big-endian s390x build (scalar only) and the whole suite under qemu-s390x: proves endian-correct tags.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/cross.sh"
cd "$SIPHASH_ROOT"
CROSS_SCALAR_ONLY=1 cross_stage s390x s390x-linux-gnu gcc-s390x-linux-gnu g++-s390x-linux-gnu libc6-dev-s390x-cross qemu-user
