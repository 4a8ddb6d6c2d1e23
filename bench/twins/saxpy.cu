// CUDA C++ twin of examples/saxpy/saxpy.cpp: one element per thread, 256-thread blocks (the
// example's), a 32-bit index; a * x + y contracts to one fma, as in the simtc kernel.
extern "C" __global__ void saxpy(float a, const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// Twin of saxpy_x4: four consecutive elements per thread, float4 accesses where the addresses
// are 16-byte aligned and the tile is whole, element accesses otherwise.
extern "C" __global__ void saxpy_x4(float a, const float* __restrict__ x, float* __restrict__ y, long long n) {
  const long long first = 4ll * (blockIdx.x * blockDim.x + threadIdx.x);
  if (first >= n) return;
  const bool whole = first + 3 < n;
  const auto aligned = [](const float* p) { return reinterpret_cast<unsigned long long>(p) % 16 == 0; };
  float4 vx, vy;
  if (whole && aligned(x + first)) {
    vx = __ldg(reinterpret_cast<const float4*>(x + first));
  } else {
    vx.x = __ldg(x + first), vx.y = first + 1 < n ? __ldg(x + first + 1) : 0.0f;
    vx.z = first + 2 < n ? __ldg(x + first + 2) : 0.0f, vx.w = whole ? __ldg(x + first + 3) : 0.0f;
  }
  const bool y_vector = whole && aligned(y + first);
  if (y_vector) {
    vy = *reinterpret_cast<const float4*>(y + first);
  } else {
    vy.x = y[first], vy.y = first + 1 < n ? y[first + 1] : 0.0f;
    vy.z = first + 2 < n ? y[first + 2] : 0.0f, vy.w = whole ? y[first + 3] : 0.0f;
  }
  const float4 r = make_float4(a * vx.x + vy.x, a * vx.y + vy.y, a * vx.z + vy.z, a * vx.w + vy.w);
  if (y_vector) {
    *reinterpret_cast<float4*>(y + first) = r;
  } else {
    y[first] = r.x;
    if (first + 1 < n) y[first + 1] = r.y;
    if (first + 2 < n) y[first + 2] = r.z;
    if (whole) y[first + 3] = r.w;
  }
}
