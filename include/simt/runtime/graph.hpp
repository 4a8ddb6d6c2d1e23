// simt runtime: CUDA graphs. Capture the typed launches, copies and fills a piece of code
// queues on a stream, instantiate the graph once, then replay it with one launch; update the
// instantiated graph with a new capture to change kernel arguments without re-instantiating.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <span>

#include "simt/runtime/context.hpp"
#include "simt/runtime/stream.hpp"

struct CUgraph_st;      // the driver's CUgraph
struct CUgraphExec_st;  // the driver's CUgraphExec
struct CUgraphNode_st;  // the driver's CUgraphNode

namespace simt {

class GraphExec;

/// A graph of device work, not yet runnable (see instantiate). Copies share the one graph; it
/// is destroyed with the last copy. Keeps its Context alive.
class Graph {
public:
  /// A node of a graph built with add_child, to name as a dependency of later nodes.
  struct Node {
    CUgraphNode_st* handle = nullptr;
  };

  /// Runs `work`, recording instead of running what it queues on `stream` (cuStreamBeginCapture
  /// in thread-local mode ... cuStreamEndCapture). The typed launchers check their launch
  /// contracts while `work` runs, so a captured launch is a checked one. Work queued on other
  /// streams that wait (Stream::wait) for events recorded on `stream` joins the capture. A
  /// synchronous call in `work` (DeviceBuffer::to_host, fill, a Context::synchronize...) is
  /// not allowed during a capture and makes it fail; use the *_async forms. When `work` throws,
  /// the capture is ended and discarded and the exception propagates.
  static Graph capture(const Stream& stream, const std::function<void()>& work);

  /// An empty graph on `context` (cuGraphCreate), to build from captured pieces with add_child.
  explicit Graph(const Context& context);

  /// Adds `child` as one node (cuGraphAddChildGraphNode, which copies it) that runs after
  /// every node in `dependencies`; independent nodes may run concurrently. The child's context
  /// must be this graph's.
  Node add_child(const Graph& child, std::span<const Node> dependencies = {});

  /// The number of top-level nodes (cuGraphGetNodes).
  std::size_t node_count() const;
  /// Makes the graph runnable (cuGraphInstantiate).
  GraphExec instantiate() const;

  /// The context the graph's work runs in.
  const Context& context() const noexcept { return context_; }
  /// The driver's CUgraph.
  CUgraph_st* native_handle() const noexcept { return handle_.get(); }

private:
  Graph(Context context, std::shared_ptr<CUgraph_st> handle);
  Context context_;
  std::shared_ptr<CUgraph_st> handle_;
};

/// An instantiated graph: launch() queues all of its work with one call. Copies share it; it is
/// destroyed with the last copy. The device memory its nodes use must outlive its launches.
class GraphExec {
public:
  /// Queues the whole graph on `stream` (cuGraphLaunch); `stream` must be of the graph's context.
  void launch(const Stream& stream) const;
  /// Takes the parameters of `graph`, which must have the same shape (the same nodes, kernels
  /// and dependencies; only arguments, launch shapes and copy addresses may differ), without
  /// re-instantiating (cuGraphExecUpdate). Capture `graph` with the same code and new
  /// arguments: the typed launchers check the new arguments' contracts while it is captured.
  /// Throws Error naming why the update was refused; this graph is then unchanged.
  void update(const Graph& graph);

  /// The context the graph's work runs in.
  const Context& context() const noexcept { return context_; }
  /// The driver's CUgraphExec.
  CUgraphExec_st* native_handle() const noexcept { return handle_.get(); }

private:
  friend class Graph;
  GraphExec(Context context, std::shared_ptr<CUgraphExec_st> handle);
  Context context_;
  std::shared_ptr<CUgraphExec_st> handle_;
};

}  // namespace simt
