# SiphashWarnings.cmake - the warning set every target of the project compiles with.
set(SIPHASH_C_WARNINGS
    -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla -Wpointer-arith -Wcast-qual)
if(SIPHASH_WERROR)
  list(APPEND SIPHASH_C_WARNINGS -Werror)
endif()

# siphash_warnings(target): applies the warning set to a C target.
function(siphash_warnings target)
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:C>:${SIPHASH_C_WARNINGS}>)
  endif()
endfunction()
