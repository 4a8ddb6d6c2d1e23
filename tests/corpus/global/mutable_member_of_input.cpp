// corpus: racy simt-global-write | every thread bumps a mutable counter inside element 0 of a read-only slice
#include <simt/kernel.hpp>

struct Stat {
  float value;
  mutable uint32_t hits;
};

[[kernel]] void k(simt::Slice<const Stat> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (in.size() > 0) in[0].hits += 1;
  if (auto o = out.get_mut(i)) *o = in.size() > 0 ? in[0].value : 0.0f;
}
