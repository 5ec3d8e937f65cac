# SiphashPeers.cmake - finds the peer SipHash implementations the benchmark programs compare against.
#
# siphash_add_peers(target [CXX]): links every peer that is installed and defines
# SIPHASH_PEER_OPENSSL, SIPHASH_PEER_SODIUM and SIPHASH_PEER_HIGHWAYHASH (the C++
# header, with CXX) or SIPHASH_PEER_HIGHWAYHASH_C (its C bindings library) for
# the ones found. A missing peer is reported and its rows are skipped; it is
# never an error, because the peers are only yardsticks.
#
# siphash_find_sodium(): sets SIPHASH_SODIUM_INCLUDE_DIR and SIPHASH_SODIUM_LIBRARY
# when libsodium is found. By path, not pkg-config: in a cross build the target's
# .pc files (fetched into the build's sysroot) would name the host's paths.
macro(siphash_find_sodium)
  find_path(SIPHASH_SODIUM_INCLUDE_DIR sodium.h)
  find_library(SIPHASH_SODIUM_LIBRARY sodium)
endmacro()

function(siphash_add_peers target)
  cmake_parse_arguments(P "CXX" "" "" ${ARGN})

  find_package(OpenSSL 3 QUIET COMPONENTS Crypto)
  if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
    target_link_libraries(${target} PRIVATE OpenSSL::Crypto)
    target_compile_definitions(${target} PRIVATE SIPHASH_PEER_OPENSSL=1)
  else()
    message(STATUS "${target}: OpenSSL 3 not found, its SipHash rows are skipped")
  endif()

  siphash_find_sodium()
  if(SIPHASH_SODIUM_INCLUDE_DIR AND SIPHASH_SODIUM_LIBRARY)
    target_include_directories(${target} SYSTEM PRIVATE ${SIPHASH_SODIUM_INCLUDE_DIR})
    target_link_libraries(${target} PRIVATE ${SIPHASH_SODIUM_LIBRARY})
    target_compile_definitions(${target} PRIVATE SIPHASH_PEER_SODIUM=1)
  else()
    message(STATUS "${target}: libsodium not found, its SipHash rows are skipped")
  endif()

  # highwayhash's SipHash is a header-only C++ template; C programs use the
  # library's C bindings (the same code, compiled out of line).
  find_path(SIPHASH_HIGHWAYHASH_INCLUDE_DIR highwayhash/sip_hash.h)
  find_library(SIPHASH_HIGHWAYHASH_LIBRARY highwayhash)
  if(P_CXX AND SIPHASH_HIGHWAYHASH_INCLUDE_DIR)
    target_include_directories(${target} SYSTEM PRIVATE ${SIPHASH_HIGHWAYHASH_INCLUDE_DIR})
    target_compile_definitions(${target} PRIVATE SIPHASH_PEER_HIGHWAYHASH=1)
  elseif(NOT P_CXX AND SIPHASH_HIGHWAYHASH_INCLUDE_DIR AND SIPHASH_HIGHWAYHASH_LIBRARY
         AND EXISTS "${SIPHASH_HIGHWAYHASH_INCLUDE_DIR}/highwayhash/c_bindings.h")
    target_include_directories(${target} SYSTEM PRIVATE ${SIPHASH_HIGHWAYHASH_INCLUDE_DIR})
    target_link_libraries(${target} PRIVATE ${SIPHASH_HIGHWAYHASH_LIBRARY})
    target_compile_definitions(${target} PRIVATE SIPHASH_PEER_HIGHWAYHASH_C=1)
  else()
    message(STATUS "${target}: highwayhash not found, its SipHash rows are skipped")
  endif()
endfunction()
