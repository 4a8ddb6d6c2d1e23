// CUDA C++ twin of examples/saxpy/saxpy.cpp: one element per thread, 256-thread blocks (the
// example's), a 32-bit index; a * x + y contracts to one fma, as in the simtc kernel.
extern "C" __global__ void saxpy(float a, const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
