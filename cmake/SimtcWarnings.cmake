# Warning flags shared by every target of the project.
add_library(simtc_warnings INTERFACE)
target_compile_options(simtc_warnings INTERFACE -Wall -Wextra -Wno-unused-parameter)
