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

# Its shell completions, written by the tool itself (swift-argument-parser's
# --generate-completion-script), installed where bash-completion, zsh and fish look.
set(_sy_completions "${PROJECT_BINARY_DIR}/completions")
set(_sy_completion_files "")
foreach(shell_file IN ITEMS "bash|switchyard" "zsh|_switchyard" "fish|switchyard.fish")
  string(REPLACE "|" ";" shell_file "${shell_file}")
  list(GET shell_file 0 shell)
  list(GET shell_file 1 file)
  add_custom_command(OUTPUT "${_sy_completions}/${shell}/${file}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${_sy_completions}/${shell}"
    COMMAND "${SWITCHYARD_CLI_BINARY}" --generate-completion-script ${shell} > "${_sy_completions}/${shell}/${file}"
    DEPENDS "${SWITCHYARD_CLI_BINARY}" switchyard-cli
    COMMENT "switchyard: ${shell} completion")
  list(APPEND _sy_completion_files "${_sy_completions}/${shell}/${file}")
endforeach()
add_custom_target(switchyard-completions ALL DEPENDS ${_sy_completion_files})
install(FILES "${_sy_completions}/bash/switchyard" DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
install(FILES "${_sy_completions}/zsh/_switchyard" DESTINATION "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions")
install(FILES "${_sy_completions}/fish/switchyard.fish" DESTINATION "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d")

# Its man page, from swift-argument-parser's generate-manual plugin (the package's own
# dependency, so no download): it builds the package's products in release mode in the same
# scratch directory, then writes switchyard.1 from the tool's --experimental-dump-help.
# Not part of ALL (the plugin's first run takes minutes): `make package` builds the target
# switchyard-manual before packaging, and the install skips the page when it was not built.
# Debian keeps man pages gzipped.
set(_sy_manual_source "${SWITCHYARD_CLI_SCRATCH}/plugins/GenerateManual/outputs/SwitchyardCLI/switchyard.1")
set(SWITCHYARD_MANUAL "${PROJECT_BINARY_DIR}/man/switchyard.1.gz")
add_custom_command(OUTPUT "${SWITCHYARD_MANUAL}"
  COMMAND "${SWITCHYARD_SWIFT_DRIVER}" package --package-path "${PROJECT_SOURCE_DIR}"
          --scratch-path "${SWITCHYARD_CLI_SCRATCH}" plugin generate-manual
          --configuration ${_sy_cli_config} --authors "Switchyard developers"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${PROJECT_BINARY_DIR}/man"
  COMMAND gzip -9 -n -c "${_sy_manual_source}" > "${SWITCHYARD_MANUAL}"
  DEPENDS "${SWITCHYARD_CLI_BINARY}" switchyard-cli
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  USES_TERMINAL
  COMMENT "switchyard: man page (swift package plugin generate-manual)")
add_custom_target(switchyard-manual DEPENDS "${SWITCHYARD_MANUAL}")
install(FILES "${SWITCHYARD_MANUAL}" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1" OPTIONAL)

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
  # check-version compares the tool's --version with VERSION too.
  if(TEST check-version)
    set_property(TEST check-version APPEND PROPERTY ENVIRONMENT "SWITCHYARD_TOOL=${SWITCHYARD_CLI_BINARY}")
  endif()
endif()
