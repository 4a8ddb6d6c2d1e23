// Launches that pass one buffer as a kernel's output and as another of its arguments: each is
// an error of simtc check --host (tests/cli/host_alias.test).
#include <utility>
#include <vector>

#include "ops.simt.hpp"

using ops_kernels::Kernels;

struct Pair {
  simt::DeviceBuffer<float> x, y;
};

void same_variable(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
                   simt::DeviceBuffer<float>& x) {
  k.scale(stream, launch, 2.0f, x.view(), x.view());
  k.scale(stream, launch, 2.0f, std::as_const(x).view(), x.view());
  k.scale(stream, launch, 2.0f, x, x);
}

void same_member(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch, Pair& s,
                 Pair* p) {
  k.scale(stream, launch, 2.0f, s.x.view(), s.x);
  k.scale(stream, launch, 2.0f, p->y, (*p).y.view());
}

void reference(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch, Pair& s) {
  auto& r = s.y;
  k.scale(stream, launch, 2.0f, s.y, r);
}

void views(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
           simt::DeviceBuffer<float>& x) {
  const simt::DeviceView<float> v = x.view();
  k.scale(stream, launch, 2.0f, x.view().subview(0, 64), v.subview(32, 64));
  k.scale(stream, launch, 2.0f, x, v.subview(64, 64).subview(1, 1));
}

void elements(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
              simt::DeviceBuffer<float> (&bufs)[4], std::vector<simt::DeviceBuffer<float>>& list, int i) {
  k.scale(stream, launch, 2.0f, bufs[1], bufs[1]);
  k.scale(stream, launch, 2.0f, list[i].view(), list[i].view());
}

void counters(const Kernels& k, const simt::Stream& stream, const Kernels::tally_launch& launch,
              simt::DeviceBuffer<unsigned>& hits) {
  k.tally(stream, launch, hits, hits);
}

void on_the_cpu(std::vector<float>& v) {
  ops_kernels::host::scale({{1, 1, 1}, {256, 1, 1}}, 2.0f, simt::host::slice(v), simt::host::disjoint(v));
  (void)ops_kernels::host::add(simt::host::LaunchOptions{}, {{1, 1, 1}, {256, 1, 1}}, simt::host::slice(v),
                               simt::host::slice(v), simt::host::disjoint(v));
}

// In a template: checked in each instantiation, reported once.
template <int N>
void in_a_template(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
                   simt::DeviceBuffer<float> (&bufs)[4]) {
  k.scale(stream, launch, 2.0f, bufs[N], bufs[N]);
}

void instantiations(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
                    simt::DeviceBuffer<float> (&bufs)[4]) {
  in_a_template<1>(k, stream, launch, bufs);
  in_a_template<2>(k, stream, launch, bufs);
}
