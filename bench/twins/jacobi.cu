// CUDA C++ twin of examples/jacobi/jacobi.cpp: one Jacobi sweep of the 2-D Laplace equation,
// a 32 x 8 block staging its points plus a one-point halo in shared memory (each thread its
// own point and, on the block's edges, the halo point beyond it), boundary points kept.
// 32-bit indices, the same float operations in the same order.
constexpr int kBX = 32;
constexpr int kBY = 8;

extern "C" __global__ void jacobi_step(int rows, int cols, const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float tile[kBY + 2][kBX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * kBX + tx, y = blockIdx.y * kBY + ty;
  const bool inside = y < rows && x < cols;
  const int i = y * cols + x;
  if (inside) {
    tile[ty + 1][tx + 1] = in[i];
    if (tx == 0 && x > 0) tile[ty + 1][0] = in[i - 1];
    if (tx == kBX - 1 && x + 1 < cols) tile[ty + 1][tx + 2] = in[i + 1];
    if (ty == 0 && y > 0) tile[0][tx + 1] = in[i - cols];
    if (ty == kBY - 1 && y + 1 < rows) tile[ty + 2][tx + 1] = in[i + cols];
  }
  __syncthreads();
  if (inside) {
    const float centre = tile[ty + 1][tx + 1];
    const bool boundary = y == 0 || x == 0 || y + 1 == rows || x + 1 == cols;
    out[i] = boundary ? centre
                      : 0.25f * ((tile[ty][tx + 1] + tile[ty + 2][tx + 1]) + (tile[ty + 1][tx] + tile[ty + 1][tx + 2]));
  }
}

// Twin of jacobi_strip: no shared memory; a 256 x 1 block, each thread a strip of 8 points of one
// column, computed from its column's 10 points and the 8 on either side, all loaded up front.
constexpr int kStripBX = 256;
constexpr int kStripBY = 1;
constexpr int kStripRows = 8;

extern "C" __global__ void jacobi_strip(int rows, int cols, const float* __restrict__ in, float* __restrict__ out) {
  const int x = blockIdx.x * kStripBX + threadIdx.x;
  const int y0 = (blockIdx.y * kStripBY + threadIdx.y) * kStripRows;
  if (x >= cols || y0 >= rows) return;
  float up_down[kStripRows + 2], left[kStripRows], right[kStripRows];
#pragma unroll
  for (int r = 0; r < kStripRows + 2; ++r) {
    const int row = y0 + r - 1;
    up_down[r] = row >= 0 && row < rows ? __ldg(in + row * cols + x) : 0.0f;
  }
#pragma unroll
  for (int r = 0; r < kStripRows; ++r) {
    const int row = y0 + r;
    left[r] = row < rows && x > 0 ? __ldg(in + row * cols + x - 1) : 0.0f;
    right[r] = row < rows && x + 1 < cols ? __ldg(in + row * cols + x + 1) : 0.0f;
  }
#pragma unroll
  for (int r = 0; r < kStripRows; ++r) {
    const int y = y0 + r;
    if (y < rows) {
      const bool boundary = y == 0 || x == 0 || y + 1 == rows || x + 1 == cols;
      out[y * cols + x] =
          boundary ? up_down[r + 1] : 0.25f * ((up_down[r] + up_down[r + 2]) + (left[r] + right[r]));
    }
  }
}
