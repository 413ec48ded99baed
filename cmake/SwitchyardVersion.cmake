# Reads the version from include/switchyard.h, the one place it is written, so the
# library's SOVERSION, switchyard.pc and the CMake package version cannot drift from
# the SY_VERSION_* macros that C callers compare against.
function(switchyard_read_version header out_var)
  if(NOT EXISTS "${header}")
    message(FATAL_ERROR "switchyard: ${header} is missing; it defines SY_VERSION_MAJOR/MINOR/PATCH")
  endif()
  set(parts "")
  foreach(part MAJOR MINOR PATCH)
    file(STRINGS "${header}" line REGEX "^#[ \t]*define[ \t]+SY_VERSION_${part}[ \t]+[0-9]+")
    if(NOT line MATCHES "SY_VERSION_${part}[ \t]+([0-9]+)")
      message(FATAL_ERROR "switchyard: no '#define SY_VERSION_${part} <number>' in ${header}")
    endif()
    list(APPEND parts "${CMAKE_MATCH_1}")
  endforeach()
  list(JOIN parts "." version)
  set(${out_var} "${version}" PARENT_SCOPE)
endfunction()
