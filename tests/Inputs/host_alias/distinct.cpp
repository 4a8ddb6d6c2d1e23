// Launches simtc check --host accepts: distinct buffers, parts of one buffer that do not overlap,
// one buffer read twice, and arguments it cannot prove to be the same buffer
// (tests/cli/host_alias.test).
#include <utility>
#include <vector>

#include "ops.simt.hpp"

using ops_kernels::Kernels;

struct Pair {
  simt::DeviceBuffer<float> x, y;
};

int next_index(int& i);

void distinct(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
              const Kernels::add_launch& add, simt::DeviceBuffer<float>& x, simt::DeviceBuffer<float>& y, Pair& s,
              simt::DeviceView<float> a, simt::DeviceView<float> b) {
  k.scale(stream, launch, 2.0f, x, y);
  k.scale(stream, launch, 2.0f, s.x.view(), s.y.view());
  k.scale(stream, launch, 2.0f, a, b);  // may be one buffer, but not certainly
  k.add(stream, add, x, std::as_const(x).view(), y);  // read twice
}

void parts(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
           simt::DeviceBuffer<float>& x, std::size_t n) {
  k.scale(stream, launch, 2.0f, x.view().subview(0, 64), x.view().subview(64, 64));
  k.scale(stream, launch, 2.0f, x.view().subview(0, n), x.view().subview(n, n));
  k.scale(stream, launch, 2.0f, x, x.view().subview(0, n));  // n may be 0
  k.scale(stream, launch, 2.0f, x, x.view().subview(8, 0));
}

void elements(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
              simt::DeviceBuffer<float> (&bufs)[4], std::vector<simt::DeviceBuffer<float>>& list, int i, int j) {
  k.scale(stream, launch, 2.0f, bufs[0], bufs[1]);
  k.scale(stream, launch, 2.0f, bufs[i], bufs[j]);
  k.scale(stream, launch, 2.0f, list[i], list[i + 1]);
  k.scale(stream, launch, 2.0f, list[i], list[next_index(i)]);
  k.scale(stream, launch, 2.0f, bufs[i], bufs[i].view().subview(0, std::size_t(next_index(i))));
}

void unchecked(const Kernels& k, const simt::Stream& stream, simt::DeviceBuffer<float>& x) {
  // The unchecked launcher checks nothing at run time either: what it is given is the caller's.
  k.scale_unchecked(stream, simt::LaunchConfig1D::cover(1024, 256), 2.0f, x, x);
}

void on_the_cpu(std::vector<float>& v, std::vector<float>& w) {
  ops_kernels::host::scale({{1, 1, 1}, {256, 1, 1}}, 2.0f, simt::host::slice(v), simt::host::disjoint(w));
}

// Compiled only when the command line defines both macros (one with -D, one after '--').
#if defined(ALIAS_WITH_D) && defined(ALIAS_AFTER_DASHES)
void defined_alias(const Kernels& k, const simt::Stream& stream, const Kernels::scale_launch& launch,
                   simt::DeviceBuffer<float>& x) {
  k.scale(stream, launch, 2.0f, x, x);
}
#endif
