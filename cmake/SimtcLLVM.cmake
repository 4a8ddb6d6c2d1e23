# LLVM and Clang 22 from Debian's packages (llvm-22-dev, libclang-22-dev, libclang-cpp22-dev).
# find_package(LLVM 22) would demand an exact major.minor match, so the version is checked here.
find_package(LLVM REQUIRED CONFIG HINTS /usr/lib/llvm-22/lib/cmake/llvm)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "simtc needs LLVM 22, found ${LLVM_VERSION} at ${LLVM_DIR}")
endif()
find_package(Clang REQUIRED CONFIG HINTS ${LLVM_LIBRARY_DIR}/cmake/clang)
set(SIMTC_CLANG_RESOURCE_DIR "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}")
separate_arguments(SIMTC_LLVM_DEFINITIONS UNIX_COMMAND "${LLVM_DEFINITIONS}")
find_program(SIMTC_LIT lit HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
find_program(SIMTC_FILECHECK FileCheck HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)

# simtc_use_llvm(<target>) / simtc_use_clang(<target>): link the shared libLLVM / libclang-cpp
# PRIVATE. Mixing them with Debian's static component libraries loads LLVM twice.
function(simtc_use_llvm target)
  target_include_directories(${target} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
  target_compile_definitions(${target} PRIVATE ${SIMTC_LLVM_DEFINITIONS})
  target_link_libraries(${target} PRIVATE LLVM)
endfunction()
function(simtc_use_clang target)
  simtc_use_llvm(${target})
  target_include_directories(${target} SYSTEM PRIVATE ${CLANG_INCLUDE_DIRS})
  target_link_libraries(${target} PRIVATE clang-cpp)
endfunction()
