# debian-cross.cmake - what every Debian cross toolchain file here shares: compilers, search roots, emulator, target cpu_features.
#
# The including toolchain file sets SIPHASH_CROSS_TRIPLE (GNU triplet of Debian's cross compilers),
# CMAKE_SYSTEM_PROCESSOR, SIPHASH_CROSS_MULTIARCH (Debian multiarch triplet), SIPHASH_TARGET_DEBIAN_ARCH
# (the architecture's Debian name), SIPHASH_TARGET_CPU_FEATURES (OFF: no cpu_features for that
# target) and SIPHASH_CROSS_EMULATOR (the command that runs a target program on this host).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${SIPHASH_CROSS_TRIPLE}-gcc)
# C++ is used only by optional parts (tests of the header from C++); take it only when installed.
find_program(_siphash_cross_cxx ${SIPHASH_CROSS_TRIPLE}-g++)
if(_siphash_cross_cxx)
  set(CMAKE_CXX_COMPILER ${SIPHASH_CROSS_TRIPLE}-g++)
endif()
unset(_siphash_cross_cxx CACHE)

# Target headers and libraries come from the cross root only; build tools from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${SIPHASH_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config must not hand host (x86-64) libraries to the target link: only the
# target's multiarch and cross-root .pc files count.
set(ENV{PKG_CONFIG_LIBDIR}
    "/usr/lib/${SIPHASH_CROSS_MULTIARCH}/pkgconfig:/usr/${SIPHASH_CROSS_TRIPLE}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# ctest and add_custom_command run target programs through this.
set(CMAKE_CROSSCOMPILING_EMULATOR ${SIPHASH_CROSS_EMULATOR})

# Google Benchmark exists for the host only; benchmarks need real hardware anyway.
set(SIPHASH_BUILD_BENCHMARKS OFF CACHE BOOL "Build the Google Benchmark suite")

include(${CMAKE_CURRENT_LIST_DIR}/../SiphashTargetSysroot.cmake)
