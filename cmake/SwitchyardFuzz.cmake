# SWITCHYARD_FUZZ=ON (its own build dir, e.g. build-fuzz): one libFuzzer program per
# Fuzz/<name>.swift, named fuzz-<name>, each defining
#   @_cdecl("LLVMFuzzerTestOneInput") func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt
# and importing Switchyard (its `package` API is visible: same -package-name).
# The core is compiled with coverage and ASan here (swiftc -sanitize=fuzzer,address),
# so the fuzzer steers through the router's own code. Corpus seeds go in
# Fuzz/corpus/<name>/ (optional); `make fuzz-smoke` and `make fuzz` run the programs.
set(_sy_fuzz_flags -sanitize=fuzzer,address -parse-as-library)
target_compile_options(switchyard_core PRIVATE ${_sy_fuzz_flags})
# An instrumented core cannot be folded into the self-contained .so (-z defs would
# reject the sanitizer runtime references), so this build makes only the fuzzers.
set_target_properties(switchyard PROPERTIES EXCLUDE_FROM_ALL ON)

file(GLOB SWITCHYARD_FUZZ_SOURCES CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/Fuzz/*.swift")
if(NOT SWITCHYARD_FUZZ_SOURCES)
  message(FATAL_ERROR "switchyard: SWITCHYARD_FUZZ is on but Fuzz/ has no .swift file")
endif()
set(SWITCHYARD_FUZZERS "")
foreach(src IN LISTS SWITCHYARD_FUZZ_SOURCES)
  get_filename_component(name "${src}" NAME_WE)
  string(MAKE_C_IDENTIFIER "${name}" module)
  add_executable(fuzz-${name} "${src}")
  set_target_properties(fuzz-${name} PROPERTIES
    Swift_MODULE_NAME "Fuzz_${module}"
    RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/fuzz")
  target_compile_options(fuzz-${name} PRIVATE ${SWITCHYARD_SWIFT_FLAGS} ${_sy_fuzz_flags})
  # lld: gold prints a warning for each ASan helper symbol it cannot export.
  target_link_options(fuzz-${name} PRIVATE -sanitize=fuzzer,address -use-ld=lld)
  target_link_libraries(fuzz-${name} PRIVATE switchyard_core)
  list(APPEND SWITCHYARD_FUZZERS fuzz-${name})
endforeach()
