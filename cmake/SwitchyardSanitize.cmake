# SWITCHYARD_SANITIZE=address,undefined instruments every C and C++ target of this
# build (the samples, cmocka and header tests in bindings/c) with ASan/UBSan. When the
# list has `address`, the Swift library is compiled with -sanitize=address as well, so
# an over-read of a caller's buffer inside the Swift code is caught at the C call that
# caused it (swiftc has no UBSan). The library then leaves the ASan runtime to the
# program that loads it (see SWITCHYARD_SWIFT_SANITIZE in SwitchyardLibrary.cmake).
# UBSan findings abort, so a finding fails its ctest test.
# Valgrind cannot run ASan binaries: SWITCHYARD_VALGRIND is set to valgrind's path
# only when no sanitizer is on, and bindings/c registers memcheck tests only if it is set.
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
  unset(SWITCHYARD_VALGRIND CACHE)
  set(SWITCHYARD_VALGRIND "")
else()
  find_program(SWITCHYARD_VALGRIND valgrind)
endif()
