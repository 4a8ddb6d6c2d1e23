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

# The simtc executable links LLVM's and Clang's static component libraries (Debian ships them
# beside the shared ones) when SIMTC_STATIC_LLVM is on: it then starts in about 8 ms instead of
# 28 (the dynamic loader has far less to map and relocate), a sixth of compiling a small kernel
# file. Every other program (the unit tests) keeps the shared libLLVM and libclang-cpp, which
# link in a fraction of the time. One program never mixes the two: Debian's static Clang
# libraries name the shared libLLVM in their CMake targets, so the archives are linked by path.
option(SIMTC_STATIC_LLVM "Link the simtc executable with the static LLVM and Clang libraries" ON)
if(SIMTC_STATIC_LLVM)
  file(GLOB _simtc_static_archives "${LLVM_LIBRARY_DIR}/libclang[A-Z]*.a" "${LLVM_LIBRARY_DIR}/libLLVM?*.a")
  find_library(SIMTC_ZSTD_LIBRARY zstd)
  find_package(ZLIB)
  find_package(LibXml2)
  if(NOT _simtc_static_archives OR NOT SIMTC_ZSTD_LIBRARY OR NOT ZLIB_FOUND OR NOT LibXml2_FOUND)
    message(FATAL_ERROR "SIMTC_STATIC_LLVM needs LLVM's and Clang's static libraries in ${LLVM_LIBRARY_DIR} "
                        "(llvm-22-dev, libclang-22-dev) and what they use (libzstd-dev, zlib1g-dev, libxml2-dev); "
                        "install them (cmake/dev.sh setup) or configure with -DSIMTC_STATIC_LLVM=OFF")
  endif()
  list(JOIN _simtc_static_archives "," _simtc_static_group)
  add_library(simtc_llvm_static INTERFACE)
  # The archives depend on one another in cycles: the linker rescans the group until resolved.
  target_link_libraries(simtc_llvm_static INTERFACE "$<LINK_GROUP:RESCAN,${_simtc_static_group}>"
                        ZLIB::ZLIB ${SIMTC_ZSTD_LIBRARY} LibXml2::LibXml2 ${CMAKE_DL_LIBS} rt m)
endif()

# simtc_use_llvm(<target>) / simtc_use_clang(<target>): link LLVM / Clang PRIVATE, into every
# program the target ends up in: the shared libLLVM / libclang-cpp, or, in a program whose
# SIMTC_STATIC_LLVM property is set (simtc itself), the static libraries above. The property
# is read on the program being linked ($<TARGET_PROPERTY> in a link interface is evaluated on
# the consuming target).
function(simtc_use_llvm target)
  target_include_directories(${target} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
  target_compile_definitions(${target} PRIVATE ${SIMTC_LLVM_DEFINITIONS})
  target_link_libraries(${target} PRIVATE "$<IF:$<BOOL:$<TARGET_PROPERTY:SIMTC_STATIC_LLVM>>,simtc_llvm_static,LLVM>")
endfunction()
function(simtc_use_clang target)
  simtc_use_llvm(${target})
  target_include_directories(${target} SYSTEM PRIVATE ${CLANG_INCLUDE_DIRS})
  target_link_libraries(${target} PRIVATE "$<$<NOT:$<BOOL:$<TARGET_PROPERTY:SIMTC_STATIC_LLVM>>>:clang-cpp>")
endfunction()
