#include "test_util.hpp"

#include <sstream>

namespace simtc::codegen::test {

KernelBuilder::KernelBuilder(const std::string& name, const std::vector<ir::Type>& params,
                             const std::vector<std::string>& names, bool is_kernel, ir::Type ret) {
  add_function(name, params, names, ret, is_kernel);
}

ir::Function* KernelBuilder::add_function(const std::string& name,
                                          const std::vector<ir::Type>& params,
                                          const std::vector<std::string>& names, ir::Type ret,
                                          bool is_kernel) {
  fn = module->create_function(name, ret, params, names, is_kernel);
  b.set_insert_point(module->create_block(fn, "entry"));
  return fn;
}

ir::Value* KernelBuilder::tid_x() {
  return b.intrinsic(ir::IntrinsicId::TidX, ir::Type::i32(), {});
}

namespace {
ir::Value* element_address(KernelBuilder& k, ir::Value* base, ir::Type t) {
  ir::Value* i = k.b.cast(ir::Opcode::ZExt, k.tid_x(), ir::Type::i64());
  ir::Value* off = k.b.binary(ir::Opcode::Mul, i, k.b.i64(t.size_bytes()));
  return k.b.ptr_add(base, off, ir::InBounds);
}
}  // namespace

void KernelBuilder::store_at_tid(ir::Value* out, ir::Value* v) {
  b.store(v, element_address(*this, out, v->type()), v->type().align_bytes());
}

ir::Value* KernelBuilder::load_at_tid(ir::Value* in, ir::Type t) {
  return b.load(t, element_address(*this, in, t), t.align_bytes());
}

std::string ptx_of(const ir::Module& m, const TargetOptions& options) {
  std::string out;
  DiagnosticSink diags;
  bool ok = emit_ptx(m, options, out, diags);
  std::ostringstream os;
  diags.print(os, m.files());
  EXPECT_TRUE(ok) << os.str();
  EXPECT_FALSE(diags.has_errors()) << os.str();
  return ok ? out : "";
}

std::string llvm_of(const ir::Module& m, bool optimize, const TargetOptions& options) {
  std::string out;
  DiagnosticSink diags;
  bool ok = emit_llvm(m, options, optimize, out, diags);
  std::ostringstream os;
  diags.print(os, m.files());
  EXPECT_TRUE(ok) << os.str();
  return ok ? out : "";
}

bool contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

int count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (auto pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + 1))
    ++n;
  return n;
}

std::string lines_with(const std::string& text, const std::string& needle) {
  std::istringstream is(text);
  std::string line, out;
  while (std::getline(is, line))
    if (line.find(needle) != std::string::npos) out += line + "\n";
  return out;
}

bool ptxas_available() { return run_ptxas(".version 8.0\n.target sm_90\n.address_size 64\n", "sm_90").ran; }

void expect_ptxas_accepts(const std::string& ptx, const std::string& arch) {
  PtxasResult r = run_ptxas(ptx, arch);
  if (!r.ran) GTEST_SKIP() << "ptxas not available: " << r.output;
  EXPECT_EQ(r.exit_code, 0) << r.output << "\n--- PTX ---\n" << ptx;
}

}  // namespace simtc::codegen::test
