# libswitchyard.so from the same Swift sources as Package.swift:
#   switchyard_core  Sources/Switchyard   -> module Switchyard   (static, folded in)
#   switchyard       Sources/SwitchyardC  -> module SwitchyardC  (the shared library)
# Both read the hand-written header through include/module.modulemap (module
# CSwitchyard), jansson through Sources/CJansson/module.modulemap and the atomic word
# through Sources/CSwitchyardAtomic/module.modulemap, the same module maps SwiftPM uses, so the two builds cannot disagree about the C contract.

# GLOB_RECURSE because SwiftPM also compiles files in subfolders of a target.
# CONFIGURE_DEPENDS re-globs at build time, so a new file needs no CMake edit;
# tests/build/check-sources.sh still fails if a file reaches only one build.
file(GLOB_RECURSE SWITCHYARD_CORE_SOURCES CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/Sources/Switchyard/*.swift")
file(GLOB_RECURSE SWITCHYARD_C_SOURCES CONFIGURE_DEPENDS
     "${PROJECT_SOURCE_DIR}/Sources/SwitchyardC/*.swift")

set(SWITCHYARD_SWIFT_MODULE_DIR "${PROJECT_BINARY_DIR}/swift")

# Flags both Swift modules need.
#  -swift-version 6: Package.swift's tools version 6.x compiles in the Swift 6 language
#   mode (strict concurrency checking), swiftc alone defaults to 5; both builds must
#   accept and reject the same code.
#  -package-name: SwitchyardC uses the core's `package` members, and SwiftPM passes a
#   package name implicitly; without one `package` access fails across modules.
#  -fmodule-map-file: load exactly the module maps SwiftPM uses.
#  -wmo: whole-module optimisation, as SwiftPM's release builds do (CMake 3.25 has no
#   CMAKE_Swift_COMPILATION_MODE yet); off in Debug so edits rebuild quickly.
#  -D Jansson: the package trait of that name (rule documents given as jansson values, for
#   sy_router_load_rules_json), which SwiftPM enables by default; the C library always has
#   it. The trait FoundationURL (the `URL` overloads) is left off: the C library does not
#   depend on Foundation.
set(SWITCHYARD_SWIFT_FLAGS
    -swift-version 6
    -D Jansson
    -package-name switchyard
    "SHELL:-Xcc -fmodule-map-file=${PROJECT_SOURCE_DIR}/include/module.modulemap"
    "SHELL:-Xcc -fmodule-map-file=${PROJECT_SOURCE_DIR}/Sources/CJansson/module.modulemap"
    "SHELL:-Xcc -fmodule-map-file=${PROJECT_SOURCE_DIR}/Sources/CSwitchyardAtomic/module.modulemap"
    $<$<NOT:$<CONFIG:Debug>>:-wmo>)
if(SWITCHYARD_SWIFT_SANITIZE)
  list(APPEND SWITCHYARD_SWIFT_FLAGS -sanitize=${SWITCHYARD_SWIFT_SANITIZE})
endif()

# CMake 3.25's Swift rules always pass -incremental, which -wmo overrides with a remark
# printed on every build; outside Debug, take it out of the rules.
if(NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
  foreach(rule CMAKE_Swift_CREATE_SHARED_LIBRARY CMAKE_Swift_CREATE_STATIC_LIBRARY
               CMAKE_Swift_LINK_EXECUTABLE)
    string(REPLACE " -incremental " " " ${rule} "${${rule}}")
  endforeach()
endif()

add_library(switchyard_core STATIC ${SWITCHYARD_CORE_SOURCES})
set_target_properties(switchyard_core PROPERTIES
  Swift_MODULE_NAME Switchyard
  Swift_MODULE_DIRECTORY "${SWITCHYARD_SWIFT_MODULE_DIR}"
  POSITION_INDEPENDENT_CODE ON)
target_compile_options(switchyard_core PRIVATE ${SWITCHYARD_SWIFT_FLAGS})
target_include_directories(switchyard_core PUBLIC "${SWITCHYARD_SWIFT_MODULE_DIR}")
target_link_libraries(switchyard_core PUBLIC PkgConfig::JANSSON)

add_library(switchyard SHARED ${SWITCHYARD_C_SOURCES})
set(SWITCHYARD_EXPORT_MAP "${PROJECT_SOURCE_DIR}/cmake/switchyard.map")
set_target_properties(switchyard PROPERTIES
  Swift_MODULE_NAME SwitchyardC
  Swift_MODULE_DIRECTORY "${SWITCHYARD_SWIFT_MODULE_DIR}"
  LIBRARY_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}"
  LINK_DEPENDS "${SWITCHYARD_EXPORT_MAP}")
# The soname carries the ABI's major version (docs/ABI.md): libswitchyard.so.0 ->
# libswitchyard.so.0.1.0, plus the libswitchyard.so link that `-lswitchyard` finds.
set_target_properties(switchyard PROPERTIES
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
target_compile_options(switchyard PRIVATE ${SWITCHYARD_SWIFT_FLAGS})
target_link_libraries(switchyard PRIVATE switchyard_core PkgConfig::JANSSON)
target_include_directories(switchyard INTERFACE
  "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>"
  "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
# -static-stdlib: the host needs no Swift runtime installed (ldd shows no libswift*).
# The version script exports only sy_*; it also hides the runtime that
# -static-stdlib would otherwise re-export with -export-dynamic.
# -z defs: fail at link time, not at dlopen, if anything is left unresolved; except in
# a sanitizer build, where the __asan_* symbols come from the (C) program's runtime.
target_link_options(switchyard PRIVATE
  -static-stdlib
  "LINKER:--version-script=${SWITCHYARD_EXPORT_MAP}")
if(SWITCHYARD_SWIFT_SANITIZE)
  target_link_options(switchyard PRIVATE -sanitize=${SWITCHYARD_SWIFT_SANITIZE})
else()
  target_link_options(switchyard PRIVATE "LINKER:-z,defs")
endif()
