// Thread block clusters (sm_90): the blocks of a cluster run at once on one GPC, can wait for
// each other at the cluster barrier, and can read and write each other's shared memory
// (distributed shared memory).
//
//   simt::SharedArray<float, 256> part;                     // every block of the cluster has one
//   ... fill part ...
//   simt::cluster::sync();                                  // every block's part is written
//   [[simt::unsafe]] {                                      // no block writes `part` until the next sync
//     float left = simt::cluster::load(part, i, (simt::cluster::rank() + 1) % simt::cluster::size());
//   }
//   simt::cluster::sync();                                  // no block exits while others read its memory
//
// The launch gives the cluster shape (stream.with_launch_attributes(simt::cluster_launch(x, y, z))
// on the host; without it every block is a cluster of one). Indices and the barrier are safe: the barrier is a collective
// of every thread of every block in the cluster (simt-divergent-barrier checks the block's part).
// Access to another block's shared memory is Tier 3 ([[simt::unsafe]]): the race analysis does
// not see other blocks, and a block's shared memory is gone once it exits, so the programmer
// orders the accesses with cluster barriers. Device only; docs/device-api.md, "Hopper (sm_90a)".
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/shared.hpp"

#if defined(__SIMTC__)
namespace simt::cluster {

namespace detail {
SIMT_BUILTIN("cluster.ctarank") uint32_t ctarank();
SIMT_BUILTIN("cluster.nctarank") uint32_t nctarank();
SIMT_BUILTIN("cluster.ctaid.x") uint32_t ctaid_x();
SIMT_BUILTIN("cluster.ctaid.y") uint32_t ctaid_y();
SIMT_BUILTIN("cluster.ctaid.z") uint32_t ctaid_z();
SIMT_BUILTIN("cluster.nctaid.x") uint32_t nctaid_x();
SIMT_BUILTIN("cluster.nctaid.y") uint32_t nctaid_y();
SIMT_BUILTIN("cluster.nctaid.z") uint32_t nctaid_z();
SIMT_BUILTIN("clusterid.x") uint32_t clusterid_x();
SIMT_BUILTIN("clusterid.y") uint32_t clusterid_y();
SIMT_BUILTIN("clusterid.z") uint32_t clusterid_z();
SIMT_BUILTIN("nclusterid.x") uint32_t nclusterid_x();
SIMT_BUILTIN("nclusterid.y") uint32_t nclusterid_y();
SIMT_BUILTIN("nclusterid.z") uint32_t nclusterid_z();
SIMT_BUILTIN("cluster.arrive") void arrive();
SIMT_BUILTIN("cluster.arrive.relaxed") void arrive_relaxed();
SIMT_BUILTIN("cluster.wait") void wait();
SIMT_BUILTIN("cluster.map_shared") uint32_t map_shared(const void* p, uint32_t rank);
SIMT_BUILTIN("cluster.load") int32_t load(const int32_t* p, uint32_t rank);
SIMT_BUILTIN("cluster.load") uint32_t load(const uint32_t* p, uint32_t rank);
SIMT_BUILTIN("cluster.load") int64_t load(const int64_t* p, uint32_t rank);
SIMT_BUILTIN("cluster.load") uint64_t load(const uint64_t* p, uint32_t rank);
SIMT_BUILTIN("cluster.load") float load(const float* p, uint32_t rank);
SIMT_BUILTIN("cluster.load") double load(const double* p, uint32_t rank);
SIMT_BUILTIN("cluster.store") void store(int32_t* p, uint32_t rank, int32_t v);
SIMT_BUILTIN("cluster.store") void store(uint32_t* p, uint32_t rank, uint32_t v);
SIMT_BUILTIN("cluster.store") void store(int64_t* p, uint32_t rank, int64_t v);
SIMT_BUILTIN("cluster.store") void store(uint64_t* p, uint32_t rank, uint64_t v);
SIMT_BUILTIN("cluster.store") void store(float* p, uint32_t rank, float v);
SIMT_BUILTIN("cluster.store") void store(double* p, uint32_t rank, double v);

// An element index and a block rank in range, or the thread stops.
inline void check(size_t i, size_t n, uint32_t rank) {
  if (i >= n) simt::detail::bounds_fail(i, n);
  if (rank >= nctarank()) simt::detail::bounds_fail(rank, nctarank());
}
}  // namespace detail

/// This block's rank in its cluster (0 to size() - 1): %cluster_ctarank.
inline uint32_t rank() { return detail::ctarank(); }
/// The blocks in the cluster: %cluster_nctarank.
inline uint32_t size() { return detail::nctarank(); }
/// This block's position in its cluster: %cluster_ctaid.x/y/z.
inline uint32_t block_index_x() { return detail::ctaid_x(); }
inline uint32_t block_index_y() { return detail::ctaid_y(); }
inline uint32_t block_index_z() { return detail::ctaid_z(); }
/// The cluster's shape in blocks: %cluster_nctaid.x/y/z.
inline uint32_t dim_x() { return detail::nctaid_x(); }
inline uint32_t dim_y() { return detail::nctaid_y(); }
inline uint32_t dim_z() { return detail::nctaid_z(); }
/// The cluster's position in the grid: %clusterid.x/y/z.
inline uint32_t index_x() { return detail::clusterid_x(); }
inline uint32_t index_y() { return detail::clusterid_y(); }
inline uint32_t index_z() { return detail::clusterid_z(); }
/// The grid's shape in clusters: %nclusterid.x/y/z.
inline uint32_t grid_dim_x() { return detail::nclusterid_x(); }
inline uint32_t grid_dim_y() { return detail::nclusterid_y(); }
inline uint32_t grid_dim_z() { return detail::nclusterid_z(); }

/// Arrives at the cluster barrier, releasing this thread's earlier memory accesses
/// (barrier.cluster.arrive.aligned); arrive_relaxed orders nothing (.relaxed).
inline void arrive() { detail::arrive(); }
inline void arrive_relaxed() { detail::arrive_relaxed(); }
/// Waits until every thread of every block of the cluster has arrived, acquiring what they
/// released (barrier.cluster.wait.aligned).
inline void wait() { detail::wait(); }
/// arrive() then wait(): every block of the cluster has come this far.
inline void sync() {
  detail::arrive();
  detail::wait();
}

/// Element i of `shared` in block `rank` of the cluster (mapa.shared::cluster, then
/// ld.shared::cluster); i and rank are checked (past the end, the thread stops).
template <class T, size_t N, size_t A>
SIMT_REQUIRES_UNSAFE T load(const SharedArray<T, N, A>& shared, size_t i, uint32_t rank) {
  detail::check(i, N, rank);
  return detail::load(shared.data() + i, rank);
}
/// Writes element i of `shared` in block `rank` of the cluster (st.shared::cluster).
template <class T, size_t N, size_t A>
SIMT_REQUIRES_UNSAFE void store(SharedArray<T, N, A>& shared, size_t i, uint32_t rank, T value) {
  detail::check(i, N, rank);
  detail::store(shared.data() + i, rank, value);
}
/// The shared::cluster address of `*p` (in this block's shared memory) in block `rank`, for
/// instructions simt does not wrap (mapa.shared::cluster).
SIMT_REQUIRES_UNSAFE inline uint32_t map_shared(const void* p, uint32_t rank) { return detail::map_shared(p, rank); }

}  // namespace simt::cluster
#endif
