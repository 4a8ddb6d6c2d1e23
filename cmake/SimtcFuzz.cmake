# SIMTC_FUZZ=ON: the developer's build for long libFuzzer runs (tests/fuzz/README.md). Every
# target is compiled with -fsanitize=fuzzer-no-link (coverage feedback from the compiler's
# libraries) and, with SIMTC_FUZZ_ASAN=ON, AddressSanitizer; tests/fuzz then builds the
# libFuzzer executables fuzz_pipeline and fuzz_ir. Needs clang++-22 (CMAKE_CXX_COMPILER).
option(SIMTC_FUZZ "Build the libFuzzer targets, with the whole build instrumented for them (clang only)" OFF)
option(SIMTC_FUZZ_ASAN "With SIMTC_FUZZ: AddressSanitizer as well" ON)
if(SIMTC_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SIMTC_FUZZ=ON needs clang (-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22)")
  endif()
  if(NOT SIMTC_SANITIZE STREQUAL "")
    message(FATAL_ERROR "SIMTC_FUZZ=ON brings its own sanitizers: leave SIMTC_SANITIZE empty")
  endif()
  set(_simtc_fuzz_flags -fsanitize=fuzzer-no-link -fno-omit-frame-pointer -gline-tables-only)
  if(SIMTC_FUZZ_ASAN)
    list(APPEND _simtc_fuzz_flags -fsanitize=address)
    add_link_options(-fsanitize=address)
  endif()
  add_compile_options(${_simtc_fuzz_flags})
endif()
