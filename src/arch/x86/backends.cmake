# backends.cmake - x86 (x86-64 and i386): the CPU probe and the SIMD backends, each file with its own ISA flags.
list(APPEND SIPHASH_SOURCES arch/x86/cpu.c arch/x86/sse2.c arch/x86/avx2.c)
list(APPEND SIPHASH_DEFINES SIPHASH_HAVE_SSE2 SIPHASH_HAVE_AVX2)
# Only these files get SIMD flags: the rest of the library, scalar code included,
# stays at the target's baseline (no SSE2 on Debian i386), and these run only once
# the probe has seen the ISA. Source properties apply to the shared and static builds.
set_source_files_properties(arch/x86/sse2.c PROPERTIES COMPILE_OPTIONS "-msse2")
set_source_files_properties(arch/x86/avx2.c PROPERTIES COMPILE_OPTIONS "-mavx2")
if(CMAKE_SIZEOF_VOID_P EQUAL 8)
	# The AVX2 file also gets BMI2, which every AVX2 CPU has (the probe checks
	# it): its scalar lanes and dealing rotate and shift without register
	# copies, 1024 x 1..64 B SipHash-1-3 3% faster (Zen 5). Not on i386, whose
	# timing this was not measured on.
	set_property(SOURCE arch/x86/avx2.c APPEND PROPERTY COMPILE_OPTIONS "-mbmi2")
	set_property(SOURCE arch/x86/cpu.c APPEND PROPERTY COMPILE_DEFINITIONS SIPHASH_AVX2_BMI2=1)
	# AVX-512VL on x86-64 only: 32-bit code on AVX-512 CPUs is rare, and the
	# i386 tests could not run it (qemu-i386 has no AVX-512).
	list(APPEND SIPHASH_SOURCES arch/x86/avx512.c)
	list(APPEND SIPHASH_DEFINES SIPHASH_HAVE_AVX512)
	set_source_files_properties(arch/x86/avx512.c PROPERTIES COMPILE_OPTIONS "-mavx2;-mavx512f;-mavx512vl")
endif()
