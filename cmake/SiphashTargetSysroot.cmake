# SiphashTargetSysroot.cmake - fetches the target's Debian cpu_features (and the tests' OpenSSL and libsodium) into a build-local sysroot when cross-compiling.
#
# Included by the toolchain files in cmake/toolchains/ after they set
# SIPHASH_TARGET_DEBIAN_ARCH (i386, armhf, arm64, s390x) and
# SIPHASH_TARGET_CPU_FEATURES (OFF where Debian has no cpu_features). Debian
# ships no multiarch-installable cross packages of these that all hosts can
# co-install, so the build downloads the target's .debs itself with apt, using
# the host's own apt sources and temporary options only (a build-local package
# list, never the host's), and unpacks them with dpkg-deb. The result is put on
# CMAKE_FIND_ROOT_PATH so that find_package(CpuFeatures) and the tests' peer
# lookups find it.
#
# Cache options:
#   SIPHASH_TARGET_SYSROOT_FETCH     OFF skips the download (e.g. cpu_features provided otherwise).
#   SIPHASH_TARGET_SYSROOT_PEERS     OFF leaves out OpenSSL and libsodium (default: on when the
#                                    tests are built), whose differential tests are then skipped.
#   SIPHASH_TARGET_SYSROOT_REQUIRED  ON makes a failed download a configure error instead of a
#                                    scalar-only build (the CI stages set it).
#   SIPHASH_TARGET_SYSROOT           where the packages are unpacked.

# The toolchain file is read again by every try_compile: fetch only for the real project.
get_property(_siphash_in_try_compile GLOBAL PROPERTY IN_TRY_COMPILE)
if(_siphash_in_try_compile OR NOT SIPHASH_TARGET_DEBIAN_ARCH)
  return()
endif()

option(SIPHASH_TARGET_SYSROOT_FETCH "Download the target's libcpu-features-dev when cross-compiling" ON)
option(SIPHASH_TARGET_SYSROOT_REQUIRED "Fail the configure step when the target's packages cannot be fetched" OFF)
if(DEFINED SIPHASH_BUILD_TESTS AND NOT SIPHASH_BUILD_TESTS)
  set(_siphash_peers_default OFF)
else()
  set(_siphash_peers_default ON)
endif()
option(SIPHASH_TARGET_SYSROOT_PEERS "Also fetch the target's OpenSSL and libsodium for the differential tests"
       ${_siphash_peers_default})
set(SIPHASH_TARGET_SYSROOT "${CMAKE_BINARY_DIR}/_deps/sysroot-${SIPHASH_TARGET_DEBIAN_ARCH}"
    CACHE PATH "Build-local sysroot holding the target's packages")

# Debian 12's names; a -dev package's .so links point into the runtime package.
# Downloaded in groups, cpu_features first and on its own: peers that are
# missing (other Debian releases name them differently) cost the differential
# tests, not the SIMD backends. Each group is one space-separated string.
set(_siphash_groups "")
set(_siphash_cpuf OFF)
if(SIPHASH_TARGET_CPU_FEATURES AND NOT (DEFINED SIPHASH_USE_CPU_FEATURES AND NOT SIPHASH_USE_CPU_FEATURES))
  set(_siphash_cpuf ON)
  list(APPEND _siphash_groups "libcpu-features-dev")
endif()
if(SIPHASH_TARGET_SYSROOT_PEERS)
  list(APPEND _siphash_groups "libssl-dev libssl3 libsodium-dev libsodium23")
endif()
if(NOT _siphash_groups)
  return()
endif()
string(JOIN " " _siphash_packages_text ${_siphash_groups})

# siphash__sysroot_fail(msg): an error when required, else a warning (the build falls back to scalar only).
function(siphash__sysroot_fail msg)
  if(SIPHASH_TARGET_SYSROOT_REQUIRED)
    message(FATAL_ERROR "${msg}")
  else()
    message(WARNING "${msg}")
  endif()
endfunction()

# The stamp names the packages unpacked: a changed list fetches again.
set(_siphash_stamp "${SIPHASH_TARGET_SYSROOT}/.siphash-unpacked")
set(_siphash_stamp_text "${_siphash_packages_text}\n")
set(_siphash_have "")
if(EXISTS "${_siphash_stamp}")
  file(READ "${_siphash_stamp}" _siphash_have)
endif()
if(SIPHASH_TARGET_SYSROOT_FETCH AND NOT _siphash_have STREQUAL _siphash_stamp_text)
  find_program(SIPHASH_APT_GET apt-get)
  find_program(SIPHASH_DPKG_DEB dpkg-deb)
  if(NOT SIPHASH_APT_GET OR NOT SIPHASH_DPKG_DEB)
    siphash__sysroot_fail("apt-get/dpkg-deb not found: cannot fetch ${_siphash_packages_text} for ${SIPHASH_TARGET_DEBIAN_ARCH}")
  else()
    set(_apt_dir "${CMAKE_BINARY_DIR}/_deps/apt-${SIPHASH_TARGET_DEBIAN_ARCH}")
    file(REMOVE_RECURSE "${_apt_dir}" "${SIPHASH_TARGET_SYSROOT}")
    file(MAKE_DIRECTORY "${_apt_dir}/lists/partial" "${_apt_dir}/cache/archives/partial" "${_apt_dir}/debs"
         "${_apt_dir}/tmp")
    # Only the target architecture, a private package list and cache, no lock on
    # the host's apt state; the sandbox user may not be able to enter the build tree.
    set(_apt_opts
        -qq
        -oAPT::Architecture=${SIPHASH_TARGET_DEBIAN_ARCH}
        -oAPT::Architectures=${SIPHASH_TARGET_DEBIAN_ARCH}
        -oDir::State::Lists=${_apt_dir}/lists
        -oDir::Cache=${_apt_dir}/cache
        -oDebug::NoLocking=1)
    execute_process(COMMAND id -u OUTPUT_VARIABLE _uid OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(_uid STREQUAL "0")
      list(APPEND _apt_opts -oAPT::Sandbox::User=root)
    endif()
    # apt verifies each index's signature in files under TMPDIR: keep those in
    # the build tree too, so a full or tiny /tmp cannot fail the fetch.
    set(_apt_get "${CMAKE_COMMAND}" -E env "TMPDIR=${_apt_dir}/tmp" "${SIPHASH_APT_GET}" ${_apt_opts})
    message(STATUS "Fetching ${_siphash_packages_text} for ${SIPHASH_TARGET_DEBIAN_ARCH} into ${SIPHASH_TARGET_SYSROOT}")
    # A failing index (e.g. a mirror mid-sync) is not fatal as long as the
    # packages themselves can be found, so only the downloads' results count.
    execute_process(COMMAND ${_apt_get} update RESULT_VARIABLE _update_rc OUTPUT_QUIET ERROR_VARIABLE _update_err)
    set(_siphash_unpacked "")
    foreach(_pkgs_text IN LISTS _siphash_groups)
      separate_arguments(_pkg_args UNIX_COMMAND "${_pkgs_text}")
      list(TRANSFORM _pkg_args APPEND ":${SIPHASH_TARGET_DEBIAN_ARCH}")
      file(REMOVE_RECURSE "${_apt_dir}/debs")
      file(MAKE_DIRECTORY "${_apt_dir}/debs")
      execute_process(COMMAND ${_apt_get} download ${_pkg_args}
                      WORKING_DIRECTORY "${_apt_dir}/debs"
                      RESULT_VARIABLE _dl_rc OUTPUT_QUIET ERROR_VARIABLE _dl_err)
      file(GLOB _debs "${_apt_dir}/debs/*.deb")
      list(LENGTH _debs _n_debs)
      list(LENGTH _pkg_args _n_wanted)
      if(NOT _dl_rc EQUAL 0 OR NOT _n_debs EQUAL _n_wanted)
        siphash__sysroot_fail("cannot download ${_pkgs_text} (apt-get update: ${_update_rc} ${_update_err}; download: ${_dl_rc} ${_dl_err})")
        continue()
      endif()
      set(_x_ok TRUE)
      foreach(_deb IN LISTS _debs)
        execute_process(COMMAND "${SIPHASH_DPKG_DEB}" -x "${_deb}" "${SIPHASH_TARGET_SYSROOT}" RESULT_VARIABLE _x_rc)
        if(NOT _x_rc EQUAL 0)
          siphash__sysroot_fail("dpkg-deb -x ${_deb} failed")
          set(_x_ok FALSE)
        endif()
      endforeach()
      if(_x_ok)
        list(APPEND _siphash_unpacked ${_pkg_args})
      endif()
    endforeach()
    # Written once cpu_features (where wanted) is in, even if peers were
    # missing: they are not looked for again on every configure (a fresh build
    # tree tries again); a missing cpu_features is retried every time.
    if(_siphash_unpacked AND (NOT _siphash_cpuf OR
                              "libcpu-features-dev:${SIPHASH_TARGET_DEBIAN_ARCH}" IN_LIST _siphash_unpacked))
      file(WRITE "${_siphash_stamp}" "${_siphash_stamp_text}")
    endif()
    # The package lists are large and only needed once.
    file(REMOVE_RECURSE "${_apt_dir}")
  endif()
endif()

if(EXISTS "${_siphash_stamp}")
  list(APPEND CMAKE_FIND_ROOT_PATH "${SIPHASH_TARGET_SYSROOT}")
  list(REMOVE_DUPLICATES CMAKE_FIND_ROOT_PATH)
  # Debian keeps some headers (OpenSSL's opensslconf.h) under the multiarch
  # include directory, which a cross compiler searches in its own root only.
  if(SIPHASH_CROSS_MULTIARCH AND EXISTS "${SIPHASH_TARGET_SYSROOT}/usr/include/${SIPHASH_CROSS_MULTIARCH}")
    foreach(_lang C CXX)
      list(APPEND CMAKE_${_lang}_STANDARD_INCLUDE_DIRECTORIES
           "${SIPHASH_TARGET_SYSROOT}/usr/include/${SIPHASH_CROSS_MULTIARCH}")
    endforeach()
  endif()
endif()
