# aarch64-linux-gnu.cmake - toolchain for Debian arm64 (crossbuild-essential-arm64); tests run under qemu-aarch64.
set(SIPHASH_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(SIPHASH_CROSS_MULTIARCH aarch64-linux-gnu)
set(SIPHASH_TARGET_DEBIAN_ARCH arm64)
set(SIPHASH_TARGET_CPU_FEATURES ON)
set(SIPHASH_CROSS_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
