// corpus: race-free | global histogram through an AtomicSlice
#include <simt/kernel.hpp>

[[kernel]] void k(simt::Slice<const uint32_t> in, simt::AtomicSlice<uint32_t> bins) {
  auto i = simt::thread::index_1d();
  if (i.get() < in.size() && bins.size() > 0) bins[in[i.get()] % bins.size()].fetch_add(1u);
}
