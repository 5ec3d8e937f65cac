# SiphashPackage.cmake - install rules, the find_package(siphash) config files and siphash.pc.
include(CMakePackageConfigHelpers)

set(SIPHASH_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/siphash")

install(TARGETS siphash siphash_static
  EXPORT siphashTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT devel
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT devel
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(FILES "${PROJECT_SOURCE_DIR}/include/siphash.h" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT devel)

install(EXPORT siphashTargets
  NAMESPACE siphash::
  DESTINATION ${SIPHASH_CMAKE_DIR}
  COMPONENT devel)

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/siphashConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/siphashConfig.cmake"
  INSTALL_DESTINATION ${SIPHASH_CMAKE_DIR})
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/siphashConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/siphashConfig.cmake"
  "${PROJECT_BINARY_DIR}/siphashConfigVersion.cmake"
  DESTINATION ${SIPHASH_CMAKE_DIR}
  COMPONENT devel)

# pkg-config: the static library needs cpu_features (and libdl) at link time.
if(SIPHASH_HAVE_CPU_FEATURES)
  set(SIPHASH_PC_LIBS_PRIVATE "-lcpu_features -ldl")
else()
  set(SIPHASH_PC_LIBS_PRIVATE "")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(SIPHASH_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(SIPHASH_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(SIPHASH_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(SIPHASH_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
# The prefix is derived from the .pc file's own location, so an installed tree
# can be moved (or installed with cmake --install --prefix) and still work.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(SIPHASH_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _pc_up "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
  string(REGEX REPLACE "/$" "" _pc_up "${_pc_up}")
  set(SIPHASH_PC_PREFIX "\${pcfiledir}/${_pc_up}")
endif()
configure_file("${CMAKE_CURRENT_LIST_DIR}/siphash.pc.in" "${PROJECT_BINARY_DIR}/siphash.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/siphash.pc" DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig" COMPONENT devel)
