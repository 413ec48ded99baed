# SWITCHYARD_SANITIZE=address,undefined instruments every C and C++ target of this
# build (the samples, cmocka and header tests in bindings/c) with ASan/UBSan; the Swift
# library itself is not instrumented (its threads run under TSan in `make test`, its
# loader under libFuzzer). UBSan findings abort, so a finding fails its ctest test.
# Valgrind cannot run ASan binaries: SWITCHYARD_VALGRIND is set to valgrind's path
# only when no sanitizer is on, and bindings/c registers memcheck tests only if it is set.
if(SWITCHYARD_SANITIZE)
  set(_sy_san_flags -fsanitize=${SWITCHYARD_SANITIZE} -fno-omit-frame-pointer
      -fno-sanitize-recover=all)
  add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:${_sy_san_flags}>")
  add_link_options("$<$<LINK_LANGUAGE:C,CXX>:${_sy_san_flags}>")
  unset(SWITCHYARD_VALGRIND CACHE)
  set(SWITCHYARD_VALGRIND "")
else()
  find_program(SWITCHYARD_VALGRIND valgrind)
endif()
