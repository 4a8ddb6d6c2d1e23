// A fake NCCL for the runtime's unit tests: exports the entry points the runtime dlsym's and
// runs the collectives for real on "device" memory, which the fake driver keeps in host memory.
// A collective runs once every rank of its communicator has issued it; outside a group, a
// collective of a communicator with more than one rank would wait forever for the others in
// real NCCL (one thread drives them all), so it fails with ncclInvalidUsage here.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

using Result = int;
enum : Result { kSuccess = 0, kInternalError = 3, kInvalidArgument = 4, kInvalidUsage = 5 };
enum Kind { all_reduce, all_gather, reduce_scatter, broadcast };

struct Clique;
struct Comm {
  Clique* clique = nullptr;
  int rank = 0;
  int device = 0;
};

struct Op {
  Kind kind;
  const void* send;
  void* recv;
  std::size_t count;
  int type, op, root;
  void* stream;
};

struct Clique {
  std::vector<Comm*> ranks;
  std::vector<std::deque<Op>> pending;  // per rank
};

struct State {
  std::recursive_mutex mutex;
  std::map<Comm*, std::unique_ptr<Comm>> comms;
  std::vector<std::unique_ptr<Clique>> cliques;
  std::map<std::string, int> calls;
  std::map<std::string, Result> fail_next;
  int group_depth = 0;
  void* last_stream = nullptr;
} g;

Result enter(const char* name) {
  ++g.calls[name];
  if (auto it = g.fail_next.find(name); it != g.fail_next.end()) {
    Result r = it->second;
    g.fail_next.erase(it);
    return r;
  }
  return kSuccess;
}

#define FAKE_NCCL_ENTER(name)               \
  std::lock_guard lock_(g.mutex);           \
  if (Result r_ = enter(#name); r_ != kSuccess) return r_

std::size_t type_size(int type) {
  static constexpr std::size_t kSizes[] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2};
  return type >= 0 && type < 10 ? kSizes[type] : 0;
}

template <class T>
T combine(T a, T b, int op) {
  switch (op) {
    case 0: return static_cast<T>(a + b);
    case 1: return static_cast<T>(a * b);
    case 2: return std::max(a, b);
    case 3: return std::min(a, b);
    default: return static_cast<T>(a + b);  // avg: summed here, divided at the end
  }
}

// out[i] = op over ranks r of in[r][i], for `count` elements starting at element `from`.
template <class T>
void reduce(const std::vector<const void*>& in, void* out, std::size_t from, std::size_t count, int op) {
  std::vector<T> result(count);
  for (std::size_t i = 0; i < count; ++i) {
    T value = static_cast<const T*>(in[0])[from + i];
    for (std::size_t r = 1; r < in.size(); ++r) value = combine(value, static_cast<const T*>(in[r])[from + i], op);
    if (op == 4) value = static_cast<T>(value / static_cast<T>(in.size()));
    result[i] = value;
  }
  std::memcpy(out, result.data(), count * sizeof(T));
}

Result reduce_typed(int type, const std::vector<const void*>& in, void* out, std::size_t from, std::size_t count, int op) {
  switch (type) {
    case 0: reduce<std::int8_t>(in, out, from, count, op); return kSuccess;
    case 1: reduce<std::uint8_t>(in, out, from, count, op); return kSuccess;
    case 2: reduce<std::int32_t>(in, out, from, count, op); return kSuccess;
    case 3: reduce<std::uint32_t>(in, out, from, count, op); return kSuccess;
    case 4: reduce<std::int64_t>(in, out, from, count, op); return kSuccess;
    case 5: reduce<std::uint64_t>(in, out, from, count, op); return kSuccess;
    case 7: reduce<float>(in, out, from, count, op); return kSuccess;
    case 8: reduce<double>(in, out, from, count, op); return kSuccess;
    default: return kInvalidArgument;  // 16-bit floats: not simulated
  }
}

// Runs the first pending op of every rank, which must all be the same collective.
Result run(Clique& c) {
  std::vector<Op> ops;
  for (auto& queue : c.pending) {
    ops.push_back(queue.front());
    queue.pop_front();
  }
  const Op& first = ops[0];
  for (const Op& op : ops)
    if (op.kind != first.kind || op.count != first.count || op.type != first.type || op.op != first.op ||
        op.root != first.root)
      return kInvalidUsage;
  const std::size_t n = ops.size(), bytes = first.count * type_size(first.type);
  std::vector<const void*> in;
  for (const Op& op : ops) in.push_back(op.send);
  switch (first.kind) {
    case all_reduce: {
      std::vector<unsigned char> result(bytes);
      if (Result r = reduce_typed(first.type, in, result.data(), 0, first.count, first.op); r != kSuccess) return r;
      for (const Op& op : ops) std::memcpy(op.recv, result.data(), bytes);
      return kSuccess;
    }
    case all_gather: {
      std::vector<unsigned char> result(bytes * n);
      for (std::size_t r = 0; r < n; ++r) std::memcpy(result.data() + r * bytes, ops[r].send, bytes);
      for (const Op& op : ops) std::memcpy(op.recv, result.data(), bytes * n);
      return kSuccess;
    }
    case reduce_scatter: {
      std::vector<std::vector<unsigned char>> parts(n, std::vector<unsigned char>(bytes));
      for (std::size_t r = 0; r < n; ++r)
        if (Result e = reduce_typed(first.type, in, parts[r].data(), r * first.count, first.count, first.op); e != kSuccess)
          return e;
      for (std::size_t r = 0; r < n; ++r) std::memcpy(ops[r].recv, parts[r].data(), bytes);
      return kSuccess;
    }
    case broadcast: {
      std::vector<unsigned char> result(static_cast<const unsigned char*>(ops[static_cast<std::size_t>(first.root)].send),
                                        static_cast<const unsigned char*>(ops[static_cast<std::size_t>(first.root)].send) + bytes);
      for (const Op& op : ops) std::memcpy(op.recv, result.data(), bytes);
      return kSuccess;
    }
  }
  return kInternalError;
}

bool complete(const Clique& c) {
  return std::all_of(c.pending.begin(), c.pending.end(), [](const std::deque<Op>& q) { return !q.empty(); });
}

Result post(Comm* comm, const Op& op) {
  if (g.comms.count(comm) == 0 || type_size(op.type) == 0 || op.op < 0 || op.op > 4) return kInvalidArgument;
  if (op.send == nullptr || op.recv == nullptr) return kInvalidArgument;
  g.last_stream = op.stream;
  Clique& c = *comm->clique;
  if (g.group_depth == 0 && c.ranks.size() > 1) return kInvalidUsage;  // would wait for the others forever
  c.pending[static_cast<std::size_t>(comm->rank)].push_back(op);
  if (g.group_depth == 0) return run(c);
  return kSuccess;
}

}  // namespace

extern "C" {

Result ncclGetVersion(int* version) {
  FAKE_NCCL_ENTER(ncclGetVersion);
  *version = 22703;
  return kSuccess;
}

const char* ncclGetErrorString(Result result) {
  switch (result) {
    case 0: return "no error";
    case 1: return "unhandled cuda error (run with NCCL_DEBUG=INFO for details)";
    case 2: return "unhandled system error (run with NCCL_DEBUG=INFO for details)";
    case 3: return "internal error - please report this issue to the NCCL developers";
    case 4: return "invalid argument (run with NCCL_DEBUG=WARN for details)";
    case 5: return "invalid usage (run with NCCL_DEBUG=WARN for details)";
    case 6: return "remote process exited or there was a network error";
    case 7: return "NCCL operation in progress";
    default: return "unknown result code";
  }
}

Result ncclCommInitAll(Comm** comms, int count, const int* devices) {
  FAKE_NCCL_ENTER(ncclCommInitAll);
  if (count <= 0 || comms == nullptr) return kInvalidArgument;
  auto clique = std::make_unique<Clique>();
  clique->pending.resize(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    auto comm = std::make_unique<Comm>(Comm{clique.get(), i, devices != nullptr ? devices[i] : i});
    comms[i] = comm.get();
    clique->ranks.push_back(comm.get());
    g.comms[comm.get()] = std::move(comm);
  }
  g.cliques.push_back(std::move(clique));
  return kSuccess;
}

Result ncclCommDestroy(Comm* comm) {
  FAKE_NCCL_ENTER(ncclCommDestroy);
  return g.comms.erase(comm) == 1 ? kSuccess : kInvalidArgument;
}

Result ncclCommCount(Comm* comm, int* count) {
  FAKE_NCCL_ENTER(ncclCommCount);
  if (g.comms.count(comm) == 0) return kInvalidArgument;
  *count = static_cast<int>(comm->clique->ranks.size());
  return kSuccess;
}

Result ncclCommUserRank(Comm* comm, int* rank) {
  FAKE_NCCL_ENTER(ncclCommUserRank);
  if (g.comms.count(comm) == 0) return kInvalidArgument;
  *rank = comm->rank;
  return kSuccess;
}

Result ncclAllReduce(const void* send, void* recv, std::size_t count, int type, int op, Comm* comm, void* stream) {
  FAKE_NCCL_ENTER(ncclAllReduce);
  return post(comm, Op{all_reduce, send, recv, count, type, op, 0, stream});
}

Result ncclAllGather(const void* send, void* recv, std::size_t count, int type, Comm* comm, void* stream) {
  FAKE_NCCL_ENTER(ncclAllGather);
  return post(comm, Op{all_gather, send, recv, count, type, 0, 0, stream});
}

Result ncclReduceScatter(const void* send, void* recv, std::size_t count, int type, int op, Comm* comm, void* stream) {
  FAKE_NCCL_ENTER(ncclReduceScatter);
  return post(comm, Op{reduce_scatter, send, recv, count, type, op, 0, stream});
}

Result ncclBroadcast(const void* send, void* recv, std::size_t count, int type, int root, Comm* comm, void* stream) {
  FAKE_NCCL_ENTER(ncclBroadcast);
  if (g.comms.count(comm) == 0 || root < 0 || root >= static_cast<int>(comm->clique->ranks.size())) return kInvalidArgument;
  return post(comm, Op{broadcast, send, recv, count, type, 0, root, stream});
}

Result ncclGroupStart() {
  FAKE_NCCL_ENTER(ncclGroupStart);
  ++g.group_depth;
  return kSuccess;
}

Result ncclGroupEnd() {
  FAKE_NCCL_ENTER(ncclGroupEnd);
  if (g.group_depth == 0) return kInvalidUsage;
  if (--g.group_depth > 0) return kSuccess;
  Result result = kSuccess;
  for (auto& clique : g.cliques) {
    while (complete(*clique))
      if (Result r = run(*clique); r != kSuccess && result == kSuccess) result = r;
    for (auto& queue : clique->pending) {
      if (!queue.empty() && result == kSuccess) result = kInvalidUsage;  // a rank that did not take part
      queue.clear();
    }
  }
  return result;
}

// ---- Test controls ------------------------------------------------------------------------------

void fake_nccl_reset(void) {
  std::lock_guard lock(g.mutex);
  g.comms.clear();
  g.cliques.clear();
  g.calls.clear();
  g.fail_next.clear();
  g.group_depth = 0;
  g.last_stream = nullptr;
}
void fake_nccl_fail_next(const char* entry, int result) { g.fail_next[entry] = result; }
int fake_nccl_call_count(const char* entry) {
  auto it = g.calls.find(entry);
  return it == g.calls.end() ? 0 : it->second;
}
int fake_nccl_live_comms(void) { return static_cast<int>(g.comms.size()); }
void* fake_nccl_last_stream(void) { return g.last_stream; }

}  // extern "C"
