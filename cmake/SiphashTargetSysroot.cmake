# SiphashTargetSysroot.cmake - fetches the target's Debian libcpu-features-dev into a build-local sysroot when cross-compiling.
#
# Included by the toolchain files in cmake/toolchains/ after they set
# SIPHASH_TARGET_DEBIAN_ARCH (i386, armhf, arm64, ...). Debian ships no
# multiarch-installable cross package of cpu_features that all hosts can
# co-install, so the build downloads the target's .deb itself with apt, using
# the host's own apt sources and temporary options only (a build-local package
# list, never the host's), and unpacks it with dpkg-deb. The result is put on
# CMAKE_FIND_ROOT_PATH so that find_package(CpuFeatures) finds it.
#
# Cache options:
#   SIPHASH_TARGET_SYSROOT_FETCH     OFF skips the download (e.g. cpu_features provided otherwise).
#   SIPHASH_TARGET_SYSROOT_REQUIRED  ON makes a failed download a configure error instead of a
#                                    scalar-only build (the CI stages set it).
#   SIPHASH_TARGET_SYSROOT           where the package is unpacked.

# The toolchain file is read again by every try_compile: fetch only for the real project.
get_property(_siphash_in_try_compile GLOBAL PROPERTY IN_TRY_COMPILE)
if(_siphash_in_try_compile OR NOT SIPHASH_TARGET_DEBIAN_ARCH)
  return()
endif()

option(SIPHASH_TARGET_SYSROOT_FETCH "Download the target's libcpu-features-dev when cross-compiling" ON)
option(SIPHASH_TARGET_SYSROOT_REQUIRED "Fail the configure step when the target's cpu_features cannot be fetched" OFF)
set(SIPHASH_TARGET_SYSROOT "${CMAKE_BINARY_DIR}/_deps/sysroot-${SIPHASH_TARGET_DEBIAN_ARCH}"
    CACHE PATH "Build-local sysroot holding the target's libcpu-features-dev")

# A scalar-only build (-DSIPHASH_USE_CPU_FEATURES=OFF) needs nothing.
if(DEFINED SIPHASH_USE_CPU_FEATURES AND NOT SIPHASH_USE_CPU_FEATURES)
  return()
endif()

# siphash__sysroot_fail(msg): an error when required, else a warning (the build falls back to scalar only).
function(siphash__sysroot_fail msg)
  if(SIPHASH_TARGET_SYSROOT_REQUIRED)
    message(FATAL_ERROR "${msg}")
  else()
    message(WARNING "${msg}")
  endif()
endfunction()

set(_siphash_stamp "${SIPHASH_TARGET_SYSROOT}/.siphash-unpacked")
if(SIPHASH_TARGET_SYSROOT_FETCH AND NOT EXISTS "${_siphash_stamp}")
  find_program(SIPHASH_APT_GET apt-get)
  find_program(SIPHASH_DPKG_DEB dpkg-deb)
  if(NOT SIPHASH_APT_GET OR NOT SIPHASH_DPKG_DEB)
    siphash__sysroot_fail("apt-get/dpkg-deb not found: cannot fetch libcpu-features-dev:${SIPHASH_TARGET_DEBIAN_ARCH}")
  else()
    set(_apt_dir "${CMAKE_BINARY_DIR}/_deps/apt-${SIPHASH_TARGET_DEBIAN_ARCH}")
    file(REMOVE_RECURSE "${_apt_dir}")
    file(MAKE_DIRECTORY "${_apt_dir}/lists/partial" "${_apt_dir}/cache/archives/partial" "${_apt_dir}/debs")
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
    message(STATUS "Fetching libcpu-features-dev:${SIPHASH_TARGET_DEBIAN_ARCH} into ${SIPHASH_TARGET_SYSROOT}")
    # A failing index (e.g. a mirror mid-sync) is not fatal as long as the
    # package itself can be found, so only the download's result counts.
    execute_process(COMMAND "${SIPHASH_APT_GET}" ${_apt_opts} update
                    RESULT_VARIABLE _update_rc OUTPUT_QUIET ERROR_VARIABLE _update_err)
    execute_process(COMMAND "${SIPHASH_APT_GET}" ${_apt_opts} download libcpu-features-dev:${SIPHASH_TARGET_DEBIAN_ARCH}
                    WORKING_DIRECTORY "${_apt_dir}/debs"
                    RESULT_VARIABLE _dl_rc OUTPUT_QUIET ERROR_VARIABLE _dl_err)
    file(GLOB _debs "${_apt_dir}/debs/libcpu-features-dev_*.deb")
    if(NOT _dl_rc EQUAL 0 OR NOT _debs)
      siphash__sysroot_fail("cannot download libcpu-features-dev:${SIPHASH_TARGET_DEBIAN_ARCH} "
                            "(apt-get update: ${_update_rc} ${_update_err}; download: ${_dl_rc} ${_dl_err})")
    else()
      list(GET _debs 0 _deb)
      file(REMOVE_RECURSE "${SIPHASH_TARGET_SYSROOT}")
      execute_process(COMMAND "${SIPHASH_DPKG_DEB}" -x "${_deb}" "${SIPHASH_TARGET_SYSROOT}" RESULT_VARIABLE _x_rc)
      if(_x_rc EQUAL 0)
        file(WRITE "${_siphash_stamp}" "${_deb}\n")
        # The package lists are large and only needed once.
        file(REMOVE_RECURSE "${_apt_dir}/lists" "${_apt_dir}/cache")
      else()
        siphash__sysroot_fail("dpkg-deb -x ${_deb} failed")
      endif()
    endif()
  endif()
endif()

if(EXISTS "${_siphash_stamp}")
  list(APPEND CMAKE_FIND_ROOT_PATH "${SIPHASH_TARGET_SYSROOT}")
  list(REMOVE_DUPLICATES CMAKE_FIND_ROOT_PATH)
endif()
