// Globals of a module: a simt::Constant's constant memory found by its symbol and filled from
// the host, on a stream or synchronously, with its size checked.
#include <cuda.h>

#include <array>
#include <cstring>
#include <string>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;
using simt_test::what_of;

class ModuleGlobalTest : public simt_test::FakeDriverTest {};

// What simtc emits for `simt::Constant<float, 4> taps;` and `namespace f { simt::Constant<int, 2> k; }`.
constexpr const char* kConstantPtx = R"(.version 8.0
.target sm_90
.address_size 64

.visible .const .align 4 .b8 taps[16];
.visible .const .align 4 .b8 _ZN1f1kE[8];

.visible .entry fir()
{
    ret;
}
)";

TEST_F(ModuleGlobalTest, GlobalHasTheDeclaredSize) {
  const auto module = simt::Module::load_ptx(simt::Context::primary(), kConstantPtx, "fir.cpp");
  const simt::ModuleGlobal taps = module.global("taps");
  EXPECT_NE(taps.device_ptr, 0u);
  EXPECT_EQ(taps.bytes, 16u);
  EXPECT_EQ(module.global("_ZN1f1kE").bytes, 8u);
  EXPECT_NE(module.global("_ZN1f1kE").device_ptr, taps.device_ptr);
}

TEST_F(ModuleGlobalTest, CopyOnAStreamLandsInTheGlobal) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, kConstantPtx, "fir.cpp");
  simt::Stream stream(ctx);
  const std::array<float, 4> values{0.25f, 0.5f, 0.125f, 2.0f};
  module.copy_to_global(stream, "taps", values.data(), sizeof values);
  stream.synchronize();
  std::array<float, 4> landed{};
  std::memcpy(landed.data(), fake().fake_cuda_module_global("taps"), sizeof landed);
  EXPECT_EQ(landed, values);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyHtoDAsync"), 1);
}

TEST_F(ModuleGlobalTest, SynchronousCopyWaitsForPendingWorkFirst) {
  const auto module = simt::Module::load_ptx(simt::Context::primary(), kConstantPtx, "fir.cpp");
  const std::array<int, 2> values{7, -3};
  const std::string before = fake().fake_cuda_call_log();
  module.copy_to_global("_ZN1f1kE", values.data(), sizeof values);
  std::array<int, 2> landed{};
  std::memcpy(landed.data(), fake().fake_cuda_module_global("_ZN1f1kE"), sizeof landed);
  EXPECT_EQ(landed, values);
  const std::string log = std::string(fake().fake_cuda_call_log()).substr(before.size());
  EXPECT_EQ(log, " cuCtxGetCurrent cuModuleGetGlobal cuCtxGetCurrent cuCtxSynchronize cuMemcpyHtoD cuCtxSynchronize");
}

TEST_F(ModuleGlobalTest, WrongSizeNamesTheSymbolAndBothSizesAndCopiesNothing) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, kConstantPtx, "fir.cpp");
  simt::Stream stream(ctx);
  const std::array<float, 3> three{1, 2, 3};
  EXPECT_EQ(what_of<simt::UsageError>([&] { module.copy_to_global(stream, "taps", three.data(), sizeof three); }),
            "copying to global 'taps' of module 'fir.cpp': 12 bytes given, the global has 16");
  EXPECT_EQ(what_of<simt::UsageError>([&] { module.copy_to_global("taps", three.data(), sizeof three); }),
            "copying to global 'taps' of module 'fir.cpp': 12 bytes given, the global has 16");
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyHtoDAsync"), 0);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyHtoD"), 0);
}

TEST_F(ModuleGlobalTest, MissingGlobalNamesSymbolAndModule) {
  const auto module = simt::Module::load_ptx(simt::Context::primary(), kConstantPtx, "fir.cpp");
  EXPECT_EQ(what_of<simt::Error>([&] { (void)module.global("coeffs"); }),
            "looking up global 'coeffs' in module 'fir.cpp' (cuModuleGetGlobal): CUDA_ERROR_NOT_FOUND (500): named "
            "symbol not found");
  EXPECT_THROW((void)module.global(nullptr), simt::UsageError);
}

TEST_F(ModuleGlobalTest, FailedCopyNamesTheGlobalAndTheCall) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, kConstantPtx, "fir.cpp");
  simt::Stream stream(ctx);
  const std::array<float, 4> values{};
  fake().fake_cuda_fail_next("cuMemcpyHtoDAsync", CUDA_ERROR_ILLEGAL_ADDRESS);
  EXPECT_EQ(what_of<simt::Error>([&] { module.copy_to_global(stream, "taps", values.data(), sizeof values); }),
            "copying 16 bytes to global 'taps' (cuMemcpyHtoDAsync): CUDA_ERROR_ILLEGAL_ADDRESS (700): an illegal "
            "memory access was encountered; fix: a kernel trapped (e.g. a failed bounds check) or faulted; the CUDA "
            "context is now unusable: restart the process");
}

}  // namespace
