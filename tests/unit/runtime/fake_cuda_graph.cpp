// The fake driver's launches, extended launches, stream capture and graphs (see fake_cuda.cpp).
// A capturing stream records its work as ops of the graph instead of running it; launching an
// instantiated graph runs the ops in order.
#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "fake_cuda_state.hpp"

using fake::g;
using fake::need_context;

namespace fake {

namespace {

Stream* stream_of(CUstream stream) {
  auto it = g.streams.find(reinterpret_cast<Stream*>(stream));
  return it == g.streams.end() ? nullptr : it->second.get();
}

}  // namespace

void run_launch(const Launch& launch, const std::vector<std::vector<unsigned char>>& args) {
  const Function* f = launch.function;
  FakeCudaLaunch& l = g.last_launch;
  l = FakeCudaLaunch{};
  std::snprintf(l.kernel, sizeof l.kernel, "%s", f->name.c_str());
  std::copy(launch.grid, launch.grid + 3, l.grid);
  std::copy(launch.block, launch.block + 3, l.block);
  std::copy(launch.cluster, launch.cluster + 3, l.cluster);
  l.shared_bytes = launch.shared_bytes;
  l.stream = launch.stream;
  l.via_ex = launch.via_ex;
  l.cooperative = launch.cooperative;
  l.priority = launch.priority;
  l.param_count = static_cast<unsigned>(std::min<std::size_t>(f->sizes.size(), FAKE_CUDA_MAX_PARAMS));
  for (unsigned i = 0; i < l.param_count; ++i) {
    l.param_offset[i] = f->offsets[i];
    l.param_size[i] = f->sizes[i];
    if (f->offsets[i] + f->sizes[i] <= FAKE_CUDA_MAX_ARG_BYTES) std::memcpy(l.args + f->offsets[i], args[i].data(), f->sizes[i]);
  }
  ++g.launches;
}

CUresult launch_kernel(const Launch& launch, void** params) {
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  auto attr = [](CUdevice_attribute a) { return static_cast<unsigned>(g.device_attributes[a]); };
  const Function* f = launch.function;
  const unsigned *gd = launch.grid, *bd = launch.block;
  if (gd[0] == 0 || gd[1] == 0 || gd[2] == 0 || bd[0] == 0 || bd[1] == 0 || bd[2] == 0) return CUDA_ERROR_INVALID_VALUE;
  if (bd[0] > attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X) || bd[1] > attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y) ||
      bd[2] > attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z) ||
      static_cast<std::uint64_t>(bd[0]) * bd[1] * bd[2] > attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK))
    return CUDA_ERROR_INVALID_VALUE;
  if (gd[0] > attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X) || gd[1] > attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y) ||
      gd[2] > attr(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z))
    return CUDA_ERROR_INVALID_VALUE;
  if (params == nullptr && !f->sizes.empty()) return CUDA_ERROR_INVALID_VALUE;
  std::vector<std::vector<unsigned char>> args;
  for (std::size_t i = 0; i < f->sizes.size(); ++i) {
    const auto* bytes = static_cast<const unsigned char*>(params[i]);
    args.emplace_back(bytes, bytes + f->sizes[i]);
  }
  if (Stream* s = stream_of(launch.stream); s != nullptr && s->capture != nullptr) {
    Op op;
    op.is_launch = true;
    op.launch = launch;
    op.args = std::move(args);
    s->capture->nodes.push_back({std::move(op)});
    return CUDA_SUCCESS;
  }
  run_launch(launch, args);
  return CUDA_SUCCESS;
}

CUresult refuse_during_capture() {
  bool capturing = false;
  for (auto& [key, stream] : g.streams) {
    if (stream->capture != nullptr) {
      stream->capture_invalidated = true;
      capturing = true;
    }
  }
  return capturing ? CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED : CUDA_SUCCESS;
}

CUresult stream_op(CUstream stream, std::function<CUresult()> run) {
  if (Stream* s = stream_of(stream); s != nullptr && s->capture != nullptr) {
    Op op;
    op.run = std::move(run);
    s->capture->nodes.push_back({std::move(op)});
    return CUDA_SUCCESS;
  }
  return run();
}

}  // namespace fake

#ifndef FAKE_CUDA_LEGACY  // the legacy variant is a driver without this optional entry point
CUresult cuLaunchKernelEx(const CUlaunchConfig* config, CUfunction function, void** params, void** extra) {
  FAKE_ENTER(cuLaunchKernelEx);
  if (extra != nullptr || config == nullptr) return CUDA_ERROR_INVALID_VALUE;
  fake::Launch launch;
  launch.function = reinterpret_cast<const fake::Function*>(function);
  launch.grid[0] = config->gridDimX, launch.grid[1] = config->gridDimY, launch.grid[2] = config->gridDimZ;
  launch.block[0] = config->blockDimX, launch.block[1] = config->blockDimY, launch.block[2] = config->blockDimZ;
  launch.shared_bytes = config->sharedMemBytes;
  launch.stream = config->hStream;
  launch.via_ex = 1;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute& a = config->attrs[i];
    if (a.id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE) {
      launch.cooperative = a.value.cooperative;
    } else if (a.id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
      launch.cluster[0] = a.value.clusterDim.x, launch.cluster[1] = a.value.clusterDim.y;
      launch.cluster[2] = a.value.clusterDim.z;
      for (int d = 0; d < 3; ++d)
        if (launch.cluster[d] == 0 || launch.grid[d] % launch.cluster[d] != 0) return CUDA_ERROR_INVALID_VALUE;
    } else if (a.id == CU_LAUNCH_ATTRIBUTE_PRIORITY) {
      launch.priority = a.value.priority;
    } else {
      return CUDA_ERROR_INVALID_VALUE;
    }
  }
  return fake::launch_kernel(launch, params);
}
#endif

// ---- Capture -------------------------------------------------------------------------------------

CUresult cuStreamBeginCapture(CUstream stream, CUstreamCaptureMode) {
  FAKE_ENTER(cuStreamBeginCapture);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  fake::Stream* s = fake::stream_of(stream);
  if (s == nullptr) return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;  // the legacy stream cannot be captured
  if (s->capture != nullptr) return CUDA_ERROR_ILLEGAL_STATE;
  auto graph = std::make_unique<fake::Graph>();
  s->capture = graph.get();
  g.graphs[graph.get()] = std::move(graph);
  return CUDA_SUCCESS;
}

CUresult cuStreamEndCapture(CUstream stream, CUgraph* graph) {
  // Unlike other calls, a failing one still ends the capture, as the driver's does.
  std::lock_guard lock(g.mutex);
  const CUresult injected = fake::enter("cuStreamEndCapture", FAKE_STR(cuStreamEndCapture));
  fake::Stream* s = fake::stream_of(stream);
  if (s == nullptr || s->capture == nullptr) return injected != CUDA_SUCCESS ? injected : CUDA_ERROR_ILLEGAL_STATE;
  fake::Graph* captured = s->capture;
  s->capture = nullptr;
  if (injected != CUDA_SUCCESS || s->capture_invalidated) {
    s->capture_invalidated = false;
    g.graphs.erase(captured);
    *graph = nullptr;
    return injected != CUDA_SUCCESS ? injected : CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
  }
  *graph = reinterpret_cast<CUgraph>(captured);
  return CUDA_SUCCESS;
}

// ---- Graphs --------------------------------------------------------------------------------------

CUresult cuGraphCreate(CUgraph* graph, unsigned int flags) {
  FAKE_ENTER(cuGraphCreate);
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  auto created = std::make_unique<fake::Graph>();
  *graph = reinterpret_cast<CUgraph>(created.get());
  g.graphs[created.get()] = std::move(created);
  return CUDA_SUCCESS;
}

CUresult cuGraphDestroy(CUgraph graph) {
  FAKE_ENTER(cuGraphDestroy);
  return g.graphs.erase(reinterpret_cast<fake::Graph*>(graph)) == 1 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGraphAddChildGraphNode(CUgraphNode* node, CUgraph graph, const CUgraphNode* dependencies,
                                  std::size_t count, CUgraph child) {
  FAKE_ENTER(cuGraphAddChildGraphNode);
  auto parent = g.graphs.find(reinterpret_cast<fake::Graph*>(graph));
  auto inner = g.graphs.find(reinterpret_cast<fake::Graph*>(child));
  if (parent == g.graphs.end() || inner == g.graphs.end()) return CUDA_ERROR_INVALID_VALUE;
  fake::Graph& p = *parent->second;
  for (std::size_t i = 0; i < count; ++i) {
    const bool known = std::any_of(p.nodes.begin(), p.nodes.end(), [&](const std::vector<fake::Op>& n) {
      return reinterpret_cast<CUgraphNode>(const_cast<std::vector<fake::Op>*>(&n)) == dependencies[i];
    });
    if (!known) return CUDA_ERROR_INVALID_VALUE;
  }
  std::vector<fake::Op> ops;
  for (const std::vector<fake::Op>& n : inner->second->nodes) ops.insert(ops.end(), n.begin(), n.end());
  p.nodes.push_back(std::move(ops));
  *node = reinterpret_cast<CUgraphNode>(&p.nodes.back());
  return CUDA_SUCCESS;
}

CUresult cuGraphGetNodes(CUgraph graph, CUgraphNode* nodes, std::size_t* count) {
  FAKE_ENTER(cuGraphGetNodes);
  auto it = g.graphs.find(reinterpret_cast<fake::Graph*>(graph));
  if (it == g.graphs.end() || count == nullptr) return CUDA_ERROR_INVALID_VALUE;
  if (nodes == nullptr) {
    *count = it->second->nodes.size();
    return CUDA_SUCCESS;
  }
  *count = std::min(*count, it->second->nodes.size());
  for (std::size_t i = 0; i < *count; ++i) nodes[i] = reinterpret_cast<CUgraphNode>(&it->second->nodes[i]);
  return CUDA_SUCCESS;
}

CUresult cuGraphInstantiateWithFlags(CUgraphExec* exec, CUgraph graph, unsigned long long) {
  FAKE_ENTER(cuGraphInstantiate);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  auto it = g.graphs.find(reinterpret_cast<fake::Graph*>(graph));
  if (it == g.graphs.end()) return CUDA_ERROR_INVALID_VALUE;
  auto copy = std::make_unique<fake::Graph>(*it->second);
  *exec = reinterpret_cast<CUgraphExec>(copy.get());
  g.execs[copy.get()] = std::move(copy);
  return CUDA_SUCCESS;
}

CUresult cuGraphExecDestroy(CUgraphExec exec) {
  FAKE_ENTER(cuGraphExecDestroy);
  return g.execs.erase(reinterpret_cast<fake::Graph*>(exec)) == 1 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGraphLaunch(CUgraphExec exec, CUstream) {
  FAKE_ENTER(cuGraphLaunch);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  auto it = g.execs.find(reinterpret_cast<fake::Graph*>(exec));
  if (it == g.execs.end()) return CUDA_ERROR_INVALID_VALUE;
  for (const std::vector<fake::Op>& node : it->second->nodes) {
    for (const fake::Op& op : node) {
      if (op.is_launch) fake::run_launch(op.launch, op.args);
      else if (CUresult r = op.run(); r != CUDA_SUCCESS) return r;
    }
  }
  return CUDA_SUCCESS;
}

CUresult cuGraphExecUpdate(CUgraphExec exec, CUgraph graph, CUgraphExecUpdateResultInfo* info) {
  FAKE_ENTER(cuGraphExecUpdate);
  auto e = g.execs.find(reinterpret_cast<fake::Graph*>(exec));
  auto from = g.graphs.find(reinterpret_cast<fake::Graph*>(graph));
  if (e == g.execs.end() || from == g.graphs.end() || info == nullptr) return CUDA_ERROR_INVALID_VALUE;
  *info = CUgraphExecUpdateResultInfo{};
  auto refuse = [&](CUgraphExecUpdateResult why) {
    info->result = why;
    return CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
  };
  const fake::Graph &old_graph = *e->second, &new_graph = *from->second;
  if (old_graph.nodes.size() != new_graph.nodes.size()) return refuse(CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED);
  for (std::size_t n = 0; n < old_graph.nodes.size(); ++n) {
    const std::vector<fake::Op>&a = old_graph.nodes[n], &b = new_graph.nodes[n];
    if (a.size() != b.size()) return refuse(CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED);
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i].is_launch != b[i].is_launch) return refuse(CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED);
      if (a[i].is_launch && a[i].launch.function != b[i].launch.function)
        return refuse(CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED);
    }
  }
  *e->second = new_graph;
  info->result = CU_GRAPH_EXEC_UPDATE_SUCCESS;
  return CUDA_SUCCESS;
}
