// Tensor cores at warp level (sm_80 shapes, Tier 3): ldmatrix and mma.sync m16n8k16 with f16
// or bf16 inputs and f32 accumulators. All 32 lanes of the warp take part in each call, with
// the fragment layouts of the PTX ISA (g = lane / 4, t = lane % 4):
//   A (16 x 16, row-major), FragmentA::reg[0..3] = pairs (row, cols 2t, 2t+1) for
//       (g, k0), (g + 8, k0), (g, k0 + 8), (g + 8, k0 + 8) with k0 = 0
//   B (16 x 8, k x n),      FragmentB::reg[0..1] = pairs (rows 2t, 2t+1; col g), (rows 2t+8, 2t+9; col g)
//   C, D (16 x 8, f32),     FragmentC::reg[0..3] = (g, 2t), (g, 2t+1), (g+8, 2t), (g+8, 2t+1)
// A pair packs two 16-bit values, the lower column (or row) in the low half.
// These operations take raw shared-memory addresses and have no checked form: calling them
// needs [[simt::unsafe]] (each warp lane must pass a valid, 16-byte aligned row address).
#pragma once

#include "simt/device/config.hpp"
#include "simt/half.hpp"

#if !defined(__SIMTC__)
#include <bit>
#include <cstring>

#include "simt/device/host_fibers.hpp"
#endif

namespace simt::mma {

/// The A operand of m16n8k16: 8 16-bit values per lane in 4 registers.
struct SIMT_PLAIN_DATA alignas(16) FragmentA {
  uint32_t reg[4];
};
/// The B operand of m16n8k16: 4 16-bit values per lane in 2 registers.
struct SIMT_PLAIN_DATA alignas(8) FragmentB {
  uint32_t reg[2];
};
/// The C and D operands of m16n8k16 with f32 accumulators: 4 floats per lane.
struct SIMT_PLAIN_DATA alignas(16) FragmentC {
  float reg[4];
};

#if defined(__SIMTC__)
namespace detail {
typedef uint32_t u32x2 __attribute__((ext_vector_type(2)));
typedef uint32_t u32x4 __attribute__((ext_vector_type(4)));
typedef float f32x4 __attribute__((ext_vector_type(4)));
SIMT_BUILTIN("warp.ldmatrix.x1") uint32_t ldmatrix_x1(const void* row);
SIMT_BUILTIN("warp.ldmatrix.x2") u32x2 ldmatrix_x2(const void* row);
SIMT_BUILTIN("warp.ldmatrix.x4") u32x4 ldmatrix_x4(const void* row);
SIMT_BUILTIN("warp.ldmatrix.x1.trans") uint32_t ldmatrix_x1_trans(const void* row);
SIMT_BUILTIN("warp.ldmatrix.x2.trans") u32x2 ldmatrix_x2_trans(const void* row);
SIMT_BUILTIN("warp.ldmatrix.x4.trans") u32x4 ldmatrix_x4_trans(const void* row);
SIMT_BUILTIN("warp.mma.m16n8k16.f16") f32x4 mma_f16(u32x4 a, u32x2 b, f32x4 c);
SIMT_BUILTIN("warp.mma.m16n8k16.bf16") f32x4 mma_bf16(u32x4 a, u32x2 b, f32x4 c);
SIMT_BUILTIN("warp.stmatrix.x1") void stmatrix_x1(void* row, uint32_t r);
SIMT_BUILTIN("warp.stmatrix.x2") void stmatrix_x2(void* row, u32x2 r);
SIMT_BUILTIN("warp.stmatrix.x4") void stmatrix_x4(void* row, u32x4 r);
SIMT_BUILTIN("warp.stmatrix.x1.trans") void stmatrix_x1_trans(void* row, uint32_t r);
SIMT_BUILTIN("warp.stmatrix.x2.trans") void stmatrix_x2_trans(void* row, u32x2 r);
SIMT_BUILTIN("warp.stmatrix.x4.trans") void stmatrix_x4_trans(void* row, u32x4 r);
SIMT_BUILTIN("cvt.pack.bf16x2") uint32_t pack_bf16x2(float lo, float hi);
SIMT_BUILTIN("cvt.pack.f16x2") uint32_t pack_f16x2(float lo, float hi);
}  // namespace detail

/// ldmatrix.sync.aligned.m8n8.x1.shared.b16: lanes 0-7 each pass the address of one 16-byte row
/// of an 8 x 8 matrix of 16-bit values; lane l receives row l / 4, columns 2(l % 4), +1.
SIMT_REQUIRES_UNSAFE inline uint32_t ldmatrix_x1(const void* row) { return detail::ldmatrix_x1(row); }
SIMT_REQUIRES_UNSAFE inline uint32_t ldmatrix_x1_trans(const void* row) { return detail::ldmatrix_x1_trans(row); }
/// .x2: two matrices (rows from lanes 0-7 and 8-15), e.g. a B fragment.
SIMT_REQUIRES_UNSAFE inline FragmentB ldmatrix_x2(const void* row) {
  FragmentB f;
  *reinterpret_cast<detail::u32x2*>(&f) = detail::ldmatrix_x2(row);
  return f;
}
/// .trans: each matrix transposed on the way (a row-major k x n B tile becomes the B fragment).
SIMT_REQUIRES_UNSAFE inline FragmentB ldmatrix_x2_trans(const void* row) {
  FragmentB f;
  *reinterpret_cast<detail::u32x2*>(&f) = detail::ldmatrix_x2_trans(row);
  return f;
}
/// .x4: four matrices (rows from lanes 0-7, 8-15, 16-23, 24-31), e.g. an A fragment.
SIMT_REQUIRES_UNSAFE inline FragmentA ldmatrix_x4(const void* row) {
  FragmentA f;
  *reinterpret_cast<detail::u32x4*>(&f) = detail::ldmatrix_x4(row);
  return f;
}
SIMT_REQUIRES_UNSAFE inline FragmentA ldmatrix_x4_trans(const void* row) {
  FragmentA f;
  *reinterpret_cast<detail::u32x4*>(&f) = detail::ldmatrix_x4_trans(row);
  return f;
}
/// stmatrix.sync.aligned.m8n8.x1.shared.b16 (sm_90), ldmatrix's inverse: lanes 0-7 each pass
/// the address of one 16-byte row of an 8 x 8 matrix of 16-bit values, and lane l's register
/// lands in row l / 4, columns 2(l % 4), +1 (.trans: column l / 4, rows 2(l % 4), +1).
SIMT_REQUIRES_UNSAFE inline void stmatrix_x1(void* row, uint32_t r) { detail::stmatrix_x1(row, r); }
SIMT_REQUIRES_UNSAFE inline void stmatrix_x1_trans(void* row, uint32_t r) { detail::stmatrix_x1_trans(row, r); }
/// .x2: two matrices, rows from lanes 0-7 and 8-15, register k into matrix k.
SIMT_REQUIRES_UNSAFE inline void stmatrix_x2(void* row, uint32_t r0, uint32_t r1) {
  FragmentB f{{r0, r1}};
  detail::stmatrix_x2(row, *reinterpret_cast<const detail::u32x2*>(&f));
}
SIMT_REQUIRES_UNSAFE inline void stmatrix_x2_trans(void* row, uint32_t r0, uint32_t r1) {
  FragmentB f{{r0, r1}};
  detail::stmatrix_x2_trans(row, *reinterpret_cast<const detail::u32x2*>(&f));
}
/// .x4: four matrices, rows from lanes 0-7, 8-15, 16-23 and 24-31.
SIMT_REQUIRES_UNSAFE inline void stmatrix_x4(void* row, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3) {
  FragmentA f{{r0, r1, r2, r3}};
  detail::stmatrix_x4(row, *reinterpret_cast<const detail::u32x4*>(&f));
}
SIMT_REQUIRES_UNSAFE inline void stmatrix_x4_trans(void* row, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3) {
  FragmentA f{{r0, r1, r2, r3}};
  detail::stmatrix_x4_trans(row, *reinterpret_cast<const detail::u32x4*>(&f));
}
/// D = A * B + C, mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.
SIMT_REQUIRES_UNSAFE inline FragmentC mma_m16n8k16_f16(const FragmentA& a, const FragmentB& b, const FragmentC& c) {
  FragmentC d;
  *reinterpret_cast<detail::f32x4*>(&d) =
      detail::mma_f16(*reinterpret_cast<const detail::u32x4*>(&a), *reinterpret_cast<const detail::u32x2*>(&b),
                      *reinterpret_cast<const detail::f32x4*>(&c));
  return d;
}
/// D = A * B + C with bf16 inputs, mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32.
SIMT_REQUIRES_UNSAFE inline FragmentC mma_m16n8k16_bf16(const FragmentA& a, const FragmentB& b, const FragmentC& c) {
  FragmentC d;
  *reinterpret_cast<detail::f32x4*>(&d) =
      detail::mma_bf16(*reinterpret_cast<const detail::u32x4*>(&a), *reinterpret_cast<const detail::u32x2*>(&b),
                       *reinterpret_cast<const detail::f32x4*>(&c));
  return d;
}

#else  // the host reference: the warp's 32 fibers pool their operands

namespace detail {
inline uint16_t lane_element(const void* row, uint32_t column) {
  uint16_t v;
  std::memcpy(&v, static_cast<const unsigned char*>(row) + 2 * column, 2);
  return v;
}

// Lane l's register for matrix m: rows[] are the row addresses the lanes passed.
inline uint32_t ldmatrix_reg(const void* const rows[32], uint32_t lane, uint32_t m, bool trans) {
  const uint32_t g = lane / 4, t = lane % 4;
  if (!trans) {
    const void* row = rows[8 * m + g];
    return uint32_t(lane_element(row, 2 * t)) | uint32_t(lane_element(row, 2 * t + 1)) << 16;
  }
  return uint32_t(lane_element(rows[8 * m + 2 * t], g)) | uint32_t(lane_element(rows[8 * m + 2 * t + 1], g)) << 16;
}

inline void ldmatrix(const void* row, uint32_t* out, uint32_t count, bool trans) {
  // The lanes whose row address the instruction uses read their 16-byte row (race detector).
  if (simt::detail::fiber::lane_id() < 8 * count) simt::detail::race_note(row, 16, simt::host::AccessKind::read);
  const void* rows[32] = {};
  simt::detail::fiber::gather(0xffffffffu, &row, rows, sizeof(row), "simt::mma::ldmatrix");
  const uint32_t lane = simt::detail::fiber::lane_id();
  for (uint32_t m = 0; m < count; ++m) out[m] = ldmatrix_reg(rows, lane, m, trans);
}

// stmatrix: each lane of the first 8 count writes the row it passed, from the lanes' registers
// (ldmatrix_reg's layout run backwards).
inline void stmatrix(void* row, const uint32_t* regs, uint32_t count, bool trans) {
  const uint32_t lane = simt::detail::fiber::lane_id();
  if (lane < 8 * count) simt::detail::race_note(row, 16, simt::host::AccessKind::write);
  uint32_t all[32][4] = {};
  uint32_t mine[4] = {};
  for (uint32_t m = 0; m < count; ++m) mine[m] = regs[m];
  simt::detail::fiber::gather(0xffffffffu, mine, all, sizeof(mine), "simt::mma::stmatrix");
  if (lane >= 8 * count) return;
  const uint32_t m = lane / 8, r = lane % 8;
  for (uint32_t col = 0; col < 8; ++col) {
    // Non-transposed: lane 4r + col / 2 holds (r, col); transposed: lane 4 col + r / 2 holds (r, col).
    const uint32_t from = trans ? 4 * col + r / 2 : 4 * r + col / 2, half = trans ? r % 2 : col % 2;
    const uint16_t v = uint16_t(half == 0 ? all[from][m] & 0xffffu : all[from][m] >> 16);
    std::memcpy(static_cast<unsigned char*>(row) + 2 * col, &v, 2);
  }
}

struct Operands {
  FragmentA a;
  FragmentB b;
};

template <class Half>
float unpack(uint32_t reg, int which) {
  return float(std::bit_cast<Half>(uint16_t(which == 0 ? reg & 0xffffu : reg >> 16)));
}

template <class Half>
FragmentC mma(const FragmentA& a, const FragmentB& b, const FragmentC& c) {
  const Operands mine{a, b};
  Operands all[32];
  simt::detail::fiber::gather(0xffffffffu, &mine, all, sizeof(Operands), "simt::mma::mma_m16n8k16");
  float A[16][16], B[16][8];
  for (uint32_t l = 0; l < 32; ++l) {
    const uint32_t g = l / 4, t = l % 4;
    for (int h = 0; h < 2; ++h) {
      A[g][2 * t + h] = unpack<Half>(all[l].a.reg[0], h);
      A[g + 8][2 * t + h] = unpack<Half>(all[l].a.reg[1], h);
      A[g][2 * t + 8 + h] = unpack<Half>(all[l].a.reg[2], h);
      A[g + 8][2 * t + 8 + h] = unpack<Half>(all[l].a.reg[3], h);
      B[2 * t + h][g] = unpack<Half>(all[l].b.reg[0], h);
      B[2 * t + 8 + h][g] = unpack<Half>(all[l].b.reg[1], h);
    }
  }
  const uint32_t lane = simt::detail::fiber::lane_id(), g = lane / 4, t = lane % 4;
  FragmentC d;
  for (int i = 0; i < 4; ++i) {
    const uint32_t row = g + (i >= 2 ? 8 : 0), col = 2 * t + (i & 1);
    double sum = c.reg[i];
    for (int k = 0; k < 16; ++k) sum += double(A[row][k]) * double(B[k][col]);
    d.reg[i] = float(sum);
  }
  return d;
}
}  // namespace detail

inline uint32_t ldmatrix_x1(const void* row) {
  uint32_t r;
  detail::ldmatrix(row, &r, 1, false);
  return r;
}
inline uint32_t ldmatrix_x1_trans(const void* row) {
  uint32_t r;
  detail::ldmatrix(row, &r, 1, true);
  return r;
}
inline FragmentB ldmatrix_x2(const void* row) {
  FragmentB f;
  detail::ldmatrix(row, f.reg, 2, false);
  return f;
}
inline FragmentB ldmatrix_x2_trans(const void* row) {
  FragmentB f;
  detail::ldmatrix(row, f.reg, 2, true);
  return f;
}
inline FragmentA ldmatrix_x4(const void* row) {
  FragmentA f;
  detail::ldmatrix(row, f.reg, 4, false);
  return f;
}
inline FragmentA ldmatrix_x4_trans(const void* row) {
  FragmentA f;
  detail::ldmatrix(row, f.reg, 4, true);
  return f;
}
inline void stmatrix_x1(void* row, uint32_t r) { detail::stmatrix(row, &r, 1, false); }
inline void stmatrix_x1_trans(void* row, uint32_t r) { detail::stmatrix(row, &r, 1, true); }
inline void stmatrix_x2(void* row, uint32_t r0, uint32_t r1) {
  const uint32_t regs[2] = {r0, r1};
  detail::stmatrix(row, regs, 2, false);
}
inline void stmatrix_x2_trans(void* row, uint32_t r0, uint32_t r1) {
  const uint32_t regs[2] = {r0, r1};
  detail::stmatrix(row, regs, 2, true);
}
inline void stmatrix_x4(void* row, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3) {
  const uint32_t regs[4] = {r0, r1, r2, r3};
  detail::stmatrix(row, regs, 4, false);
}
inline void stmatrix_x4_trans(void* row, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3) {
  const uint32_t regs[4] = {r0, r1, r2, r3};
  detail::stmatrix(row, regs, 4, true);
}
inline FragmentC mma_m16n8k16_f16(const FragmentA& a, const FragmentB& b, const FragmentC& c) {
  return detail::mma<simt::half>(a, b, c);
}
inline FragmentC mma_m16n8k16_bf16(const FragmentA& a, const FragmentB& b, const FragmentC& c) {
  return detail::mma<simt::bfloat16>(a, b, c);
}
#endif

/// Packs two 16-bit values into one fragment register (`lo` in the low half).
template <class Half>
inline uint32_t pack(Half lo, Half hi) {
  return uint32_t(__builtin_bit_cast(uint16_t, lo)) | uint32_t(__builtin_bit_cast(uint16_t, hi)) << 16;
}

/// `lo` and `hi` rounded to bf16 (f16), to nearest even, and packed into one fragment register,
/// `lo` in the low half: pack(bfloat16(lo), bfloat16(hi)) as one instruction
/// (cvt.rn.bf16x2.f32, cvt.rn.f16x2.f32; sm_80).
inline uint32_t pack_bf16(float lo, float hi) {
#if defined(__SIMTC__)
  return detail::pack_bf16x2(lo, hi);
#else
  return pack(simt::bfloat16(lo), simt::bfloat16(hi));
#endif
}
inline uint32_t pack_f16(float lo, float hi) {
#if defined(__SIMTC__)
  return detail::pack_f16x2(lo, hi);
#else
  return pack(simt::half(lo), simt::half(hi));
#endif
}

}  // namespace simt::mma
