# The Python package's build of libswitchyard (bindings/python/pyproject.toml, whose
# build backend, scikit-build-core, configures this repository's CMake project). The
# package build passes this file as CMAKE_PROJECT_INCLUDE_BEFORE and as
# CMAKE_PROJECT_INCLUDE, so project() includes it twice and the rest of the build is
# left as it is:
#  - before project() enables its languages: Swift's place on this project's machines,
#    when swiftc is not on PATH (as the Makefile does for its own commands);
#  - after: libswitchyard.so is installed into the package folder of the wheel, as
#    component "python" (the only component the package build installs, so the headers,
#    switchyard.pc and the CMake package config stay out of the wheel).
if(NOT PROJECT_NAME)
  if(NOT CMAKE_Swift_COMPILER AND "$ENV{SWIFTC}" STREQUAL "")
    find_program(_sy_python_swiftc swiftc)
    if(NOT _sy_python_swiftc AND EXISTS "/opt/swift/usr/bin/swiftc")
      set(CMAKE_Swift_COMPILER "/opt/swift/usr/bin/swiftc" CACHE FILEPATH "Swift compiler")
    endif()
  endif()
else()
  # A generator expression: the switchyard target is defined later, by
  # cmake/SwitchyardLibrary.cmake. The versioned file (libswitchyard.so.0.1.0) goes in
  # under the plain name the package loads by path.
  install(FILES "$<TARGET_FILE:switchyard>" DESTINATION switchyard COMPONENT python
          RENAME "${CMAKE_SHARED_LIBRARY_PREFIX}switchyard${CMAKE_SHARED_LIBRARY_SUFFIX}")
endif()
