# hardening.cmake - tests that guard the library itself: symbol lists, ABI baseline, constant time, fuzzers.

# Symbols: the shared library exports exactly the header's SIPHASH_API functions (under the
# version node of src/siphash.map), and the static one defines only siphash_/halfsiphash_ names.
if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND CMAKE_NM)
  add_test(NAME test_symbols_exports
           COMMAND ${CMAKE_COMMAND} -E env NM=${CMAKE_NM} bash ${CMAKE_CURRENT_SOURCE_DIR}/abi/check_symbols.sh exports
                   ${PROJECT_SOURCE_DIR}/include/siphash.h $<TARGET_FILE:siphash> ${PROJECT_SOURCE_DIR}/src/siphash.map)
  add_test(NAME test_symbols_static
           COMMAND ${CMAKE_COMMAND} -E env NM=${CMAKE_NM} bash ${CMAKE_CURRENT_SOURCE_DIR}/abi/check_symbols.sh static
                   $<TARGET_FILE:siphash_static> ${PROJECT_SOURCE_DIR}/include/siphash.h)
  set_tests_properties(test_symbols_exports test_symbols_static PROPERTIES LABELS "abi")
endif()

# Placement: the hashing objects start their code on a 4096-byte boundary (src/sip_impl.h), so an
# edit in one file cannot move another's loops. ELF objects from GCC or Clang only.
if(CMAKE_SYSTEM_NAME STREQUAL "Linux" AND CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
  if(CMAKE_READELF)
    set(_siphash_readelf ${CMAKE_READELF})
  else()
    find_program(_siphash_readelf NAMES readelf)
  endif()
  if(_siphash_readelf)
    add_test(NAME test_placement
             COMMAND ${CMAKE_COMMAND} -E env READELF=${_siphash_readelf} bash
                     ${CMAKE_CURRENT_SOURCE_DIR}/abi/check_placement.sh $<TARGET_FILE:siphash_static>)
    set_tests_properties(test_placement PROPERTIES LABELS "abi")
  endif()
endif()

# ABI: abidiff of the shared library against the committed baseline tests/abi/libsiphash.abi.
# Needs abigail-tools and a library with debug info; scripts/test.d/32-abi-symbols.sh sets it up.
option(SIPHASH_ABI_CHECK "Register the abidiff test against tests/abi/libsiphash.abi" OFF)
if(SIPHASH_ABI_CHECK)
  find_program(SIPHASH_ABIDIFF abidiff REQUIRED)
  add_test(NAME test_abi
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/abi/check_abi.sh check ${CMAKE_CURRENT_SOURCE_DIR}/abi/libsiphash.abi
                   $<TARGET_FILE:siphash> ${PROJECT_SOURCE_DIR}/include)
  set_tests_properties(test_abi PROPERTIES LABELS "abi")
endif()

option(SIPHASH_BUILD_FUZZERS "Build the libFuzzer targets of tests/fuzz (clang, instrumented library)" OFF)
if(SIPHASH_BUILD_FUZZERS)
  add_subdirectory(fuzz)
endif()

# Constant time (ctgrind style): test_ct runs under valgrind's memcheck with the key marked
# undefined; any key-dependent branch or memory index is an error. test_ct_selfcheck proves
# the harness catches a deliberate leak. Needs valgrind (and its memcheck.h).
option(SIPHASH_CTGRIND "Build and register the constant-time test under valgrind" OFF)
if(SIPHASH_CTGRIND)
  find_program(SIPHASH_VALGRIND valgrind REQUIRED)
  include(CheckIncludeFile)
  check_include_file(valgrind/memcheck.h SIPHASH_HAVE_MEMCHECK_H)
  if(NOT SIPHASH_HAVE_MEMCHECK_H)
    message(FATAL_ERROR "SIPHASH_CTGRIND needs valgrind/memcheck.h (Debian package valgrind)")
  endif()
  add_executable(siphash_test_ct ct/test_ct.c)
  target_link_libraries(siphash_test_ct PRIVATE siphash::siphash_static)
  target_include_directories(siphash_test_ct PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  set_target_properties(siphash_test_ct PROPERTIES OUTPUT_NAME test_ct C_STANDARD 99 C_EXTENSIONS OFF)
  siphash_warnings(siphash_test_ct)
  set(_ct_valgrind ${SIPHASH_VALGRIND} --tool=memcheck --error-exitcode=1 --leak-check=no --quiet)
  add_test(NAME test_ct COMMAND ${_ct_valgrind} $<TARGET_FILE:siphash_test_ct>)
  add_test(NAME test_ct_selfcheck COMMAND ${_ct_valgrind} $<TARGET_FILE:siphash_test_ct> --leak)
  set_tests_properties(test_ct test_ct_selfcheck PROPERTIES LABELS "ctgrind;nosan")
  set_tests_properties(test_ct_selfcheck PROPERTIES WILL_FAIL ON)
endif()
