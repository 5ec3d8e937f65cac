# i686-linux-gnu.cmake - toolchain for Debian i386 (crossbuild-essential-i386): Debian's i386 baseline, programs run natively (or under qemu-i386).
set(SIPHASH_CROSS_TRIPLE i686-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(SIPHASH_CROSS_MULTIARCH i386-linux-gnu)
set(SIPHASH_TARGET_DEBIAN_ARCH i386)
set(SIPHASH_TARGET_CPU_FEATURES ON)
# No -msse2 or -march here: the compiler's default is Debian's i386 baseline (i686,
# x87), so libsiphash.so runs on any x86 and only its SIMD sources use SSE2/AVX2.
# The x86-64 CPU runs i386 code itself; calling the cross root's loader directly
# needs no i386 libc installed on the host (multiarch) and no emulator. Some kernels
# refuse 32-bit programs all the same (seen on a paravirtualized VM: "Exec format
# error" although IA32 emulation is built in), so the loader is tried once, and
# where it cannot start qemu-i386 (Debian's qemu-user) runs that same loader. Not
# qemu's -L: the loader would then also find the host's /lib32 libc (libc6-i386),
# and threads hung in that mix.
set(SIPHASH_CROSS_EMULATOR /usr/${SIPHASH_CROSS_TRIPLE}/lib/ld-linux.so.2 --library-path
                           /usr/${SIPHASH_CROSS_TRIPLE}/lib)
execute_process(COMMAND ${SIPHASH_CROSS_EMULATOR} --version RESULT_VARIABLE _siphash_i386_native OUTPUT_QUIET
                ERROR_QUIET)
if(NOT _siphash_i386_native EQUAL 0)
  list(PREPEND SIPHASH_CROSS_EMULATOR qemu-i386)
endif()
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
