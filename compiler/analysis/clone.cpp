#include "analysis/clone.hpp"

#include <vector>

#include "support/ice.hpp"

namespace simtc::analysis {
namespace {

ir::Value* remake_constant(const ir::Constant* c, ir::Module& module) {
  switch (c->const_kind()) {
    case ir::Constant::ConstKind::Int: return module.get_int(c->type(), c->int_bits());
    case ir::Constant::ConstKind::Float: return module.get_float(c->type(), c->float_value());
    case ir::Constant::ConstKind::Null: return module.get_null(c->type());
    case ir::Constant::ConstKind::Undef: return module.get_undef(c->type());
  }
  SIMTC_ICE("clone: unknown constant kind");
}

ir::Value* mapped(const ir::Value* v, ir::Module& module, CloneMap& map) {
  if (auto it = map.values.find(v); it != map.values.end()) return it->second;
  if (v->value_kind() == ir::Value::ValueKind::Constant) {
    ir::Value* c = remake_constant(static_cast<const ir::Constant*>(v), module);
    map.values[v] = c;
    return c;
  }
  return const_cast<ir::Value*>(v);
}

}  // namespace

ir::Block* clone_blocks(const ir::Function& from, ir::Function& to, ir::Module& module,
                        CloneMap& map) {
  for (const ir::Block* b : from.blocks()) map.blocks[b] = module.create_block(&to, b->name());
  std::vector<std::pair<const ir::Instruction*, ir::Instruction*>> copies;
  for (const ir::Block* b : from.blocks()) {
    ir::Block* nb = map.blocks.at(b);
    for (const ir::Instruction* inst : b->instructions()) {
      std::vector<ir::Value*> operands(inst->operands().begin(), inst->operands().end());
      ir::Instruction* copy = module.create_instruction(inst->opcode(), inst->type(), operands);
      copy->set_name(inst->name());
      copy->set_loc(inst->loc());
      copy->set_flags(inst->flags());
      copy->set_in_unsafe(inst->in_unsafe());
      copy->set_cmp_pred(inst->cmp_pred());
      copy->set_intrinsic_id(inst->intrinsic_id());
      copy->set_align(inst->align());
      copy->set_alloca_size(inst->alloca_size());
      if (inst->opcode() == ir::Opcode::InlineAsm)
        copy->set_inline_asm(inst->asm_text(), inst->asm_constraints(), inst->asm_outputs());
      copy->set_loop_unroll(inst->loop_unroll());
      copy->set_case_values({inst->case_values().begin(), inst->case_values().end()});
      if (ir::Function* callee = inst->callee()) {
        auto it = map.functions.find(callee);
        copy->set_callee(it != map.functions.end() ? it->second : callee);
      }
      std::vector<ir::Block*> blocks;
      for (const ir::Block* t : inst->blocks()) blocks.push_back(map.blocks.at(t));
      copy->set_blocks(std::move(blocks));
      nb->append(copy);
      map.values[inst] = copy;
      copies.push_back({inst, copy});
    }
  }
  // Operands last: a phi (or a use in a block printed earlier) may name a later definition.
  for (auto& [inst, copy] : copies)
    for (unsigned k = 0; k < inst->num_operands(); ++k)
      copy->set_operand(k, mapped(inst->operand(k), module, map));
  return map.blocks.at(from.entry());
}

std::unique_ptr<ir::Module> clone_module(const ir::Module& module, CloneMap& map) {
  auto out = std::make_unique<ir::Module>();
  for (std::size_t i = 0; i < module.files().size(); ++i)
    out->files().intern(module.files().path(static_cast<std::uint32_t>(i)));
  for (const ir::Global* g : module.globals()) {
    ir::Global* copy = out->create_global(g->symbol(), g->addr_space(), g->size(), g->align());
    copy->set_initializer(g->initializer());
    copy->set_extern(g->is_extern());
    copy->set_visible(g->is_visible());
    copy->set_loc(g->loc());
    copy->set_name(g->name());
    map.values[g] = copy;
  }
  for (const ir::Module::HostConstant& c : module.host_constants()) out->add_host_constant(c);
  for (const ir::Function* fn : module.functions()) {
    std::vector<ir::Type> types;
    std::vector<std::string> names;
    for (const ir::Argument* a : fn->params()) {
      types.push_back(a->type());
      names.push_back(a->name());
    }
    ir::Function* copy =
        out->create_function(fn->name(), fn->return_type(), types, names, fn->is_kernel());
    copy->set_loc(fn->loc());
    copy->set_library(fn->is_library());
    copy->set_owner_access(fn->is_owner_access());
    copy->launch_bounds() = fn->launch_bounds();
    copy->signature() = fn->signature();
    for (unsigned i = 0; i < fn->params().size(); ++i) {
      copy->set_param_attrs(i, fn->param_attrs(i));
      map.values[fn->param(i)] = copy->param(i);
    }
    map.functions[fn] = copy;
  }
  for (const ir::Function* fn : module.functions())
    if (!fn->blocks().empty()) clone_blocks(*fn, *map.functions.at(fn), *out, map);
  return out;
}

}  // namespace simtc::analysis
