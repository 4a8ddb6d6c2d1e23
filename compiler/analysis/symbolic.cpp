// The symbolic view's terms, printed and classified (symbolic.hpp); the builder is in
// symbolic_terms.cpp and symbolic_accesses.cpp.
#include "analysis/symbolic.hpp"

#include <algorithm>

#include "analysis/symbolic_builder.hpp"

namespace simtc::analysis {

bool is_thread_independent(const Term* t) {
  switch (t->kind) {
    case Term::Kind::ThreadIndex:
    case Term::Kind::LaneIndex: return false;
    case Term::Kind::Symbol: return !t->per_thread;
    default: break;
  }
  for (const Term* op : t->ops)
    if (!is_thread_independent(op)) return false;
  return true;
}

bool SymbolicInfo::same_iteration(const ir::Block* scope, const ir::Block* at,
                                  const std::vector<const ir::Block*>& split) const {
  for (const ir::Block* l = scope; l != nullptr; l = loops_->parent(l)) {
    if (std::find(split.begin(), split.end(), l) != split.end()) return false;
    if (!loops_->contains(l, at) && !uniform_exit(l)) return false;
  }
  return true;
}

const Term* strip_zext(const Term* t) {
  while (t->kind == Term::Kind::Cast && t->op == ir::Opcode::ZExt) t = t->ops[0];
  return t;
}


bool is_linear_thread_index(const Term* t) {
  using K = Term::Kind;
  auto tid = [](unsigned d) { return [d](const Term* x) { return is_leaf(x, K::ThreadIndex, d); }; };
  auto ntid = [](unsigned d) { return [d](const Term* x) { return is_leaf(x, K::BlockDim, d); }; };
  auto inner = [&](const Term* x) {
    return commutes(x, ir::Opcode::Add, tid(1), [&](const Term* m) { return commutes(m, ir::Opcode::Mul, ntid(1), tid(2)); });
  };
  return t->width == 64 &&
         commutes(t, ir::Opcode::Add, tid(0), [&](const Term* m) { return commutes(m, ir::Opcode::Mul, ntid(0), inner); });
}

std::string term_str(const Term* t) {
  static const char* dims[] = {"x", "y", "z"};
  const char* dim = dims[t->value < 3 ? t->value : 0];
  switch (t->kind) {
    case Term::Kind::Const: return std::to_string(t->value) + ":" + std::to_string(t->width);
    case Term::Kind::ThreadIndex: return std::string("tid.") + dim;
    case Term::Kind::LaneIndex: return "laneid";
    case Term::Kind::BlockDim: return std::string("ntid.") + dim;
    case Term::Kind::BlockIndex: return std::string("ctaid.") + dim;
    case Term::Kind::GridDim: return std::string("nctaid.") + dim;
    case Term::Kind::DynamicShared: return "dynamic_size";
    case Term::Kind::Argument: return "arg" + std::to_string(t->value);
    case Term::Kind::Symbol: {
      std::string name = t->source->name().empty() ? "v" : t->source->name();
      return (t->per_thread ? "?" : "?u.") + name;
    }
    case Term::Kind::LoopCount: return "k." + t->scope->name();
    case Term::Kind::Binary:
      return "(" + std::string(ir::opcode_name(t->op)) + " " + term_str(t->ops[0]) + " " + term_str(t->ops[1]) + ")";
    case Term::Kind::Cast:
      return "(" + std::string(ir::opcode_name(t->op)) + std::to_string(t->width) + " " + term_str(t->ops[0]) + ")";
    case Term::Kind::Compare:
      return "(" + std::string(ir::cmp_pred_name(t->pred)) + " " + term_str(t->ops[0]) + " " + term_str(t->ops[1]) + ")";
    case Term::Kind::Select:
      return "(select " + term_str(t->ops[0]) + " " + term_str(t->ops[1]) + " " + term_str(t->ops[2]) + ")";
  }
  return "?";
}

const Term* SymbolicInfo::term_of(const ir::Value* v) const {
  auto it = terms_.find(v);
  return it == terms_.end() ? nullptr : it->second;
}

}  // namespace simtc::analysis
