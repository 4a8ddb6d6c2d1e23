// CUDA graphs: stream capture, explicit child-graph nodes, instantiation, launch and update.
#include "simt/runtime/graph.hpp"

#include <string>
#include <vector>

#include "context_state.hpp"
#include "simt/runtime/error.hpp"
#include "text.hpp"

namespace simt {

using detail::cat;
using detail::check;
using detail::CurrentContext;

namespace {

std::shared_ptr<CUgraph_st> own_graph(const Context& context, CUgraph graph) {
  return detail::owned_by_context(context, graph, &detail::Driver::cuGraphDestroy, "destroying a graph (cuGraphDestroy)");
}

void check_same_context(const char* what, const Context& expected, const Context& got, const char* of) {
  if (!(expected == got))
    throw UsageError(what, cat("the graph belongs to device ", expected.device(), " but ", of, " to device ", got.device()));
}

// Why cuGraphExecUpdate refused a graph, in words.
const char* update_refusal(CUgraphExecUpdateResult result) {
  switch (result) {
    case CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED: return "the graphs' nodes or dependencies differ";
    case CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED: return "a node is of another kind (a launch where a copy was)";
    case CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED: return "a launch runs another kernel";
    case CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED: return "a node's parameters changed in a way that cannot be updated";
    case CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED: return "a node's change is not supported by an update";
    case CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE: return "a launch's kernel changed in an unsupported way";
    case CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED: return "a node's attributes changed";
    default: return "the driver gave no reason";
  }
}

}  // namespace

Graph::Graph(Context context, std::shared_ptr<CUgraph_st> handle) : context_(std::move(context)), handle_(std::move(handle)) {}

Graph::Graph(const Context& context) : context_(context) {
  CurrentContext current(context.native_handle());
  CUgraph graph = nullptr;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuGraphCreate)(&graph, 0),
        [&] { return cat("creating a graph on device ", context.device(), " (cuGraphCreate)"); });
  handle_ = own_graph(context, graph);
}

Graph Graph::capture(const Stream& stream, const std::function<void()>& work) {
  const detail::Driver& d = detail::driver();
  auto end_capture = SIMT_CUDA_OPTIONAL(d, cuStreamEndCapture);
  const Context& context = stream.context();
  // One guard for the whole capture: nothing between its begin and its end can fail but `work`.
  CurrentContext current(context.native_handle());
  check(SIMT_CUDA_OPTIONAL(d, cuStreamBeginCapture)(stream.native_handle(), CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
        [&] { return cat("beginning to capture a stream of device ", context.device(), " (cuStreamBeginCapture)"); });
  try {
    work();
  } catch (...) {
    CUgraph partial = nullptr;
    (void)end_capture(stream.native_handle(), &partial);  // the exception in flight is what matters
    if (partial != nullptr) own_graph(context, partial).reset();
    throw;
  }
  CUgraph graph = nullptr;
  const CUresult result = end_capture(stream.native_handle(), &graph);
  if (result != CUDA_SUCCESS) {
    if (graph != nullptr) own_graph(context, graph).reset();
    detail::Failure failure;
    if (result == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED || result == CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED)
      failure.fix = "a synchronous call during the capture (DeviceBuffer::to_host, copy_from_host, fill, "
                    "Stream::synchronize, Context::synchronize) invalidates it: queue the *_async forms instead";
    detail::throw_driver_error(result, cat("ending the capture of a stream of device ", context.device(), " (cuStreamEndCapture)"),
                               failure);
  }
  return Graph(context, own_graph(context, graph));
}

Graph::Node Graph::add_child(const Graph& child, std::span<const Node> dependencies) {
  check_same_context("Graph::add_child", context_, child.context_, "the child");
  std::vector<CUgraphNode> after;
  after.reserve(dependencies.size());
  for (const Node& node : dependencies) {
    if (node.handle == nullptr) throw UsageError("Graph::add_child", "a dependency is an empty Node");
    after.push_back(node.handle);
  }
  CurrentContext current(context_.native_handle());
  CUgraphNode node = nullptr;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuGraphAddChildGraphNode)(&node, handle_.get(), after.data(), after.size(),
                                                                        child.handle_.get()),
        [&] { return cat("adding a child graph after ", after.size(), " nodes (cuGraphAddChildGraphNode)"); });
  return Node{node};
}

std::size_t Graph::node_count() const {
  std::size_t count = 0;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuGraphGetNodes)(handle_.get(), nullptr, &count),
        "counting the nodes of a graph (cuGraphGetNodes)");
  return count;
}

GraphExec Graph::instantiate() const {
  CurrentContext current(context_.native_handle());
  CUgraphExec exec = nullptr;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuGraphInstantiate)(&exec, handle_.get(), 0),
        [&] { return cat("instantiating a graph of ", node_count(), " nodes (cuGraphInstantiate)"); });
  return GraphExec(context_, detail::owned_by_context(context_, exec, &detail::Driver::cuGraphExecDestroy,
                                                      "destroying an instantiated graph (cuGraphExecDestroy)"));
}

GraphExec::GraphExec(Context context, std::shared_ptr<CUgraphExec_st> handle)
    : context_(std::move(context)), handle_(std::move(handle)) {}

void GraphExec::launch(const Stream& stream) const {
  check_same_context("GraphExec::launch", context_, stream.context(), "the stream");
  CurrentContext current(context_.native_handle());
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuGraphLaunch)(handle_.get(), stream.native_handle()),
        "launching a graph (cuGraphLaunch)");
}

void GraphExec::update(const Graph& graph) {
  check_same_context("GraphExec::update", context_, graph.context(), "the new graph");
  CurrentContext current(context_.native_handle());
  CUgraphExecUpdateResultInfo info{};
  const CUresult result = SIMT_CUDA_OPTIONAL(detail::driver(), cuGraphExecUpdate)(handle_.get(), graph.native_handle(), &info);
  if (result == CUDA_SUCCESS) return;
  detail::Failure failure;
  const std::string why = cat(update_refusal(info.result), "; capture the new graph with the same code, changing "
                                                           "only arguments, or instantiate it anew");
  if (result == CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE) failure.fix = why;
  detail::throw_driver_error(result, "updating an instantiated graph (cuGraphExecUpdate)", failure);
}

}  // namespace simt
