// TMA tensor maps: what TensorMap::tiled asks cuTensorMapEncodeTiled for, and the host checks
// that name the numbers before the driver sees a bad map.
#include <cuda.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "fake_driver.hpp"
#include "simt/runtime/tensor_map.hpp"

namespace {

using simt_test::fake;
using simt_test::what_of;

class TensorMapTest : public simt_test::FakeDriverTest {};

std::string hex(std::uint64_t v) {
  char text[20];
  std::snprintf(text, sizeof text, "%llx", static_cast<unsigned long long>(v));
  return text;
}

TEST_F(TensorMapTest, EncodesATiledMapOverTheView) {
  const auto ctx = simt::Context::primary();
  const auto a = simt::DeviceBuffer<float>::zeroed(ctx, 100 * 37);
  const auto map = simt::TensorMap<float, 32, 16>::tiled(a.view(), {100, 37});
  FakeCudaTensorMap t{};
  ASSERT_EQ(fake().fake_cuda_last_tensor_map(&t), 1);
  EXPECT_EQ(t.data_type, CU_TENSOR_MAP_DATA_TYPE_FLOAT32);
  EXPECT_EQ(t.rank, 2u);
  EXPECT_EQ(t.address, a.device_ptr());
  EXPECT_EQ(t.dims[0], 100u);
  EXPECT_EQ(t.dims[1], 37u);
  EXPECT_EQ(t.strides[0], 400u);  // packed rows of 100 floats
  EXPECT_EQ(t.box[0], 32u);
  EXPECT_EQ(t.box[1], 16u);
  EXPECT_EQ(t.element_strides[0], 1u);
  EXPECT_EQ(t.element_strides[1], 1u);
  EXPECT_EQ(t.interleave, CU_TENSOR_MAP_INTERLEAVE_NONE);
  EXPECT_EQ(t.swizzle, CU_TENSOR_MAP_SWIZZLE_NONE);
  // The descriptor holds what the driver wrote, and the map remembers its buffer.
  EXPECT_EQ(std::memcmp(map.descriptor(), &t, sizeof t), 0);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(map.descriptor()) % 64, 0u);
  EXPECT_EQ(map.device_ptr(), a.device_ptr());
  EXPECT_EQ(map.bytes(), 100u * 37u * 4u);
  EXPECT_EQ((simt::TensorMap<float, 32, 16>::box_bytes), 2048u);
}

TEST_F(TensorMapTest, ElementTypesSwizzleAndExplicitStrides) {
  const auto ctx = simt::Context::primary();
  const auto bytes = simt::DeviceBuffer<std::int8_t>::zeroed(ctx, 64 * 8 * 3);
  simt::TensorMap<std::int8_t, 64, 8, 1>::tiled(bytes.view(), {64, 8, 3}, simt::TensorSwizzle::bytes64);
  FakeCudaTensorMap t{};
  fake().fake_cuda_last_tensor_map(&t);
  EXPECT_EQ(t.data_type, CU_TENSOR_MAP_DATA_TYPE_UINT8);
  EXPECT_EQ(t.rank, 3u);
  EXPECT_EQ(t.strides[0], 64u);
  EXPECT_EQ(t.strides[1], 512u);
  EXPECT_EQ(t.swizzle, CU_TENSOR_MAP_SWIZZLE_64B);

  const auto halves = simt::DeviceBuffer<simt::half>::zeroed(ctx, 48 * 10);
  simt::TensorMap<simt::half, 8, 4>::tiled(halves.view(), {40, 10}, {96}, simt::TensorSwizzle::none);
  fake().fake_cuda_last_tensor_map(&t);
  EXPECT_EQ(t.data_type, CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
  EXPECT_EQ(t.dims[0], 40u);
  EXPECT_EQ(t.strides[0], 96u);  // rows of 40 halves padded to 48

  const auto ints = simt::DeviceBuffer<std::int32_t>::zeroed(ctx, 64);
  simt::TensorMap<std::int32_t, 16>::tiled(ints.view(), {64});
  fake().fake_cuda_last_tensor_map(&t);
  EXPECT_EQ(t.data_type, CU_TENSOR_MAP_DATA_TYPE_INT32);
  EXPECT_EQ(t.rank, 1u);
}

TEST_F(TensorMapTest, ChecksNameTheNumbers) {
  const auto ctx = simt::Context::primary();
  const auto a = simt::DeviceBuffer<float>::zeroed(ctx, 400);
  using Map = simt::TensorMap<float, 32, 4>;
  const auto shifted = a.view().subview(1, 399);
  EXPECT_EQ(what_of<simt::UsageError>([&] { Map::tiled(shifted, {32, 4}); }),
            "TensorMap::tiled: the tensor's address 0x" + hex(shifted.device_ptr()) + " is not a multiple of 16 bytes");
  EXPECT_EQ(what_of<simt::UsageError>([&] { Map::tiled(a.view(), {25, 4}); }),
            "TensorMap::tiled: strides[0] = 100 bytes (dimension 1) is not a multiple of 16; pad rows of 100 bytes "
            "to 112");
  EXPECT_EQ(what_of<simt::UsageError>([&] { Map::tiled(a.view(), {32, 4}, {64}, simt::TensorSwizzle::none); }),
            "TensorMap::tiled: strides[0] = 64 bytes (dimension 1) is shorter than the 128 bytes of the dimensions "
            "inside it");
  EXPECT_EQ(what_of<simt::UsageError>([&] { Map::tiled(a.view(), {32, 13}); }),
            "TensorMap::tiled: the tensor spans 1664 bytes but the view holds 1600 bytes");
  EXPECT_EQ(what_of<simt::UsageError>([&] { Map::tiled(a.view(), {0, 4}); }),
            "TensorMap::tiled: dims[0] = 0 is outside 1..4294967296");
  EXPECT_EQ(what_of<simt::UsageError>([&] { simt::TensorMap<float, 3, 2>::tiled(a.view(), {20, 20}); }),
            "TensorMap::tiled: the box's innermost extent, 3 elements of 4 bytes = 12 bytes, is not a multiple of 16");
  EXPECT_EQ(what_of<simt::UsageError>([&] { simt::TensorMap<float, 300>::tiled(a.view(), {400}); }),
            "TensorMap::tiled: box[0] = 300 is outside 1..256");
  EXPECT_EQ(what_of<simt::UsageError>(
                [&] { simt::TensorMap<float, 64, 4>::tiled(a.view(), {64, 4}, simt::TensorSwizzle::bytes128); }),
            "TensorMap::tiled: with the 128-byte swizzle the box's innermost extent must be at most 128 bytes, got "
            "256");
  EXPECT_EQ(fake().fake_cuda_call_count("cuTensorMapEncodeTiled"), 0);  // refused before the driver
}

TEST_F(TensorMapTest, DriverFailureNamesTheCall) {
  const auto ctx = simt::Context::primary();
  const auto a = simt::DeviceBuffer<float>::zeroed(ctx, 64);
  fake().fake_cuda_fail_next("cuTensorMapEncodeTiled", CUDA_ERROR_INVALID_VALUE);
  const std::string what = what_of<simt::Error>([&] { simt::TensorMap<float, 16, 2>::tiled(a.view(), {16, 4}); });
  EXPECT_EQ(what.rfind("encoding a 2-D tensor map (cuTensorMapEncodeTiled): CUDA_ERROR_INVALID_VALUE (1)", 0), 0u)
      << what;
}

}  // namespace
