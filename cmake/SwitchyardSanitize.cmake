# SWITCHYARD_SANITIZE=address,undefined instruments every C and C++ target of this
# build (the samples, cmocka and header tests in bindings/c) with ASan/UBSan. When the
# list has `address`, the Swift library is compiled with -sanitize=address as well, so
# an over-read of a caller's buffer inside the Swift code is caught at the C call that
# caused it (swiftc has no UBSan). The library then leaves the ASan runtime to the
# program that loads it (see SWITCHYARD_SWIFT_SANITIZE in SwitchyardLibrary.cmake).
# UBSan findings abort, so a finding fails its ctest test.
#
# Valgrind memcheck (option SWITCHYARD_VALGRIND, ON by default): bindings/c registers its
# c-memcheck-* tests when SWITCHYARD_VALGRIND_EXECUTABLE is non-empty. Valgrind cannot run
# ASan binaries, so with SWITCHYARD_SANITIZE there are no memcheck tests and the option is
# not even defined (an explicit -DSWITCHYARD_VALGRIND=ON is ignored with a warning).
# Otherwise a missing valgrind is a configure error, not silently fewer tests: install
# valgrind or pass -DSWITCHYARD_VALGRIND=OFF. Builds that register no C tests (the fuzz
# build, SWITCHYARD_TESTS=OFF, no bindings/c yet) do not look for valgrind.
set(SWITCHYARD_SWIFT_SANITIZE "")
if(SWITCHYARD_SANITIZE)
  set(_sy_san_flags -fsanitize=${SWITCHYARD_SANITIZE} -fno-omit-frame-pointer
      -fno-sanitize-recover=all)
  add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:${_sy_san_flags}>")
  add_link_options("$<$<LINK_LANGUAGE:C,CXX>:${_sy_san_flags}>")
  string(REPLACE "," ";" _sy_san_list "${SWITCHYARD_SANITIZE}")
  if("address" IN_LIST _sy_san_list)
    set(SWITCHYARD_SWIFT_SANITIZE address)
  endif()
  if(SWITCHYARD_VALGRIND)
    message(WARNING "switchyard: SWITCHYARD_VALGRIND is ignored with SWITCHYARD_SANITIZE="
      "${SWITCHYARD_SANITIZE} (valgrind cannot run sanitized programs): no memcheck tests")
  endif()
  set(SWITCHYARD_VALGRIND_EXECUTABLE "")
else()
  set(_sy_valgrind_doc "Register the valgrind memcheck tests of the C programs; configuring fails if valgrind is missing (not used with SWITCHYARD_SANITIZE)")
  # Before this option existed, SWITCHYARD_VALGRIND cached find_program's result (a
  # FILEPATH: valgrind's path or ...-NOTFOUND); such a cache entry becomes the option,
  # ON unless it was set to a false value.
  get_property(_sy_valgrind_type CACHE SWITCHYARD_VALGRIND PROPERTY TYPE)
  if(_sy_valgrind_type STREQUAL "FILEPATH")
    if(SWITCHYARD_VALGRIND OR SWITCHYARD_VALGRIND MATCHES "-NOTFOUND$")
      set(_sy_valgrind_value ON)
    else()
      set(_sy_valgrind_value OFF)
    endif()
    set(SWITCHYARD_VALGRIND ${_sy_valgrind_value} CACHE BOOL "${_sy_valgrind_doc}" FORCE)
  endif()
  option(SWITCHYARD_VALGRIND "${_sy_valgrind_doc}" ON)
  if(SWITCHYARD_VALGRIND AND SWITCHYARD_TESTS AND NOT SWITCHYARD_FUZZ
     AND EXISTS "${PROJECT_SOURCE_DIR}/bindings/c/CMakeLists.txt")
    find_program(SWITCHYARD_VALGRIND_EXECUTABLE valgrind
      DOC "valgrind, for the memcheck tests (SWITCHYARD_VALGRIND)")
    if(NOT SWITCHYARD_VALGRIND_EXECUTABLE)
      message(FATAL_ERROR
        "switchyard: valgrind was not found, and SWITCHYARD_VALGRIND is ON: the memcheck "
        "tests (c-memcheck-*) would be left out. Either install valgrind (Debian: apt-get "
        "install valgrind; `make deps` does it) or set SWITCHYARD_VALGRIND_EXECUTABLE to "
        "its path, or configure with -DSWITCHYARD_VALGRIND=OFF to build without the "
        "memcheck tests.")
    endif()
  else()
    set(SWITCHYARD_VALGRIND_EXECUTABLE "")
  endif()
endif()
