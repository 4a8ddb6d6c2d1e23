// corpus: racy simt-index-space | dynamic shared memory as double and float: double slot 0 covers float slot 1, so threads 0 and 1 write the same bytes
#include <simt/kernel.hpp>

[[kernel, simt::block(64), simt::dynamic_shared(512, 512)]] void k(simt::DisjointSlice<float> out) {
  auto d = simt::dynamic_shared<double>();
  auto f = simt::dynamic_shared<float>();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = d.get_mut(simt::thread::index_in_block())) *slot = double(t);
  if (auto slot = f.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  const float v = f[t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
