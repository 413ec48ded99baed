# The `switchyard` command-line tool (docs/CLI.md). It depends on swift-argument-parser,
# which only SwiftPM fetches and builds, so this build runs SwiftPM for it, in a scratch
# directory of its own inside this build directory, as part of ALL (SwiftPM's own
# incremental build makes a second run cheap). The library targets are unaffected.
# `cmake --install` installs it as bin/switchyard (SwiftPM calls the product switchyard-cli,
# since Package.swift's C library product is already named switchyard).
#
# Sanitizer and fuzz builds skip it (-DSWITCHYARD_CLI=OFF turns it off anywhere).
if(SWITCHYARD_FUZZ OR SWITCHYARD_SANITIZE)
  set(_sy_cli_default OFF)
else()
  set(_sy_cli_default ON)
endif()
option(SWITCHYARD_CLI "Build and install the switchyard tool (through SwiftPM)" ${_sy_cli_default})
if(NOT SWITCHYARD_CLI)
  return()
endif()

# The `swift` driver next to the compiler CMake uses, so both builds use one toolchain.
get_filename_component(_sy_swift_dir "${CMAKE_Swift_COMPILER}" DIRECTORY)
find_program(SWITCHYARD_SWIFT_DRIVER swift HINTS "${_sy_swift_dir}" REQUIRED)

if(CMAKE_BUILD_TYPE STREQUAL "Debug")
  set(_sy_cli_config debug)
else()
  set(_sy_cli_config release)
endif()
set(SWITCHYARD_CLI_SCRATCH "${PROJECT_BINARY_DIR}/swiftpm")
set(SWITCHYARD_CLI_BINARY "${SWITCHYARD_CLI_SCRATCH}/${_sy_cli_config}/switchyard-cli")

# The Swift runtime is linked in (as in the library), so the installed tool runs without
# a Swift toolchain. SOURCES names the files SwiftPM compiles here (for the list of
# sources both builds compile, and for IDEs); CMake itself compiles none of them.
file(GLOB_RECURSE SWITCHYARD_CLI_SOURCES CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/Sources/SwitchyardCLI/*.swift")
add_custom_target(switchyard-cli ALL
  COMMAND "${SWITCHYARD_SWIFT_DRIVER}" build -c ${_sy_cli_config} --product switchyard-cli
          --static-swift-stdlib
          --package-path "${PROJECT_SOURCE_DIR}" --scratch-path "${SWITCHYARD_CLI_SCRATCH}"
  BYPRODUCTS "${SWITCHYARD_CLI_BINARY}"
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  USES_TERMINAL
  SOURCES ${SWITCHYARD_CLI_SOURCES}
  COMMENT "SwiftPM (${_sy_cli_config}): the switchyard tool")

install(PROGRAMS "${SWITCHYARD_CLI_BINARY}" DESTINATION "${CMAKE_INSTALL_BINDIR}" RENAME switchyard)

# The built tool on the examples: a clean document passes; the one with deliberate
# problems exits 1 (findings) with its errors.
if(SWITCHYARD_TESTS AND NOT SWITCHYARD_FUZZ)
  add_test(NAME cli-check-examples
    COMMAND "${SWITCHYARD_CLI_BINARY}" check --color never examples/rules.json
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  add_test(NAME cli-check-problems
    COMMAND sh -c "\"$1\" check --color never examples/problems.json; test $? -eq 1" sh "${SWITCHYARD_CLI_BINARY}"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
  set_tests_properties(cli-check-examples cli-check-problems PROPERTIES LABELS cli TIMEOUT 120)
  # The docs' shell blocks run with this tool as `switchyard` (tests/docs/doc_blocks.py).
  if(TEST check-doc-blocks)
    set_property(TEST check-doc-blocks APPEND PROPERTY ENVIRONMENT "SWITCHYARD_TOOL=${SWITCHYARD_CLI_BINARY}")
  endif()
endif()
