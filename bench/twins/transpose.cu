// CUDA C++ twin of examples/transpose/transpose.cpp: out (cols x rows) = in (rows x cols)^T
// through a 32 x 33 shared tile (one padding column: no bank conflicts down a column), 32 x 8
// threads moving 4 elements each, coalesced reads and writes, 32-bit row/column indices and a
// 64-bit element offset, as in the simtc kernel.
constexpr int kTile = 32;
constexpr int kRows = 8;

extern "C" __global__ void transpose(int rows, int cols, const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float tile[kTile][kTile + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col0 = blockIdx.x * kTile, row0 = blockIdx.y * kTile;
#pragma unroll
  for (int k = 0; k < kTile; k += kRows) {
    const int r = row0 + ty + k, c = col0 + tx;
    if (r < rows && c < cols) tile[ty + k][tx] = in[size_t(r) * cols + c];
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < kTile; k += kRows) {
    const int r = col0 + ty + k, c = row0 + tx;  // out[r][c] = in[c][r]
    if (r < cols && c < rows) out[size_t(r) * rows + c] = tile[tx][ty + k];
  }
}
