// The runtime against a real GPU: hand-written PTX, real launches, real driver errors.
// Every test skips (GTEST_SKIP) when there is no driver or no device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "simt/runtime.hpp"

namespace {

// out[i] = a[i] + b[i] for i < n. Parameters are named <entry>_param_<i>, as nvcc names them.
constexpr const char* kVaddPtx = R"(.version 8.0
.target sm_90
.address_size 64

.visible .entry vadd(
    .param .u64 vadd_param_0,
    .param .u64 vadd_param_1,
    .param .u64 vadd_param_2,
    .param .u32 vadd_param_3
)
{
    .reg .pred  %p<2>;
    .reg .b32   %r<6>;
    .reg .f32   %f<4>;
    .reg .b64   %rd<11>;

    ld.param.u64    %rd1, [vadd_param_0];
    ld.param.u64    %rd2, [vadd_param_1];
    ld.param.u64    %rd3, [vadd_param_2];
    ld.param.u32    %r1, [vadd_param_3];
    mov.u32         %r2, %ctaid.x;
    mov.u32         %r3, %ntid.x;
    mov.u32         %r4, %tid.x;
    mad.lo.s32      %r5, %r2, %r3, %r4;
    setp.ge.u32     %p1, %r5, %r1;
    @%p1 bra        DONE;
    cvta.to.global.u64  %rd4, %rd1;
    cvta.to.global.u64  %rd5, %rd2;
    cvta.to.global.u64  %rd6, %rd3;
    mul.wide.u32    %rd7, %r5, 4;
    add.s64         %rd8, %rd4, %rd7;
    add.s64         %rd9, %rd5, %rd7;
    add.s64         %rd10, %rd6, %rd7;
    ld.global.f32   %f1, [%rd8];
    ld.global.f32   %f2, [%rd9];
    add.rn.f32      %f3, %f1, %f2;
    st.global.f32   [%rd10], %f3;
DONE:
    ret;
}

.visible .entry fixed_block() .reqntid 128, 1, 1
{
    ret;
}
)";

class RuntimeGpu : public ::testing::Test {
protected:
  void SetUp() override {
    try {
      context_.emplace(simt::Context::primary());
    } catch (const simt::DriverNotFound& e) {
      GTEST_SKIP() << "no CUDA driver here: " << e.what();
    } catch (const simt::NoDevice& e) {
      GTEST_SKIP() << "no CUDA device here: " << e.what();
    }
  }
  const simt::Context& ctx() const { return *context_; }

  std::optional<simt::Context> context_;
};

std::vector<float> random_floats(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1000.0f, 1000.0f);
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

// Launches vadd over views, so subviews are exercised with the same code.
void launch_vadd(const simt::Kernel& kernel, const simt::Stream& stream, simt::DeviceView<const float> a,
                 simt::DeviceView<const float> b, simt::DeviceView<float> out, std::uint32_t block = 256) {
  std::uint64_t pa = a.device_ptr(), pb = b.device_ptr(), pout = out.device_ptr();
  auto n = static_cast<std::uint32_t>(out.size());
  void* args[] = {&pa, &pb, &pout, &n};
  kernel.launch(stream, simt::LaunchConfig1D::cover(n, block), args, 4);
}

TEST_F(RuntimeGpu, DescribesTheDevice) {
  const simt::DeviceLimits l = ctx().limits();
  EXPECT_FALSE(ctx().device_name().empty());
  EXPECT_GE(l.compute_capability, 90) << "the test PTX targets sm_90";
  EXPECT_EQ(l.warp_size, 32);
  EXPECT_GE(l.max_threads_per_block, 1024);
  EXPECT_GE(l.sm_count, 1);
  EXPECT_EQ(l.max_grid_dim[0], 2147483647);
  EXPECT_GE(l.max_shared_per_block_optin, l.max_shared_per_block);
  EXPECT_GT(l.total_memory, 0u);
  EXPECT_GT(ctx().free_memory(), 0u);
  EXPECT_LE(ctx().free_memory(), l.total_memory);
  EXPECT_GE(simt::driver_version(), 12000);
  EXPECT_GE(simt::device_count(), 1);
  std::cout << "[ device   ] " << ctx().device_name() << ", sm_" << l.compute_capability << ", " << l.sm_count
            << " SMs, driver " << simt::driver_version() << "\n";
}

TEST_F(RuntimeGpu, VectorAddMatchesTheCpu) {
  const auto module = simt::Module::load_ptx(ctx(), kVaddPtx, "vadd.ptx");
  const auto kernel = module.kernel("vadd");
  simt::Stream stream(ctx());
  for (std::size_t n : {std::size_t{1}, std::size_t{255}, std::size_t{256}, std::size_t{257}, std::size_t{1000003}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const std::vector<float> ha = random_floats(n, 1), hb = random_floats(n, 2);
    const auto a = simt::DeviceBuffer<float>::from_host(ctx(), ha);
    const auto b = simt::DeviceBuffer<float>::from_host(ctx(), hb);
    auto out = simt::DeviceBuffer<float>::uninitialized(ctx(), n);
    out.fill_bytes(0xFF);  // NaN everywhere: an element the kernel misses cannot pass by accident
    launch_vadd(kernel, stream, a, b, out);
    const std::vector<float> result = out.to_host();  // waits for the context, so for the launch
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (result[i] != ha[i] + hb[i] && mismatches++ < 5)
        ADD_FAILURE() << "out[" << i << "] = " << result[i] << ", expected " << ha[i] + hb[i];
    }
    EXPECT_EQ(mismatches, 0u);
  }
}

TEST_F(RuntimeGpu, SubviewsAndAsyncPinnedCopies) {
  const auto kernel = simt::Module::load_ptx(ctx(), kVaddPtx, "vadd.ptx").kernel("vadd");
  simt::Stream stream(ctx());
  constexpr std::size_t n = 4096, offset = 1000, count = 777;
  simt::PinnedBuffer<float> ha(ctx(), n), hb(ctx(), n), hout(ctx(), n);
  const std::vector<float> ra = random_floats(n, 3), rb = random_floats(n, 4);
  std::copy(ra.begin(), ra.end(), ha.span().begin());
  std::copy(rb.begin(), rb.end(), hb.span().begin());
  auto a = simt::DeviceBuffer<float>::uninitialized(ctx(), n);
  auto b = simt::DeviceBuffer<float>::uninitialized(ctx(), n);
  auto out = simt::DeviceBuffer<float>::uninitialized(ctx(), n);
  a.copy_from_host_async(ha.span(), stream);
  b.copy_from_host_async(hb.span(), stream);
  out.fill_bytes_async(0xFF, stream);
  const simt::DeviceView<float> out_view = out;
  launch_vadd(kernel, stream, a.view().subview(offset, count), b.view().subview(offset, count),
              out_view.subview(offset, count), 128);
  out.copy_to_host_async(hout.span(), stream);
  stream.synchronize();
  for (std::size_t i = 0; i < n; ++i) {
    const bool inside = i >= offset && i < offset + count;
    if (inside) {
      ASSERT_EQ(hout.span()[i], ra[i] + rb[i]) << "i = " << i;
    } else {
      ASSERT_TRUE(std::isnan(hout.span()[i])) << "i = " << i << " outside the subview was written";
    }
  }
}

TEST_F(RuntimeGpu, EventsTimeALaunch) {
  const auto kernel = simt::Module::load_ptx(ctx(), kVaddPtx, "vadd.ptx").kernel("vadd");
  simt::Stream stream(ctx());
  constexpr std::size_t n = 1 << 22;
  const auto a = simt::DeviceBuffer<float>::zeroed(ctx(), n);
  auto out = simt::DeviceBuffer<float>::uninitialized(ctx(), n);
  simt::Event start(ctx()), stop(ctx());
  start.record(stream);
  launch_vadd(kernel, stream, a, a, out);
  stop.record(stream);
  stop.synchronize();
  const float ms = simt::Event::elapsed_ms(start, stop);
  EXPECT_GT(ms, 0.0f);
  EXPECT_LT(ms, 10000.0f);
}

TEST_F(RuntimeGpu, KernelAttributesAndOccupancy) {
  const auto kernel = simt::Module::load_ptx(ctx(), kVaddPtx, "vadd.ptx").kernel("vadd");
  const simt::KernelAttributes attr = kernel.attributes();
  EXPECT_GT(attr.num_registers, 0);
  EXPECT_EQ(attr.static_shared_bytes, 0u);
  EXPECT_GE(attr.max_threads_per_block, 1024);
  EXPECT_EQ(attr.ptx_version, 90) << "the driver reports the PTX's .target, not its .version";
  EXPECT_EQ(attr.binary_version, ctx().compute_capability());
  EXPECT_GT(kernel.max_active_blocks_per_sm(256, 0), 0);
  kernel.set_max_dynamic_shared(ctx().limits().max_shared_per_block_optin);
  EXPECT_THROW(kernel.set_max_dynamic_shared(ctx().limits().max_shared_per_block_optin + 1), simt::Error);
}

TEST_F(RuntimeGpu, AbsurdBlockIsALaunchErrorNamingTheNumbers) {
  const auto kernel = simt::Module::load_ptx(ctx(), kVaddPtx, "vadd.ptx").kernel("vadd");
  simt::Stream stream(ctx());
  const auto a = simt::DeviceBuffer<float>::zeroed(ctx(), 4096);
  auto out = simt::DeviceBuffer<float>::zeroed(ctx(), 4096);
  try {
    launch_vadd(kernel, stream, a, a, out, 2048);
    FAIL() << "a 2048-thread block launched";
  } catch (const simt::LaunchError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.result_name(), "CUDA_ERROR_INVALID_VALUE") << what;
    EXPECT_NE(what.find("launching kernel 'vadd' with grid (2, 1, 1), block (2048, 1, 1), shared 0 bytes"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("; fix: the block shape exceeds"), std::string::npos) << what;
  }
  // A rejected launch leaves the context usable.
  launch_vadd(kernel, stream, a, a, out);
  stream.synchronize();
}

TEST_F(RuntimeGpu, BlockOtherThanReqntidIsALaunchError) {
  const auto kernel = simt::Module::load_ptx(ctx(), kVaddPtx, "vadd.ptx").kernel("fixed_block");
  simt::Stream stream(ctx());
  kernel.launch(stream, simt::LaunchConfig1D{1, 128}, nullptr, 0);
  stream.synchronize();
  EXPECT_THROW(kernel.launch(stream, simt::LaunchConfig1D{1, 256}, nullptr, 0), simt::LaunchError);
}

TEST_F(RuntimeGpu, MissingEntryIsNamed) {
  const auto module = simt::Module::load_ptx(ctx(), kVaddPtx, "vadd.ptx");
  try {
    (void)module.kernel("vsub");
    FAIL() << "found a kernel that does not exist";
  } catch (const simt::Error& e) {
    EXPECT_EQ(e.result_name(), "CUDA_ERROR_NOT_FOUND");
    EXPECT_EQ(e.action(), "looking up kernel 'vsub' in module 'vadd.ptx' (cuModuleGetFunction)");
  }
}

TEST_F(RuntimeGpu, MalformedPtxReportsTheJitLog) {
  const std::string bad = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() { bogus.instruction; }\n";
  try {
    (void)simt::Module::load_ptx(ctx(), bad, "bad.ptx");
    FAIL() << "malformed PTX loaded";
  } catch (const simt::Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.result_name(), "CUDA_ERROR_INVALID_PTX") << what;
    EXPECT_NE(what.find("; JIT log: "), std::string::npos) << what;
    std::cout << "[ message  ] " << what << "\n";
  }
}

TEST_F(RuntimeGpu, PtxNewerThanTheDriverSaysToUpdateIt) {
  const std::string future = ".version 9.9\n.target sm_90\n.address_size 64\n.visible .entry k() { ret; }\n";
  try {
    (void)simt::Module::load_ptx(ctx(), future, "future.ptx");
    FAIL() << "PTX 9.9 loaded";
  } catch (const simt::Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.code(), 222) << what;
    EXPECT_NE(what.find("; fix: the PTX is newer than this driver supports"), std::string::npos) << what;
    std::cout << "[ message  ] " << what << "\n";
  }
}

}  // namespace
