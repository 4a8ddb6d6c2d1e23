// Module loading, kernel lookup, attributes, and launches (argument packing and shape).
#include <cuda.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;
using simt_test::kSaxpyPtx;
using simt_test::what_of;

class ModuleTest : public simt_test::FakeDriverTest {};

template <class T>
T arg_at(const FakeCudaLaunch& launch, unsigned index) {
  T value{};
  EXPECT_EQ(launch.param_size[index], sizeof(T));
  std::memcpy(&value, launch.args + launch.param_offset[index], sizeof(T));
  return value;
}

TEST_F(ModuleTest, LaunchPacksArgumentsAndShape) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, kSaxpyPtx, "saxpy");
  const auto kernel = module.kernel("saxpy");
  EXPECT_EQ(kernel.name(), "saxpy");
  simt::Stream stream(ctx);
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx, 1000);
  auto y = simt::DeviceBuffer<float>::zeroed(ctx, 1000);
  float a = 2.5f;
  std::uint64_t x_ptr = x.device_ptr(), y_ptr = y.device_ptr();
  std::uint32_t n = 1000;
  void* args[] = {&a, &x_ptr, &y_ptr, &n};
  kernel.launch(stream, simt::LaunchConfig1D::cover(n, 256), args, 4);

  FakeCudaLaunch launch{};
  ASSERT_EQ(fake().fake_cuda_last_launch(&launch), 1);
  EXPECT_STREQ(launch.kernel, "saxpy");
  EXPECT_EQ(launch.grid[0], 4u);
  EXPECT_EQ(launch.grid[1], 1u);
  EXPECT_EQ(launch.block[0], 256u);
  EXPECT_EQ(launch.shared_bytes, 0u);
  EXPECT_EQ(launch.stream, stream.native_handle());
  ASSERT_EQ(launch.param_count, 4u);
  EXPECT_EQ(arg_at<float>(launch, 0), 2.5f);
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 1), x.device_ptr());
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 2), y.device_ptr());
  EXPECT_EQ(arg_at<std::uint32_t>(launch, 3), 1000u);
}

TEST_F(ModuleTest, ThreeDimensionalShapeAndSharedMemory) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, kSaxpyPtx, "m").kernel("empty");
  simt::Stream stream(ctx);
  kernel.launch(stream, simt::LaunchConfig3D{{3, 4, 5}, {8, 4, 2}, 512}, nullptr, 0);
  FakeCudaLaunch launch{};
  fake().fake_cuda_last_launch(&launch);
  EXPECT_EQ((std::array<unsigned, 3>{launch.grid[0], launch.grid[1], launch.grid[2]}), (std::array<unsigned, 3>{3, 4, 5}));
  EXPECT_EQ((std::array<unsigned, 3>{launch.block[0], launch.block[1], launch.block[2]}),
            (std::array<unsigned, 3>{8, 4, 2}));
  EXPECT_EQ(launch.shared_bytes, 512u);
  EXPECT_EQ(launch.param_count, 0u);
}

TEST_F(ModuleTest, EmptyGridLaunchesNothing) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, kSaxpyPtx, "m").kernel("empty");
  simt::Stream stream(ctx);
  kernel.launch(stream, simt::LaunchConfig1D::cover(0, 128), nullptr, 0);
  FakeCudaLaunch launch{};
  EXPECT_EQ(fake().fake_cuda_last_launch(&launch), 0);
}

TEST_F(ModuleTest, LaunchOnAnotherDevicesStreamIsAUsageError) {
  fake().fake_cuda_set_device_count(2);
  const auto kernel = simt::Module::load_ptx(simt::Context::primary(0), kSaxpyPtx, "m").kernel("empty");
  simt::Stream other(simt::Context::primary(1));
  EXPECT_EQ(what_of<simt::UsageError>([&] { kernel.launch(other, simt::LaunchShape{}, nullptr, 0); }),
            "Kernel::launch: kernel 'empty' is loaded on device 0 but the stream belongs to device 1");
  EXPECT_EQ(what_of<simt::UsageError>([&] {
              simt::Stream same(kernel.context());
              kernel.launch(same, simt::LaunchShape{}, nullptr, 2);
            }),
            "Kernel::launch: kernel 'empty': args is null but arg_count is 2");
}

TEST_F(ModuleTest, PtxIsPassedNulTerminatedEvenFromASlice) {
  const auto ctx = simt::Context::primary();
  const std::string text = std::string(kSaxpyPtx) + ".entry not_part_of_the_module(";
  const std::string_view slice(text.data(), std::strlen(kSaxpyPtx));  // not NUL-terminated
  const auto module = simt::Module::load_ptx(ctx, slice, "slice");
  EXPECT_EQ(std::string(fake().fake_cuda_last_module_image()), kSaxpyPtx);
  EXPECT_THROW((void)module.kernel("not_part_of_the_module"), simt::Error);
}

TEST_F(ModuleTest, MissingEntryNamesEntryAndModule) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, kSaxpyPtx, "saxpy.ptx");
  EXPECT_EQ(what_of<simt::Error>([&] { (void)module.kernel("daxpy"); }),
            "looking up kernel 'daxpy' in module 'saxpy.ptx' (cuModuleGetFunction): CUDA_ERROR_NOT_FOUND (500): named "
            "symbol not found; fix: the module has no .entry named 'daxpy': check the kernel's name (entry points have "
            "unmangled, extern \"C\" names)");
}

TEST_F(ModuleTest, HandlesKeepTheirParentsAlive) {
  std::optional<simt::Kernel> kernel;
  {
    std::optional<simt::Module> module;
    {
      const auto ctx = simt::Context::primary();
      module.emplace(simt::Module::load_ptx(ctx, kSaxpyPtx, "m"));
    }  // the Context object is gone; the module holds the context
    EXPECT_EQ(fake().fake_cuda_primary_retains(0), 1);
    kernel.emplace(module->kernel("saxpy"));
  }  // the Module object is gone; the kernel holds the module
  EXPECT_EQ(fake().fake_cuda_live_modules(), 1);
  simt::Stream stream(kernel->context());
  float a = 1;
  std::uint64_t p = 0;
  std::uint32_t n = 0;
  void* args[] = {&a, &p, &p, &n};
  kernel->launch(stream, simt::LaunchConfig1D{1, 32}, args, 4);
  EXPECT_EQ(kernel->attributes().num_registers, 32);
  kernel.reset();
  EXPECT_EQ(fake().fake_cuda_live_modules(), 0);
  EXPECT_EQ(fake().fake_cuda_primary_retains(0), 1) << "the stream still holds it";
}

TEST_F(ModuleTest, KernelAttributesOccupancyAndDynamicShared) {
  fake().fake_cuda_set_function_attribute(CU_FUNC_ATTRIBUTE_NUM_REGS, 40);
  fake().fake_cuda_set_function_attribute(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, 16);
  fake().fake_cuda_set_function_attribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, 4096);
  fake().fake_cuda_set_function_attribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 512);
  fake().fake_cuda_set_function_attribute(CU_FUNC_ATTRIBUTE_PTX_VERSION, 80);
  fake().fake_cuda_set_function_attribute(CU_FUNC_ATTRIBUTE_BINARY_VERSION, 90);
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, kSaxpyPtx, "m").kernel("saxpy");
  const simt::KernelAttributes a = kernel.attributes();
  EXPECT_EQ(a.num_registers, 40);
  EXPECT_EQ(a.local_bytes, 16u);
  EXPECT_EQ(a.static_shared_bytes, 4096u);
  EXPECT_EQ(a.max_threads_per_block, 512);
  EXPECT_EQ(a.ptx_version, 80);
  EXPECT_EQ(a.binary_version, 90);
  EXPECT_EQ(a.max_dynamic_shared_bytes, 49152u - 4096u) << "the default limit less the static shared memory";
  EXPECT_EQ(kernel.max_active_blocks_per_sm(256, 0), 8);
  EXPECT_EQ(kernel.max_active_blocks_per_sm(128, 233472 / 3), 3);
  EXPECT_THROW((void)kernel.max_active_blocks_per_sm(0, 0), simt::UsageError);
  kernel.set_max_dynamic_shared(100000);
  EXPECT_EQ(fake().fake_cuda_max_dynamic_shared(), 100000);
  EXPECT_EQ(kernel.attributes().max_dynamic_shared_bytes, 100000u);
  EXPECT_EQ(what_of<simt::Error>([&] { kernel.set_max_dynamic_shared(300000); }),
            "allowing kernel 'saxpy' 300000 bytes of dynamic shared memory (cuFuncSetAttribute): "
            "CUDA_ERROR_INVALID_VALUE (1): invalid argument; fix: the kernel's static plus dynamic shared memory may "
            "not exceed the device's opt-in limit (DeviceLimits::max_shared_per_block_optin)");
}

// A kernel whose shared variables simtc placed in dynamic shared memory (more than the 48 KiB
// PTX allows statically): loading opts in to their bytes, the attributes count them as the
// kernel's own, and occupancy and every launch add them to what the launch asks for.
TEST_F(ModuleTest, SharedVariablesInDynamicSharedMemory) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, kSaxpyPtx, "m");
  const auto kernel = module.kernel("empty", 196608);
  EXPECT_EQ(kernel.shared_in_dynamic(), 196608u);
  EXPECT_EQ(fake().fake_cuda_max_dynamic_shared(), 196608) << "opted in when loaded";
  EXPECT_EQ(kernel.attributes().static_shared_bytes, 196608u);
  EXPECT_EQ(kernel.attributes().max_dynamic_shared_bytes, 0u) << "a launch may add nothing yet";
  kernel.set_max_dynamic_shared(1024);
  EXPECT_EQ(fake().fake_cuda_max_dynamic_shared(), 196608 + 1024);
  EXPECT_EQ(kernel.attributes().max_dynamic_shared_bytes, 1024u);
  // The fake's occupancy splits its 233472 bytes per SM: one block of 197632 bytes fits, not two.
  EXPECT_EQ(kernel.max_active_blocks_per_sm(384, 1024), 1);

  simt::Stream stream(ctx);
  FakeCudaLaunch launch{};
  kernel.launch(stream, simt::LaunchConfig1D{2, 384, 1024}, nullptr, 0);
  fake().fake_cuda_last_launch(&launch);
  EXPECT_EQ(launch.shared_bytes, 196608u + 1024u);
  kernel.launch(stream.with_launch_attributes(simt::cluster_launch(2)), simt::LaunchConfig1D{2, 384}, nullptr, 0);
  fake().fake_cuda_last_launch(&launch);
  EXPECT_EQ(launch.via_ex, 1);
  EXPECT_EQ(launch.shared_bytes, 196608u) << "cuLaunchKernelEx too";

  (void)module.kernel("empty", 196608);
  EXPECT_EQ(fake().fake_cuda_max_dynamic_shared(), 196608 + 1024) << "a second copy does not lower the opt-in";
  EXPECT_EQ(what_of<simt::UsageError>([&] { (void)module.kernel("empty", 240000); }),
            "Module::kernel: kernel 'empty' has 240000 bytes of shared variables, more than the 232448 "
            "bytes per block device 0 allows");
}

TEST_F(ModuleTest, ModulesAreSharedByCopies) {
  const auto ctx = simt::Context::primary();
  auto module = simt::Module::load_ptx(ctx, kSaxpyPtx, "shared");
  const simt::Module copy = module;  // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_EQ(copy.native_handle(), module.native_handle());
  EXPECT_EQ(copy.name(), "shared");
  EXPECT_EQ(fake().fake_cuda_live_modules(), 1);
}

// PTX for an arch-specific target (sm_90a) runs on its own compute capability only: refused
// before the driver sees it elsewhere, naming both.
constexpr const char* kArchSpecificPtx = R"(
.version 8.0
.target sm_90a
.address_size 64

.visible .entry k()
{
	ret;
}
)";

TEST_F(ModuleTest, ArchSpecificPtxLoadsOnlyOnItsComputeCapability) {
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 8);
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0);
  const auto ctx = simt::Context::primary();
  EXPECT_EQ(what_of<simt::UsageError>([&] { simt::Module::load_ptx(ctx, kArchSpecificPtx, "wgmma.cpp"); }),
            "loading module 'wgmma.cpp': the PTX is for sm_90a, which runs only on devices of compute capability "
            "9.0; this device has 8.0 (rebuild with --arch sm_80)");
  EXPECT_EQ(fake().fake_cuda_call_count("cuModuleLoadDataEx"), 0);
}

TEST_F(ModuleTest, FamilyPtxLoadsOnlyInItsFamily) {
  const auto ctx = simt::Context::primary();  // the fake device is 9.0
  std::string ptx = kArchSpecificPtx;
  ptx.replace(ptx.find("sm_90a"), 6, "sm_100f");
  EXPECT_EQ(what_of<simt::UsageError>([&] { simt::Module::load_ptx(ctx, ptx, "f.cpp"); }),
            "loading module 'f.cpp': the PTX is for sm_100f, which runs only on devices of compute capability "
            "10.0 to 10.9; this device has 9.0 (rebuild with --arch sm_90)");
}

TEST_F(ModuleTest, ArchSpecificPtxLoadsOnItsComputeCapability) {
  const auto ctx = simt::Context::primary();  // the fake device is 9.0
  const auto module = simt::Module::load_ptx(ctx, kArchSpecificPtx, "wgmma.cpp");
  EXPECT_EQ(module.kernel("k").name(), "k");
}

TEST(LaunchConfigTest, ShapesAndCover) {
  EXPECT_EQ(simt::LaunchConfig1D::cover(1000, 256).grid, 4u);
  EXPECT_EQ(simt::LaunchConfig1D::cover(1024, 256).grid, 4u);
  EXPECT_EQ(simt::LaunchConfig1D::cover(1025, 256).grid, 5u);
  EXPECT_EQ(simt::LaunchConfig1D::cover(1, 256).grid, 1u);
  EXPECT_EQ(simt::LaunchConfig1D::cover(0, 256).grid, 0u);
  EXPECT_EQ(simt::LaunchConfig1D::cover(std::size_t{2147483647} * 32, 32).grid, 2147483647u);
  const simt::LaunchShape s1 = simt::LaunchConfig1D{7, 64, 128};
  EXPECT_EQ(s1, (simt::LaunchShape{{7, 1, 1}, {64, 1, 1}, 128}));
  const simt::LaunchShape s2 = simt::LaunchConfig2D{{3, 2}, {16, 16}, 0};
  EXPECT_EQ(s2, (simt::LaunchShape{{3, 2, 1}, {16, 16, 1}, 0}));
  const simt::LaunchShape s3 = simt::LaunchConfig3D{{1, 2, 3}, {4, 5, 6}, 7};
  EXPECT_EQ(s3, (simt::LaunchShape{{1, 2, 3}, {4, 5, 6}, 7}));
  EXPECT_EQ(simt::to_string(s3), "grid (1, 2, 3), block (4, 5, 6), shared 7 bytes");
}

TEST(LaunchConfigTest, CoverRejectsGridsBeyondTheLimit) {
  EXPECT_EQ(what_of<simt::UsageError>([] { (void)simt::LaunchConfig1D::cover(std::size_t{1} << 40, 256); }),
            "LaunchConfig1D::cover: covering 1099511627776 elements with blocks of 256 threads needs 4294967296 "
            "blocks, more than the grid limit of 2147483647");
  EXPECT_EQ(what_of<simt::UsageError>([] { (void)simt::LaunchConfig1D::cover(10, 0); }),
            "LaunchConfig1D::cover: the block size must be at least 1 thread");
  EXPECT_THROW((void)simt::LaunchConfig1D::cover(SIZE_MAX, 1), simt::UsageError);
}

}  // namespace
