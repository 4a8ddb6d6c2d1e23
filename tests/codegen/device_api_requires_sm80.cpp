// redux.sync, cp.async and mma.sync m16n8k16 need sm_80: on sm_75 each is an error at its call,
// from check and build alike (rule simt-target), and the same file builds for sm_80.
// RUN: not %simtc build %s --arch sm_75 -o %t.ptx 2>&1 | FileCheck %s
// RUN: not %simtc check %s --arch sm_75 2>&1 | FileCheck %s
// RUN: %simtc build %s --arch sm_80 -o %t.80.ptx
#include <simt/kernel.hpp>

[[kernel]] void old_gpu(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64, 16> tile;
  auto i = simt::thread::index_1d();
  unsigned total = simt::warp::redux_add(simt::warp::full_mask, unsigned(i.get()));
  [[simt::unsafe]] {
    simt::async::copy<16>(tile, 0, in, 4 * i.get());
    simt::async::commit();
    simt::async::wait_all();
    simt::mma::FragmentA a{};
    simt::mma::FragmentB b{};
    simt::mma::FragmentC c{};
    c = simt::mma::mma_m16n8k16_f16(a, b, c);
    if (auto o = out.get_mut(i)) *o = c.reg[0] + float(total) + tile[1];
  }
}

// Each error points at the user's call, also where a header function wraps the instruction.
// CHECK-NOT: error:
// CHECK-DAG: device_api_requires_sm80.cpp:11:20: error: redux.sync needs --arch sm_80 or newer (the target is sm_75) [simt-target]
// CHECK-DAG: device_api_requires_sm80.cpp:13:5: error: cp.async needs --arch sm_80 or newer (the target is sm_75) [simt-target]
// CHECK-DAG: device_api_requires_sm80.cpp:14:5: error: cp.async needs --arch sm_80 or newer (the target is sm_75) [simt-target]
// CHECK-DAG: device_api_requires_sm80.cpp:15:5: error: cp.async needs --arch sm_80 or newer (the target is sm_75) [simt-target]
// CHECK-DAG: device_api_requires_sm80.cpp:19:9: error: mma.sync.m16n8k16 needs --arch sm_80 or newer (the target is sm_75) [simt-target]
