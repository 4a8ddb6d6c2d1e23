// CUDA C++ twins of examples/vecadd/vecadd.cpp, as a CUDA programmer writes them. vecadd: one element
// per thread, 128-thread blocks (the example's), a 32-bit index (the sizes stay below 2^31),
// __restrict__ pointers so the loads may use the read-only path.
extern "C" __global__ void vecadd(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c,
                                  int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// Twin of vecadd_x4: four consecutive elements per thread, float4 loads and store where the
// three addresses are 16-byte aligned and the tile is whole, element accesses otherwise.
extern "C" __global__ void vecadd_x4(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c,
                                     long long n) {
  const long long first = 4ll * (blockIdx.x * blockDim.x + threadIdx.x);
  if (first >= n) return;
  const bool whole = first + 3 < n;
  const auto aligned = [](const float* p) { return reinterpret_cast<unsigned long long>(p) % 16 == 0; };
  float4 va, vb;
  if (whole && aligned(a + first)) {
    va = __ldg(reinterpret_cast<const float4*>(a + first));
  } else {
    va.x = __ldg(a + first), va.y = first + 1 < n ? __ldg(a + first + 1) : 0.0f;
    va.z = first + 2 < n ? __ldg(a + first + 2) : 0.0f, va.w = whole ? __ldg(a + first + 3) : 0.0f;
  }
  if (whole && aligned(b + first)) {
    vb = __ldg(reinterpret_cast<const float4*>(b + first));
  } else {
    vb.x = __ldg(b + first), vb.y = first + 1 < n ? __ldg(b + first + 1) : 0.0f;
    vb.z = first + 2 < n ? __ldg(b + first + 2) : 0.0f, vb.w = whole ? __ldg(b + first + 3) : 0.0f;
  }
  const float4 sum = make_float4(va.x + vb.x, va.y + vb.y, va.z + vb.z, va.w + vb.w);
  if (whole && aligned(c + first)) {
    *reinterpret_cast<float4*>(c + first) = sum;
  } else {
    c[first] = sum.x;
    if (first + 1 < n) c[first + 1] = sum.y;
    if (first + 2 < n) c[first + 2] = sum.z;
    if (whole) c[first + 3] = sum.w;
  }
}
