# backends.cmake - x86 (x86-64 and i386): the CPU probe and the SIMD backends, each file with its own ISA flags.
list(APPEND SIPHASH_SOURCES arch/x86/cpu.c)
