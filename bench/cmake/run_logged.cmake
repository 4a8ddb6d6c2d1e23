# cmake -DCMD=<program|arg|...> -DLOG=<file> -P run_logged.cmake
# Runs CMD ('|' separates its arguments: a CMake list would be split on the way here), writes
# what it printed (stdout then stderr) to LOG, and fails with that text when CMD fails. Used to
# keep the `-v` resource reports of ptxas and nvcc for the bench to embed.
string(REPLACE "|" ";" command "${CMD}")
execute_process(COMMAND ${command} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(WRITE "${LOG}" "${out}${err}")
if(NOT rc EQUAL 0)
  string(REPLACE ";" " " shown "${command}")
  message(FATAL_ERROR "${shown} failed (${rc}):\n${out}${err}")
endif()
