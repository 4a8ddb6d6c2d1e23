// The accesses of a function to shared memory and writable buffers, with their guards
// (symbolic.hpp).
#include <algorithm>
#include <set>
#include <string>

#include "analysis/intervals.hpp"
#include "analysis/symbolic_builder.hpp"

namespace simtc::analysis {

void SymbolicBuilder::resolve(const ir::Value* ptr, Roots& out) {
  if (auto it = roots_.find(ptr); it != roots_.end()) {
    out = it->second;
    return;
  }
  out.clear();
  // A cycle through phis: nothing on this path, and what is computed meanwhile is incomplete
  // (not remembered; a phi on the cycle takes the roots of its other incoming values).
  if (!resolving_.insert(ptr).second) {
    incomplete_ = true;
    return;
  }
  const bool outer_incomplete = incomplete_;
  incomplete_ = false;
  if (ptr->value_kind() == ir::Value::ValueKind::Global) {
    auto* g = static_cast<const ir::Global*>(ptr);
    if (g->addr_space() == ir::AddrSpace::Shared) out.push_back({g, constant(0, 64)});
  } else if (ptr->value_kind() == ir::Value::ValueKind::Argument) {
    if (buffers_.count(ptr)) out.push_back({ptr, constant(0, 64)});
  } else if (auto* inst = as_inst(ptr)) {
    using ir::Opcode;
    Roots a, b;
    switch (inst->opcode()) {
      case Opcode::AddrSpaceCast:
      case Opcode::Bitcast: resolve(inst->operand(0), out); break;
      case Opcode::PtrAdd: {
        resolve(inst->operand(0), a);
        const Term* off = term(inst->operand(1));
        for (auto& [g, base] : a) out.push_back({g, off ? binary(Opcode::Add, base, off) : symbol(inst, 64)});
        break;
      }
      case Opcode::Select: {
        resolve(inst->operand(1), a);
        resolve(inst->operand(2), b);
        const Term* c = term(inst->operand(0));
        if (a.size() == 1 && b.size() == 1 && a[0].first == b[0].first && c != nullptr) {
          out.push_back({a[0].first, select(c, a[0].second, b[0].second)});
        } else {
          std::set<const ir::Value*> gs;
          for (auto& r : a) gs.insert(r.first);
          for (auto& r : b) gs.insert(r.first);
          for (const ir::Value* g : gs) out.push_back({g, symbol(inst, 64)});
        }
        break;
      }
      case Opcode::Phi: {
        Induction iv;
        if (induction(inst, iv)) {
          resolve(iv.init, a);
          const Term* step = term(iv.step);
          for (auto& [g, base] : a)
            out.push_back({g, step ? binary(Opcode::Add, base, binary(Opcode::Mul, step, loop_count(iv.header, 64)))
                                   : symbol(inst, 64)});
          break;
        }
        const Term* c = nullptr;
        unsigned k = 0;
        if (phi_sides(inst, c, k)) {
          resolve(inst->operand(k), a);
          resolve(inst->operand(1 - k), b);
          if (a.size() == 1 && b.size() == 1 && a[0].first == b[0].first) {
            out.push_back({a[0].first, select(c, a[0].second, b[0].second)});
            break;
          }
        }
        std::set<const ir::Value*> gs;
        Roots all;
        bool same = true;  // every incoming value is the same (variable, offset)
        for (const ir::Value* in : inst->operands()) {
          if (is_undef(in) || in == inst) continue;
          resolve(in, a);
          same = same && a.size() == 1;
          for (auto& r : a) {
            gs.insert(r.first);
            all.push_back(r);
          }
        }
        same = same && !all.empty();
        for (auto& r : all) same = same && r == all.front();
        if (same) out.push_back(all.front());
        else
          for (const ir::Value* g : gs) out.push_back({g, symbol(inst, 64)});
        break;
      }
      default: break;  // loads, calls, allocas, arguments: not shared memory (safety-model.md)
    }
  }
  resolving_.erase(ptr);
  if (!incomplete_) roots_[ptr] = out;
  incomplete_ = outer_incomplete || incomplete_;
}

std::vector<Guard> SymbolicBuilder::guards_of(const ir::Block* b) {
  if (auto it = guards_.find(b); it != guards_.end()) return it->second;
  // Every block on the dominator chain that is entered by one edge only, from a conditional
  // branch, holds that branch's condition (the last time the branch ran, it took that edge, and
  // the values it tested are still the latest ones). Back edges do not count: a loop header
  // entered from outside by one branch edge holds its condition in every iteration (the branch
  // dominates the loop, so the values it tested are defined before it and unchanged).
  std::vector<Guard> out;
  const ir::DominatorTree& dom = info_.loops_->dominators();
  for (const ir::Block* cur = b; cur != nullptr; cur = dom.idom(cur)) {
    std::vector<const ir::Block*> preds;
    for (const ir::Block* p : dom.predecessors(cur))
      if (!dom.dominates(cur, p)) preds.push_back(p);
    if (preds.size() != 1) continue;
    const ir::Instruction* br = preds[0]->terminator();
    if (br == nullptr || br->opcode() != ir::Opcode::CondBr || br->blocks()[0] == br->blocks()[1]) continue;
    if (const Term* c = term(br->operand(0))) out.push_back({c, br->blocks()[0] == cur});
  }
  out.insert(out.end(), contract_.begin(), contract_.end());
  guards_[b] = out;
  return out;
}

void SymbolicBuilder::add_accesses(const ir::Instruction* inst, const SymbolicOptions& options) {
  using ir::IntrinsicId;
  using ir::Opcode;
  struct Use {
    const ir::Value* ptr;
    const Term* size;
    bool write, read, atomic;
  };
  std::vector<Use> uses;
  auto bytes = [&](ir::Type t) { return constant(t.size_bytes(), 64); };
  switch (inst->opcode()) {
    case Opcode::Load: uses.push_back({inst->operand(0), bytes(inst->type()), false, true, false}); break;
    case Opcode::Store:
      uses.push_back({inst->operand(1), bytes(inst->operand(0)->type()), true, false, false});
      break;
    case Opcode::MemCopy: {
      const Term* n = term(inst->operand(2));
      if (n == nullptr) n = symbol(inst->operand(2), 64);
      uses.push_back({inst->operand(0), n, true, false, false});
      uses.push_back({inst->operand(1), n, false, true, false});
      break;
    }
    case Opcode::MemSet: {
      const Term* n = term(inst->operand(2));
      if (n == nullptr) n = symbol(inst->operand(2), 64);
      uses.push_back({inst->operand(0), n, true, false, false});
      break;
    }
    case Opcode::Intrinsic:
      switch (inst->intrinsic_id()) {
        case IntrinsicId::AtomicAdd: case IntrinsicId::AtomicSub: case IntrinsicId::AtomicExch:
        case IntrinsicId::AtomicSMin: case IntrinsicId::AtomicSMax: case IntrinsicId::AtomicUMin:
        case IntrinsicId::AtomicUMax: case IntrinsicId::AtomicFMin: case IntrinsicId::AtomicFMax:
        case IntrinsicId::AtomicAnd: case IntrinsicId::AtomicOr: case IntrinsicId::AtomicXor:
        case IntrinsicId::AtomicCas:
          uses.push_back({inst->operand(0), bytes(inst->type()), true, true, true});
          break;
        case IntrinsicId::AtomicLoad: uses.push_back({inst->operand(0), bytes(inst->type()), false, true, true}); break;
        case IntrinsicId::AtomicStore:
          uses.push_back({inst->operand(0), bytes(inst->operand(1)->type()), true, false, true});
          break;
        case IntrinsicId::GlobalLoad: uses.push_back({inst->operand(0), bytes(inst->type()), false, true, false}); break;
        case IntrinsicId::GlobalStore:
          uses.push_back({inst->operand(0), bytes(inst->operand(1)->type()), true, false, false});
          break;
        case IntrinsicId::AsyncCopy4: uses.push_back({inst->operand(0), constant(4, 64), true, false, false}); break;
        case IntrinsicId::AsyncCopy8: uses.push_back({inst->operand(0), constant(8, 64), true, false, false}); break;
        case IntrinsicId::AsyncCopy16:
        case IntrinsicId::AsyncCopy16Cg: uses.push_back({inst->operand(0), constant(16, 64), true, false, false}); break;
        case IntrinsicId::LdMatrixX1: case IntrinsicId::LdMatrixX2: case IntrinsicId::LdMatrixX4:
        case IntrinsicId::LdMatrixX1Trans: case IntrinsicId::LdMatrixX2Trans: case IntrinsicId::LdMatrixX4Trans:
          uses.push_back({inst->operand(0), constant(16, 64), false, true, false});
          break;
        default: break;
      }
      break;
    case Opcode::Call: {
      // Recursion the view keeps as a call: the variables it can reach, through its pointer
      // arguments or by name in the functions it calls.
      std::set<const ir::Value*> vars;
      bool unresolved = false;  // a pointer argument that is no shared variable or buffer
      for (const ir::Value* op : inst->operands()) {
        if (!op->type().is_ptr()) continue;
        Roots roots;
        resolve(op, roots);
        unresolved = unresolved || roots.empty();
        for (auto& r : roots) vars.insert(r.first);
      }
      std::vector<const ir::Function*> seen;
      if (inst->callee() != nullptr) seen.push_back(inst->callee());
      bool writes = inst->callee() == nullptr;
      for (std::size_t k = 0; k < seen.size(); ++k)
        for (const ir::Block* b : seen[k]->blocks())
          for (const ir::Instruction* i : b->instructions()) {
            // Anything that may write memory other than the function's own locals (stores,
            // copies, atomics, cp.async; not barriers or traps).
            const std::uint8_t flags = i->opcode() == Opcode::Intrinsic ? ir::intrinsic_flags(i->intrinsic_id()) : 0;
            writes = writes || (i->opcode() == Opcode::Store && !is_local(i->operand(1))) ||
                     ((i->opcode() == Opcode::MemCopy || i->opcode() == Opcode::MemSet) && !is_local(i->operand(0))) ||
                     ((flags & ir::SideEffects) && !(flags & ir::NoReturn) && !is_block_barrier(*i));
            if (i->opcode() == Opcode::Call && i->callee() &&
                std::find(seen.begin(), seen.end(), i->callee()) == seen.end())
              seen.push_back(i->callee());
            for (const ir::Value* op : i->operands())
              if (op->value_kind() == ir::Value::ValueKind::Global &&
                  static_cast<const ir::Global*>(op)->addr_space() == ir::AddrSpace::Shared)
                vars.insert(static_cast<const ir::Global*>(op));
          }
      // A buffer's data pointer reaches the callee in ways its pointer arguments do not show (a
      // view passed by reference is a pointer to a local holding it): a call given a pointer
      // that is no shared variable or buffer may touch every buffer followed (safe code has no
      // other way to one: no mutable static storage, so no pointer but through the arguments).
      if (unresolved) vars.insert(buffers_.begin(), buffers_.end());
      for (const ir::Value* root : vars) add_opaque(inst, root, writes, options);
      break;
    }
    case Opcode::InlineAsm: {
      // Opaque (Tier 2, docs/language.md): all of every shared variable or buffer an operand
      // points into, read, and written through an output's address or under a "memory"
      // clobber. Memory it reaches by other means is the programmer's to keep race-free.
      const bool clobbers = inst->asm_constraints().find("~{memory}") != std::string::npos;
      std::set<const ir::Value*> read, written;
      for (unsigned k = 0; k < inst->num_operands(); ++k) {
        if (!inst->operand(k)->type().is_ptr()) continue;
        Roots roots;
        resolve(inst->operand(k), roots);
        for (auto& r : roots) (k < inst->asm_outputs() || clobbers ? written : read).insert(r.first);
      }
      for (const ir::Value* root : written) add_opaque(inst, root, true, options);
      for (const ir::Value* root : read)
        if (!written.count(root)) add_opaque(inst, root, false, options);
      break;
    }
    default: break;
  }
  for (const Use& use : uses) {
    Roots roots;
    resolve(use.ptr, roots);
    for (auto& [root, offset] : roots) {
      SharedAccess a;
      a.inst = inst;
      set_root(a, root);
      a.offset = offset;
      a.owned = owned_address(use.ptr);
      a.size = to64(use.size);
      a.write = use.write;
      a.read = use.read;
      a.atomic = use.atomic;
      a.async = use.write && inst->opcode() == Opcode::Intrinsic && is_async_copy(inst->intrinsic_id());
      a.unsafe = options.in_unsafe ? options.in_unsafe(inst) : inst->in_unsafe();
      a.guards = guards_of(inst->parent());
      a.owned = a.owned && !a.unsafe;
      info_.accesses_.push_back(std::move(a));
    }
  }
}

void SymbolicBuilder::add_opaque(const ir::Instruction* inst, const ir::Value* root, bool write,
                                 const SymbolicOptions& options) {
  SharedAccess a;
  a.inst = inst;
  set_root(a, root);
  a.offset = constant(0, 64);
  // A buffer: any byte it may have (the solver bounds offsets by nothing else).
  a.size = a.buffer != nullptr        ? constant(std::uint64_t(1) << 62, 64)
           : a.var->is_extern() ? to64(leaf(Term::Kind::DynamicShared, 32))
                                : constant(a.var->size(), 64);
  a.write = write;
  a.read = true;
  a.opaque = true;
  a.unsafe = options.in_unsafe ? options.in_unsafe(inst) : inst->in_unsafe();
  a.guards = guards_of(inst->parent());
  info_.accesses_.push_back(std::move(a));
}

// The checked launcher evaluates every requirement on the host in 64-bit arithmetic that
// rejects the launch on any overflow or negative difference (contract_facts.cpp in codegen
// states the same relations to LLVM). Each side is therefore the same number as a 64-bit
// term, and the relation holds for every thread of a launch the contract accepts: a guard of
// every access. A requirement on an address ("x.address() % 16 == 0") says nothing about
// indices and is left out.
void SymbolicBuilder::add_contract_facts(const ir::Function& fn) {
  using Contract = ir::KernelContract;
  const Contract& c = fn.signature().contract;
  auto operand = [&](const Contract::Operand& op) -> const Term* {
    const std::optional<unsigned> index = ir::requirement_param(fn.signature(), op);
    if (!index || *index >= fn.params().size()) return nullptr;
    const Term* t = term(fn.param(*index));
    return t == nullptr ? nullptr : to64(t);
  };
  auto side = [&](const std::vector<Contract::Term>& steps) -> const Term* {
    std::vector<const Term*> stack;
    for (const Contract::Term& step : steps) {
      if (step.op == Contract::Term::Op::Operand) {
        if (step.value >= c.operands.size()) return nullptr;
        const Term* t = operand(c.operands[step.value]);
        if (t == nullptr) return nullptr;
        stack.push_back(t);
        continue;
      }
      if (step.op == Contract::Term::Op::Literal) {
        stack.push_back(constant(step.value, 64));
        continue;
      }
      if (stack.size() < 2) return nullptr;
      const Term* y = stack.back();
      stack.pop_back();
      const Term* x = stack.back();
      stack.pop_back();
      ir::Opcode op = ir::Opcode::Add;
      switch (step.op) {
        case Contract::Term::Op::Add: op = ir::Opcode::Add; break;
        case Contract::Term::Op::Sub: op = ir::Opcode::Sub; break;
        case Contract::Term::Op::Mul: op = ir::Opcode::Mul; break;
        case Contract::Term::Op::Rem: op = ir::Opcode::URem; break;
        default: return nullptr;
      }
      stack.push_back(binary(op, x, y));
    }
    return stack.size() == 1 ? stack.back() : nullptr;
  };
  for (const Contract::Requirement& r : c.requirements) {
    const Term* lhs = side(r.lhs);
    const Term* rhs = side(r.rhs);
    if (lhs == nullptr || rhs == nullptr) continue;
    Term t;
    t.kind = Term::Kind::Compare;
    t.width = 1;
    switch (r.compare) {
      case Contract::Compare::Lt: t.pred = ir::CmpPred::Ult; break;
      case Contract::Compare::Le: t.pred = ir::CmpPred::Ule; break;
      case Contract::Compare::Gt: t.pred = ir::CmpPred::Ugt; break;
      case Contract::Compare::Ge: t.pred = ir::CmpPred::Uge; break;
      case Contract::Compare::Eq: t.pred = ir::CmpPred::Eq; break;
      case Contract::Compare::Ne: t.pred = ir::CmpPred::Ne; break;
    }
    t.ops = {lhs, rhs};
    contract_.push_back({make(std::move(t)), true});
  }
}

SymbolicInfo analyze_shared_accesses(const ir::Function& fn, const UniformityInfo& uniformity,
                                     const SymbolicOptions& options) {
  SymbolicInfo info;
  info.loops_ = std::make_unique<LoopForest>(fn);
  SymbolicBuilder builder(info, uniformity, options);
  builder.add_contract_facts(fn);
  for (const ir::Block* header : info.loops_->headers()) {
    bool uniform = true;
    for (const ir::Block* b : fn.blocks()) {
      if (!info.loops_->contains(header, b)) continue;
      for (const ir::Block* succ : b->successors()) {
        // A thread that traps fails the launch: those exits do not count.
        if (info.loops_->contains(header, succ) || uniformity.doomed(succ)) continue;
        const ir::Instruction* br = b->terminator();
        uniform = uniform && uniformity.control(b) == Uniformity::Block &&
                  (br->opcode() == ir::Opcode::Br || uniformity.value(br->operand(0)) == Uniformity::Block);
      }
    }
    if (uniform) info.uniform_exit_.insert(header);
  }
  for (const ir::Block* b : info.loops_->dominators().rpo())
    for (const ir::Instruction* inst : b->instructions()) builder.add_accesses(inst, options);
  return info;
}

}  // namespace simtc::analysis
