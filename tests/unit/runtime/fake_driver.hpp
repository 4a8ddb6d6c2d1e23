// Test fixture: points the runtime at the fake driver and gives tests its controls.
#pragma once

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "fake_cuda.h"
#include "simt/runtime.hpp"

namespace simt_test {

/// The fake's control functions, resolved with dlsym from the very library the runtime loads.
struct FakeCuda {
#define SIMT_FAKE_CONTROLS(X)                                                                               \
  X(fake_cuda_reset) X(fake_cuda_set_device_count) X(fake_cuda_set_init_result)                          \
  X(fake_cuda_set_device_attribute) X(fake_cuda_set_device_name) X(fake_cuda_set_total_memory)            \
  X(fake_cuda_set_function_attribute) X(fake_cuda_fail_next) X(fake_cuda_set_jit_error_log)              \
  X(fake_cuda_set_clock_ms) X(fake_cuda_last_launch) X(fake_cuda_call_count) X(fake_cuda_live_allocations) \
  X(fake_cuda_live_host_allocations) X(fake_cuda_live_modules) X(fake_cuda_live_streams)                  \
  X(fake_cuda_live_events) X(fake_cuda_primary_retains) X(fake_cuda_current_context)                     \
  X(fake_cuda_last_module_image) X(fake_cuda_max_dynamic_shared) X(fake_cuda_fail_call)                 \
  X(fake_cuda_total_calls) X(fake_cuda_failed_call) X(fake_cuda_live_contexts) X(fake_cuda_module_global)    \
  X(fake_cuda_call_log) X(fake_cuda_live_graphs) X(fake_cuda_live_graph_execs) X(fake_cuda_live_pools)     \
  X(fake_cuda_pool_release_threshold) X(fake_cuda_set_peer_access_possible) X(fake_cuda_peer_access_enabled) \
  X(fake_cuda_last_tensor_map)
#define SIMT_FAKE_MEMBER(name) decltype(&::name) name = nullptr;
  SIMT_FAKE_CONTROLS(SIMT_FAKE_MEMBER)
#undef SIMT_FAKE_MEMBER
};

inline const FakeCuda& fake() {
  static const FakeCuda controls = [] {
    void* library = dlopen(SIMT_FAKE_CUDA_PATH, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) throw std::runtime_error(std::string("cannot load the fake driver: ") + dlerror());
    FakeCuda c;
#define SIMT_FAKE_RESOLVE(name)                                                     \
  c.name = reinterpret_cast<decltype(&::name)>(dlsym(library, #name));              \
  if (c.name == nullptr) throw std::runtime_error("the fake driver lacks " #name);
    SIMT_FAKE_CONTROLS(SIMT_FAKE_RESOLVE)
#undef SIMT_FAKE_RESOLVE
    return c;
  }();
  return controls;
}

/// Every runtime unit test starts from a fresh fake and checks that it leaked no driver objects.
class FakeDriverTest : public ::testing::Test {
protected:
  void SetUp() override {
    setenv("SIMT_CUDA_DRIVER", SIMT_FAKE_CUDA_PATH, 1);
    simt::detail::reset_driver_for_testing();
    fake().fake_cuda_reset();
  }
  void TearDown() override {
    EXPECT_EQ(fake().fake_cuda_live_allocations(), 0) << "device memory leaked";
    EXPECT_EQ(fake().fake_cuda_live_host_allocations(), 0) << "pinned memory leaked";
    EXPECT_EQ(fake().fake_cuda_live_modules(), 0) << "module leaked";
    EXPECT_EQ(fake().fake_cuda_live_streams(), 0) << "stream leaked";
    EXPECT_EQ(fake().fake_cuda_live_events(), 0) << "event leaked";
    EXPECT_EQ(fake().fake_cuda_live_graphs(), 0) << "graph leaked";
    EXPECT_EQ(fake().fake_cuda_live_graph_execs(), 0) << "instantiated graph leaked";
    EXPECT_EQ(fake().fake_cuda_live_pools(), 0) << "memory pool leaked";
    EXPECT_EQ(fake().fake_cuda_primary_retains(0), 0) << "primary context not released";
  }
};

/// Runs `f`, expecting it to throw E; returns the exception's what().
template <class E, class F>
std::string what_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw a different exception: " << e.what();
    return {};
  }
  ADD_FAILURE() << "did not throw";
  return {};
}

/// A small PTX module: `saxpy(float a, const float* x, float* y, unsigned n)` and `empty()`.
inline constexpr const char* kSaxpyPtx = R"(.version 8.0
.target sm_90
.address_size 64

.visible .entry saxpy(
    .param .f32 saxpy_param_0,
    .param .u64 saxpy_param_1,
    .param .u64 saxpy_param_2,
    .param .u32 saxpy_param_3
)
{
    ret;
}

.visible .entry empty()
{
    ret;
}
)";

}  // namespace simt_test
