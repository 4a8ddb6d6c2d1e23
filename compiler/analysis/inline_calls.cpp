#include "analysis/inline_calls.hpp"

#include <algorithm>
#include <functional>
#include <unordered_set>

#include "analysis/clone.hpp"
#include "ir/builder.hpp"
#include "passes/pass_utils.hpp"

namespace simtc::analysis {
namespace {

std::vector<const ir::Function*> callees(const ir::Function& fn) {
  std::vector<const ir::Function*> out;
  for (const ir::Block* b : fn.blocks())
    for (const ir::Instruction* i : b->instructions())
      if (i->opcode() == ir::Opcode::Call && i->callee() &&
          std::find(out.begin(), out.end(), i->callee()) == out.end())
        out.push_back(i->callee());
  return out;
}

std::size_t instruction_count(const ir::Function& fn) {
  std::size_t n = 0;
  for (const ir::Block* b : fn.blocks()) n += b->instructions().size();
  return n;
}

// Replaces `call` (in `kernel`) by a copy of its callee's body.
void inline_one(ir::Module& module, ir::Function& kernel, ir::Instruction* call,
                InlineResult& result, std::vector<ir::Instruction*>& work,
                std::unordered_map<const ir::Value*, ir::Value*>& replace) {
  ir::Block* block = call->parent();
  const ir::Function& callee = *call->callee();
  auto site_it = result.site_of.find(call);
  result.sites.push_back(std::make_unique<InlineSite>(
      InlineSite{call->loc(), call->in_unsafe(), &callee, nullptr,
                 site_it != result.site_of.end() ? site_it->second : nullptr}));
  InlineSite& site = *result.sites.back();
  site.caller = site.parent ? site.parent->callee : &kernel;

  // Split the block after the call: the rest goes to `cont`.
  ir::Block* cont = module.create_block(&kernel, block->name() + ".cont");
  kernel.move_block_after(cont, block);
  const auto& insts = block->instructions();
  std::vector<ir::Instruction*> rest(std::find(insts.begin(), insts.end(), call) + 1, insts.end());
  for (ir::Instruction* i : rest) {
    block->remove(i);
    cont->append(i);
  }
  for (ir::Block* s : cont->successors())
    for (ir::Instruction* phi : passes::phis(s))
      for (unsigned j = 0; j < phi->blocks().size(); ++j)
        if (phi->blocks()[j] == block) phi->set_block(j, cont);

  CloneMap map;
  for (unsigned i = 0; i < callee.params().size(); ++i) map.values[callee.param(i)] = call->operand(i);
  ir::Block* entry = clone_blocks(callee, kernel, module, map);
  ir::Builder builder(module);
  builder.set_loc(call->loc());
  builder.set_unsafe(call->in_unsafe());
  // The result: the returned value when the callee has one `ret` (irgen's shape), else a phi.
  std::size_t rets = 0;
  for (const ir::Block* ob : callee.blocks())
    if (const ir::Instruction* t = ob->terminator(); t && t->opcode() == ir::Opcode::Ret) ++rets;
  ir::Instruction* result_phi = nullptr;
  ir::Value* result_value = nullptr;
  if (!callee.return_type().is_void() && rets != 1) {
    builder.set_insert_point(cont);
    result_phi = builder.phi(callee.return_type());
  }
  ir::Block* kernel_entry = kernel.entry();
  for (const ir::Block* ob : callee.blocks()) {
    ir::Block* nb = map.blocks.at(ob);
    for (ir::Instruction* i : std::vector<ir::Instruction*>(nb->instructions())) {
      result.site_of[i] = &site;
      if (i->opcode() == ir::Opcode::Alloca && kernel_entry != block) {
        nb->remove(i);
        kernel_entry->insert_before(kernel_entry->instructions().front(), i);
      } else if (i->opcode() == ir::Opcode::Alloca) {
        nb->remove(i);  // the call is in the kernel's entry block: keep allocas in front
        block->insert_before(block->instructions().front(), i);
      } else if (i->opcode() == ir::Opcode::Ret) {
        if (result_phi) result_phi->add_incoming(i->operand(0), nb);
        else if (i->num_operands() == 1) result_value = i->operand(0);
        nb->remove(i);
        builder.set_insert_point(nb);
        builder.set_loc(i->loc());
        builder.br(cont);
      } else if (i->opcode() == ir::Opcode::Call) {
        work.push_back(i);
      }
    }
  }
  block->remove(call);
  builder.set_insert_point(block);
  builder.set_loc(call->loc());
  builder.br(entry);
  if (result_phi && result_phi->num_operands() == 0) {
    // The callee never returns: nothing flows into `cont` but the phi names no edge.
    cont->remove(result_phi);
    result_value = module.get_undef(result_phi->type());
  } else if (result_phi) {
    result_value = result_phi;
  }
  if (result_value) replace[call] = result_value;  // applied once, at the end
}

}  // namespace

std::vector<const ir::Function*> recursive_functions(const ir::Module& module) {
  // f is recursive when f reaches itself through calls.
  std::vector<const ir::Function*> out;
  std::unordered_map<const ir::Function*, std::vector<const ir::Function*>> edges;
  for (const ir::Function* f : module.functions()) edges[f] = callees(*f);
  for (const ir::Function* f : module.functions()) {
    std::unordered_set<const ir::Function*> seen;
    std::vector<const ir::Function*> stack = edges[f];
    bool found = false;
    while (!stack.empty() && !found) {
      const ir::Function* g = stack.back();
      stack.pop_back();
      if (g == f) found = true;
      else if (seen.insert(g).second)
        for (const ir::Function* h : edges[g]) stack.push_back(h);
    }
    if (found) out.push_back(f);
  }
  return out;
}

InlineResult inline_calls(ir::Module& module, ir::Function& kernel, const InlineOptions& options) {
  InlineResult result;
  std::unordered_map<const ir::Value*, ir::Value*> replace;  // call -> its result
  std::vector<const ir::Function*> recursive = recursive_functions(module);
  std::vector<ir::Instruction*> work;
  for (ir::Block* b : kernel.blocks())
    for (ir::Instruction* i : b->instructions())
      if (i->opcode() == ir::Opcode::Call) work.push_back(i);
  std::reverse(work.begin(), work.end());
  std::size_t size = instruction_count(kernel);
  while (!work.empty()) {
    ir::Instruction* call = work.back();
    work.pop_back();
    const ir::Function* callee = call->callee();
    if (callee == nullptr || callee->blocks().empty() ||
        std::find(recursive.begin(), recursive.end(), callee) != recursive.end()) {
      result.calls_left.push_back(call);
      continue;
    }
    if (size > options.max_instructions) {
      result.calls_left.push_back(call);
      result.over_budget.push_back(call);
      continue;
    }
    size += instruction_count(*callee);
    std::size_t before = work.size();
    inline_one(module, kernel, call, result, work, replace);
    std::reverse(work.begin() + static_cast<std::ptrdiff_t>(before), work.end());
  }
  auto resolve = [&](ir::Value* v) {
    for (auto it = replace.find(v); it != replace.end(); it = replace.find(v)) v = it->second;
    return v;
  };
  if (!replace.empty())
    for (ir::Block* b : kernel.blocks())
      for (ir::Instruction* i : b->instructions())
        for (unsigned k = 0; k < i->num_operands(); ++k)
          if (replace.count(i->operand(k))) i->set_operand(k, resolve(i->operand(k)));
  return result;
}

}  // namespace simtc::analysis
