// corpus: race-free | every thread exchanges into the same shared word
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 1> last;
  const uint32_t v = last.atomic(0).exchange(simt::thread::index_x(), simt::relaxed, simt::block_scope);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
