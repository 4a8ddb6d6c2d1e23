// Cache policies of global-memory loads and stores: the PTX cache operators that CUDA's
// __ldcs/__ldlu/__ldcv/__ldg and __stcs/__stwt spell, as a template parameter of the views'
// accesses (simt/device/slice.hpp):
//
//   x.load<simt::cache::streaming>(i)       ld.global.cs.f32        one element
//   x.load<4, simt::cache::read_only>(i)    ld.global.nc.v4.f32     elements [i, i + 4)
//   tile.store<simt::cache::streaming>(v)   st.global.cs.v4.f32
//   (*o).store... is written o.store<simt::cache::write_through>(v)  st.global.wt.f32
//
// A policy is a hint about the caches: it never changes the values a thread reads or writes,
// so the accesses stay as safe and as bounds-checked as their plain forms. On the host (the
// CPU reference) every policy is a plain access.
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/vec.hpp"

namespace simt::cache {

/// A policy: its code is the IR's (global.load / global.store operand).
template <int Code>
struct policy {
  static constexpr int code = Code;
};
/// The default: ld.global / st.global (cached at all levels, .ca / .wb).
struct normal : policy<0> {};
/// Data read or written once (.cs, "evict first"): loads and stores.
struct streaming : policy<1> {};
/// The last read of a line (.lu): loads only.
struct last_use : policy<2> {};
/// Fetched again on every read, never served from a cache (.cv): loads only.
struct volatile_ : policy<3> {};
/// The non-coherent read-only path (.nc, CUDA's __ldg): loads of read-only slices only, whose
/// memory no thread of the launch writes (the launch proves no writable view overlaps them).
struct read_only : policy<4> {};
/// Written through to system memory (.wt): stores only.
struct write_through : policy<5> {};

/// The policies a load may take.
template <class P>
concept load_policy = __is_same(P, normal) || __is_same(P, streaming) || __is_same(P, last_use) ||
                      __is_same(P, volatile_) || __is_same(P, read_only);
/// The policies a store may take.
template <class P>
concept store_policy = __is_same(P, normal) || __is_same(P, streaming) || __is_same(P, write_through);

}  // namespace simt::cache

namespace simt::detail::hinted {

#if defined(__SIMTC__)
// The builtins: `policy` is a constant, one of the policies' codes other than normal's. A
// value is a scalar of 4 or 8 bytes or a vector of 8 or 16 bytes (one PTX ld/st).
typedef int i32x2 __attribute__((ext_vector_type(2)));
typedef int i32x4 __attribute__((ext_vector_type(4)));
typedef long long i64x2 __attribute__((ext_vector_type(2)));
typedef float f32x2 __attribute__((ext_vector_type(2)));
typedef float f32x4 __attribute__((ext_vector_type(4)));
typedef double f64x2 __attribute__((ext_vector_type(2)));
#define SIMT_DECLARE_HINTED(T)                                        \
  SIMT_BUILTIN("global.load") T ld(const T* p, int policy); \
  SIMT_BUILTIN("global.store") void st(T* p, T v, int policy);
SIMT_DECLARE_HINTED(int)
SIMT_DECLARE_HINTED(long long)
SIMT_DECLARE_HINTED(float)
SIMT_DECLARE_HINTED(double)
SIMT_DECLARE_HINTED(i32x2)
SIMT_DECLARE_HINTED(i32x4)
SIMT_DECLARE_HINTED(i64x2)
SIMT_DECLARE_HINTED(f32x2)
SIMT_DECLARE_HINTED(f32x4)
SIMT_DECLARE_HINTED(f64x2)
#undef SIMT_DECLARE_HINTED

// The register type that moves N elements of T in one hinted access: floats and doubles as
// themselves, other 4- and 8-byte elements as integers of their width.
template <bool C, class A, class B>
struct pick {
  using type = A;
};
template <class A, class B>
struct pick<false, A, B> {
  using type = B;
};
template <class T, class F32, class F64, class I32, class I64>
using by_element = typename pick<__is_same(T, float), F32,
                                 typename pick<__is_same(T, double), F64,
                                               typename pick<sizeof(T) == 4, I32, I64>::type>::type>::type;
template <class T, size_t N>
struct Carrier;
template <class T>
struct Carrier<T, 1> {
  using type = by_element<T, float, double, int, long long>;
};
template <class T>
struct Carrier<T, 2> {
  using type = by_element<T, f32x2, f64x2, i32x2, i64x2>;
};
template <class T>
struct Carrier<T, 4> {
  using type = by_element<T, f32x4, void, i32x4, void>;
};
#endif

/// Whether N elements of T fit one hinted access: elements of 4 or 8 bytes, 16 bytes at most.
template <class T, size_t N>
inline constexpr bool fits = (sizeof(T) == 4 || sizeof(T) == 8) && N * sizeof(T) <= 16;

/// N elements from p (aligned to N * sizeof(T)) under Policy (the builtin's policy operand
/// must be a constant where it is called: a template argument, not a parameter).
template <class T, size_t N, class Policy>
inline Vec<T, N> load(const T* p) {
#if defined(__SIMTC__)
  using C = typename Carrier<T, N>::type;
  Vec<T, N> v;
  *reinterpret_cast<C*>(&v) = ld(reinterpret_cast<const C*>(p), Policy::code);
  return v;
#else
  return *reinterpret_cast<const Vec<T, N>*>(p);
#endif
}

/// Stores v's N elements at p (aligned to N * sizeof(T)) under Policy.
template <class T, size_t N, class Policy>
inline void store(T* p, const Vec<T, N>& v) {
#if defined(__SIMTC__)
  using C = typename Carrier<T, N>::type;
  st(reinterpret_cast<C*>(p), *reinterpret_cast<const C*>(&v), Policy::code);
#else
  for (size_t k = 0; k < N; ++k) p[k] = v.elements[k];
#endif
}

/// Elements [0, count) of the N at `first` (count <= N), the rest T{}: one access of the whole
/// vector when count == N and `first` is N * sizeof(T)-aligned, element accesses otherwise.
template <class T, size_t N, class Policy>
inline Vec<T, N> read_vector(const T* first, size_t count) {
  const bool whole = count == N && reinterpret_cast<size_t>(first) % sizeof(Vec<T, N>) == 0;
  if (whole) {
    if constexpr (!__is_same(Policy, cache::normal)) {
      return load<T, N, Policy>(first);
    } else {
#if defined(__SIMTC__)
      // One value of a vector type, as write_vector stores it: LLVM keeps it one load (a copy
      // of the struct would be split into its elements, and the alignment with it).
      typedef T native __attribute__((ext_vector_type(N)));
      Vec<T, N> v;
      *reinterpret_cast<native*>(&v) = *reinterpret_cast<const native*>(first);
      return v;
#else
      return *reinterpret_cast<const Vec<T, N>*>(first);
#endif
    }
  }
  Vec<T, N> v{};
  for (size_t k = 0; k < N; ++k)
    if (k < count) {
      if constexpr (__is_same(Policy, cache::normal)) v.elements[k] = first[k];
      else v.elements[k] = load<T, 1, Policy>(first + k).elements[0];
    }
  return v;
}

/// Stores v's first `count` elements at `first`, as read_vector reads them.
template <class T, size_t N, class Policy>
inline void write_vector(T* first, size_t count, const Vec<T, N>& v) {
  const bool whole = count == N && reinterpret_cast<size_t>(first) % sizeof(Vec<T, N>) == 0;
  if constexpr (!__is_same(Policy, cache::normal)) {
    if (whole) return store<T, N, Policy>(first, v);
  } else {
#if defined(__SIMTC__)
    if (whole) {
      // One value of a vector type, not the struct's elements: LLVM keeps it one store.
      typedef T native __attribute__((ext_vector_type(N)));
      *reinterpret_cast<native*>(first) = *reinterpret_cast<const native*>(&v);
      return;
    }
#endif
  }
  for (size_t k = 0; k < N; ++k)
    if (k < count) {
      if constexpr (__is_same(Policy, cache::normal)) first[k] = v.elements[k];
      else store<T, 1, Policy>(first + k, Vec<T, 1>{{v.elements[k]}});
    }
}

}  // namespace simt::detail::hinted
