# s390x-linux-gnu.cmake - toolchain for Debian s390x (gcc-s390x-linux-gnu), the big-endian target; tests run under qemu-s390x.
set(SIPHASH_CROSS_TRIPLE s390x-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR s390x)
# Debian has no cpu_features for s390x and the library has no s390x SIMD backend:
# the build is scalar only (src/arch/cpu_none.c); only the tests' peers are fetched.
set(SIPHASH_CROSS_MULTIARCH s390x-linux-gnu)
set(SIPHASH_TARGET_DEBIAN_ARCH s390x)
set(SIPHASH_TARGET_CPU_FEATURES OFF)
set(SIPHASH_CROSS_EMULATOR qemu-s390x -L /usr/s390x-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
