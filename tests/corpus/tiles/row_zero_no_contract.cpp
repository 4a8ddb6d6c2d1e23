// corpus: racy simt-shared-race | without a contract a 2-D block may run it: thread (x, 1) reads s[x], the slot of thread (x, 0)
#include <simt/kernel.hpp>

[[kernel]] void k(simt::AtomicSlice<float> out) {
  auto s = simt::dynamic_shared<float>();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  const float v = s[simt::thread::index_x()];
  if (out.size() > 0) out[0].fetch_add(v);
}
