# Locates the parts of the CUDA toolkit simtc uses: cuda.h (runtime), ptxas and libdevice
# (compiler). The toolkit has no Debian package; the setup script stops when it is absent.
set(SIMTC_CUDA_ROOT "" CACHE PATH "CUDA toolkit root (default: $CUDA_PATH, then /usr/local/cuda)")
if(NOT SIMTC_CUDA_ROOT)
  if(DEFINED ENV{CUDA_PATH})
    set(SIMTC_CUDA_ROOT "$ENV{CUDA_PATH}")
  else()
    set(SIMTC_CUDA_ROOT "/usr/local/cuda")
  endif()
endif()
find_path(SIMTC_CUDA_INCLUDE_DIR cuda.h HINTS ${SIMTC_CUDA_ROOT}/include NO_DEFAULT_PATH)
if(NOT SIMTC_CUDA_INCLUDE_DIR)
  message(FATAL_ERROR "simtc needs the CUDA toolkit's cuda.h; none under ${SIMTC_CUDA_ROOT}/include. "
                      "Install the CUDA 13 toolkit or pass -DSIMTC_CUDA_ROOT=<dir>.")
endif()
find_program(SIMTC_PTXAS ptxas HINTS ${SIMTC_CUDA_ROOT}/bin NO_DEFAULT_PATH)
find_file(SIMTC_LIBDEVICE libdevice.10.bc HINTS ${SIMTC_CUDA_ROOT}/nvvm/libdevice NO_DEFAULT_PATH)
