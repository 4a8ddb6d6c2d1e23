# Installation and the find_package(simtc) package. Included at the end of the top-level
# CMakeLists.txt, after every target of the export set simtcTargets exists:
#   simtc::simtc    the compiler (compiler/cli; only with SIMTC_BUILD_COMPILER)
#   simtc::runtime  the runtime library (runtime/)
# Installed layout under the prefix:
#   bin/simtc
#   include/simt/       kernel.hpp, device/, std/ (kernel side); runtime.hpp, runtime/ (host side)
#   lib/libsimt_runtime.a
#   lib/cmake/simtc/    simtcConfig.cmake, simtcConfigVersion.cmake, simtcTargets*.cmake,
#                       SimtcAddGpuKernels.cmake
include(CMakePackageConfigHelpers)

set(SIMTC_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/simtc" CACHE STRING
    "Where the simtc CMake package is installed, relative to the prefix")

# Every header under include/simt: kernels include simt/kernel.hpp (simtc finds it at
# <prefix>/bin/../include), host programs simt/runtime.hpp. The runtime installs its own
# headers too; installing a file twice is harmless.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/simt DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

if(TARGET simtc)
  # The installed simtc still finds the shared libraries it was linked with (libz3, and
  # libLLVM/libclang-cpp when configured with SIMTC_STATIC_LLVM=OFF).
  set_target_properties(simtc PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
endif()

if(NOT TARGET simtc AND NOT TARGET simt_runtime)
  return()  # nothing in the export set (no compiler, no runtime): no package to configure
endif()

install(EXPORT simtcTargets
  NAMESPACE simtc::
  FILE simtcTargets.cmake
  DESTINATION ${SIMTC_INSTALL_CMAKEDIR})

# What the exported targets need from the consumer's side. The runtime links only
# ${CMAKE_DL_LIBS} (a plain library name); Threads::Threads only when it links that.
set(SIMTC_PACKAGE_DEPENDENCIES "")
if(TARGET simt_runtime)
  get_target_property(_simtc_runtime_libs simt_runtime LINK_LIBRARIES)
  if(_simtc_runtime_libs MATCHES "Threads::Threads")
    string(APPEND SIMTC_PACKAGE_DEPENDENCIES "find_dependency(Threads)\n")
  endif()
endif()

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/simtcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/simtcConfig.cmake
  INSTALL_DESTINATION ${SIMTC_INSTALL_CMAKEDIR})
# 0.x: minor versions may break the package's interface.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/simtcConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/simtcConfig.cmake
  ${PROJECT_BINARY_DIR}/simtcConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/SimtcAddGpuKernels.cmake
  DESTINATION ${SIMTC_INSTALL_CMAKEDIR})

# The same package from the build tree (find_package(simtc) with simtc_DIR=<build>), without
# installing: the config, version file and SimtcAddGpuKernels.cmake sit beside the exported
# targets in the top of the build tree.
export(EXPORT simtcTargets NAMESPACE simtc:: FILE ${PROJECT_BINARY_DIR}/simtcTargets.cmake)
configure_file(${PROJECT_SOURCE_DIR}/cmake/SimtcAddGpuKernels.cmake
               ${PROJECT_BINARY_DIR}/SimtcAddGpuKernels.cmake COPYONLY)
