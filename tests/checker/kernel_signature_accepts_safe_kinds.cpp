// RUN: %simtc check %s 2>&1 | count 0
#include <simt/kernel.hpp>

#include <cstdint>
enum class Mode : std::uint8_t { Add, Mul };
struct Vec3 { float x, y, z; };
struct Params {
  Vec3 origin;
  float weights[4];
  std::int64_t count;
  bool flag;
};
[[kernel]] void all(bool b, char c, std::int8_t i8, std::uint16_t u16, int i32, unsigned u32,
                    long long i64, unsigned long long u64, float f, double d, Mode mode, Params p,
                    simt::Slice<const Vec3> points, simt::Slice<const double> xs,
                    simt::DisjointSlice<Vec3> out) {}
[[simt::kernel]] void empty() {}
