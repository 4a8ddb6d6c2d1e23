// Arch / PTX ISA validation and the emitted PTX header.
#include "test_util.hpp"

namespace simtc::codegen::test {
namespace {

using ir::Type;

TargetOptions target(const std::string& arch, unsigned ptx = 0) {
  TargetOptions o;
  o.arch = arch;
  o.ptx_version = ptx;
  return o;
}

std::unique_ptr<ir::Module> tiny_kernel() {
  KernelBuilder k("k", {Type::ptr(ir::AddrSpace::Global)}, {"out"});
  k.store_at_tid(k.arg(0), k.tid_x());
  k.b.ret();
  return std::move(k.module);
}

TEST(Target, AcceptsSupportedPairs) {
  for (const char* arch : {"sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90"}) {
    for (unsigned ptx : {0u, 78u, 80u, 85u, 88u, 90u})
      EXPECT_EQ(check_target(target(arch, ptx)), "") << arch << " ptx " << ptx;
  }
  EXPECT_EQ(check_target(target("sm_90a")), "");
  EXPECT_EQ(check_target(target("sm_90a", 90)), "");
  EXPECT_EQ(check_target(target("sm_100")), "");
  EXPECT_EQ(check_target(target("sm_120a", 87)), "");
  EXPECT_EQ(check_target(target("sm_80", 70)), "");
}

TEST(Target, DefaultPtxVersions) {
  EXPECT_EQ(effective_ptx_version(target("sm_80")), 80u);
  EXPECT_EQ(effective_ptx_version(target("sm_90")), 80u);
  EXPECT_EQ(effective_ptx_version(target("sm_90a")), 80u);
  EXPECT_EQ(effective_ptx_version(target("sm_90", 85)), 85u);
  EXPECT_EQ(effective_ptx_version(target("sm_100")), 86u);
  EXPECT_EQ(effective_ptx_version(target("sm_110")), 90u);
  EXPECT_EQ(effective_ptx_version(target("sm_91")), 0u);
}

TEST(Target, RefusesPtxTooOldForArch) {
  EXPECT_EQ(check_target(target("sm_90a", 78)),
            "--arch sm_90a needs PTX ISA 8.0 or newer, got 7.8");
  EXPECT_EQ(check_target(target("sm_90", 77)), "--arch sm_90 needs PTX ISA 7.8 or newer, got 7.7");
  EXPECT_EQ(check_target(target("sm_100", 80)),
            "--arch sm_100 needs PTX ISA 8.6 or newer, got 8.0");
  EXPECT_EQ(check_target(target("sm_89", 74)), "--arch sm_89 needs PTX ISA 7.8 or newer, got 7.4");
}

TEST(Target, RefusesUnknownArchAndPtx) {
  EXPECT_EQ(check_target(target("sm_91")),
            "unknown --arch 'sm_91' (supported: sm_75, sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, "
            "sm_90a, sm_100, sm_100a, sm_100f, sm_103, sm_103a, sm_103f, sm_110, sm_110a, "
            "sm_110f, sm_120, sm_120a, sm_120f, sm_121, sm_121a, sm_121f)");
  EXPECT_EQ(check_target(target("sm_70")).rfind("unknown --arch 'sm_70' (supported: ", 0), 0u);
  EXPECT_EQ(check_target(target("")).rfind("unknown --arch '' (supported: ", 0), 0u);
  EXPECT_EQ(check_target(target("sm_90", 91)),
            "PTX ISA 9.1 is newer than simtc supports (9.0 at most)");
  EXPECT_EQ(check_target(target("sm_90", 79)), "unknown PTX ISA version 7.9");
  TargetOptions o;
  o.opt_level = 4;
  EXPECT_EQ(check_target(o), "unknown optimization level 4 (0 to 3)");
}

// sm_90a with +ptx78 is a fatal error inside LLVM: emit_ptx must refuse it before making
// a target machine, and report it as a diagnostic.
TEST(Target, BadPairIsADiagnosticNotACrash) {
  auto m = tiny_kernel();
  std::string out = "stale";
  DiagnosticSink diags;
  EXPECT_FALSE(emit_ptx(*m, target("sm_90a", 78), out, diags));
  EXPECT_EQ(out, "");
  ASSERT_EQ(diags.diagnostics().size(), 1u);
  EXPECT_EQ(diags.diagnostics()[0].severity, Severity::Error);
  EXPECT_EQ(diags.diagnostics()[0].message, "--arch sm_90a needs PTX ISA 8.0 or newer, got 7.8");
  DiagnosticSink diags2;
  EXPECT_FALSE(emit_llvm(*m, target("sm_91"), false, out, diags2));
  EXPECT_TRUE(diags2.has_errors());
}

TEST(Target, PtxHeader) {
  auto m = tiny_kernel();
  std::string ptx = ptx_of(*m);
  EXPECT_TRUE(contains(ptx, "\n.version 8.0\n.target sm_90\n.address_size 64\n")) << ptx;
  expect_ptxas_accepts(ptx, "sm_90");
}

TEST(Target, PtxHeaderFollowsOptions) {
  auto m = tiny_kernel();
  std::string ptx = ptx_of(*m, target("sm_90a", 90));
  EXPECT_TRUE(contains(ptx, "\n.version 9.0\n.target sm_90a\n.address_size 64\n")) << ptx;
  expect_ptxas_accepts(ptx, "sm_90a");
  ptx = ptx_of(*m, target("sm_80", 78));
  EXPECT_TRUE(contains(ptx, "\n.version 7.8\n.target sm_80\n.address_size 64\n")) << ptx;
  expect_ptxas_accepts(ptx, "sm_80");
  ptx = ptx_of(*m, target("sm_100"));
  EXPECT_TRUE(contains(ptx, "\n.version 8.6\n.target sm_100\n.address_size 64\n")) << ptx;
  expect_ptxas_accepts(ptx, "sm_100");
}

TEST(Target, LlvmModuleHasTripleAndDataLayout) {
  std::string ll = llvm_of(*tiny_kernel());
  EXPECT_TRUE(contains(ll, "target triple = \"nvptx64-nvidia-cuda\"")) << ll;
  EXPECT_TRUE(contains(ll, "target datalayout = \"e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64\""))
      << ll;
}

}  // namespace
}  // namespace simtc::codegen::test
