// TMA tensor maps: the host's checks of a tiled map against its buffer, then
// cuTensorMapEncodeTiled. The driver checks the same limits but answers only
// CUDA_ERROR_INVALID_VALUE; these checks name the dimension and the numbers first.
#include "simt/runtime/tensor_map.hpp"

#include <cstdio>
#include <cstring>
#include <string>

#include "driver_api.hpp"
#include "simt/runtime/error.hpp"
#include "text.hpp"

namespace simt::detail {
namespace {

constexpr const char* kAction = "TensorMap::tiled";
constexpr std::uint64_t kMaxExtent = std::uint64_t(1) << 32;
constexpr std::uint64_t kMaxStride = std::uint64_t(1) << 40;
constexpr std::uint32_t kMaxBox = 256;

[[noreturn]] void fail(const std::string& detail) { throw UsageError(kAction, detail); }

std::string hex(std::uint64_t v) {
  char text[20];
  std::snprintf(text, sizeof text, "%llx", static_cast<unsigned long long>(v));
  return text;
}

CUtensorMapDataType data_type(TensorElement e) {
  switch (e) {
    case TensorElement::u8: return CU_TENSOR_MAP_DATA_TYPE_UINT8;
    case TensorElement::u16: return CU_TENSOR_MAP_DATA_TYPE_UINT16;
    case TensorElement::u32: return CU_TENSOR_MAP_DATA_TYPE_UINT32;
    case TensorElement::i32: return CU_TENSOR_MAP_DATA_TYPE_INT32;
    case TensorElement::u64: return CU_TENSOR_MAP_DATA_TYPE_UINT64;
    case TensorElement::i64: return CU_TENSOR_MAP_DATA_TYPE_INT64;
    case TensorElement::f16: return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
    case TensorElement::f32: return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
    case TensorElement::f64: return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
    case TensorElement::bf16: return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  }
  return CU_TENSOR_MAP_DATA_TYPE_UINT8;
}

CUtensorMapSwizzle swizzle_mode(TensorSwizzle s) {
  switch (s) {
    case TensorSwizzle::none: return CU_TENSOR_MAP_SWIZZLE_NONE;
    case TensorSwizzle::bytes32: return CU_TENSOR_MAP_SWIZZLE_32B;
    case TensorSwizzle::bytes64: return CU_TENSOR_MAP_SWIZZLE_64B;
    case TensorSwizzle::bytes128: return CU_TENSOR_MAP_SWIZZLE_128B;
  }
  return CU_TENSOR_MAP_SWIZZLE_NONE;
}

std::uint64_t swizzle_bytes(TensorSwizzle s) {
  return s == TensorSwizzle::bytes32 ? 32 : s == TensorSwizzle::bytes64 ? 64 : s == TensorSwizzle::bytes128 ? 128 : 0;
}

// The checks cuTensorMapEncodeTiled documents for tiled maps without interleave, each with the
// numbers that break it. Returns the bytes the tensor spans.
std::uint64_t check(const TensorMapRequest& r) {
  const std::size_t rank = r.dims.size();
  if (r.address % 16 != 0) fail(cat("the tensor's address 0x", hex(r.address), " is not a multiple of 16 bytes"));
  for (std::size_t i = 0; i < rank; ++i)
    if (r.dims[i] == 0 || r.dims[i] > kMaxExtent)
      fail(cat("dims[", i, "] = ", r.dims[i], " is outside 1..", kMaxExtent));
  std::uint64_t inner = r.dims[0] * r.element_bytes;  // bytes of one index of the next dimension
  for (std::size_t i = 0; i + 1 < rank; ++i) {
    const std::uint64_t s = r.strides[i];
    if (s % 16 != 0)
      fail(cat("strides[", i, "] = ", s, " bytes (dimension ", i + 1, ") is not a multiple of 16; pad rows of ",
               inner, " bytes to ", (inner + 15) / 16 * 16));
    if (s >= kMaxStride) fail(cat("strides[", i, "] = ", s, " bytes is not below 2^40"));
    if (s < inner)
      fail(cat("strides[", i, "] = ", s, " bytes (dimension ", i + 1, ") is shorter than the ", inner,
               " bytes of the dimensions inside it"));
    inner = s * r.dims[i + 1];
  }
  // The last element's end: sum over dimensions of (extent - 1) * stride, plus one element.
  std::uint64_t span = r.element_bytes;
  for (std::size_t i = 0; i < rank; ++i) {
    const std::uint64_t stride = i == 0 ? r.element_bytes : r.strides[i - 1];
    span += (r.dims[i] - 1) * stride;
  }
  if (span > r.view_bytes)
    fail(cat("the tensor spans ", span, " bytes but the view holds ", r.view_bytes, " bytes"));
  for (std::size_t i = 0; i < rank; ++i)
    if (r.box[i] == 0 || r.box[i] > kMaxBox) fail(cat("box[", i, "] = ", r.box[i], " is outside 1..", kMaxBox));
  const std::uint64_t box_inner = std::uint64_t(r.box[0]) * r.element_bytes;
  if (box_inner % 16 != 0)
    fail(cat("the box's innermost extent, ", r.box[0], " elements of ", r.element_bytes, " bytes = ", box_inner,
             " bytes, is not a multiple of 16"));
  if (const std::uint64_t limit = swizzle_bytes(r.swizzle); limit != 0 && box_inner > limit)
    fail(cat("with the ", limit, "-byte swizzle the box's innermost extent must be at most ", limit, " bytes, got ",
             box_inner));
  return span;
}

}  // namespace

void encode_tensor_map_tiled(const TensorMapRequest& request, unsigned char* out) {
  check(request);
  const std::size_t rank = request.dims.size();
  cuuint64_t dims[5] = {}, strides[4] = {};
  cuuint32_t box[5] = {}, element_strides[5] = {1, 1, 1, 1, 1};
  for (std::size_t i = 0; i < rank; ++i) {
    dims[i] = request.dims[i];
    box[i] = request.box[i];
  }
  for (std::size_t i = 0; i + 1 < rank; ++i) strides[i] = request.strides[i];
  static_assert(sizeof(CUtensorMap) == 128, "CUtensorMap is 128 bytes");
  CUtensorMap map;
  const Driver& d = driver();
  check(SIMT_CUDA_OPTIONAL(d, cuTensorMapEncodeTiled)(
            &map, data_type(request.element), cuuint32_t(rank), reinterpret_cast<void*>(request.address), dims,
            strides, box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle_mode(request.swizzle),
            CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
        [&] { return cat("encoding a ", rank, "-D tensor map (cuTensorMapEncodeTiled)"); });
  std::memcpy(out, &map, sizeof map);
}

}  // namespace simt::detail
