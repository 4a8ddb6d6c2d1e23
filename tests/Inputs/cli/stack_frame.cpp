// A kernel whose local table is indexed by a value it reads: ptxas gives it a 256-byte stack
// frame (64 floats), and the module also has the fault report's device function, whose own
// properties line (0 bytes) ptxas prints after the kernel's.
#include <simt/kernel.hpp>

[[kernel]] void lookup(simt::Slice<const uint32_t> in, simt::DisjointSlice<float> out) {
  const auto i = simt::thread::index_1d();
  float table[64] = {};
  for (uint32_t j = 0; j < 64; ++j) table[j] = float(j * in.size());
  if (auto slot = out.get_mut(i)) *slot = table[in[i.get()] % 64];
}
