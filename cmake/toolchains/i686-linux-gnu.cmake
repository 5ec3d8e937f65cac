# i686-linux-gnu.cmake - toolchain for Debian i386 (crossbuild-essential-i386): Debian's i386 baseline, programs run natively.
set(SIPHASH_CROSS_TRIPLE i686-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(SIPHASH_CROSS_MULTIARCH i386-linux-gnu)
set(SIPHASH_TARGET_DEBIAN_ARCH i386)
# No -msse2 or -march here: the compiler's default is Debian's i386 baseline (i686,
# x87), so libsiphash.so runs on any x86 and only its SIMD sources use SSE2/AVX2.
# The x86-64 CPU runs i386 code itself; calling the cross root's loader directly
# needs no i386 libc installed on the host (multiarch) and no emulator.
set(SIPHASH_CROSS_EMULATOR /usr/i686-linux-gnu/lib/ld-linux.so.2 --library-path /usr/i686-linux-gnu/lib)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
