# Reads the version from VERSION at the repository root, the one place it is decided: the
# library's soname and file name, switchyard.pc, the CMake package version and the Debian
# package take it from here. The places that must spell it out themselves (the header's
# SY_VERSION_* macros, Sources/SwitchyardC/Version.swift, the tool, the Python package,
# CHANGELOG.md) are compared with it by the check-version test (tests/build/check_version.py,
# whose --set rewrites them all).
function(switchyard_read_version file out_var)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "switchyard: ${file} is missing; it holds the version, MAJOR.MINOR.PATCH")
  endif()
  file(STRINGS "${file}" version LIMIT_COUNT 1)
  string(STRIP "${version}" version)
  if(NOT version MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
    message(FATAL_ERROR "switchyard: ${file} says '${version}', not MAJOR.MINOR.PATCH")
  endif()
  set(${out_var} "${version}" PARENT_SCOPE)
endfunction()
