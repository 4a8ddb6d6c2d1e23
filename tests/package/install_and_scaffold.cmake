# cmake -DBUILD_DIR=<simtc build> -DWORK_DIR=<scratch> -DGENERATOR=<gen> [-DMAKE_PROGRAM=...]
#       [-DCXX_COMPILER=...] [-DCTEST_COMMAND=...] [-DCLANGD=...] -P install_and_scaffold.cmake
#
# What a user does: install simtc into a prefix, `simtc new demo`, configure the project with
# CMAKE_PREFIX_PATH=<prefix>, build it, run its ctest. Then: a second build does nothing, a
# touched kernel header reruns simtc (the depfile), `simtc new` refuses bad input, and
# add_gpu_kernels(... HOST_CHECK) fails the build on a launch that aliases its output.
cmake_minimum_required(VERSION 3.20)
foreach(var BUILD_DIR WORK_DIR GENERATOR)
  if(NOT ${var})
    message(FATAL_ERROR "install_and_scaffold.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT CTEST_COMMAND)
  set(CTEST_COMMAND ctest)
endif()

set(prefix ${WORK_DIR}/prefix)
set(project ${WORK_DIR}/demo)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs a command; stops the test with its output unless it exits with `expected` (0 unless
# EXPECT is given). Leaves the output in `out`.
function(step name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "EXPECT" "COMMAND")
  if(NOT DEFINED ARG_EXPECT)
    set(ARG_EXPECT 0)
  endif()
  execute_process(COMMAND ${ARG_COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT rc STREQUAL ARG_EXPECT)
    string(REPLACE ";" " " shown "${ARG_COMMAND}")
    message(FATAL_ERROR "${name}: '${shown}' exited with ${rc}, expected ${ARG_EXPECT}:\n${output}")
  endif()
  message(STATUS "${name}: ok")
  set(out "${output}" PARENT_SCOPE)
endfunction()

function(expect_match name text regex)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${name}: expected output matching '${regex}', got:\n${text}")
  endif()
endfunction()

# 1. Install.
step(install COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
file(GLOB config ${prefix}/lib*/cmake/simtc/simtcConfig.cmake ${prefix}/lib/*/cmake/simtc/simtcConfig.cmake)
foreach(file bin/simtc include/simt/kernel.hpp include/simt/device/slice.hpp include/simt/std/cstdint
             include/simt/runtime.hpp include/simt/runtime/buffer.hpp)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "install: ${prefix}/${file} is missing")
  endif()
endforeach()
if(NOT config)
  message(FATAL_ERROR "install: no simtcConfig.cmake under ${prefix}/lib*/cmake/simtc")
endif()
list(GET config 0 config)
get_filename_component(config_dir "${config}" DIRECTORY)
foreach(file simtcConfigVersion.cmake simtcTargets.cmake SimtcAddGpuKernels.cmake)
  if(NOT EXISTS ${config_dir}/${file})
    message(FATAL_ERROR "install: ${config_dir}/${file} is missing")
  endif()
endforeach()

# 2. Scaffold with the installed simtc; it refuses bad names and non-empty directories.
step(new COMMAND ${prefix}/bin/simtc new demo --dir ${project})
expect_match(new "${out}" "created demo in ")
step(new_bad_name EXPECT 2 COMMAND ${prefix}/bin/simtc new my-app --dir ${WORK_DIR}/bad)
expect_match(new_bad_name "${out}" "invalid project name 'my-app': use letters, digits and '_' \\(try 'my_app'\\)")
step(new_non_empty EXPECT 1 COMMAND ${prefix}/bin/simtc new demo --dir ${project})
expect_match(new_non_empty "${out}" "already exists and is not empty")

# 3. Configure and build it against the installed package.
set(configure_args -S ${project} -B ${project}/build -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix})
if(MAKE_PROGRAM)
  list(APPEND configure_args -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
if(CXX_COMPILER)
  list(APPEND configure_args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
step(configure COMMAND ${CMAKE_COMMAND} ${configure_args})
step(build COMMAND ${CMAKE_COMMAND} --build ${project}/build)
expect_match(build "${out}" "simtc: compiling")
foreach(file simtc/demo/demo.simt.hpp simtc/demo/demo.ptx)
  if(NOT EXISTS ${project}/build/${file})
    message(FATAL_ERROR "build: ${project}/build/${file} was not generated")
  endif()
endforeach()
file(READ ${project}/build/simtc/demo/demo.ptx ptx)
expect_match(build "${ptx}" "\\.entry vecadd")
# The contract proves both reads in range: no check, no trap, no fault site is left.
if(ptx MATCHES "trap;|__simt_fault_sites")
  message(FATAL_ERROR "build: the scaffold's reads are proven in range, yet the PTX keeps a check:\n${ptx}")
endif()

# 3b. clangd reads the kernel file as simtc does, through the entry add_gpu_kernels() puts in
# compile_commands.json: no error in the scaffold's kernel, and simt's own diagnostic for a
# write through a DisjointSlice's operator[] in a file beside it (clangd gives that file the
# flags of its neighbour), which it could only give with simt's headers and the NVPTX target.
file(READ ${project}/build/compile_commands.json commands)
expect_match(compile_commands "${commands}" "--target=nvptx64-nvidia-cuda[^\n]*kernels/demo\\.cpp")
if(CLANGD)
  execute_process(COMMAND ${CLANGD} --check=${project}/kernels/demo.cpp WORKING_DIRECTORY ${project}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT rc EQUAL 0 OR NOT output MATCHES "All checks completed, 0 errors")
    message(FATAL_ERROR "clangd: errors in kernels/demo.cpp (exit ${rc}):\n${output}")
  endif()
  message(STATUS "clangd: ok")
  file(WRITE ${project}/kernels/broken.cpp "#include <simt/kernel.hpp>
[[kernel]] void broken(simt::DisjointSlice<float> c) { c[0] = 1.0f; }
")
  execute_process(COMMAND ${CLANGD} --check=${project}/kernels/broken.cpp WORKING_DIRECTORY ${project}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE output ERROR_VARIABLE output)
  file(REMOVE ${project}/kernels/broken.cpp)
  if(rc EQUAL 0 OR NOT output MATCHES "Line 2: cannot assign to return value because function 'operator\\[\\]' returns a const value")
    message(FATAL_ERROR "clangd_broken: expected simt's diagnostic for c[0] = ... (exit ${rc}):\n${output}")
  endif()
  message(STATUS "clangd_broken: ok")
else()
  message(STATUS "clangd: not found (Debian's clangd-22), not run")
endif()

# 4. Its test: passes on a GPU, skipped (exit 77) without one; both count as success.
step(ctest COMMAND ${CTEST_COMMAND} --test-dir ${project}/build --output-on-failure)
expect_match(ctest "${out}" "demo_runs")
expect_match(ctest "${out}" "demo: ok \\(n = 1000003\\)|Skipped|Not Run|100% tests passed")

# 5. Incremental builds: nothing to do, until a header the kernel includes changes.
if(GENERATOR MATCHES "Ninja")
  step(rebuild COMMAND ${CMAKE_COMMAND} --build ${project}/build)
  expect_match(rebuild "${out}" "no work to do")
  file(TOUCH ${prefix}/include/simt/device/slice.hpp)
  step(rebuild_after_header COMMAND ${CMAKE_COMMAND} --build ${project}/build)
  expect_match(rebuild_after_header "${out}" "simtc: compiling")
endif()
# 6. A read the contract does not bound keeps its check, which reports its site by default;
# with SIMTC_FAULT_REPORT=OFF the check still traps, without fault sites.
file(APPEND ${project}/kernels/demo.cpp "
[[kernel, simt::block(256)]] void shifted(simt::Slice<const float> a, simt::DisjointSlice<float> c) {
  auto i = simt::thread::index_1d();
  if (auto out = c.get_mut(i)) *out = a[i.get() + 1];
}
")
step(build_with_check COMMAND ${CMAKE_COMMAND} --build ${project}/build)
file(READ ${project}/build/simtc/demo/demo.ptx ptx)
expect_match(build_with_check "${ptx}" "__simt_fault_sites")
step(configure_no_report COMMAND ${CMAKE_COMMAND} ${configure_args} -DSIMTC_FAULT_REPORT=OFF)
step(build_no_report COMMAND ${CMAKE_COMMAND} --build ${project}/build)
expect_match(build_no_report "${out}" "simtc: compiling")
file(READ ${project}/build/simtc/demo/demo.ptx ptx)
expect_match(build_no_report "${ptx}" "trap;")
if(ptx MATCHES "__simt_fault")
  message(FATAL_ERROR "build_no_report: the PTX still records faults (__simt_fault symbols)")
endif()

# 7. HOST_CHECK: the build checks the launches of the target's own sources (simtc check --host
# with its include directories and -std=c++20), and one that passes the output as an input
# fails it, at that launch; undone, the build passes again.
file(READ ${project}/CMakeLists.txt lists)
string(REPLACE "add_gpu_kernels(demo SOURCES" "add_gpu_kernels(demo HOST_CHECK SOURCES" checked_lists "${lists}")
if(checked_lists STREQUAL lists)
  message(FATAL_ERROR "host_check: no 'add_gpu_kernels(demo SOURCES' in the scaffold's CMakeLists.txt")
endif()
file(WRITE ${project}/CMakeLists.txt "${checked_lists}")
step(configure_host_check COMMAND ${CMAKE_COMMAND} ${configure_args})
step(build_host_check COMMAND ${CMAKE_COMMAND} --build ${project}/build)
expect_match(build_host_check "${out}" "simtc: checking the launches of demo")
file(READ ${project}/src/main.cpp main)
string(REPLACE "cover(n, 256)), a, b, c);" "cover(n, 256)), a, c, c);" aliased "${main}")
if(aliased STREQUAL main)
  message(FATAL_ERROR "host_check: the scaffold's main.cpp has no 'vecadd(..., a, b, c)' launch")
endif()
file(WRITE ${project}/src/main.cpp "${aliased}")
execute_process(COMMAND ${CMAKE_COMMAND} --build ${project}/build RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
  message(FATAL_ERROR "host_check: a launch that passes 'c' as output and input built:\n${out}")
endif()
expect_match(build_alias "${out}" "main.cpp:[0-9]+:[0-9]+: error: 'c' is passed to kernel 'vecadd' as its output 'c' \\(a DisjointSlice\\) and as its input 'b': the launch fails its aliasing check at run time; pass a different buffer \\[simt-launch-alias\\]")
message(STATUS "build_alias: ok (refused)")
file(WRITE ${project}/src/main.cpp "${main}")
step(build_host_check_fixed COMMAND ${CMAKE_COMMAND} --build ${project}/build)
expect_match(build_host_check_fixed "${out}" "simtc: checking the launches of demo")
message(STATUS "package_install_and_scaffold: all steps passed")
