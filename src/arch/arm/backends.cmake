# backends.cmake - ARM (ARMv7 armhf and AArch64): the CPU probe and the NEON backend, NEON flags on neon.c only.
list(APPEND SIPHASH_SOURCES arch/arm/cpu.c)

# NEON code is written for little-endian lanes (vector loads of message words).
if(CMAKE_C_BYTE_ORDER STREQUAL "BIG_ENDIAN")
  message(STATUS "big-endian ARM: NEON backend not built")
  return()
endif()

list(APPEND SIPHASH_SOURCES arch/arm/neon.c)
list(APPEND SIPHASH_DEFINES SIPHASH_HAVE_NEON)
if(SIPHASH_ARCH STREQUAL "arm")
  # armhf's baseline is VFPv3-D16 without NEON: only this file may use it, and
  # the library runs it only when the probe finds NEON.
  set_source_files_properties(arch/arm/neon.c PROPERTIES COMPILE_OPTIONS "-mfpu=neon")
endif()
