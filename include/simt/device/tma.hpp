// The tensor memory accelerator (TMA, sm_90): one thread starts a copy of a whole box of a 1- to
// 5-D tensor between global and shared memory, described by a tensor map that the host encodes
// (simt/runtime/tensor_map.hpp) and passes by value as a kernel parameter.
//
//   [[kernel]] void k(simt::TensorMap<float, 64, 32> a, ...) {   // boxes of 32 rows x 64 floats
//     simt::SharedTile<float, 32, 64, 128> tile;
//     simt::Mbarrier bar;
//     bar.init(1);
//     simt::MbarrierPhase phase;
//     if (first thread) {
//       [[simt::unsafe]] {
//         bar.arrive_expect_tx(decltype(a)::box_bytes);
//         simt::tma::load(tile, bar, a, col, row);                 // innermost coordinate first
//       }
//     }
//     bar.wait(phase);                                             // now every thread may read tile
//
// What the types guarantee: the box comes from the tensor map, and the hardware clips a box that
// reaches past the tensor's edge (it fills those elements with zeros), so a load never reads
// outside the buffer the host encoded; the shared destination holds the whole box and is
// 128-byte aligned (static_assert); there is one coordinate per dimension. What stays with the
// programmer (Tier 3, hence [[simt::unsafe]]): arriving with the box's bytes on the barrier the
// copy completes on, waiting for that phase before reading the destination, not writing the
// destination while a copy into it is in flight, and for stores, fence_proxy_async_shared() and
// a barrier between the threads' writes and the store, then the bulk-group wait before the
// source is reused. Device only; docs/device-api.md, "Hopper (sm_90a)".
#pragma once

#include "simt/device/cluster.hpp"
#include "simt/device/config.hpp"
#include "simt/device/mbarrier.hpp"
#include "simt/device/pipeline.hpp"
#include "simt/device/shared.hpp"

#if defined(__SIMTC__)
namespace simt {

namespace tma {
template <class T, unsigned... Box>
struct Access;
}  // namespace tma

/// A TMA tensor map over a tensor of T whose copies move boxes of Box... elements (innermost
/// dimension first): the driver's 128-byte CUtensorMap, in the kernel's parameter space (PTX
/// `.param .align 64 .b8 name[128]`). Take it by value as a kernel parameter; the generated
/// launcher takes the host's simt::TensorMap of the same type.
template <class T, unsigned... Box>
class alignas(64) TensorMap {
  static_assert(sizeof...(Box) >= 1 && sizeof...(Box) <= 5, "a TensorMap's box has 1 to 5 dimensions");
  static_assert(((Box >= 1 && Box <= 256) && ...), "each extent of a TensorMap's box is 1 to 256 elements");
  static constexpr unsigned kInner[] = {Box...};
  static_assert(kInner[0] * sizeof(T) % 16 == 0, "the box's innermost extent must be a multiple of 16 bytes");

 public:
  static constexpr unsigned rank = sizeof...(Box);
  /// Elements and bytes of one box: what a load delivers (zeros past the tensor's edge included).
  static constexpr uint32_t box_elements = (Box * ...);
  static constexpr uint32_t box_bytes = box_elements * sizeof(T);
  /// The element type, and the box's innermost extent (a row of a shared tile it lands in).
  using element_type = T;
  static constexpr unsigned inner_extent = kInner[0];

  TensorMap(const TensorMap&) = delete;
  TensorMap& operator=(const TensorMap&) = delete;

 private:
  friend struct tma::Access<T, Box...>;
  unsigned char opaque_[128];
};

namespace detail {
SIMT_BUILTIN("fence.proxy.async.shared") void fence_proxy_async_shared();
SIMT_BUILTIN("tma.load") void tma_load(void* dst, uint64_t* bar, const void* map, int32_t x);
SIMT_BUILTIN("tma.load") void tma_load(void* dst, uint64_t* bar, const void* map, int32_t x, int32_t y);
SIMT_BUILTIN("tma.load") void tma_load(void* dst, uint64_t* bar, const void* map, int32_t x, int32_t y, int32_t z);
SIMT_BUILTIN("tma.load")
void tma_load(void* dst, uint64_t* bar, const void* map, int32_t x, int32_t y, int32_t z, int32_t w);
SIMT_BUILTIN("tma.load")
void tma_load(void* dst, uint64_t* bar, const void* map, int32_t x, int32_t y, int32_t z, int32_t w, int32_t v);
SIMT_BUILTIN("tma.load.multicast")
void tma_load_multicast(void* dst, uint64_t* bar, const void* map, uint32_t mask, int32_t x);
SIMT_BUILTIN("tma.load.multicast")
void tma_load_multicast(void* dst, uint64_t* bar, const void* map, uint32_t mask, int32_t x, int32_t y);
SIMT_BUILTIN("tma.load.multicast")
void tma_load_multicast(void* dst, uint64_t* bar, const void* map, uint32_t mask, int32_t x, int32_t y, int32_t z);
SIMT_BUILTIN("tma.load.multicast")
void tma_load_multicast(void* dst, uint64_t* bar, const void* map, uint32_t mask, int32_t x, int32_t y, int32_t z,
                        int32_t w);
SIMT_BUILTIN("tma.load.multicast")
void tma_load_multicast(void* dst, uint64_t* bar, const void* map, uint32_t mask, int32_t x, int32_t y, int32_t z,
                        int32_t w, int32_t v);
SIMT_BUILTIN("tma.store") void tma_store(const void* src, const void* map, int32_t x);
SIMT_BUILTIN("tma.store") void tma_store(const void* src, const void* map, int32_t x, int32_t y);
SIMT_BUILTIN("tma.store") void tma_store(const void* src, const void* map, int32_t x, int32_t y, int32_t z);
SIMT_BUILTIN("tma.store")
void tma_store(const void* src, const void* map, int32_t x, int32_t y, int32_t z, int32_t w);
SIMT_BUILTIN("tma.store")
void tma_store(const void* src, const void* map, int32_t x, int32_t y, int32_t z, int32_t w, int32_t v);
SIMT_BUILTIN("tma.commit_group") void bulk_commit_group();
SIMT_BUILTIN("tma.wait_group") void bulk_wait_group(uint32_t pending);
SIMT_BUILTIN("tma.wait_group.read") void bulk_wait_group_read(uint32_t pending);
}  // namespace detail

/// Orders this thread's earlier shared-memory accesses before later ones of the async proxy
/// (TMA, wgmma): each thread that wrote data a TMA store or wgmma reads next runs it before the
/// barrier that hands the data over (fence.proxy.async.shared::cta).
inline void fence_proxy_async_shared() { detail::fence_proxy_async_shared(); }

namespace tma {

template <class T, unsigned... Box>
struct Access {
  static const void* descriptor(const TensorMap<T, Box...>& map) { return map.opaque_; }
};

namespace detail {
template <class Map, size_t Bytes, size_t Align, class... Coords>
constexpr bool check_box() {
  static_assert(sizeof...(Coords) == Map::rank, "one coordinate per dimension of the tensor map");
  static_assert(Bytes >= Map::box_bytes, "the shared destination is smaller than the tensor map's box");
  static_assert(Align >= 128, "TMA needs a 128-byte aligned shared buffer: declare it with Align 128");
  return true;
}
}  // namespace detail

/// Starts copying the box whose first element is at (coords...) (innermost first; may be
/// negative or past the edge: those elements arrive as zeros) into `dst`, completing on `bar`
/// with box_bytes transaction bytes. cp.async.bulk.tensor.Nd.shared::cluster.global.tile.
/// mbarrier::complete_tx::bytes [dst], [map, {coords}], [bar].
template <class T, unsigned... Box, size_t N, size_t A, class... Coords>
SIMT_REQUIRES_UNSAFE void load(SharedArray<T, N, A>& dst, Mbarrier& bar, const TensorMap<T, Box...>& map,
                               Coords... coords) {
  static_assert(detail::check_box<TensorMap<T, Box...>, N * sizeof(T), A, Coords...>());
  simt::detail::tma_load(dst.data(), bar.native_handle(), Access<T, Box...>::descriptor(map), int32_t(coords)...);
}
/// The same into a shared tile (the box lands densely, row after row of Box[0] elements).
template <class T, unsigned... Box, size_t R, size_t C, size_t A, class... Coords>
SIMT_REQUIRES_UNSAFE void load(SharedTile<T, R, C, A>& dst, Mbarrier& bar, const TensorMap<T, Box...>& map,
                               Coords... coords) {
  static_assert(detail::check_box<TensorMap<T, Box...>, R * C * sizeof(T), A, Coords...>());
  simt::detail::tma_load(dst.data(), bar.native_handle(), Access<T, Box...>::descriptor(map), int32_t(coords)...);
}

namespace detail {
// Bytes of one stage of a tile that holds Stages stages of boxes of Map, with the checks common to
// the loads into a stage.
template <unsigned Stages, class Map, size_t R, size_t C, size_t A, class... Coords>
constexpr size_t stage_bytes() {
  constexpr size_t bytes = R / Stages * C * sizeof(typename Map::element_type);
  static_assert(R % Stages == 0, "the tile holds whole stages: its rows are a multiple of the stages");
  static_assert(Map::inner_extent == C, "a stage's rows are the box's innermost extent");
  static_assert(check_box<Map, bytes, A, Coords...>());
  return bytes;
}
}  // namespace detail

/// The same into stage at.stage() of `dst`, a tile that holds the Stages stages of `pipe` one
/// after the other (R / Stages rows each, a row being the box's innermost extent), completing on
/// the stage's full barrier. A stage may hold several boxes one after the other (a row of 256
/// bytes as two 128-byte swizzled boxes, say): `load<Part>` copies into box Part of the stage.
template <unsigned Part = 0, unsigned Stages, class T, unsigned... Box, size_t R, size_t C, size_t A, class... Coords>
SIMT_REQUIRES_UNSAFE void load(SharedTile<T, R, C, A>& dst, Pipeline<Stages>& pipe, const PipelineState<Stages>& at,
                               const TensorMap<T, Box...>& map, Coords... coords) {
  using Map = TensorMap<T, Box...>;
  constexpr size_t stage_bytes = detail::stage_bytes<Stages, Map, R, C, A, Coords...>();
  static_assert((Part + 1) * size_t(Map::box_bytes) <= stage_bytes, "box Part of a stage lies past the stage's end");
  static_assert(stage_bytes % 128 == 0 && (Part == 0 || Map::box_bytes % 128 == 0),
                "each stage, and each box in it, starts 128-byte aligned");
  simt::detail::tma_load(reinterpret_cast<unsigned char*>(dst.data()) + at.stage() * stage_bytes + Part * Map::box_bytes,
                         pipe.full_barrier(at), Access<T, Box...>::descriptor(map), int32_t(coords)...);
}

/// The same for a stage that the blocks of a cluster fill together: box `part` of the stage
/// lands at the same place in every block whose bit `mask` sets (bit r: rank r), and completes
/// on that block's full barrier of the stage (cp.async.bulk.tensor.Nd.shared::cluster.global.tile.
/// mbarrier::complete_tx::bytes.multicast::cluster). A part past the stage's boxes, a mask of
/// no block or one with a bit at or past the cluster's size stops the thread. Each block expects
/// the bytes of every box copied into it; docs/device-api.md, "TMA multicast".
template <unsigned Stages, class T, unsigned... Box, size_t R, size_t C, size_t A, class... Coords>
SIMT_REQUIRES_UNSAFE void load_multicast(SharedTile<T, R, C, A>& dst, Pipeline<Stages>& pipe,
                                         const PipelineState<Stages>& at, const TensorMap<T, Box...>& map,
                                         uint32_t mask, uint32_t part, Coords... coords) {
  using Map = TensorMap<T, Box...>;
  constexpr size_t stage_bytes = detail::stage_bytes<Stages, Map, R, C, A, Coords...>();
  static_assert(stage_bytes % 128 == 0 && (stage_bytes == Map::box_bytes || Map::box_bytes % 128 == 0),
                "each stage, and each box in it, starts 128-byte aligned");
  if (part >= stage_bytes / Map::box_bytes || mask == 0 || mask >= (1u << cluster::size())) trap();
  simt::detail::tma_load_multicast(
      reinterpret_cast<unsigned char*>(dst.data()) + at.stage() * stage_bytes + part * Map::box_bytes,
      pipe.full_barrier(at), Access<T, Box...>::descriptor(map), mask, int32_t(coords)...);
}

/// Starts copying `src` into the box at (coords...) of the tensor (elements past the edge are
/// not written), in this thread's current bulk group. cp.async.bulk.tensor.Nd.global.
/// shared::cta.tile.bulk_group [map, {coords}], [src].
template <class T, unsigned... Box, size_t N, size_t A, class... Coords>
SIMT_REQUIRES_UNSAFE void store(const TensorMap<T, Box...>& map, SharedArray<T, N, A>& src, Coords... coords) {
  static_assert(detail::check_box<TensorMap<T, Box...>, N * sizeof(T), A, Coords...>());
  simt::detail::tma_store(src.data(), Access<T, Box...>::descriptor(map), int32_t(coords)...);
}
template <class T, unsigned... Box, size_t R, size_t C, size_t A, class... Coords>
SIMT_REQUIRES_UNSAFE void store(const TensorMap<T, Box...>& map, SharedTile<T, R, C, A>& src, Coords... coords) {
  static_assert(detail::check_box<TensorMap<T, Box...>, R * C * sizeof(T), A, Coords...>());
  simt::detail::tma_store(src.data(), Access<T, Box...>::descriptor(map), int32_t(coords)...);
}

/// The same from box `box` of `src`, a tile that holds whole boxes one after the other (box b is
/// the b-th run of box_bytes, so each box's first row is a row of the tile): several boxes of
/// one staging tile, each written by its own threads and stored on its own. A box past the
/// tile's end stops the thread. With a swizzled map, the box's bytes must start where the
/// swizzle pattern does (1024 bytes for 128-byte swizzling): box_bytes a multiple of it.
template <class T, unsigned... Box, size_t R, size_t C, size_t A, class... Coords>
SIMT_REQUIRES_UNSAFE void store_box(const TensorMap<T, Box...>& map, SharedTile<T, R, C, A>& src, uint32_t box,
                                    Coords... coords) {
  using Map = TensorMap<T, Box...>;
  static_assert(detail::check_box<Map, R * C * sizeof(T), A, Coords...>());
  static_assert(R * C * sizeof(T) % Map::box_bytes == 0 && Map::box_bytes % 128 == 0,
                "the tile holds whole boxes, each 128-byte aligned");
  if (box >= R * C * sizeof(T) / Map::box_bytes) trap();
  simt::detail::tma_store(reinterpret_cast<unsigned char*>(src.data()) + size_t(box) * Map::box_bytes,
                          Access<T, Box...>::descriptor(map), int32_t(coords)...);
}

/// Closes this thread's bulk group of stores (cp.async.bulk.commit_group).
inline void commit_group() { simt::detail::bulk_commit_group(); }
/// Waits until at most Pending of this thread's bulk groups are in flight
/// (cp.async.bulk.wait_group Pending): their writes to global memory are done.
template <unsigned Pending>
void wait_group() {
  simt::detail::bulk_wait_group(Pending);
}
/// Waits until at most Pending groups still read their shared sources
/// (cp.async.bulk.wait_group.read Pending): the sources may be written again.
template <unsigned Pending>
void wait_group_read() {
  simt::detail::bulk_wait_group_read(Pending);
}

}  // namespace tma
}  // namespace simt
#endif
