# Warning flags shared by every target of the project.
add_library(simtc_warnings INTERFACE)
target_compile_options(simtc_warnings INTERFACE -Wall -Wextra -Wno-unused-parameter)
# GCC 12 reports a false -Wrestrict inside std::string's operator+ when a string literal is
# prepended to a temporary string (GCC bug 105651, fixed in GCC 13).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(simtc_warnings INTERFACE -Wno-restrict)
endif()
