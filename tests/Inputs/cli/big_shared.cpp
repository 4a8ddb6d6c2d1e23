// 64 KiB of shared variables, over the 48 KiB PTX allows statically: simtc places them in the
// launch's dynamic shared memory.
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void big(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 16384> buffer;
  const auto t = simt::thread::index_in_block();
  for (uint32_t j = t.get(); j < 16384; j += 256) buffer.at_mut(j) = in[j % in.size()];
  simt::sync_threads();
  if (auto slot = out.get_mut(simt::thread::index_1d())) *slot = buffer[(t.get() * 64 + 1) % 16384];
}
