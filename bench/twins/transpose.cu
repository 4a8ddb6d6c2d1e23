// CUDA C++ twin of examples/transpose/transpose.cpp: out (cols x rows) = in (rows x cols)^T
// through a shared tile of 72 x 65 floats: a block reads the input rows row0 - 8 .. row0 + 63
// of a 64-column strip (32 x 8 threads, 18 loads each), and writes, in each output row R, the
// sector-aligned window [row0 - s, row0 + 64 - s), s = (R * rows) mod 8 (the first block from
// column 0, the last to the row's end), as the simtc kernel does; 64-bit offsets.
constexpr int kTile = 64;
constexpr int kThreadsX = 32;
constexpr int kRows = 8;
constexpr int kSector = 8;

extern "C" __global__ void __launch_bounds__(kThreadsX * kRows)
    transpose(int rows, int cols, const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float tile[kTile + kSector][kTile + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col0 = blockIdx.x * kTile, row0 = blockIdx.y * kTile;
  if (row0 >= rows) return;
#pragma unroll
  for (int k = 0; k < kTile + kSector; k += kRows)
#pragma unroll
    for (int h = 0; h < kTile; h += kThreadsX) {
      const int r = row0 - kSector + ty + k, c = col0 + tx + h;
      if (r >= 0 && r < rows && c < cols) tile[ty + k][tx + h] = in[size_t(r) * cols + c];
    }
  __syncthreads();
  const bool last = row0 + kTile >= rows;
#pragma unroll
  for (int k = 0; k < kTile; k += kRows) {
    const int row = col0 + ty + k;  // output row: input column
    if (row >= cols) continue;
    const int s = int((size_t(row) * rows) & (kSector - 1));
    const int end = last ? rows : row0 + kTile - s;
#pragma unroll
    for (int h = 0; h < kTile + kThreadsX; h += kThreadsX) {
      const int c = row0 - s + tx + h;
      if (c >= 0 && c < end) out[size_t(row) * rows + c] = tile[c - row0 + kSector][ty + k];
    }
  }
}
