// The conformance harness: a kernel file's host section registers each kernel with one input
// spec per parameter; the harness runs it on the CPU (the host compiler's build of the same
// file) and on the GPU (simtc's build, through the generated launcher) and compares.
//
//   #if !defined(__SIMTC__)
//   #include "conformance.hpp"
//   #include "integers.simt.hpp"
//   CONFORMANCE(integers_kernels, add_wrap, exact(), in(ints(-100, 100)), in(bits()), out());
//   #endif
//
// Parameter specs, in the kernel's parameter order:
//   in(gen)           Slice<const T> of n elements drawn from `gen`
//   table(size, gen)  Slice<const T> of `size` elements
//   out()             DisjointSlice<T> of n elements, poisoned before each run
//   scalar(gen)       a scalar (or struct) parameter, drawn once per run
// Generators: ints(lo, hi), reals(lo, hi), bits() (any bit pattern), one_of({...}),
// specials(lo, hi) (reals plus zeros, infinities, NaN, subnormals, extremes),
// magnitudes(lo, hi, either_sign) (+-2^e, e in [lo, hi)), also(gen, {...}) (gen, and now and
// then one of the values), any callable `T(Rng&)`, and edges(gen, {...}): values where C++ is
// undefined, drawn only for kernels checked against an explicit reference (CONFORMANCE_REF),
// never for the host compiler's build.
// Checks: exact() (integers bit for bit; floats bit for bit or both NaN), ulps(k) (floats
// within k units in the last place), and .more(m) for m times the usual sample sizes.
#pragma once

#if defined(__SIMTC__)
#error "conformance.hpp is the host side of the conformance suite"
#endif

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <simt/host.hpp>
#include <simt/runtime.hpp>

namespace conformance {

using Rng = std::mt19937_64;

/// Where generated inputs go: the host build of the kernel (no value C++ leaves undefined),
/// or a comparison with an explicit reference (edge values too).
enum class Mode { HostSafe, WithEdges };

// ---- Element types -----------------------------------------------------------------------

template <class T>
inline constexpr bool is_16bit_float = std::is_same_v<T, simt::half> || std::is_same_v<T, simt::bfloat16>;
template <class T>
inline constexpr bool is_float_like = std::is_floating_point_v<T> || is_16bit_float<T>;

template <class T>
T from_long_double(long double v) {
  if constexpr (std::is_enum_v<T>)
    return static_cast<T>(static_cast<std::underlying_type_t<T>>(v));
  else if constexpr (is_16bit_float<T>)
    return T(double(v));
  else
    return static_cast<T>(v);
}

// ---- Generators ----------------------------------------------------------------------------

/// Integers uniform in [lo, hi].
struct Ints {
  long long lo, hi;
  template <class T>
  T draw(Rng& rng, Mode) const {
    return from_long_double<T>(std::uniform_int_distribution<long long>(lo, hi)(rng));
  }
};
/// Reals uniform in [lo, hi), rounded to T.
struct Reals {
  double lo, hi;
  template <class T>
  T draw(Rng& rng, Mode) const {
    return from_long_double<T>(std::uniform_real_distribution<double>(lo, hi)(rng));
  }
};
/// Any bit pattern of T (bool: true or false).
struct Bits {
  template <class T>
  T draw(Rng& rng, Mode) const {
    if constexpr (std::is_same_v<T, bool>) {
      return (rng() & 1) != 0;
    } else {
      std::uint64_t raw[(sizeof(T) + 7) / 8];
      for (auto& word : raw) word = rng();
      T out;
      std::memcpy(&out, raw, sizeof(T));
      return out;
    }
  }
};
/// One of the listed values.
struct OneOf {
  std::vector<long double> values;
  template <class T>
  T draw(Rng& rng, Mode) const {
    return from_long_double<T>(values[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng)]);
  }
};
/// Reals in [lo, hi) and, one draw in four, a special value of T.
struct Specials {
  double lo, hi;
  template <class T>
  T draw(Rng& rng, Mode mode) const {
    if (rng() % 4 != 0) return Reals{lo, hi}.draw<T>(rng, mode);
    using L = std::conditional_t<is_16bit_float<T>, float, T>;
    const L inf = std::numeric_limits<L>::infinity();
    const L values[] = {L(0),
                        -L(0),
                        inf,
                        -inf,
                        std::numeric_limits<L>::quiet_NaN(),
                        std::numeric_limits<L>::denorm_min(),
                        -std::numeric_limits<L>::min() / 3,
                        std::numeric_limits<L>::max(),
                        -std::numeric_limits<L>::max(),
                        std::numeric_limits<L>::min(),
                        L(1),
                        L(-1)};
    return T(values[rng() % std::size(values)]);
  }
};
/// `base`, and, only in Mode::WithEdges, one draw in four one of `values`.
template <class G>
struct Edges {
  G base;
  std::vector<long double> values;
  template <class T>
  T draw(Rng& rng, Mode mode) const {
    if (mode == Mode::WithEdges && rng() % 4 == 0) return OneOf{values}.draw<T>(rng, mode);
    return draw_from<T>(base, rng, mode);
  }
};

/// +-2^e with e uniform in [lo, hi): values spread over many binades (subnormals included
/// when lo is low enough); negative half the time when `either_sign`.
struct Magnitudes {
  double lo, hi;
  bool either_sign;
  template <class T>
  T draw(Rng& rng, Mode) const {
    long double v = std::exp2((long double)std::uniform_real_distribution<double>(lo, hi)(rng));
    if (either_sign && rng() % 2 == 0) v = -v;
    return from_long_double<T>(v);
  }
};
/// `base`, and one draw in four one of `values`, in every mode.
template <class G>
struct Also {
  G base;
  std::vector<long double> values;
  template <class T>
  T draw(Rng& rng, Mode mode) const {
    if (rng() % 4 == 0) return OneOf{values}.draw<T>(rng, mode);
    return draw_from<T>(base, rng, mode);
  }
};

/// Draws a T from a generator object or from a callable `T(Rng&)`.
template <class T, class G>
T draw_from(const G& gen, Rng& rng, Mode mode) {
  if constexpr (std::is_invocable_v<const G&, Rng&>)
    return static_cast<T>(gen(rng));
  else
    return gen.template draw<T>(rng, mode);
}

inline Ints ints(long long lo, long long hi) { return {lo, hi}; }
inline Reals reals(double lo, double hi) { return {lo, hi}; }
inline Bits bits() { return {}; }
inline OneOf one_of(std::vector<long double> values) { return {std::move(values)}; }
inline Specials specials(double lo, double hi) { return {lo, hi}; }
template <class G>
Edges<G> edges(G base, std::vector<long double> values) {
  return {std::move(base), std::move(values)};
}
inline Magnitudes magnitudes(double lo, double hi, bool either_sign) { return {lo, hi, either_sign}; }
template <class G>
Also<G> also(G base, std::vector<long double> values) {
  return {std::move(base), std::move(values)};
}

// ---- Parameter specs ----------------------------------------------------------------------

template <class G>
struct InSpec {
  G gen;
  std::size_t fixed = 0;  // 0: n elements
};
struct OutSpec {};
template <class G>
struct ScalarSpec {
  G gen;
};
template <class G>
InSpec<G> in(G gen) {
  return {std::move(gen), 0};
}
template <class G>
InSpec<G> table(std::size_t size, G gen) {
  return {std::move(gen), size};
}
inline OutSpec out() { return {}; }
template <class G>
ScalarSpec<G> scalar(G gen) {
  return {std::move(gen)};
}

/// How outputs are compared, and how many elements a run has.
struct Check {
  double ulps = 0;         // allowed distance of float outputs in units in the last place
  std::size_t scale = 1;   // sample sizes are multiplied by this
  double abs = 0;          // or allowed absolute difference (0: none)
  Check more(std::size_t m) const { return {ulps, scale * m, abs}; }
};
inline Check exact() { return {0, 1, 0}; }
inline Check ulps(double k) { return {k, 1, 0}; }
/// Within k ulps or within `abs` of the reference (bounds stated as an absolute error).
inline Check ulps_or_abs(double k, double abs) { return {k, 1, abs}; }

// ---- Arguments -----------------------------------------------------------------------------

/// The bytes of one slice argument (elements of T, never read as T by the harness).
struct Bytes {
  std::vector<unsigned char> data;
  std::size_t count = 0;
  std::size_t element = 0;
};

/// Converts to the generated launcher's DeviceView<U> whatever element type it names (the
/// generated header spells the kernel's structs in its own namespace; sizes agree).
struct AnyView {
  std::uint64_t ptr;
  std::size_t count;
  template <class U>
  operator simt::DeviceView<U>() const {  // NOLINT(google-explicit-constructor)
    return simt::DeviceView<U>(ptr, count);
  }
};
/// Converts to `const U&` for a struct parameter of the generated launcher.
struct AnyRef {
  const void* object;
  std::size_t size;
  template <class U>
  operator const U&() const {  // NOLINT(google-explicit-constructor)
    static_assert(std::is_trivially_copyable_v<U>);
    if (sizeof(U) != size) throw std::logic_error("struct parameter size differs from the host's");
    return *static_cast<const U*>(object);
  }
};

enum class Kind { In, Out, Scalar };

template <class P>
struct ParamTraits {  // scalars and structs
  static constexpr Kind kind = Kind::Scalar;
  using Element = P;
};
template <class T>
struct ParamTraits<simt::Slice<const T>> {
  static constexpr Kind kind = Kind::In;
  using Element = T;
};
template <class T>
struct ParamTraits<simt::DisjointSlice<T>> {
  static constexpr Kind kind = Kind::Out;
  using Element = T;
};

/// One output element compared: "" when equal within `check`, else got/want in words.
template <class T>
std::string compare_element(const unsigned char* got, const unsigned char* want, const Check& check);

/// How to compare the elements of one output slice.
struct OutputInfo {
  std::size_t param;
  std::string (*compare)(const unsigned char*, const unsigned char*, const Check&);
};

/// The host arguments of one run: slices as bytes, scalars as their values.
template <class... P>
struct Args {
  std::tuple<std::conditional_t<ParamTraits<P>::kind == Kind::Scalar, P, Bytes>...> values;
};

template <class P, class Spec>
auto make_arg(const Spec& spec, Rng& rng, Mode mode, std::size_t n) {
  using T = typename ParamTraits<P>::Element;
  if constexpr (ParamTraits<P>::kind == Kind::Scalar) {
    static_assert(!std::is_same_v<Spec, OutSpec>, "a scalar parameter needs scalar(gen)");
    return draw_from<T>(spec.gen, rng, mode);
  } else {
    Bytes bytes;
    bytes.element = sizeof(T);
    if constexpr (ParamTraits<P>::kind == Kind::In) {
      static_assert(!std::is_same_v<Spec, OutSpec>, "a Slice<const T> parameter needs in(gen) or table(n, gen)");
      bytes.count = spec.fixed != 0 ? spec.fixed : n;
      bytes.data.resize(bytes.count * sizeof(T));
      for (std::size_t i = 0; i < bytes.count; ++i) {
        T value = draw_from<T>(spec.gen, rng, mode);
        std::memcpy(bytes.data.data() + i * sizeof(T), &value, sizeof(T));
      }
    } else {
      static_assert(std::is_same_v<Spec, OutSpec>, "a DisjointSlice<T> parameter needs out()");
      bytes.count = n;
      bytes.data.assign(n * sizeof(T), 0xFF);
    }
    return bytes;
  }
}

template <class P>
P host_arg(std::conditional_t<ParamTraits<P>::kind == Kind::Scalar, P, Bytes>& value) {
  using T = typename ParamTraits<P>::Element;
  if constexpr (ParamTraits<P>::kind == Kind::Scalar)
    return value;
  else if constexpr (ParamTraits<P>::kind == Kind::In)
    return P(reinterpret_cast<const T*>(value.data.data()), value.count);
  else
    return P(reinterpret_cast<T*>(value.data.data()), value.count);
}

// ---- Registration ---------------------------------------------------------------------------

/// One registered kernel, type-erased for the runner (conformance.cpp).
/// What the GPU build is compared with.
enum class Reference {
  HostBuild,  // the host compiler's build of the same kernel
  Defines,    // a reference that defines what C++ leaves undefined (edge inputs on the GPU);
              // on the CPU it must agree with the host build
  Models,     // a reference modelling the GPU build's compile options (fused multiply-add,
              // fast math), which the host build does not share
};

struct Entry {
  std::string file;    // the kernel file's stem
  std::string name;    // the kernel (or its instantiation's entry name)
  Check check;
  Reference reference = Reference::HostBuild;
  std::vector<OutputInfo> outputs;
  /// Fresh arguments of size n; `fill` poisons the outputs with that byte.
  std::function<std::shared_ptr<void>(Rng&, Mode, std::size_t n, unsigned char fill)> make;
  /// The slices of an argument set, in parameter order (null for scalars).
  std::function<std::vector<Bytes*>(void* args)> slices;
  /// Runs the host build of the kernel (or the reference) over a grid covering n.
  std::function<void(void* args, std::size_t n)> run_host;
  std::function<void(void* args, std::size_t n)> run_reference;
  /// Uploads the inputs, launches simtc's build, downloads the outputs into `args`.
  std::function<void(const simt::Context&, void* args, std::size_t n)> run_gpu;
};

std::vector<Entry>& registry();
/// The process's CUDA context, created on first use; null (and `why`) without a driver or device.
const simt::Context* gpu_context(std::string& why);
std::string stem_of(const char* path);
inline constexpr std::uint32_t kBlock = 128;

template <class Kernels>
const Kernels& loaded(const simt::Context& context, Kernels (*load)(const simt::Context&)) {
  // One JIT of each file's PTX per process, kept to the end: destroying driver objects from
  // static destructors would race the driver's own teardown at exit.
  static const Kernels* kernels = new Kernels(load(context));
  return *kernels;
}

/// Uploads a slice argument (inputs, and outputs with their poison) into a new buffer.
inline void upload(Bytes& value, std::vector<simt::DeviceBuffer<unsigned char>>& buffers,
                   const simt::Context& context) {
  buffers.push_back(simt::DeviceBuffer<unsigned char>::from_host(
      context, std::span<const unsigned char>(value.data.data(), value.data.size())));
}

/// The launcher argument of parameter P: the value of a scalar, a view of slice `buffer`.
template <class P>
auto device_arg(std::conditional_t<ParamTraits<P>::kind == Kind::Scalar, P, Bytes>& value,
                const simt::DeviceBuffer<unsigned char>* buffer) {
  if constexpr (ParamTraits<P>::kind == Kind::Scalar) {
    if constexpr (std::is_enum_v<P>)
      return static_cast<std::underlying_type_t<P>>(value);
    else if constexpr (std::is_class_v<P> && !is_16bit_float<P>)
      return AnyRef{&value, sizeof(P)};
    else
      return value;
  } else {
    return AnyView{buffer->device_ptr(), value.count};
  }
}

template <class... P, class Launch, class Ref, class... Specs, std::size_t... I>
bool add_impl(std::index_sequence<I...>, const char* file, const char* name, Check check, Reference kind,
              void (*host)(P...), Launch launch, Ref reference, Specs... specs) {
  static_assert(sizeof...(P) == sizeof...(Specs), "give one spec per kernel parameter");
  using A = Args<P...>;
  Entry entry;
  entry.file = stem_of(file);
  entry.name = name;
  entry.check = check;
  entry.reference = kind;
  (
      [&] {
        if constexpr (ParamTraits<P>::kind == Kind::Out)
          entry.outputs.push_back({I, &compare_element<typename ParamTraits<P>::Element>});
      }(),
      ...);
  auto spec_tuple = std::make_tuple(specs...);
  entry.make = [spec_tuple](Rng& rng, Mode mode, std::size_t n, unsigned char fill) {
    auto args = std::make_shared<A>();
    ((std::get<I>(args->values) = make_arg<P>(std::get<I>(spec_tuple), rng, mode, n)), ...);
    (
        [&] {
          if constexpr (ParamTraits<P>::kind == Kind::Out)
            std::fill(std::get<I>(args->values).data.begin(), std::get<I>(args->values).data.end(), fill);
        }(),
        ...);
    return std::shared_ptr<void>(args);
  };
  entry.slices = [](void* raw) {
    auto* args = static_cast<A*>(raw);
    std::vector<Bytes*> out;
    (
        [&] {
          if constexpr (ParamTraits<P>::kind == Kind::Scalar)
            out.push_back(nullptr);
          else
            out.push_back(&std::get<I>(args->values));
        }(),
        ...);
    return out;
  };
  const auto grid = [](std::size_t n) { return std::uint32_t((n + kBlock - 1) / kBlock); };
  entry.run_host = [host, grid](void* raw, std::size_t n) {
    auto* args = static_cast<A*>(raw);
    simt::host::launch_1d(grid(n), kBlock, host, host_arg<P>(std::get<I>(args->values))...);
  };
  if constexpr (!std::is_same_v<Ref, std::nullptr_t>) {
    entry.run_reference = [reference, grid](void* raw, std::size_t n) {
      auto* args = static_cast<A*>(raw);
      simt::host::launch_1d(grid(n), kBlock, reference, host_arg<P>(std::get<I>(args->values))...);
    };
  }
  entry.run_gpu = [launch](const simt::Context& context, void* raw, std::size_t n) {
    auto* args = static_cast<A*>(raw);
    // One buffer per slice, in parameter order (a fold over ',' runs left to right).
    std::vector<simt::DeviceBuffer<unsigned char>> buffers;
    buffers.reserve(sizeof...(P));
    std::array<std::size_t, sizeof...(P)> slot{};
    (
        [&] {
          if constexpr (ParamTraits<P>::kind != Kind::Scalar) {
            slot[I] = buffers.size();
            upload(std::get<I>(args->values), buffers, context);
          }
        }(),
        ...);
    auto buffer_of = [&](std::size_t param) { return buffers.empty() ? nullptr : &buffers[slot[param]]; };
    simt::Stream stream(context);
    launch(context, stream, simt::LaunchConfig1D::cover(n, kBlock), device_arg<P>(std::get<I>(args->values), buffer_of(I))...);
    stream.synchronize();
    (
        [&] {
          if constexpr (ParamTraits<P>::kind == Kind::Out) {
            auto& bytes = std::get<I>(args->values);
            buffers[slot[I]].copy_to_host(std::span<unsigned char>(bytes.data.data(), bytes.data.size()));
          }
        }(),
        ...);
  };
  registry().push_back(std::move(entry));
  return true;
}

template <class... P, class Launch, class Ref, class... Specs>
bool add(const char* file, const char* name, Check check, Reference kind, void (*host)(P...), Launch launch,
         Ref reference, Specs... specs) {
  return add_impl(std::index_sequence_for<P...>{}, file, name, check, kind, host, launch, reference, specs...);
}

// ---- Comparison ------------------------------------------------------------------------------

/// Distance in units in the last place between two finite or infinite values of one type.
template <class T>
double ulp_distance(T a, T b) {
  using Bits = std::conditional_t<sizeof(T) == 8, std::int64_t, std::conditional_t<sizeof(T) == 4, std::int32_t, std::int16_t>>;
  Bits x, y;
  std::memcpy(&x, &a, sizeof(T));
  std::memcpy(&y, &b, sizeof(T));
  // Map the sign-magnitude encoding onto a line where neighbours differ by one.
  const long double ordered_x = x < 0 ? -(long double)(x & std::numeric_limits<Bits>::max()) : (long double)x;
  const long double ordered_y = y < 0 ? -(long double)(y & std::numeric_limits<Bits>::max()) : (long double)y;
  return double(ordered_x > ordered_y ? ordered_x - ordered_y : ordered_y - ordered_x);
}

std::string describe_bytes(const unsigned char* bytes, std::size_t size);
std::string describe_float(long double value, const unsigned char* bytes, std::size_t size);

template <class T>
std::string compare_element(const unsigned char* got, const unsigned char* want, const Check& check) {
  if (std::memcmp(got, want, sizeof(T)) == 0) return "";
  if constexpr (is_float_like<T>) {
    T g, w;
    std::memcpy(&g, got, sizeof(T));
    std::memcpy(&w, want, sizeof(T));
    const long double gl = (long double)(std::conditional_t<is_16bit_float<T>, float, T>)g;
    const long double wl = (long double)(std::conditional_t<is_16bit_float<T>, float, T>)w;
    if (std::isnan(gl) && std::isnan(wl)) return "";
    if (check.ulps > 0 && !std::isnan(gl) && !std::isnan(wl) && ulp_distance(g, w) <= check.ulps) return "";
    if (check.abs > 0 && std::isfinite(gl) && std::isfinite(wl) && std::fabs(gl - wl) <= check.abs) return "";
    std::string text = "got " + describe_float(gl, got, sizeof(T)) + ", want " + describe_float(wl, want, sizeof(T));
    if (!std::isnan(gl) && !std::isnan(wl)) text += " (" + std::to_string((long long)ulp_distance(g, w)) + " ulp)";
    return text;
  } else {
    return "got " + describe_bytes(got, sizeof(T)) + ", want " + describe_bytes(want, sizeof(T));
  }
}

}  // namespace conformance

#define CONFORMANCE_CAT2(a, b) a##b
#define CONFORMANCE_CAT(a, b) CONFORMANCE_CAT2(a, b)

// The launch through the generated header `ns` of its entry `entry`.
#define CONFORMANCE_LAUNCHER(ns, entry)                                                           \
  [](const simt::Context& context, const simt::Stream& stream, const simt::LaunchConfig1D& config, \
     const auto&... args) { ::conformance::loaded(context, &ns::load).entry##_unchecked(stream, config, args...); }

/// Registers the kernel `host_fn` (the host build's function) whose entry in the generated
/// header `ns` is `entry`, checked against the host build itself.
#define CONFORMANCE_ENTRY(ns, host_fn, entry, check, ...)                                          \
  [[maybe_unused]] static const bool CONFORMANCE_CAT(conformance_registered_, __COUNTER__) =       \
      ::conformance::add(__FILE__, #entry, check, ::conformance::Reference::HostBuild, &host_fn,  \
                         CONFORMANCE_LAUNCHER(ns, entry), nullptr, __VA_ARGS__)

/// As CONFORMANCE_ENTRY for a kernel whose entry has its own name.
#define CONFORMANCE(ns, kernel, check, ...) CONFORMANCE_ENTRY(ns, kernel, kernel, check, __VA_ARGS__)

/// A kernel checked against `reference` (a host function with the kernel's parameters) that
/// defines what C++ leaves undefined: the GPU run also gets the edge values of edges(...)
/// generators; the CPU run checks the host build against the reference where C++ defines it.
#define CONFORMANCE_REF(ns, kernel, reference, check, ...)                                         \
  [[maybe_unused]] static const bool CONFORMANCE_CAT(conformance_registered_, __COUNTER__) =       \
      ::conformance::add(__FILE__, #kernel, check, ::conformance::Reference::Defines, &kernel,    \
                         CONFORMANCE_LAUNCHER(ns, kernel), &reference, __VA_ARGS__)

/// A kernel checked against `reference`, a model of what the GPU build's compile options do
/// (contraction, fast math); the CPU run only checks that both write every element.
#define CONFORMANCE_MODEL(ns, kernel, reference, check, ...)                                       \
  [[maybe_unused]] static const bool CONFORMANCE_CAT(conformance_registered_, __COUNTER__) =       \
      ::conformance::add(__FILE__, #kernel, check, ::conformance::Reference::Models, &kernel,     \
                         CONFORMANCE_LAUNCHER(ns, kernel), &reference, __VA_ARGS__)
