# arm-linux-gnueabihf.cmake - toolchain for Debian armhf (ARMv7, crossbuild-essential-armhf); tests run under qemu-arm.
set(SIPHASH_CROSS_TRIPLE arm-linux-gnueabihf)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
set(SIPHASH_CROSS_MULTIARCH arm-linux-gnueabihf)
set(SIPHASH_TARGET_DEBIAN_ARCH armhf)
set(SIPHASH_TARGET_CPU_FEATURES ON)
set(SIPHASH_CROSS_EMULATOR qemu-arm -L /usr/arm-linux-gnueabihf)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
