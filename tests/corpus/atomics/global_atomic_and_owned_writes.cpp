// corpus: race-free | a global atomic sum plus each thread's own output element
#include <simt/kernel.hpp>

[[kernel]] void k(simt::Slice<const float> in, simt::AtomicSlice<float> total, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  const float x = i.get() < in.size() ? in[i.get()] : 0.0f;
  if (total.size() > 0) total[0].fetch_add(x);
  const float v = 2.0f * x;
  if (auto o = out.get_mut(i)) *o = v;
}
