# The Debian package `make package` builds (CPack's DEB generator, `cpack` in the build dir):
# everything `cmake --install` installs, under /usr, as one package named switchyard:
#   /usr/lib/libswitchyard.so.0.1.0, .so.0, .so     the library and its links
#   /usr/include/switchyard*.h                      the headers
#   /usr/lib/pkgconfig/switchyard.pc                pkg-config
#   /usr/lib/cmake/Switchyard/                      find_package(Switchyard)
#   /usr/bin/switchyard                             the tool (cmake/SwitchyardCLI.cmake),
#   /usr/share/{bash-completion,zsh,fish}/...       its shell completions
#   /usr/share/man/man1/switchyard.1.gz             and its man page
#   /usr/share/doc/switchyard/changelog             CHANGELOG.md
# Its version is VERSION's; its dependencies (libc6, libjansson4) are read from the binaries
# by dpkg-shlibdeps, and it registers the library with ldconfig (a shlibs file and trigger).
# tests/package/package-test.sh installs it into a scratch root and builds against it.

install(FILES "${PROJECT_SOURCE_DIR}/CHANGELOG.md" DESTINATION "${CMAKE_INSTALL_DOCDIR}" RENAME changelog)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME switchyard)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Embeddable URL and deep-link router (C library, headers and tool)")
set(CPACK_PACKAGE_DESCRIPTION
    "Switchyard resolves URLs and deep links against registered patterns and JSON rule documents.\n"
    "This package holds the C library libswitchyard.so.0 (the Swift runtime linked in), its\n"
    "headers, pkg-config and CMake files, and the switchyard tool that checks, resolves and\n"
    "compares rule documents.")
string(JOIN "" CPACK_PACKAGE_DESCRIPTION ${CPACK_PACKAGE_DESCRIPTION})
set(CPACK_PACKAGE_CONTACT "Switchyard developers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
# The headers' switchyard_jansson.h includes <jansson.h>: a program that uses it needs
# jansson's headers too.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libjansson-dev, pkg-config")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/package")
include(CPack)

# The package as a C user gets it (tests/package/package-test.sh), label "package". It needs
# the tool and its man page, so it first builds the switchyard-manual target (a no-op once
# built), then runs cpack into its own folder.
find_program(SWITCHYARD_DPKG_DEB dpkg-deb)
if(SWITCHYARD_TESTS AND NOT SWITCHYARD_FUZZ AND SWITCHYARD_CLI AND SWITCHYARD_DPKG_DEB)
  add_test(NAME package-deb
    COMMAND sh -c "\"$5\" --build \"$1\" --target switchyard-manual && \"$2\" \"$1\" \"$1/package-test\" \"$3\" \"$4\""
            sh "${PROJECT_BINARY_DIR}" "${PROJECT_SOURCE_DIR}/tests/package/package-test.sh"
            "${CMAKE_C_COMPILER}" "${PROJECT_SOURCE_DIR}" "${CMAKE_COMMAND}")
  set_tests_properties(package-deb PROPERTIES LABELS package TIMEOUT 1800)
endif()
