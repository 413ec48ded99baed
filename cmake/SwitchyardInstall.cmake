# install: the headers, the library, switchyard.pc and a CMake package config whose
# imported target is Switchyard::switchyard. tests/build/consumer builds against it.
include(CMakePackageConfigHelpers)

file(GLOB SWITCHYARD_PUBLIC_HEADERS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/include/switchyard*.h")
install(FILES ${SWITCHYARD_PUBLIC_HEADERS} DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

install(TARGETS switchyard EXPORT SwitchyardTargets
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}")

# The valgrind suppressions for the Swift runtime's permanent caches inside the library, so
# a C program's own memcheck runs can use them: valgrind --suppressions=<datadir>/...
install(FILES "${PROJECT_SOURCE_DIR}/bindings/c/valgrind-swift.supp"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/switchyard")

set(SWITCHYARD_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/Switchyard")
install(EXPORT SwitchyardTargets NAMESPACE Switchyard::
        DESTINATION "${SWITCHYARD_CMAKE_DIR}")
configure_package_config_file(cmake/SwitchyardConfig.cmake.in
  "${PROJECT_BINARY_DIR}/SwitchyardConfig.cmake"
  INSTALL_DESTINATION "${SWITCHYARD_CMAKE_DIR}")
# Before 1.0 every minor release may break the ABI, so only the same major.minor is
# compatible; from 1.0 on, the same major (SemVer).
if(PROJECT_VERSION_MAJOR GREATER 0)
  set(_sy_compat SameMajorVersion)
else()
  set(_sy_compat SameMinorVersion)
endif()
write_basic_package_version_file("${PROJECT_BINARY_DIR}/SwitchyardConfigVersion.cmake"
  COMPATIBILITY ${_sy_compat})
install(FILES "${PROJECT_BINARY_DIR}/SwitchyardConfig.cmake"
              "${PROJECT_BINARY_DIR}/SwitchyardConfigVersion.cmake"
        DESTINATION "${SWITCHYARD_CMAKE_DIR}")

# The .pc file finds its prefix from its own location (${pcfiledir}), so it stays right
# whatever prefix `cmake --install --prefix` is given.
file(RELATIVE_PATH SWITCHYARD_PC_TO_PREFIX "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
configure_file(cmake/switchyard.pc.in "${PROJECT_BINARY_DIR}/switchyard.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/switchyard.pc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
