// Constants for header_constant.test: two with one last name in different namespaces, one of a
// struct the kernel file defines (no CPU setter: host code cannot name the type), one in an
// anonymous namespace (no CPU setter: host code cannot name the variable).
#include <simt/kernel.hpp>

struct Params {
  float scale;
  int shift;
};

namespace left { simt::Constant<int, 4> k; }
namespace right { simt::Constant<int, 2> k; }
simt::Constant<Params> params;
namespace { simt::Constant<float, 3> hidden; }

[[kernel]] void mix(simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  Params p = params.value();
  if (auto o = out.get_mut(i)) *o = float(left::k[3] + right::k[1]) * p.scale + hidden[2];
}
