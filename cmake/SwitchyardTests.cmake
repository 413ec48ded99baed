# ctest registrations owned by the build: the Python tests against the built library,
# the build-system checks in tests/build/ and the documentation check in tests/docs/.
# (bindings/c registers the C tests.)
# Labels: "python" and "build", so a sanitizer build can run only the C tests with
# `ctest -LE 'python|build'` (these do not run instrumented code).
set(_sy_build_tests "${PROJECT_SOURCE_DIR}/tests/build")
# Python runs the binding's tests and the documentation check.
find_package(Python3 REQUIRED COMPONENTS Interpreter)

# The Python binding, loading this build's library (SWITCHYARD_LIBRARY overrides its
# search). Registered when the tests exist; `make build` re-configures, so a new
# tests folder is picked up without a clean build. It runs in the build dir so what
# the tests leave behind (hypothesis' database) stays out of the source tree.
if(EXISTS "${PROJECT_SOURCE_DIR}/bindings/python/tests")
  file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/python-tests")
  add_test(NAME python-tests
    COMMAND "${Python3_EXECUTABLE}" -m pytest -q -p no:cacheprovider
            "${PROJECT_SOURCE_DIR}/bindings/python/tests"
    WORKING_DIRECTORY "${PROJECT_BINARY_DIR}/python-tests")
  set_tests_properties(python-tests PROPERTIES LABELS python TIMEOUT 900
    ENVIRONMENT "SWITCHYARD_LIBRARY=$<TARGET_FILE:switchyard>;PYTHONPATH=${PROJECT_SOURCE_DIR}/bindings/python;PYTHONDONTWRITEBYTECODE=1")
  # The package's type hints, its tests and examples: mypy --strict ([tool.mypy] in
  # bindings/python/pyproject.toml), its cache in the build dir. Skipped without mypy.
  add_test(NAME python-types
    COMMAND "${PROJECT_SOURCE_DIR}/bindings/python/check_types.sh" "${Python3_EXECUTABLE}"
            "${PROJECT_BINARY_DIR}/mypy-cache")
  set_tests_properties(python-types PROPERTIES LABELS python TIMEOUT 600 SKIP_RETURN_CODE 77)
endif()

# The sy_* symbols the library exports are exactly the functions the headers declare.
add_test(NAME check-exports
  COMMAND "${_sy_build_tests}/check-exports.sh" "$<TARGET_FILE:switchyard>"
          "${PROJECT_SOURCE_DIR}/include")

# -static-stdlib worked: nothing of the Swift runtime is loaded from the system.
add_test(NAME check-self-contained
  COMMAND "${_sy_build_tests}/check-self-contained.sh" "$<TARGET_FILE:switchyard>")

# VERSION, the places that repeat it, the built library and (cmake/SwitchyardCLI.cmake gives
# it SWITCHYARD_TOOL) the tool all state one version.
add_test(NAME check-version
  COMMAND "${Python3_EXECUTABLE}" "${_sy_build_tests}/check_version.py" --root "${PROJECT_SOURCE_DIR}"
          --library "$<TARGET_FILE:switchyard>")

# The exported functions, the public structs' sizes and offsets and the enum values against
# the recorded baseline tests/abi/baseline.txt (docs/ABI.md).
add_test(NAME check-abi
  COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/tests/abi/check_abi.py"
          --library "$<TARGET_FILE:switchyard>" --cc "${CMAKE_C_COMPILER}")
set_tests_properties(check-abi PROPERTIES SKIP_RETURN_CODE 77)

# Every .swift file under Sources/ is compiled by both CMake and SwiftPM. CMake's
# list is the targets' real SOURCES, written at generate time.
file(GENERATE OUTPUT "${PROJECT_BINARY_DIR}/cmake-swift-sources.txt"
  CONTENT "$<JOIN:$<TARGET_PROPERTY:switchyard_core,SOURCES>;$<TARGET_PROPERTY:switchyard,SOURCES>;$<$<TARGET_EXISTS:switchyard-cli>:$<FILTER:$<TARGET_PROPERTY:switchyard-cli,SOURCES>,INCLUDE,\\.swift$>>,\n>\n")
add_test(NAME check-sources
  COMMAND "${_sy_build_tests}/check-sources.sh" "${PROJECT_SOURCE_DIR}"
          "${PROJECT_BINARY_DIR}/cmake-swift-sources.txt" "${PROJECT_BINARY_DIR}/spm-describe")

# A C program built against an installed prefix, once with find_package(Switchyard)
# and once with pkg-config, then run.
add_test(NAME consumer-installed
  COMMAND "${_sy_build_tests}/consumer-test.sh" "${PROJECT_BINARY_DIR}"
          "${PROJECT_BINARY_DIR}/consumer-test" "${CMAKE_C_COMPILER}" "${PROJECT_VERSION}")

# Every relative link of every tracked Markdown file leads to a file (and heading) of the
# repository, and no doc, header or source comment carries work-tracking words.
add_test(NAME check-docs
  COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/tests/docs/check_docs.py"
          --root "${PROJECT_SOURCE_DIR}")

# Every public symbol of the Swift module has /// documentation, read from the symbol graph
# of the module this build made (swift-symbolgraph-extract sits beside swiftc).
get_filename_component(_sy_swift_bin "${CMAKE_Swift_COMPILER}" DIRECTORY)
add_test(NAME check-swift-docs
  COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/tests/docs/check_swift_docs.py"
          "${SWITCHYARD_SWIFT_MODULE_DIR}" "${PROJECT_SOURCE_DIR}")
set_tests_properties(check-swift-docs PROPERTIES ENVIRONMENT "PATH=${_sy_swift_bin}:$ENV{PATH}")

set_tests_properties(check-exports check-self-contained check-sources consumer-installed check-docs
  check-swift-docs check-version check-abi PROPERTIES LABELS build TIMEOUT 600)

# The code blocks of the user docs run (tests/docs/doc_blocks.py, docs/TESTING.md): Python
# and shell blocks executed, C blocks compiled with -Wall -Wextra -Werror and run, shown
# output compared; the Swift blocks' generated test file matches the docs (SwiftPM's
# SwitchyardDocTests target compiles and runs them). cmake/SwitchyardCLI.cmake gives it the tool.
add_test(NAME check-doc-blocks
  COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/tests/docs/doc_blocks.py"
          --library "$<TARGET_FILE:switchyard>"
          --check-swift "${PROJECT_SOURCE_DIR}/Tests/SwitchyardDocTests/DocBlocks.swift")
set_tests_properties(check-doc-blocks PROPERTIES LABELS build TIMEOUT 600
  ENVIRONMENT "CC=${CMAKE_C_COMPILER};PYTHONDONTWRITEBYTECODE=1")
