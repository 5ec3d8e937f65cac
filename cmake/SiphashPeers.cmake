# SiphashPeers.cmake - finds the peer SipHash implementations the benchmark programs compare against.
#
# siphash_add_peers(target [CXX]): links every peer that is installed and defines
# SIPHASH_PEER_OPENSSL, SIPHASH_PEER_SODIUM and SIPHASH_PEER_HIGHWAYHASH (the C++
# header, with CXX) or SIPHASH_PEER_HIGHWAYHASH_C (its C bindings library) for
# the ones found. A missing peer is reported and its rows are skipped; it is
# never an error, because the peers are only yardsticks.
function(siphash_add_peers target)
  cmake_parse_arguments(P "CXX" "" "" ${ARGN})

  find_package(OpenSSL 3 QUIET COMPONENTS Crypto)
  if(OpenSSL_FOUND AND TARGET OpenSSL::Crypto)
    target_link_libraries(${target} PRIVATE OpenSSL::Crypto)
    target_compile_definitions(${target} PRIVATE SIPHASH_PEER_OPENSSL=1)
  else()
    message(STATUS "${target}: OpenSSL 3 not found, its SipHash rows are skipped")
  endif()

  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(SIPHASH_PEER_SODIUM QUIET IMPORTED_TARGET libsodium)
  endif()
  if(SIPHASH_PEER_SODIUM_FOUND AND TARGET PkgConfig::SIPHASH_PEER_SODIUM)
    target_link_libraries(${target} PRIVATE PkgConfig::SIPHASH_PEER_SODIUM)
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
