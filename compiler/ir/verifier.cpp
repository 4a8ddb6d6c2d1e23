#include "ir/verifier.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "ir/dominators.hpp"
#include "ir/printer.hpp"

namespace simtc::ir {
namespace {

bool pow2(std::uint64_t a) { return a != 0 && (a & (a - 1)) == 0; }

class FunctionVerifier {
 public:
  FunctionVerifier(const Function& fn, const Module* module, std::vector<VerifierError>& out)
      : fn_(fn), module_(module), out_(out), names_(fn), dt_(fn) {}

  void run() {
    if (fn_.blocks().empty()) return error(nullptr, nullptr, "function has no blocks");
    if (fn_.is_kernel() && !fn_.return_type().is_void())
      error(nullptr, nullptr, "kernel must return void, not " + fn_.return_type().str());
    if (fn_.launch_bounds().reqntid && fn_.launch_bounds().maxntid)
      error(nullptr, nullptr, "reqntid and maxntid are both set");
    for (const Block* b : fn_.blocks()) {
      blocks_.insert(b);
      for (std::size_t k = 0; k < b->instructions().size(); ++k)
        position_[b->instructions()[k]] = k;
    }
    if (!dt_.predecessors(fn_.entry()).empty())
      error(fn_.entry(), nullptr, "entry block must not have predecessors");
    for (const Block* b : fn_.blocks()) check_block(b);
  }

 private:
  void error(const Block* b, const Instruction* i, std::string message) {
    out_.push_back({&fn_, b, i, std::move(message)});
  }

  void check_block(const Block* b) {
    if (b->parent() != &fn_) error(b, nullptr, "block belongs to another function");
    if (b->empty()) return error(b, nullptr, "block is empty");
    if (!b->terminator()) error(b, nullptr, "block does not end in a terminator");
    bool phis_done = false;
    const auto& insts = b->instructions();
    for (std::size_t k = 0; k < insts.size(); ++k) {
      const Instruction* i = insts[k];
      if (i->parent() != b) error(b, i, "instruction's parent is not its block");
      if (i->is_terminator() && k + 1 != insts.size())
        error(b, i, std::string("terminator '") + opcode_name(i->opcode()) +
                        "' is not the last instruction of its block");
      if (i->opcode() == Opcode::Phi && phis_done)
        error(b, i, "phi is not at the start of its block");
      if (i->opcode() != Opcode::Phi) phis_done = true;
      std::string e = check_instruction(*i);
      if (!e.empty()) error(b, i, e);
      else if (i->opcode() == Opcode::Phi) check_phi(b, i);
      check_references(b, i, k);
    }
  }

  void check_phi(const Block* b, const Instruction* phi) {
    const std::vector<const Block*>& preds = dt_.predecessors(b);
    // Sets, not searches: a phi after a large switch has thousands of incoming blocks.
    std::unordered_set<const Block*> pred_set(preds.begin(), preds.end());
    std::unordered_set<const Block*> seen;
    for (const Block* in : phi->blocks()) {
      if (!pred_set.count(in))
        error(b, phi, "phi has an incoming value for '" + names_.block(in) +
                          "', which is not a predecessor");
      else if (!seen.insert(in).second)
        error(b, phi, "phi has two incoming values for '" + names_.block(in) + "'");
    }
    for (const Block* p : preds)
      if (!seen.count(p))
        error(b, phi, "phi has no incoming value for predecessor '" + names_.block(p) + "'");
  }

  void check_references(const Block* b, const Instruction* i, std::size_t k) {
    if (i->is_terminator())
      for (const Block* t : i->blocks())
        if (t && !blocks_.count(t)) error(b, i, "branch target is not a block of this function");
    if (i->opcode() == Opcode::Alloca && b != fn_.entry())
      error(b, i, "alloca is not in the entry block");
    if (i->opcode() == Opcode::Call && i->callee() && module_) {
      const auto& fns = module_->functions();
      if (std::find(fns.begin(), fns.end(), i->callee()) == fns.end())
        error(b, i, "call to @" + i->callee()->name() + ", which is not in this module");
    }
    for (unsigned j = 0; j < i->num_operands(); ++j) {
      const Value* v = i->operand(j);
      if (!v) continue;  // check_instruction reported it
      std::string which = "operand " + std::to_string(j) + " of '" + opcode_name(i->opcode()) + "'";
      switch (v->value_kind()) {
        case Value::ValueKind::Argument:
          if (static_cast<const Argument*>(v)->parent() != &fn_)
            error(b, i, which + " is a parameter of another function");
          break;
        case Value::ValueKind::Global:
          if (module_) {
            const auto& gs = module_->globals();
            if (std::find(gs.begin(), gs.end(), v) == gs.end())
              error(b, i, which + " is a global that is not in this module");
          }
          break;
        case Value::ValueKind::Instruction: check_use(b, i, k, j, static_cast<const Instruction*>(v));
          break;
        case Value::ValueKind::Constant: break;
      }
    }
  }

  void check_use(const Block* b, const Instruction* user, std::size_t k, unsigned j,
                 const Instruction* def) {
    auto pos = position_.find(def);
    if (pos == position_.end() || !def->parent() || !blocks_.count(def->parent()))
      return error(b, user, "operand " + std::to_string(j) + " of '" +
                                opcode_name(user->opcode()) +
                                "' is not an instruction of this function");
    if (!dt_.reachable(b)) return;  // nothing dominates unreachable code; nothing to check
    bool ok;
    if (user->opcode() == Opcode::Phi) {
      const Block* pred = j < user->blocks().size() ? user->blocks()[j] : nullptr;
      if (!pred || !dt_.reachable(pred)) return;
      ok = dt_.dominates(def->parent(), pred);
    } else if (def->parent() == b) {
      ok = pos->second < k;
    } else {
      ok = dt_.dominates(def->parent(), b);
    }
    if (!ok) error(b, user, "use of " + names_.value(def) + " is not dominated by its definition");
  }

  const Function& fn_;
  const Module* module_;
  std::vector<VerifierError>& out_;
  NameMap names_;
  DominatorTree dt_;
  std::unordered_set<const Block*> blocks_;
  std::unordered_map<const Instruction*, std::size_t> position_;
};

}  // namespace

std::vector<VerifierError> verify(const Module& module) {
  std::vector<VerifierError> errors;
  for (const Global* g : module.globals()) {
    std::string at = "global @" + g->symbol();
    if (!pow2(g->align()))
      errors.push_back({nullptr, nullptr, nullptr,
                        at + ": alignment " + std::to_string(g->align()) + " is not a power of two"});
    if (g->is_extern() && g->addr_space() != AddrSpace::Shared)
      errors.push_back({nullptr, nullptr, nullptr, at + ": only shared memory can be extern"});
    if (g->is_extern() && (g->size() != 0 || !g->initializer().empty()))
      errors.push_back({nullptr, nullptr, nullptr, at + ": extern shared memory has no size or initializer"});
    if (g->size() == 0 && !g->is_extern()) errors.push_back({nullptr, nullptr, nullptr, at + " has size 0"});
    if (!g->initializer().empty() && g->initializer().size() != g->size())
      errors.push_back({nullptr, nullptr, nullptr,
                        at + ": initializer has " + std::to_string(g->initializer().size()) +
                            " bytes, expected " + std::to_string(g->size())});
    if (g->is_visible() && g->addr_space() != AddrSpace::Const)
      errors.push_back({nullptr, nullptr, nullptr, at + ": only constant memory can be visible"});
    if (g->is_visible() && !g->initializer().empty())
      errors.push_back({nullptr, nullptr, nullptr, at + ": visible constant memory is filled by the host, not by an initializer"});
    if (!g->initializer().empty() && g->addr_space() == AddrSpace::Shared)
      errors.push_back({nullptr, nullptr, nullptr, at + ": shared memory has no initializer"});
  }
  for (const Function* fn : module.functions()) FunctionVerifier(*fn, &module, errors).run();
  return errors;
}

std::vector<VerifierError> verify(const Function& fn) {
  std::vector<VerifierError> errors;
  FunctionVerifier(fn, nullptr, errors).run();
  return errors;
}

std::string format_errors(const std::vector<VerifierError>& errors) {
  std::map<const Function*, NameMap> names;
  std::string out;
  for (const VerifierError& e : errors) {
    out += "error: " + e.message + "\n";
    if (!e.function) continue;
    auto it = names.find(e.function);
    if (it == names.end()) it = names.emplace(e.function, NameMap(*e.function)).first;
    if (e.instruction) {
      std::string line = print_instruction(*e.instruction, it->second);
      out += "  " + line + "\n  ^" + std::string(line.size() > 1 ? line.size() - 1 : 0, '~') + "\n";
    }
    out += "in function @" + e.function->name();
    if (e.block) out += ", block " + it->second.block(e.block);
    out += "\n";
  }
  return out;
}

}  // namespace simtc::ir
