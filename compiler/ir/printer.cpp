#include "ir/printer.hpp"

#include <ostream>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "ir/float_format.hpp"

namespace simtc::ir {
namespace {

std::string sanitize(const std::string& name) {
  std::string out = name;
  for (char& c : out) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.';
    if (!ok) c = '_';
  }
  return out;
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// Names given so far, and per base the last suffix tried: names are never taken back, so the
// search for a free `x.k` resumes there (4,000 blocks called sw.bb cost 4,000 steps, not 8M).
struct UsedNames {
  std::unordered_set<std::string> names;
  std::unordered_map<std::string, unsigned> last_suffix;
};

// A unique spelling of `base` among `used` (`x`, `x.1`, `x.2`, ...).
std::string unique(const std::string& base, UsedNames& used) {
  std::string name = base;
  unsigned& k = used.last_suffix[base];
  while (used.names.count(name)) name = base + "." + std::to_string(++k);
  used.names.insert(name);
  return name;
}

bool is_symbol_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '.' || c == '$';
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out + "\"";
}

std::string symbol(const std::string& name) {
  bool plain = !name.empty();
  for (char c : name) plain = plain && is_symbol_char(c);
  return "@" + (plain ? name : quoted(name));
}

std::string constant(const Constant& c) {
  Type t = c.type();
  switch (c.const_kind()) {
    case Constant::ConstKind::Int:
      if (t == Type::i1()) return c.int_bits() ? "true" : "false";
      return std::to_string(c.int_value_signed()) + ":" + t.str();
    case Constant::ConstKind::Float: return format_float(t, c.float_value()) + ":" + t.str();
    case Constant::ConstKind::Null: return "null:" + t.str();
    case Constant::ConstKind::Undef: return "undef:" + t.str();
  }
  return "<bad constant>";
}

// ", unroll(full)", ", unroll(disable)", ", unroll(N)" or nothing.
std::string unroll_hint(std::uint32_t hint) {
  if (hint == kUnrollNone) return "";
  if (hint == kUnrollFull) return ", unroll(full)";
  if (hint == kUnrollDisable) return ", unroll(disable)";
  return ", unroll(" + std::to_string(hint) + ")";
}

bool named_result(const Instruction& inst) {
  return has_result(inst.opcode()) && !inst.type().is_void();
}

}  // namespace

struct NameMap::Impl {
  std::unordered_map<const Value*, std::string> values;
  std::unordered_map<const Block*, std::string> blocks;
};

NameMap::NameMap(const Function& fn) : impl_(std::make_shared<Impl>()) {
  UsedNames used;
  unsigned counter = 0;
  auto assign = [&](const Value* v) {
    if (v->name().empty()) {
      impl_->values[v] = std::string("%") += std::to_string(counter++);
      return;
    }
    std::string base = sanitize(v->name());
    if (all_digits(base)) base = "_" + base;  // never confused with a numbered value
    impl_->values[v] = std::string("%") += unique(base, used);
  };
  for (const Argument* a : fn.params()) assign(a);
  for (const Block* b : fn.blocks())
    for (const Instruction* i : b->instructions())
      if (named_result(*i)) assign(i);
  UsedNames used_blocks;
  unsigned index = 0;
  for (const Block* b : fn.blocks()) {
    std::string base = b->name().empty() ? "bb" + std::to_string(index) : sanitize(b->name());
    impl_->blocks[b] = unique(base, used_blocks);
    ++index;
  }
}

std::string NameMap::value(const Value* v) const {
  if (!v) return "<null>";
  switch (v->value_kind()) {
    case Value::ValueKind::Constant: return constant(static_cast<const Constant&>(*v));
    case Value::ValueKind::Global: return symbol(static_cast<const Global&>(*v).symbol());
    default: break;
  }
  auto it = impl_->values.find(v);
  return it == impl_->values.end() ? "%<unknown>" : it->second;
}

std::string NameMap::block(const Block* b) const {
  if (!b) return "<null>";
  auto it = impl_->blocks.find(b);
  return it == impl_->blocks.end() ? "<unknown block>" : it->second;
}

std::string print_instruction(const Instruction& inst, const NameMap& names) {
  const Opcode op = inst.opcode();
  auto val = [&](unsigned i) {
    return i < inst.num_operands() ? names.value(inst.operand(i)) : std::string("<missing>");
  };
  auto vtype = [&](unsigned i) {
    return i < inst.num_operands() && inst.operand(i) ? inst.operand(i)->type().str()
                                                      : std::string("<missing>");
  };
  auto blk = [&](unsigned i) {
    return i < inst.blocks().size() ? names.block(inst.blocks()[i]) : std::string("<missing>");
  };
  auto args = [&] {
    std::string s = "(";
    for (unsigned i = 0; i < inst.num_operands(); ++i) s += (i ? ", " : "") + val(i);
    return s + ")";
  };
  auto align = [&] { return ", align " + std::to_string(inst.align()); };
  std::string s;
  if (named_result(inst)) s = names.value(&inst) + " = ";
  s += opcode_name(op);
  static constexpr std::pair<std::uint8_t, const char*> kFlags[] = {
      {NoSignedWrap, "nsw"}, {NoUnsignedWrap, "nuw"}, {Exact, "exact"},
      {InBounds, "inbounds"}, {Volatile, "volatile"}};
  for (auto [bit, name] : kFlags)
    if (inst.flags() & bit) s += std::string(" ") + name;
  const std::string type = inst.type().str();
  if (is_binary(op)) return s + " " + type + " " + val(0) + ", " + val(1);
  if (is_cast(op)) return s + " " + vtype(0) + " " + val(0) + " to " + type;
  switch (op) {
    case Opcode::FNeg: return s + " " + type + " " + val(0);
    case Opcode::ICmp:
    case Opcode::FCmp: {
      s += std::string(" ") + cmp_pred_name(inst.cmp_pred()) + " " + vtype(0) + " " + val(0) + ", " + val(1);
      // The parser derives the result (i1, or <N x i1>) from the operand type; a result of
      // another type, which the verifier rejects, is written out so that it reads back as is.
      Type natural = Type::i1();
      if (inst.num_operands() && inst.operand(0) && inst.operand(0)->type().is_vector())
        natural = Type::vec(Type::i1(), inst.operand(0)->type().lanes());
      return inst.type() == natural ? s : s + " -> " + type;
    }
    case Opcode::Select: return s + " " + type + " " + val(0) + ", " + val(1) + ", " + val(2);
    case Opcode::Alloca: return s + " " + std::to_string(inst.alloca_size()) + align();
    case Opcode::Load: return s + " " + type + ", " + val(0) + align();
    case Opcode::Store: return s + " " + val(0) + ", " + val(1) + align();
    case Opcode::PtrAdd: return s + " " + val(0) + ", " + val(1);
    case Opcode::MemCopy:
    case Opcode::MemSet: return s + " " + val(0) + ", " + val(1) + ", " + val(2) + align();
    case Opcode::Call:
      return s + " " + type + " " +
             (inst.callee() ? symbol(inst.callee()->name()) : std::string("@<null>")) + args();
    case Opcode::Intrinsic: return s + " " + type + " " + intrinsic_name(inst.intrinsic_id()) + args();
    case Opcode::InlineAsm:
      return s + " " + quoted(inst.asm_text()) + ", " + quoted(inst.asm_constraints()) + ", outputs " +
             std::to_string(inst.asm_outputs()) + " " + args();
    case Opcode::Phi:
      s += " " + type;
      for (unsigned i = 0; i < inst.num_operands(); ++i)
        s += std::string(i ? ", [" : " [") + val(i) + ", " + blk(i) + "]";
      return s;
    case Opcode::ExtractElement: return s + " " + type + " " + val(0) + ", " + val(1);
    case Opcode::InsertElement:
      return s + " " + type + " " + val(0) + ", " + val(1) + ", " + val(2);
    case Opcode::Br: return s + " " + blk(0) + unroll_hint(inst.loop_unroll());
    case Opcode::CondBr:
      return s + " " + val(0) + ", " + blk(0) + ", " + blk(1) + unroll_hint(inst.loop_unroll());
    case Opcode::Switch: {
      s += " " + val(0) + ", " + blk(0);
      Type ct = inst.num_operands() && inst.operand(0) ? inst.operand(0)->type() : Type::i64();
      for (unsigned i = 0; i < inst.case_values().size(); ++i) {
        std::int64_t c = inst.case_values()[i];
        std::string cs = ct == Type::i1() ? (c ? "true" : "false")
                                          : std::to_string(c) + ":" + ct.str();
        s += std::string(i ? ", [" : " [") + cs + ", " + blk(i + 1) + "]";
      }
      return s;
    }
    case Opcode::Ret: return inst.num_operands() ? s + " " + val(0) : s;
    default: return s;
  }
}

namespace {

void print_function(std::ostream& os, const Function& fn, const FileTable* files,
                    const PrintOptions& options) {
  NameMap names(fn);
  os << (fn.is_kernel() ? "kernel " : "func ") << symbol(fn.name()) << "(";
  for (unsigned i = 0; i < fn.params().size(); ++i) {
    os << (i ? ", " : "") << fn.param(i)->type().str() << " ";
    if (fn.param_attrs(i) & NoAlias) os << "noalias ";
    if (fn.param_attrs(i) & ReadOnly) os << "readonly ";
    if (fn.param_attrs(i) & GridConstant) os << "grid_constant ";
    os << names.value(fn.param(i));
  }
  os << ")";
  if (!fn.return_type().is_void()) os << " -> " << fn.return_type().str();
  const LaunchBounds& lb = fn.launch_bounds();
  auto dims = [](const std::array<std::uint32_t, 3>& d) {
    return std::string("(") += std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " +
           std::to_string(d[2]) + ")";
  };
  if (lb.reqntid) os << " reqntid" << dims(*lb.reqntid);
  if (lb.maxntid) os << " maxntid" << dims(*lb.maxntid);
  if (lb.min_blocks_per_sm) os << " minctasm(" << *lb.min_blocks_per_sm << ")";
  if (lb.max_registers) os << " maxnreg(" << *lb.max_registers << ")";
  if (lb.reqnctapercluster) os << " reqnctapercluster" << dims(*lb.reqnctapercluster);
  os << " {\n";
  for (const Block* b : fn.blocks()) {
    os << names.block(b) << ":\n";
    for (const Instruction* i : b->instructions()) {
      os << "  " << print_instruction(*i, names);
      if (options.locations && i->loc().valid()) {
        SourceLoc l = i->loc();
        os << "  ; "
           << (files ? files->format(l)
                     : "file#" + std::to_string(l.file) + ":" + std::to_string(l.line) + ":" +
                           std::to_string(l.column));
      }
      os << "\n";
    }
  }
  os << "}\n";
}

}  // namespace

void print(std::ostream& os, const Module& module, const PrintOptions& options) {
  for (std::size_t i = 0; i < module.files().size(); ++i)
    os << "file " << i << " " << quoted(module.files().path(static_cast<std::uint32_t>(i)))
       << "\n";
  for (const Global* g : module.globals()) {
    os << "global " << symbol(g->symbol()) << " : " << addr_space_name(g->addr_space());
    if (g->is_extern())
      os << ", extern";
    else
      os << ", size " << g->size();
    os << ", align " << g->align();
    if (g->is_visible()) os << ", visible";
    if (!g->initializer().empty()) {
      static const char* kHex = "0123456789abcdef";
      os << " = bytes \"";
      for (std::uint8_t byte : g->initializer()) os << kHex[byte >> 4] << kHex[byte & 15];
      os << "\"";
    }
    os << "\n";
  }
  bool first = module.files().size() == 0 && module.globals().empty();
  for (const Function* fn : module.functions()) {
    if (!first) os << "\n";
    first = false;
    print_function(os, *fn, &module.files(), options);
  }
}

std::string print(const Module& module, const PrintOptions& options) {
  std::ostringstream os;
  print(os, module, options);
  return os.str();
}

std::string print(const Function& fn, const PrintOptions& options) {
  std::ostringstream os;
  print_function(os, fn, nullptr, options);
  return os.str();
}

}  // namespace simtc::ir
