#include "ir/module.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <set>
#include <unordered_set>

#include "ir/float_format.hpp"
#include "support/ice.hpp"

namespace simtc::ir {

std::int64_t Constant::int_value_signed() const {
  unsigned bits = type().element_bits();
  if (bits == 0 || bits >= 64) return static_cast<std::int64_t>(bits_);
  std::uint64_t sign = std::uint64_t{1} << (bits - 1);
  return static_cast<std::int64_t>((bits_ ^ sign) - sign);
}

Function* Module::create_function(const std::string& name, Type return_type,
                                  const std::vector<Type>& param_types,
                                  const std::vector<std::string>& param_names, bool is_kernel) {
  SIMTC_ASSERT(!find_function(name) && !find_global(name),
               "Module::create_function: the symbol @" + name + " is already defined");
  SIMTC_ASSERT(param_names.empty() || param_names.size() == param_types.size(),
               "Module::create_function: " + std::to_string(param_names.size()) +
                   " names for " + std::to_string(param_types.size()) + " parameters");
  auto fn = std::make_unique<Function>(name, return_type, is_kernel);
  Function* f = fn.get();
  for (unsigned i = 0; i < param_types.size(); ++i) {
    SIMTC_ASSERT(!param_types[i].is_void(), "Module::create_function: a void parameter");
    auto arg = std::make_unique<Argument>(param_types[i], f, i);
    if (!param_names.empty()) arg->set_name(param_names[i]);
    f->params_.push_back(arg.get());
    value_arena_.push_back(std::move(arg));
  }
  function_arena_.push_back(std::move(fn));
  functions_.push_back(f);
  return f;
}

Block* Module::create_block(Function* fn, const std::string& name) {
  SIMTC_ASSERT(fn, "Module::create_block: no function");
  auto block = std::make_unique<Block>(fn, name);
  Block* b = block.get();
  block_arena_.push_back(std::move(block));
  fn->blocks_.push_back(b);
  return b;
}

Global* Module::create_global(const std::string& symbol, AddrSpace space, std::uint64_t size,
                              unsigned align) {
  SIMTC_ASSERT(!find_function(symbol) && !find_global(symbol),
               "Module::create_global: the symbol @" + symbol + " is already defined");
  auto global = std::make_unique<Global>(symbol, space, size, align);
  Global* g = global.get();
  value_arena_.push_back(std::move(global));
  globals_.push_back(g);
  return g;
}

Instruction* Module::create_instruction(Opcode op, Type type, std::vector<Value*> operands) {
  auto inst = std::make_unique<Instruction>(op, type, std::move(operands));
  Instruction* i = inst.get();
  value_arena_.push_back(std::move(inst));
  return i;
}

namespace {
auto const_key(Type t, Constant::ConstKind kind, std::uint64_t bits) {
  return std::make_tuple(static_cast<int>(t.kind()), static_cast<int>(t.addr_space()),
                         static_cast<int>(t.lanes()), static_cast<std::uint8_t>(kind), bits);
}
}  // namespace

Constant* Module::get_int(Type type, std::uint64_t bits) {
  SIMTC_ASSERT(type.is_int() && !type.is_vector(),
               "Module::get_int: " + type.str() + " is not an integer scalar type");
  unsigned width = type.element_bits();
  if (width < 64) bits &= (std::uint64_t{1} << width) - 1;
  auto key = const_key(type, Constant::ConstKind::Int, bits);
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  auto c = std::make_unique<Constant>(type, Constant::ConstKind::Int, bits, 0.0);
  Constant* p = c.get();
  value_arena_.push_back(std::move(c));
  constants_.emplace(key, p);
  return p;
}

Constant* Module::get_float(Type type, double value) {
  SIMTC_ASSERT(type.is_float() && !type.is_vector(),
               "Module::get_float: " + type.str() + " is not a float scalar type");
  value = round_to_float_type(type, value);
  if (std::isnan(value)) value = std::numeric_limits<double>::quiet_NaN();  // one NaN
  auto bits = std::bit_cast<std::uint64_t>(value);
  auto key = const_key(type, Constant::ConstKind::Float, bits);
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  auto c = std::make_unique<Constant>(type, Constant::ConstKind::Float, 0, value);
  Constant* p = c.get();
  value_arena_.push_back(std::move(c));
  constants_.emplace(key, p);
  return p;
}

Constant* Module::get_null(Type ptr_type) {
  SIMTC_ASSERT(ptr_type.is_ptr() && !ptr_type.is_vector(),
               "Module::get_null: " + ptr_type.str() + " is not a pointer type");
  auto key = const_key(ptr_type, Constant::ConstKind::Null, 0);
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  auto c = std::make_unique<Constant>(ptr_type, Constant::ConstKind::Null, 0, 0.0);
  Constant* p = c.get();
  value_arena_.push_back(std::move(c));
  constants_.emplace(key, p);
  return p;
}

Constant* Module::get_undef(Type type) {
  SIMTC_ASSERT(!type.is_void(), "Module::get_undef: undef of void");
  auto key = const_key(type, Constant::ConstKind::Undef, 0);
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  auto c = std::make_unique<Constant>(type, Constant::ConstKind::Undef, 0, 0.0);
  Constant* p = c.get();
  value_arena_.push_back(std::move(c));
  constants_.emplace(key, p);
  return p;
}

Function* Module::find_function(const std::string& name) const {
  for (Function* f : functions_)
    if (f->name() == name) return f;
  return nullptr;
}

Global* Module::find_global(const std::string& symbol) const {
  for (Global* g : globals_)
    if (g->symbol() == symbol) return g;
  return nullptr;
}

void Module::remove_function(Function* fn) {
  auto it = std::find(functions_.begin(), functions_.end(), fn);
  SIMTC_ASSERT(it != functions_.end(), "Module::remove_function: not a function of this module");
  for (Function* f : functions_)
    for (Block* b : f->blocks())
      for (Instruction* i : b->instructions())
        SIMTC_ASSERT(f == fn || i->opcode() != Opcode::Call || i->callee() != fn,
                     "Module::remove_function: @" + fn->name() + " is still called from @" +
                         f->name());
  functions_.erase(it);
}

std::vector<const Global*> shared_globals_reached(const Module& module, const Function& kernel, bool* extern_used) {
  std::set<const Global*> found;
  std::unordered_set<const Function*> seen{&kernel};
  std::vector<const Function*> work{&kernel};
  if (extern_used) *extern_used = false;
  while (!work.empty()) {
    const Function* fn = work.back();
    work.pop_back();
    for (const Block* b : fn->blocks())
      for (const Instruction* i : b->instructions()) {
        if (i->opcode() == Opcode::Call && i->callee() != nullptr && seen.insert(i->callee()).second)
          work.push_back(i->callee());
        for (const Value* v : i->operands()) {
          if (v == nullptr || v->value_kind() != Value::ValueKind::Global) continue;
          const auto* g = static_cast<const Global*>(v);
          if (g->addr_space() != AddrSpace::Shared) continue;
          if (!g->is_extern())
            found.insert(g);
          else if (extern_used)
            *extern_used = true;
        }
      }
  }
  std::vector<const Global*> ordered;
  for (const Global* g : module.globals())
    if (found.count(g)) ordered.push_back(g);
  return ordered;
}

}  // namespace simtc::ir
