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

option(SIPHASH_BUILD_FUZZERS "Build the libFuzzer targets of tests/fuzz (clang, instrumented library)" OFF)
if(SIPHASH_BUILD_FUZZERS)
  add_subdirectory(fuzz)
endif()
