#[==[
add_gpu_kernels: compile simt kernel files with simtc at build time.

  add_gpu_kernels(<target>
                  SOURCES <kernel.cpp>...
                  [ARCH <sm_XX>]
                  [INCLUDE_DIRS <dir>...]
                  [DEFINES <NAME[=VALUE]>...]
                  [LINEINFO] [DEBUG] [HOST_CHECK]
                  [OPTIONS <simtc build flag>...])

For each kernel file <dir>/<stem>.cpp in SOURCES, a build rule runs

  simtc build <abs path of the source> --arch <ARCH>
              -o  ${CMAKE_CURRENT_BINARY_DIR}/simtc/<target>/<stem>.ptx
              --header ${CMAKE_CURRENT_BINARY_DIR}/simtc/<target>/<stem>.simt.hpp
              -I<dir>... -D<define>... <OPTIONS>...

and <target> then
  - has ${CMAKE_CURRENT_BINARY_DIR}/simtc/<target> as an include directory, so its sources
    write `#include "<stem>.simt.hpp"` (the header embeds the PTX and declares namespace
    <stem> with load(ctx) and a typed launch method per kernel);
  - lists the generated headers among its sources, so they are generated before it compiles;
  - links simtc::runtime.
The rule reruns when the kernel file, any header it includes (through a depfile where the
generator supports one: Ninja, Makefiles, CMake >= 3.20) or simtc itself changes.

Arguments:

  <target>
    An existing executable or library target (not an INTERFACE library). Executables get the
    include directory and the runtime PRIVATE; libraries get them PUBLIC (build tree only), so
    their users can include the generated headers too.

  SOURCES <kernel.cpp>...
    The kernel files, relative to CMAKE_CURRENT_SOURCE_DIR or absolute. Two files of one
    target may not share a stem (the generated names would collide).

  ARCH <sm_XX>
    The GPU architecture to compile for (simtc's --arch), e.g. sm_80, sm_90a.
    Default: the cache variable SIMTC_DEFAULT_ARCH (sm_90).

  INCLUDE_DIRS <dir>...
    Extra include directories for the kernel files (simtc's -I), relative to
    CMAKE_CURRENT_SOURCE_DIR or absolute. <simt/kernel.hpp> needs none.

  DEFINES <NAME[=VALUE]>...
    Macros for the kernel files (simtc's -D).

  LINEINFO
    Source line information in the PTX (simtc's -lineinfo), so that compute-sanitizer
    (`simtc sanitize`) and the profilers name kernel source lines. The cache variable
    SIMTC_LINEINFO=ON does the same for every add_gpu_kernels() call.

  DEBUG
    Debug information for cuda-gdb (`simtc debug`): passes simtc's -g.

  HOST_CHECK
    Also check the launches in <target>'s own C++ sources (those it has when add_gpu_kernels()
    is called) at build time: a build step runs

      simtc check --host <sources> -I<its include directories> -D<its compile definitions>
                  [-- -std=c++<its CXX_STANDARD>]

    and <target> depends on it, so a launch that passes one buffer as a kernel's output and
    as another argument (rule simt-launch-alias) fails the build. The step reruns when one of
    those sources, a generated header or simtc changes.

  OPTIONS <flag>...
    Any other `simtc build` flags, passed as they are, e.g. -lineinfo, --use-fast-math, -O2,
    --ptxas (also assemble the PTX with ptxas, to catch what only ptxas rejects).

  The cache variable SIMTC_FAULT_REPORT=OFF passes --no-fault-report to every call: failed
  checks then trap without recording their site (the host sees only the driver's error).

Editors: where CMAKE_EXPORT_COMPILE_COMMANDS is ON, each call also adds an object library
<target>_simtc_editor (_2, _3, ... for later calls) that is never built (EXCLUDE_FROM_ALL) and holds the kernel files with
the flags simtc's frontend parses them with (the NVPTX target, C++20 without the standard
library, simt's headers, INCLUDE_DIRS and DEFINES). compile_commands.json then has an entry
per kernel file, and clangd reads kernel files as simtc does (docs/editors-ci.md).

Which simtc runs:
  SIMTC_EXECUTABLE when set: find_package(simtc) sets it to the imported simtc::simtc, and
  simtc's own build tree to $<TARGET_FILE:simtc>. Otherwise a `simtc` found on PATH (a
  package installed without the compiler).

Example:

  find_package(simtc REQUIRED)
  add_executable(saxpy_demo main.cpp)
  add_gpu_kernels(saxpy_demo SOURCES kernels/saxpy.cpp ARCH sm_80 OPTIONS -lineinfo)
  # main.cpp:  #include "saxpy.simt.hpp"
  #            auto kernels = saxpy::load(ctx);
#]==]
include_guard(GLOBAL)

set(SIMTC_DEFAULT_ARCH "sm_90" CACHE STRING
    "GPU architecture add_gpu_kernels() compiles for when a call gives no ARCH")
option(SIMTC_LINEINFO "add_gpu_kernels(): source line information in every kernel's PTX (-lineinfo)" OFF)
option(SIMTC_FAULT_REPORT "add_gpu_kernels(): failed device checks report their site (OFF: --no-fault-report)" ON)

# DEPFILE paths: relative to the current binary dir and rewritten by CMake for Ninja (the
# NEW behaviour). Policies set here are recorded with the function and apply when it runs.
cmake_policy(PUSH)
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW)
endif()

# simt's headers: beside this file in the source tree (cmake/ and include/), three or four
# levels up in an installed package (<prefix>/lib[/<arch>]/cmake/simtc/ and <prefix>/include/).
foreach(_simtc_dir "${CMAKE_CURRENT_LIST_DIR}/../include" "${CMAKE_CURRENT_LIST_DIR}/../../../include"
                   "${CMAKE_CURRENT_LIST_DIR}/../../../../include")
  if(NOT SIMTC_KERNEL_INCLUDE_DIR AND EXISTS "${_simtc_dir}/simt/kernel.hpp")
    get_filename_component(SIMTC_KERNEL_INCLUDE_DIR "${_simtc_dir}" ABSOLUTE)
  endif()
endforeach()

function(add_gpu_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "LINEINFO;DEBUG;HOST_CHECK" "ARCH" "SOURCES;INCLUDE_DIRS;DEFINES;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "add_gpu_kernels(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "add_gpu_kernels(${target}): no target named '${target}'; "
                        "create it first with add_executable() or add_library()")
  endif()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    message(FATAL_ERROR "add_gpu_kernels(${target}): '${target}' is an INTERFACE library; "
                        "use an executable or a STATIC/SHARED/OBJECT library")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "add_gpu_kernels(${target}): no SOURCES given")
  endif()
  set(arch "${ARG_ARCH}")
  if(NOT arch)
    set(arch "${SIMTC_DEFAULT_ARCH}")
  endif()

  # Which simtc, and what the rules depend on so they rerun when it changes.
  set(simtc "${SIMTC_EXECUTABLE}")
  if(NOT simtc AND TARGET simtc::simtc)
    get_target_property(simtc simtc::simtc LOCATION)
  endif()
  if(NOT simtc)
    find_program(SIMTC_PROGRAM simtc DOC "The simtc compiler add_gpu_kernels() runs")
    if(NOT SIMTC_PROGRAM)
      message(FATAL_ERROR "add_gpu_kernels(${target}): simtc not found. Install the simtc package "
                          "with its compiler (find_package(simtc) then sets SIMTC_EXECUTABLE), put "
                          "simtc on PATH, or set SIMTC_EXECUTABLE to its path.")
    endif()
    set(simtc "${SIMTC_PROGRAM}")
  endif()
  if(simtc MATCHES "^\\$<TARGET_FILE:(.+)>$")
    set(simtc_dependency "${CMAKE_MATCH_1}")  # a target of this build: target- and file-level
  else()
    set(simtc_dependency "${simtc}")
  endif()

  set(use_depfile OFF)
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.20 AND CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    set(use_depfile ON)
  endif()

  set(flags "")
  foreach(dir IN LISTS ARG_INCLUDE_DIRS)
    if(NOT dir MATCHES "^\\$<")
      get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    endif()
    list(APPEND flags "-I${dir}")
  endforeach()
  foreach(define IN LISTS ARG_DEFINES)
    list(APPEND flags "-D${define}")
  endforeach()
  if(ARG_LINEINFO OR SIMTC_LINEINFO)
    list(APPEND flags -lineinfo)
  endif()
  if(ARG_DEBUG)
    list(APPEND flags -g)
  endif()
  if(NOT SIMTC_FAULT_REPORT)
    list(APPEND flags --no-fault-report)
  endif()

  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/simtc/${target}")
  file(MAKE_DIRECTORY "${out_dir}")
  set(headers "")
  set(stems "")
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source_abs "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(stem "${source_abs}" NAME_WLE)
    if(stem IN_LIST stems)
      message(FATAL_ERROR "add_gpu_kernels(${target}): two kernel files named '${stem}' "
                          "(their generated ${stem}.simt.hpp would collide); rename one")
    endif()
    list(APPEND stems "${stem}")
    set(ptx "${out_dir}/${stem}.ptx")
    set(header "${out_dir}/${stem}.simt.hpp")
    file(RELATIVE_PATH shown "${CMAKE_SOURCE_DIR}" "${source_abs}")
    if(shown MATCHES "^\\.\\./")
      set(shown "${source_abs}")
    endif()

    set(depfile_args "")
    set(depfile_option "")
    if(use_depfile)
      set(depfile "${out_dir}/${stem}.d")
      set(depfile_args --depfile "${depfile}")
      set(depfile_option DEPFILE "${depfile}")
    endif()
    add_custom_command(
      OUTPUT "${ptx}" "${header}"
      COMMAND "${simtc}" build "${source_abs}" --arch "${arch}" -o "${ptx}" --header "${header}"
              ${depfile_args} ${flags} ${ARG_OPTIONS}
      DEPENDS "${source_abs}" "${simtc_dependency}"
      ${depfile_option}
      WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
      COMMENT "simtc: compiling ${shown}"
      VERBATIM)
    list(APPEND headers "${header}")
  endforeach()

  if(type STREQUAL "EXECUTABLE")
    set(scope PRIVATE)
  else()
    set(scope PUBLIC)
  endif()
  # The editor's view of the kernel files (see above): the flags of simtc's frontend, which
  # `simtc build -v` prints, with -fsyntax-only (the target is never built).
  if(CMAKE_EXPORT_COMPILE_COMMANDS AND SIMTC_KERNEL_INCLUDE_DIR)
    set(editor "${target}_simtc_editor")  # one per call: calls may differ in their flags
    set(n 1)
    while(TARGET ${editor})
      math(EXPR n "${n} + 1")
      set(editor "${target}_simtc_editor_${n}")
    endwhile()
    set(sources_abs "")
    foreach(source IN LISTS ARG_SOURCES)
      get_filename_component(source_abs "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      list(APPEND sources_abs "${source_abs}")
    endforeach()
    add_library(${editor} OBJECT EXCLUDE_FROM_ALL ${sources_abs})
    set(editor_flags --target=nvptx64-nvidia-cuda -std=c++20 -ffreestanding -nostdinc++ -nostdlibinc
                     -fcxx-exceptions -fexceptions -D__SIMTC__=1 -fsyntax-only
                     -isystem "${SIMTC_KERNEL_INCLUDE_DIR}" -isystem "${SIMTC_KERNEL_INCLUDE_DIR}/simt/std")
    foreach(flag IN LISTS flags)
      if(flag MATCHES "^-[ID]")
        list(APPEND editor_flags "${flag}")
      endif()
    endforeach()
    target_compile_options(${editor} PRIVATE ${editor_flags})
  endif()

  target_sources(${target} PRIVATE ${headers})
  set_source_files_properties(${headers} PROPERTIES GENERATED TRUE HEADER_FILE_ONLY TRUE)
  target_include_directories(${target} ${scope} "$<BUILD_INTERFACE:${out_dir}>")
  target_link_libraries(${target} ${scope} simtc::runtime)

  if(ARG_HOST_CHECK)
    _simtc_host_check(${target} "${simtc}" "${simtc_dependency}" "${out_dir}" "${headers}")
  endif()
endfunction()

# HOST_CHECK: `simtc check --host` on the target's C++ sources, with its include directories
# and compile definitions (generator expressions: their final values, usage requirements of
# what it links included), as a step the target depends on.
function(_simtc_host_check target simtc simtc_dependency out_dir headers)
  get_target_property(target_sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(host_sources "")
  foreach(source IN LISTS target_sources)
    if(source MATCHES "^\\$<" OR NOT source MATCHES "\\.(cpp|cc|cxx|c\\+\\+|C)$")
      continue()
    endif()
    get_filename_component(source_abs "${source}" ABSOLUTE BASE_DIR "${source_dir}")
    list(APPEND host_sources "${source_abs}")
  endforeach()
  if(NOT host_sources)
    message(FATAL_ERROR "add_gpu_kernels(${target}): HOST_CHECK, but '${target}' has no C++ sources "
                        "yet; add them before calling add_gpu_kernels()")
  endif()
  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defines "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(standard "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(stamp "${out_dir}/host_check.stamp")
  add_custom_command(
    OUTPUT "${stamp}"
    COMMAND "${simtc}" check --host ${host_sources}
            "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
            "$<$<BOOL:${defines}>:-D$<JOIN:${defines},;-D>>"
            -- "$<$<BOOL:${standard}>:-std=c++${standard}>"
    COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
    DEPENDS ${host_sources} ${headers} "${simtc_dependency}"
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
    COMMENT "simtc: checking the launches of ${target}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
  add_custom_target(${target}_simtc_host_check DEPENDS "${stamp}")
  add_dependencies(${target} ${target}_simtc_host_check)
endfunction()

cmake_policy(POP)
