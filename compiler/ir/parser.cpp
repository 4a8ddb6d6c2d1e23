// Parser of the text form. Two passes: the first creates globals and function signatures
// (so calls may name functions defined later), the second parses each body into a list of
// parsed instructions and then creates them, patching forward references at the end.
#include "ir/parser.hpp"

#include <unordered_map>

#include "ir/float_format.hpp"
#include "ir/parser_lexer.hpp"

namespace simtc::ir {
namespace {

using parser_detail::Tok;
using parser_detail::Token;
using parser_detail::all_digits;
using parser_detail::read_decimal;

struct ValRef {
  std::size_t tok = 0;        // for errors
  Value* value = nullptr;     // constants and globals
  std::string local;          // %name otherwise
};

struct PInst {
  Opcode op = Opcode::Unreachable;
  std::size_t tok = 0;
  std::string result;
  Type type;  // the result type (ptr_add: resolved later)
  std::uint8_t flags = 0;
  CmpPred pred = CmpPred::Eq;
  IntrinsicId iid{};
  Function* callee = nullptr;
  unsigned align = 0;
  std::uint64_t size = 0;
  std::vector<ValRef> ops;
  std::vector<std::size_t> blocks;  // tokens naming blocks
  std::vector<std::int64_t> cases;
  std::uint32_t unroll = kUnrollNone;
  std::string asm_text, asm_constraints;  // inline_asm (size: its outputs)
  Block* block = nullptr;
};

struct FuncInfo {
  Function* fn;
  std::size_t body;  // token after '{'
  std::unordered_map<std::string, Value*> params;
};

class Parser {
 public:
  Parser(std::vector<Token> toks, Module& m) : t_(std::move(toks)), m_(m) {}

  bool parse_module();
  std::string error;

 private:
  const Token& peek(std::size_t k = 0) const { return t_[std::min(p_ + k, t_.size() - 1)]; }
  bool at(Tok k) const { return peek().kind == k; }
  bool at_word(const char* w) const { return at(Tok::Word) && peek().text == w; }
  bool fail_at(std::size_t tok, const std::string& msg) {
    if (error.empty()) {
      const Token& t = t_[std::min(tok, t_.size() - 1)];
      error = std::to_string(t.line) + ":" + std::to_string(t.col) + ": " + msg;
    }
    return false;
  }
  bool fail(const std::string& msg) { return fail_at(p_, msg); }
  bool expect(Tok k, const char* what) {
    if (!at(k)) return fail(std::string("expected ") + what);
    ++p_;
    return true;
  }
  bool expect_word(const char* w) {
    if (!at_word(w)) return fail(std::string("expected '") + w + "'");
    ++p_;
    return true;
  }
  void skip_newlines() {
    while (at(Tok::Newline)) ++p_;
  }
  bool end_of_line() { return at(Tok::End) || expect(Tok::Newline, "end of line"); }

  bool parse_uint(std::uint64_t& out);
  bool parse_type(Type& out);
  bool parse_value(ValRef& out);
  bool parse_constant(Value*& out);
  bool parse_block_ref(std::vector<std::size_t>& blocks);
  bool parse_align(unsigned& align);
  bool parse_unroll(std::uint32_t& hint);
  bool parse_args(std::vector<ValRef>& ops);
  bool parse_file();
  bool parse_global();
  bool parse_header();
  bool parse_bounds(Function* fn);
  bool parse_body(FuncInfo& info);
  bool parse_inst(PInst& pi);
  bool build_body(FuncInfo& info, std::vector<PInst>& insts,
                  std::unordered_map<std::string, Block*>& labels);

  std::vector<Token> t_;
  std::size_t p_ = 0;
  Module& m_;
  std::vector<FuncInfo> funcs_;
  std::unordered_map<std::string, std::size_t> defs_;  // the body being parsed: %name -> inst
};

bool Parser::parse_uint(std::uint64_t& out) {
  if (!at(Tok::Word) || !all_digits(peek().text)) return fail("expected a number");
  if (!read_decimal(peek().text, out)) return fail("number out of range");
  ++p_;
  return true;
}

bool Parser::parse_type(Type& out) {
  if (at(Tok::Less)) {
    std::size_t start = p_++;
    std::uint64_t lanes = 0;
    Type elem;
    if (!parse_uint(lanes) || !expect_word("x") || !parse_type(elem) ||
        !expect(Tok::Greater, "'>'"))
      return false;
    if ((lanes != 2 && lanes != 3 && lanes != 4 && lanes != 8) || elem.is_vector() ||
        elem.is_ptr() || elem.is_void())
      return fail_at(start, "invalid vector type");
    out = Type::vec(elem, static_cast<unsigned>(lanes));
    return true;
  }
  static const std::pair<const char*, Type> kTypes[] = {
      {"void", Type::void_()}, {"i1", Type::i1()}, {"i8", Type::i8()}, {"i16", Type::i16()},
      {"i32", Type::i32()}, {"i64", Type::i64()}, {"f16", Type::f16()},
      {"bf16", Type::bf16()}, {"f32", Type::f32()}, {"f64", Type::f64()},
      {"ptr", Type::ptr()}, {"ptr.global", Type::ptr(AddrSpace::Global)},
      {"ptr.shared", Type::ptr(AddrSpace::Shared)}, {"ptr.const", Type::ptr(AddrSpace::Const)},
      {"ptr.local", Type::ptr(AddrSpace::Local)}};
  if (!at(Tok::Word)) return fail("expected a type");
  for (auto& [name, type] : kTypes)
    if (peek().text == name) {
      out = type;
      ++p_;
      return true;
    }
  return fail("unknown type '" + peek().text + "'");
}

bool Parser::parse_constant(Value*& out) {
  std::size_t start = p_;
  std::string text = peek().text;
  if (!at(Tok::Word)) return fail("expected a value");
  ++p_;
  if (text == "true" || text == "false") {
    out = m_.get_bool(text == "true");
    return true;
  }
  Type type;
  if (!expect(Tok::Colon, "':' and a type after a constant") || !parse_type(type)) return false;
  if (text == "null") {
    if (!type.is_ptr() || type.is_vector()) return fail_at(start, "null must have a pointer type");
    out = m_.get_null(type);
  } else if (text == "undef") {
    if (type.is_void()) return fail_at(start, "undef of void");
    out = m_.get_undef(type);
  } else if (type.is_int() && !type.is_vector()) {
    bool neg = text[0] == '-';
    std::uint64_t mag = 0;
    if (!read_decimal(neg ? text.substr(1) : text, mag))
      return fail_at(start, "invalid integer constant '" + text + "'");
    unsigned w = type.element_bits();
    std::uint64_t umax = w == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
    std::uint64_t nmax = std::uint64_t{1} << (w - 1);
    if ((neg && mag > nmax) || (!neg && mag > umax))
      return fail_at(start, "integer constant " + text + " does not fit in " + type.str());
    out = m_.get_int(type, neg ? ~mag + 1 : mag);
  } else if (type.is_float() && !type.is_vector()) {
    auto v = parse_float(type, text);
    if (!v) return fail_at(start, "invalid float constant '" + text + "' for " + type.str());
    out = m_.get_float(type, *v);
  } else {
    return fail_at(start, "no constants of type " + type.str());
  }
  return true;
}

bool Parser::parse_value(ValRef& out) {
  out = ValRef{p_, nullptr, ""};
  if (at(Tok::Local)) {
    out.local = t_[p_++].text;
    return true;
  }
  if (at(Tok::Global)) {
    const std::string& sym = peek().text;
    if (Global* g = m_.find_global(sym)) {
      out.value = g;
      ++p_;
      return true;
    }
    if (m_.find_function(sym)) return fail("'@" + sym + "' is a function, not a value");
    return fail("undefined global '@" + sym + "'");
  }
  return parse_constant(out.value);
}

bool Parser::parse_block_ref(std::vector<std::size_t>& blocks) {
  if (!at(Tok::Word)) return fail("expected a block name");
  blocks.push_back(p_++);
  return true;
}

bool Parser::parse_align(unsigned& align) {
  std::uint64_t a = 0;
  if (!expect(Tok::Comma, "','") || !expect_word("align") || !parse_uint(a)) return false;
  align = static_cast<unsigned>(a);
  return true;
}

// An optional `, unroll(full|disable|N)` after a branch's blocks (N >= 2).
bool Parser::parse_unroll(std::uint32_t& hint) {
  if (!at(Tok::Comma)) return true;
  ++p_;
  if (!expect_word("unroll") || !expect(Tok::LParen, "'('")) return false;
  if (at_word("full")) {
    hint = kUnrollFull;
    ++p_;
  } else if (at_word("disable")) {
    hint = kUnrollDisable;
    ++p_;
  } else {
    std::uint64_t count = 0;
    std::size_t tok = p_;
    if (!parse_uint(count)) return false;
    if (count < 2 || count >= kUnrollFull)
      return fail_at(tok, "an unroll count must be at least 2 (use unroll(disable) for 1)");
    hint = static_cast<std::uint32_t>(count);
  }
  return expect(Tok::RParen, "')'");
}

bool Parser::parse_args(std::vector<ValRef>& ops) {
  if (!expect(Tok::LParen, "'('")) return false;
  while (!at(Tok::RParen)) {
    if (!ops.empty() && !expect(Tok::Comma, "',' or ')'")) return false;
    if (!parse_value(ops.emplace_back())) return false;
  }
  ++p_;
  return true;
}

bool Parser::parse_file() {
  std::uint64_t n = 0;
  std::size_t num = p_;
  if (!parse_uint(n)) return false;
  if (n != m_.files().size())
    return fail_at(num, "expected file number " + std::to_string(m_.files().size()));
  if (!at(Tok::String)) return fail("expected a quoted path");
  m_.files().intern(t_[p_++].text);
  return end_of_line();
}

bool Parser::parse_global() {
  if (!at(Tok::Global)) return fail("expected '@name'");
  std::size_t sym_tok = p_++;
  const std::string& sym = t_[sym_tok].text;
  if (m_.find_global(sym) || m_.find_function(sym))
    return fail_at(sym_tok, "redefinition of '@" + sym + "'");
  if (!expect(Tok::Colon, "':'") || !at(Tok::Word)) return fail("expected an address space");
  static const AddrSpace kSpaces[] = {AddrSpace::Generic, AddrSpace::Global, AddrSpace::Shared,
                                      AddrSpace::Const, AddrSpace::Local};
  const AddrSpace* space = nullptr;
  for (const AddrSpace& s : kSpaces)
    if (peek().text == addr_space_name(s)) space = &s;
  if (!space) return fail("unknown address space '" + peek().text + "'");
  ++p_;
  std::uint64_t size = 0;
  unsigned align = 0;
  if (!expect(Tok::Comma, "','")) return false;
  const bool is_extern = at_word("extern");  // `extern` in place of `size N`: sized at launch
  if (is_extern)
    ++p_;
  else if (!expect_word("size") || !parse_uint(size))
    return false;
  if (!parse_align(align)) return false;
  Global* g = m_.create_global(sym, *space, size, align);
  g->set_extern(is_extern);
  if (at(Tok::Comma)) {  // `, visible`: constant memory the host fills
    ++p_;
    if (!expect_word("visible")) return false;
    g->set_visible(true);
  }
  if (at(Tok::Equal)) {
    ++p_;
    if (!expect_word("bytes") || !at(Tok::String)) return fail("expected a quoted hex string");
    const std::string& hex = peek().text;
    if (hex.size() != size * 2)
      return fail("initializer has " + std::to_string(hex.size() / 2) + " bytes, expected " +
                  std::to_string(size));
    std::vector<std::uint8_t> bytes;
    if (!parser_detail::decode_hex(hex, bytes)) return fail("invalid hex digit in initializer");
    ++p_;
    g->set_initializer(std::move(bytes));
  }
  return end_of_line();
}

bool Parser::parse_bounds(Function* fn) {
  LaunchBounds& lb = fn->launch_bounds();
  while (at(Tok::Word)) {
    std::string what = peek().text;
    bool dims = what == "reqntid" || what == "maxntid" || what == "reqnctapercluster";
    if (!dims && what != "minctasm" && what != "maxnreg")
      return fail("unknown launch bound '" + what + "'");
    ++p_;
    std::array<std::uint32_t, 3> v{};
    if (!expect(Tok::LParen, "'('")) return false;
    for (unsigned i = 0; i < (dims ? 3u : 1u); ++i) {
      std::uint64_t n = 0;
      if ((i && !expect(Tok::Comma, "','")) || !parse_uint(n)) return false;
      v[i] = static_cast<std::uint32_t>(n);
    }
    if (!expect(Tok::RParen, "')'")) return false;
    if (what == "reqntid") lb.reqntid = v;
    if (what == "maxntid") lb.maxntid = v;
    if (what == "minctasm") lb.min_blocks_per_sm = v[0];
    if (what == "maxnreg") lb.max_registers = v[0];
    if (what == "reqnctapercluster") lb.reqnctapercluster = v;
  }
  return true;
}

bool Parser::parse_header() {
  bool kernel = peek().text == "kernel";
  ++p_;
  if (!at(Tok::Global)) return fail("expected '@name'");
  std::size_t name_tok = p_++;
  const std::string& name = t_[name_tok].text;
  if (m_.find_function(name) || m_.find_global(name))
    return fail_at(name_tok, "redefinition of '@" + name + "'");
  if (!expect(Tok::LParen, "'('")) return false;
  std::vector<Type> types;
  std::vector<std::string> names;
  std::vector<std::size_t> name_toks;
  std::vector<std::uint8_t> attrs;
  while (!at(Tok::RParen)) {
    if (!types.empty() && !expect(Tok::Comma, "',' or ')'")) return false;
    if (!parse_type(types.emplace_back())) return false;
    if (types.back().is_void()) return fail_at(p_ - 1, "parameter of type void");
    std::uint8_t param_attrs = 0;
    for (;;) {
      if (peek().text == "noalias") param_attrs |= NoAlias;
      else if (peek().text == "readonly") param_attrs |= ReadOnly;
      else if (peek().text == "grid_constant") param_attrs |= GridConstant;
      else break;
      ++p_;
    }
    attrs.push_back(param_attrs);
    if (!at(Tok::Local)) return fail("expected a parameter name");
    name_toks.push_back(p_);
    names.push_back(t_[p_++].text);
  }
  ++p_;
  Type ret = Type::void_();
  if (at(Tok::Arrow) && (++p_, !parse_type(ret))) return false;
  std::vector<std::string> ir_names;
  for (const std::string& n : names) ir_names.push_back(all_digits(n) ? "" : n);
  Function* fn = m_.create_function(name, ret, types, ir_names, kernel);
  for (unsigned i = 0; i < attrs.size(); ++i)
    if (attrs[i] != 0) fn->set_param_attrs(i, attrs[i]);
  if (!parse_bounds(fn) || !expect(Tok::LBrace, "'{'")) return false;
  FuncInfo info{fn, p_, {}};
  for (unsigned i = 0; i < names.size(); ++i)
    if (!info.params.emplace(names[i], fn->param(i)).second)
      return fail_at(name_toks[i], "redefinition of '%" + names[i] + "'");
  while (!at(Tok::RBrace)) {
    if (at(Tok::End)) return fail("expected '}' at the end of @" + name);
    ++p_;
  }
  ++p_;
  funcs_.push_back(std::move(info));
  return end_of_line();
}

bool Parser::parse_module() {
  for (;;) {
    skip_newlines();
    if (at(Tok::End)) break;
    bool ok;
    if (at_word("file")) ok = (++p_, parse_file());
    else if (at_word("global")) ok = (++p_, parse_global());
    else if (at_word("kernel") || at_word("func")) ok = parse_header();
    else ok = fail("expected 'file', 'global', 'kernel' or 'func'");
    if (!ok) return false;
  }
  for (FuncInfo& info : funcs_) {
    p_ = info.body;
    if (!parse_body(info)) return false;
  }
  return true;
}

bool Parser::parse_inst(PInst& pi) {
  if (at(Tok::Local) && peek(1).kind == Tok::Equal) {
    pi.result = peek().text;
    pi.tok = p_;
    p_ += 2;
  } else {
    pi.tok = p_;
  }
  if (!at(Tok::Word)) return fail("expected an instruction");
  const std::string& opname = peek().text;
  bool found = false;
  for (unsigned o = 0; o <= static_cast<unsigned>(Opcode::Unreachable) && !found; ++o)
    if (opname == opcode_name(static_cast<Opcode>(o))) {
      pi.op = static_cast<Opcode>(o);
      found = true;
    }
  if (!found) return fail("unknown instruction '" + opname + "'");
  ++p_;
  static const std::pair<const char*, std::uint8_t> kFlags[] = {
      {"nsw", NoSignedWrap}, {"nuw", NoUnsignedWrap}, {"exact", Exact},
      {"inbounds", InBounds}, {"volatile", Volatile}};
  for (bool more = true; more && at(Tok::Word);) {
    more = false;
    for (auto [name, bit] : kFlags)
      if (peek().text == name) {
        pi.flags |= bit;
        more = true;
        ++p_;
        break;
      }
  }
  const Opcode op = pi.op;
  auto val = [&] { return parse_value(pi.ops.emplace_back()); };
  auto comma = [&] { return expect(Tok::Comma, "','"); };
  auto block = [&] { return parse_block_ref(pi.blocks); };
  auto accept = [&](Tok k) { return at(k) ? (++p_, true) : false; };
  bool ok = true;
  Type src;
  if (is_binary(op)) ok = parse_type(pi.type) && val() && comma() && val();
  else if (is_cast(op)) ok = parse_type(src) && val() && expect_word("to") && parse_type(pi.type);
  else switch (op) {
    case Opcode::FNeg: ok = parse_type(pi.type) && val(); break;
    case Opcode::ICmp:
    case Opcode::FCmp: {
      // The opcode's own predicates first ("ult" is both); the others for the verifier.
      bool known = false;
      if (!at(Tok::Word)) return fail("expected a predicate");
      for (unsigned n = 0; n < 24 && !known; ++n) {
        unsigned k = op == Opcode::ICmp ? n : (n + 10) % 24;
        if (peek().text == cmp_pred_name(static_cast<CmpPred>(k))) {
          pi.pred = static_cast<CmpPred>(k);
          known = true;
        }
      }
      if (!known) return fail("unknown predicate '" + peek().text + "'");
      ++p_;
      ok = parse_type(src) && val() && comma() && val();
      pi.type = src.is_vector() ? Type::vec(Type::i1(), src.lanes()) : Type::i1();
      if (ok && accept(Tok::Arrow)) ok = parse_type(pi.type);  // another result, for the verifier
      break;
    }
    case Opcode::Select: ok = parse_type(pi.type) && val() && comma() && val() && comma() && val(); break;
    case Opcode::Alloca:
      pi.type = Type::ptr();
      ok = parse_uint(pi.size) && parse_align(pi.align);
      break;
    case Opcode::Load: ok = parse_type(pi.type) && comma() && val() && parse_align(pi.align); break;
    case Opcode::Store: ok = val() && comma() && val() && parse_align(pi.align); break;
    case Opcode::PtrAdd: ok = val() && comma() && val(); break;
    case Opcode::MemCopy:
    case Opcode::MemSet:
      ok = val() && comma() && val() && comma() && val() && parse_align(pi.align);
      break;
    case Opcode::Call:
      if (!parse_type(pi.type)) return false;
      if (!at(Tok::Global)) return fail("expected '@function'");
      pi.callee = m_.find_function(peek().text);
      if (!pi.callee) return fail("undefined function '@" + peek().text + "'");
      ++p_;
      ok = parse_args(pi.ops);
      break;
    case Opcode::Intrinsic: {
      if (!parse_type(pi.type)) return false;
      if (!at(Tok::Word)) return fail("expected an intrinsic name");
      auto id = intrinsic_from_name(peek().text);
      if (!id) return fail("unknown intrinsic '" + peek().text + "'");
      pi.iid = *id;
      ++p_;
      ok = parse_args(pi.ops);
      break;
    }
    case Opcode::InlineAsm:
      pi.type = Type::void_();
      if (!at(Tok::String)) return fail("expected the quoted assembly text");
      pi.asm_text = peek().text;
      ++p_;
      if (!comma()) return false;
      if (!at(Tok::String)) return fail("expected the quoted constraints");
      pi.asm_constraints = peek().text;
      ++p_;
      ok = comma() && expect_word("outputs") && parse_uint(pi.size) && parse_args(pi.ops);
      break;
    case Opcode::Phi:
      ok = parse_type(pi.type);
      if (ok && at(Tok::LBracket)) do {
          ok = expect(Tok::LBracket, "'['") && val() && comma() && block() &&
               expect(Tok::RBracket, "']'");
        } while (ok && accept(Tok::Comma));
      break;
    case Opcode::ExtractElement: ok = parse_type(pi.type) && val() && comma() && val(); break;
    case Opcode::InsertElement:
      ok = parse_type(pi.type) && val() && comma() && val() && comma() && val();
      break;
    case Opcode::Br: ok = block() && parse_unroll(pi.unroll); break;
    case Opcode::CondBr:
      ok = val() && comma() && block() && comma() && block() && parse_unroll(pi.unroll);
      break;
    case Opcode::Switch:
      ok = val() && comma() && block();
      if (ok && at(Tok::LBracket)) do {
          Value* c = nullptr;
          std::size_t ctok = p_ + 1;
          ok = expect(Tok::LBracket, "'['") && parse_constant(c);
          auto* k = ok ? static_cast<Constant*>(c) : nullptr;
          if (k && k->const_kind() != Constant::ConstKind::Int)
            return fail_at(ctok, "a case value must be an integer constant");
          if (k) pi.cases.push_back(k->int_value_signed());
          ok = ok && comma() && block() && expect(Tok::RBracket, "']'");
        } while (ok && accept(Tok::Comma));
      break;
    case Opcode::Ret:
      if (!at(Tok::Newline) && !at(Tok::End)) ok = val();
      break;
    default: break;
  }
  if (!ok) return false;
  if (!pi.result.empty() && (!has_result(op) || (pi.type.is_void() && op != Opcode::PtrAdd)))
    return fail_at(pi.tok, std::string("'") + opcode_name(op) + "' does not produce a value");
  return true;
}

bool Parser::parse_body(FuncInfo& info) {
  std::vector<PInst> insts;
  std::unordered_map<std::string, Block*> labels;
  Block* current = nullptr;
  for (;;) {
    skip_newlines();
    if (at(Tok::RBrace)) break;
    if (at(Tok::Word) && peek(1).kind == Tok::Colon) {
      const std::string& name = peek().text;
      if (labels.count(name)) return fail("redefinition of block '" + name + "'");
      current = m_.create_block(info.fn, name);
      labels[name] = current;
      p_ += 2;
      if (!end_of_line()) return false;
      continue;
    }
    if (!current) return fail("expected a block label");
    PInst& pi = insts.emplace_back();
    pi.block = current;
    if (!parse_inst(pi)) return false;
    if (!pi.result.empty() &&
        (info.params.count(pi.result) || !defs_.emplace(pi.result, insts.size() - 1).second))
      return fail_at(pi.tok, "redefinition of '%" + pi.result + "'");
    if (!end_of_line()) return false;
  }
  bool ok = build_body(info, insts, labels);
  defs_.clear();
  return ok;
}

bool Parser::build_body(FuncInfo& info, std::vector<PInst>& insts,
                        std::unordered_map<std::string, Block*>& labels) {
  // ptr_add takes its pointer's type, which a forward reference only knows later.
  std::vector<int> state(insts.size(), 0);
  auto rtype = [&](auto& self, std::size_t i) -> Type {
    PInst& pi = insts[i];
    if (pi.op != Opcode::PtrAdd || state[i] == 2) return pi.type;
    if (state[i] == 1) return Type::ptr();  // a cycle: the verifier reports it
    state[i] = 1;
    const ValRef& r = pi.ops[0];
    Type t = Type::ptr();
    if (r.value) t = r.value->type();
    else if (auto p = info.params.find(r.local); p != info.params.end()) t = p->second->type();
    else if (auto d = defs_.find(r.local); d != defs_.end()) t = self(self, d->second);
    state[i] = 2;
    return pi.type = t;
  };
  std::unordered_map<std::string, Value*> created = info.params;
  struct Fixup {
    Instruction* inst;
    unsigned index;
    const std::string* name;
  };
  std::vector<Fixup> fixups;
  for (std::size_t i = 0; i < insts.size(); ++i) {
    PInst& pi = insts[i];
    Type type = rtype(rtype, i);
    std::vector<Value*> ops;
    std::vector<unsigned> pending;
    for (const ValRef& r : pi.ops) {
      if (r.value) {
        ops.push_back(r.value);
      } else if (auto it = created.find(r.local); it != created.end()) {
        ops.push_back(it->second);
      } else if (defs_.count(r.local)) {
        pending.push_back(static_cast<unsigned>(ops.size()));
        ops.push_back(nullptr);
      } else {
        return fail_at(r.tok, "undefined value '%" + r.local + "'");
      }
    }
    Instruction* inst = m_.create_instruction(pi.op, type, std::move(ops));
    for (unsigned k : pending) fixups.push_back({inst, k, &pi.ops[k].local});
    std::vector<Block*> blocks;
    for (std::size_t tok : pi.blocks) {
      auto it = labels.find(t_[tok].text);
      if (it == labels.end()) return fail_at(tok, "undefined block '" + t_[tok].text + "'");
      blocks.push_back(it->second);
    }
    inst->set_blocks(std::move(blocks));
    inst->set_case_values(pi.cases);
    inst->set_flags(pi.flags);
    inst->set_cmp_pred(pi.pred);
    inst->set_intrinsic_id(pi.iid);
    inst->set_callee(pi.callee);
    inst->set_align(pi.align);
    inst->set_alloca_size(pi.size);
    if (pi.op == Opcode::InlineAsm) inst->set_inline_asm(pi.asm_text, pi.asm_constraints, unsigned(pi.size));
    inst->set_loop_unroll(pi.unroll);
    if (!pi.result.empty()) {
      if (!all_digits(pi.result)) inst->set_name(pi.result);
      created[pi.result] = inst;
    }
    pi.block->append(inst);
  }
  for (const Fixup& f : fixups) f.inst->set_operand(f.index, created.at(*f.name));
  return true;
}

}  // namespace

ParseResult parse(std::string_view text) {
  ParseResult result;
  auto module = std::make_unique<Module>();
  std::string error;
  std::vector<Token> toks = parser_detail::lex(text, error);
  if (!error.empty()) {
    result.error = error;
    return result;
  }
  Parser parser(std::move(toks), *module);
  if (!parser.parse_module()) {
    result.error = parser.error;
    return result;
  }
  result.module = std::move(module);
  return result;
}

}  // namespace simtc::ir
