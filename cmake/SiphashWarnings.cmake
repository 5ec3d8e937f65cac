# SiphashWarnings.cmake - the warning set every target of the project compiles with.
set(SIPHASH_C_WARNINGS
    -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Wpointer-arith -Wcast-qual)
if(SIPHASH_WERROR)
  list(APPEND SIPHASH_C_WARNINGS -Werror)
  # GCC's maybe-uninitialized guesses change with the optimisation level (at
  # -Os GCC 12 flags the lanes' final blocks, which are always set before use):
  # still shown, not fatal.
  if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
    list(APPEND SIPHASH_C_WARNINGS -Wno-error=maybe-uninitialized)
  endif()
endif()

# siphash_warnings(target): applies the warning set to a C target.
function(siphash_warnings target)
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C>:${SIPHASH_C_WARNINGS}>)
  endif()
endfunction()
