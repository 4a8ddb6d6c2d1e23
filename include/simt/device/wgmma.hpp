// Warpgroup matrix multiply-accumulate (wgmma, sm_90a): the 128 threads of a warpgroup compute
// D (64 x N, f32) = A (64 x 16) * B (16 x N) + D together, reading A and B from shared memory
// through matrix descriptors (or A from registers) while the threads go on.
//
//   simt::SharedTile<simt::bfloat16, 64, 64, 1024> a;    // 64 rows of K = 64, 128-byte swizzled
//   simt::SharedTile<simt::bfloat16, 128, 64, 1024> b;   // N = 128 rows of K = 64 (B transposed)
//   ... TMA loads with TensorSwizzle::bytes128 into a and b, mbarrier wait ...
//   simt::wgmma::Accumulator<128> d;                     // 64 floats per thread, in registers
//   auto da = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(a);
//   auto db = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(b);
//   [[simt::unsafe]] {
//     simt::wgmma::fence(d);
//     for (uint32_t k = 0; k < 4; ++k)                   // K = 64 in four steps of 16
//       simt::wgmma::mma_async(d, da.advanced(32 * k), db.advanced(32 * k), k > 0);
//     simt::wgmma::commit_group();
//     simt::wgmma::wait_group<0>(d);                     // now d holds A * B^T
//   }
//
// A descriptor is a 64-bit number (PTX ISA, "Matrix Descriptor Format"): the tile's shared
// address >> 4 in bits [0, 14), the leading-dimension byte offset >> 4 in [16, 30), the stride
// byte offset >> 4 in [32, 46), the base offset in [49, 52) and the swizzle mode in [62, 64).
// What the types guarantee: descriptors come from shared tiles of f16 or bf16, N is one that
// wgmma has, the accumulator is N / 2 floats per thread (register fragment, never spilled by
// simtc's lowering); simt-warpgroup-divergence proves, in unsafe code too, that all 128 threads
// of the warpgroup reach each operation. What stays with the programmer (Tier 3, hence
// [[simt::unsafe]]): that the layout describes how the data lies in the tile (and an advanced
// descriptor stays inside it), that the shared data is complete and visible to the async proxy
// before the mma reads it (mbarrier wait after TMA, or fence_proxy_async_shared() and a barrier
// after the threads' writes), the fence before the first mma, and not touching the accumulator
// or overwriting the tiles between an mma and the wait that retires it. Device only;
// docs/device-api.md, "Hopper (sm_90a)".
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/shared.hpp"
#include "simt/device/warpgroup.hpp"
#include "simt/half.hpp"

namespace simt::wgmma {

/// The swizzle modes of a matrix descriptor, with their encoding (bits 62-63).
enum class Swizzle : uint32_t { none = 0, bytes128 = 1, bytes64 = 2, bytes32 = 3 };

/// The bytes of one swizzled row (the span the pattern permutes 16-byte chunks in): 32, 64,
/// 128; 16 (one core-matrix row) without swizzle. The pattern repeats every 8 rows.
constexpr uint32_t swizzle_bytes(Swizzle s) {
  return s == Swizzle::bytes128 ? 128u : s == Swizzle::bytes64 ? 64u : s == Swizzle::bytes32 ? 32u : 16u;
}

/// How a matrix lies in shared memory, in the descriptor's terms (byte offsets, multiples of 16):
/// without swizzle, the offsets between 8 x 16-byte core matrices along the leading dimension
/// (LBO) and along the strided one (SBO); K-major with swizzle, SBO is the offset between groups
/// of 8 rows and LBO is unused. base_offset (0-7) is (address >> 7) % 8 of a pattern that does
/// not start at a multiple of its repeat (8 rows).
struct Layout {
  Swizzle swizzle = Swizzle::none;
  uint32_t leading_byte_offset = 0;
  uint32_t stride_byte_offset = 0;
  uint32_t base_offset = 0;
};

/// The descriptor of a matrix at `shared_address` (in the block's shared window) laid out as
/// `layout`.
constexpr uint64_t encode_descriptor(uint32_t shared_address, const Layout& layout) {
  return uint64_t((shared_address & 0x3ffffu) >> 4) | uint64_t((layout.leading_byte_offset & 0x3ffffu) >> 4) << 16 |
         uint64_t((layout.stride_byte_offset & 0x3ffffu) >> 4) << 32 | uint64_t(layout.base_offset & 7u) << 49 |
         uint64_t(layout.swizzle) << 62;
}

/// The descriptor `bytes` further along (a K step: 16 elements of 2 bytes in a swizzled K-major
/// row are 32 bytes): bytes >> 4 added to the start address field, as CUTLASS advances them.
constexpr uint64_t advance_descriptor(uint64_t descriptor, uint32_t bytes) {
  return (descriptor & ~uint64_t(0x3fff)) | ((descriptor + (bytes >> 4)) & 0x3fff);
}

/// The row (0-63) and column (0 to N - 1) of the D tile that element i of thread `thread`
/// (0-127, its index in the warpgroup) holds: the PTX ISA's register fragment of D.
constexpr uint32_t accumulator_row(uint32_t thread, uint32_t i) {
  return thread / 32 * 16 + thread % 32 / 4 + 8 * (i / 2 % 2);
}
constexpr uint32_t accumulator_col(uint32_t thread, uint32_t i) { return i / 4 * 8 + thread % 4 * 2 + i % 2; }

/// The thread's share of a 64 x N f32 tile of D: N / 2 floats, zero at first.
template <unsigned N>
struct SIMT_PLAIN_DATA Accumulator {
  static_assert(N >= 8 && N <= 256 && N % 8 == 0, "wgmma's N is 8 to 256, a multiple of 8");
  static constexpr unsigned n = N;
  static constexpr unsigned size = N / 2;
  float reg[N / 2] = {};

#if defined(__SIMTC__)
  /// The row and column of D that reg[i] of the calling thread holds.
  static uint32_t row(uint32_t i) { return accumulator_row(warpgroup::thread_index(), i); }
  static uint32_t col(uint32_t i) { return accumulator_col(warpgroup::thread_index(), i); }
#endif
};

/// A from registers (the m64k16 A fragment, 4 registers of two 16-bit values, the layout of
/// mma.sync's A for each warp's 16 rows).
struct SIMT_PLAIN_DATA alignas(16) RegistersA {
  uint32_t reg[4];
};

/// Which dimension is contiguous in a tile: K (no transpose, tnspA/tnspB 0) or M/N (1).
enum class Major : uint32_t { K = 0, MN = 1 };

namespace detail {
template <class T>
inline constexpr bool is_input = __is_same(T, simt::half) || __is_same(T, simt::bfloat16);
}  // namespace detail

#if defined(__SIMTC__)
namespace detail {
typedef uint32_t u32x4 __attribute__((ext_vector_type(4)));
SIMT_BUILTIN("shared.address") uint32_t shared_address(const void* p);
SIMT_BUILTIN("wgmma.fence") void fence();
SIMT_BUILTIN("wgmma.commit_group") void commit_group();
SIMT_BUILTIN("wgmma.wait_group") void wait_group(uint32_t pending);
SIMT_BUILTIN("wgmma.fence_operand") void fence_operand(float* acc, uint32_t count);
SIMT_BUILTIN("wgmma.mma_async.f16")
void mma_f16(float* acc, uint64_t a, uint64_t b, bool scale_d, uint32_t n, uint32_t tnsp_a, uint32_t tnsp_b);
SIMT_BUILTIN("wgmma.mma_async.bf16")
void mma_bf16(float* acc, uint64_t a, uint64_t b, bool scale_d, uint32_t n, uint32_t tnsp_a, uint32_t tnsp_b);
SIMT_BUILTIN("wgmma.mma_async.rs.f16")
void mma_rs_f16(float* acc, u32x4 a, uint64_t b, bool scale_d, uint32_t n, uint32_t tnsp_b);
SIMT_BUILTIN("wgmma.mma_async.rs.bf16")
void mma_rs_bf16(float* acc, u32x4 a, uint64_t b, bool scale_d, uint32_t n, uint32_t tnsp_b);
}  // namespace detail

/// A shared-memory matrix descriptor over a tile of T (simt::half or simt::bfloat16).
template <class T>
class Descriptor {
  static_assert(detail::is_input<T>, "wgmma multiplies f16 or bf16 matrices: simt::half or simt::bfloat16");

 public:
  using value_type = T;
  /// The tile at its first element, laid out as `layout`.
  template <size_t R, size_t C, size_t A>
  Descriptor(const SharedTile<T, R, C, A>& tile, const Layout& layout)
      : bits_(encode_descriptor(detail::shared_address(tile.data()), layout)) {}
  template <size_t N, size_t A>
  Descriptor(const SharedArray<T, N, A>& array, const Layout& layout)
      : bits_(encode_descriptor(detail::shared_address(array.data()), layout)) {}

  /// This descriptor `bytes` further along the tile (a multiple of 16).
  Descriptor advanced(uint32_t bytes) const { return Descriptor(advance_descriptor(bits_, bytes)); }
  /// The 64-bit descriptor.
  uint64_t bits() const { return bits_; }

 private:
  explicit Descriptor(uint64_t bits) : bits_(bits) {}
  uint64_t bits_;
};

/// The descriptor of a K-major tile in the canonical swizzled layout that TMA writes with the
/// same swizzle: rows of exactly swizzle_bytes(S) bytes (C elements), groups of 8 rows 8 rows
/// apart (SBO = 8 * row bytes), the tile aligned to the pattern's repeat (base offset 0).
template <Swizzle S, class T, size_t R, size_t C, size_t A>
Descriptor<T> k_major(const SharedTile<T, R, C, A>& tile) {
  constexpr size_t row_bytes = C * sizeof(T), swizzle = swizzle_bytes(S), repeat = 8 * swizzle;
  static_assert(S != Swizzle::none, "k_major builds swizzled layouts; give a Layout for Swizzle::none");
  static_assert(S == Swizzle::none || row_bytes == swizzle,
                "a K-major swizzled tile's row is exactly the swizzle's bytes");
  static_assert(R % 8 == 0, "a K-major swizzled tile has whole groups of 8 rows");
  static_assert(S == Swizzle::none || A >= repeat,
                "a swizzled tile is aligned to the pattern's repeat (8 rows): declare it with Align 8 * swizzle_bytes");
  return Descriptor<T>(tile, Layout{S, 16, uint32_t(repeat), 0});
}

/// The descriptor of an MN-major tile (B with its N columns contiguous, as a row-major K x N
/// matrix lies; mma_async<..., Major::MN>) in the canonical swizzled layout that TMA writes: the
/// N columns in blocks of swizzle_bytes(S) bytes (C elements), each block KRows rows of K one
/// after the other (the tile holds the blocks in turn: a box of C columns each), rows 8 apart
/// in groups (SBO = 8 * row bytes), blocks KRows rows apart (LBO = KRows * row bytes). A K step
/// of 16 rows is 16 * row bytes further along (advanced()).
template <Swizzle S, size_t KRows, class T, size_t R, size_t C, size_t A>
Descriptor<T> mn_major(const SharedTile<T, R, C, A>& tile) {
  constexpr size_t row_bytes = C * sizeof(T), swizzle = swizzle_bytes(S), repeat = 8 * swizzle;
  static_assert(S != Swizzle::none, "mn_major builds swizzled layouts; give a Layout for Swizzle::none");
  static_assert(row_bytes == swizzle, "an MN-major swizzled tile's row is exactly the swizzle's bytes");
  static_assert(KRows % 16 == 0 && R % KRows == 0, "a block of the tile has whole K steps of 16 rows");
  static_assert(KRows * row_bytes < (1u << 18), "the blocks' distance fits the descriptor's 14-bit LBO field");
  static_assert(A >= repeat,
                "a swizzled tile is aligned to the pattern's repeat (8 rows): declare it with Align 8 * swizzle_bytes");
  return Descriptor<T>(tile, Layout{S, uint32_t(KRows * row_bytes), uint32_t(repeat), 0});
}

/// Makes the threads' earlier register writes to the accumulators (and shared-memory writes the
/// mma reads) ordered before the next mma_async: wgmma.fence.sync.aligned, after keeping the
/// accumulators' definitions above it.
template <unsigned... N>
SIMT_REQUIRES_UNSAFE void fence(Accumulator<N>&... d) {
  (detail::fence_operand(d.reg, Accumulator<N>::size), ...);
  detail::fence();
}
/// Closes the warpgroup's group of mma_async operations (wgmma.commit_group.sync.aligned).
SIMT_REQUIRES_UNSAFE inline void commit_group() { detail::commit_group(); }
/// Waits until at most Pending groups are in flight (wgmma.wait_group.sync.aligned Pending);
/// the accumulators named here are read no earlier.
template <unsigned Pending, unsigned... N>
SIMT_REQUIRES_UNSAFE void wait_group(Accumulator<N>&... d) {
  static_assert(Pending <= 7, "wgmma.wait_group takes 0 to 7 pending groups");
  detail::wait_group(Pending);
  (detail::fence_operand(d.reg, Accumulator<N>::size), ...);
}

/// D = A * B + D (accumulate) or A * B (the first step): A 64 x 16 from `a`, B 16 x N from `b`.
/// wgmma.mma_async.sync.aligned.m64nNk16.f32.T.T {d}, a, b, p, 1, 1, tnspA, tnspB.
template <Major MajorA = Major::K, Major MajorB = Major::K, unsigned N, class TA, class TB>
SIMT_REQUIRES_UNSAFE void mma_async(Accumulator<N>& d, const Descriptor<TA>& a, const Descriptor<TB>& b,
                                    bool accumulate = true) {
  static_assert(__is_same(TA, TB), "wgmma's A and B have the same element type");
  if constexpr (__is_same(TA, simt::half))
    detail::mma_f16(d.reg, a.bits(), b.bits(), accumulate, N, uint32_t(MajorA), uint32_t(MajorB));
  else
    detail::mma_bf16(d.reg, a.bits(), b.bits(), accumulate, N, uint32_t(MajorA), uint32_t(MajorB));
}
/// The same with A from registers: wgmma.mma_async.sync.aligned.m64nNk16.f32.T.T {d}, {a}, b,
/// p, 1, 1, tnspB.
template <Major MajorB = Major::K, unsigned N, class T>
SIMT_REQUIRES_UNSAFE void mma_async(Accumulator<N>& d, const RegistersA& a, const Descriptor<T>& b,
                                    bool accumulate = true) {
  const detail::u32x4 regs = *reinterpret_cast<const detail::u32x4*>(&a);
  if constexpr (__is_same(T, simt::half))
    detail::mma_rs_f16(d.reg, regs, b.bits(), accumulate, N, uint32_t(MajorB));
  else
    detail::mma_rs_bf16(d.reg, regs, b.bits(), accumulate, N, uint32_t(MajorB));
}
#endif

}  // namespace simt::wgmma
