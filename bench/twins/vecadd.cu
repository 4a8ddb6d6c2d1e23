// CUDA C++ twin of examples/vecadd/vecadd.cpp, as a CUDA programmer writes it: one element
// per thread, 128-thread blocks (the example's), a 32-bit index (the sizes stay below 2^31),
// __restrict__ pointers so the loads may use the read-only path.
extern "C" __global__ void vecadd(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c,
                                  int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
