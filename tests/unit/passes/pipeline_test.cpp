#include "passes/pipeline.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "passes/default_pipeline.hpp"
#include "pass_test_util.hpp"

namespace simtc::passes {
namespace {

const char* const kInput = R"(kernel @k(ptr.global %p, i32 %n) {
entry:
  %0 = intrinsic i32 tid.x()
  %dead = mul i32 %0, %n
  br check
check:
  %c = icmp ult i32 %0, %n
  cond_br %c, body, exit
body:
  %1 = zext i32 %0 to i64
  %2 = ptr_add inbounds %p, %1
  store 0:i8, %2, align 1
  br exit
exit:
  ret
}
)";

const char* const kSimplified = R"(kernel @k(ptr.global %p, i32 %n) {
entry:
  %0 = intrinsic i32 tid.x()
  %dead = mul i32 %0, %n
  %c = icmp ult i32 %0, %n
  cond_br %c, body, exit
body:
  %1 = zext i32 %0 to i64
  %2 = ptr_add inbounds %p, %1
  store 0:i8, %2, align 1
  br exit
exit:
  ret
}
)";

const char* const kOptimized = R"(kernel @k(ptr.global %p, i32 %n) {
entry:
  %0 = intrinsic i32 tid.x()
  %c = icmp ult i32 %0, %n
  cond_br %c, body, exit
body:
  %1 = zext i32 %0 to i64
  %2 = ptr_add inbounds %p, %1
  store 0:i8, %2, align 1
  br exit
exit:
  ret
}
)";

std::unique_ptr<ir::Module> parse_input(const char* text = kInput) {
  ir::ParseResult r = ir::parse(text);
  EXPECT_EQ(r.error, "");
  return std::move(r.module);
}

TEST(Pipeline, DefaultPipelineNames) {
  EXPECT_EQ(default_pipeline().names(), (std::vector<std::string>{"simplify-cfg", "dce"}));
}

TEST(Pipeline, DefaultPipelineOptimizes) {
  auto m = parse_input();
  DiagnosticSink sink;
  std::ostringstream dump;
  PipelineOptions options;
  options.dump = &dump;
  EXPECT_TRUE(default_pipeline().run(*m, sink, options));
  EXPECT_EQ(ir::print(*m), kOptimized);
  EXPECT_EQ(dump.str(), "");
}

TEST(Pipeline, PrintAfterAll) {
  auto m = parse_input();
  DiagnosticSink sink;
  std::ostringstream dump;
  PipelineOptions options;
  options.print_after_all = true;
  options.dump = &dump;
  EXPECT_TRUE(default_pipeline().run(*m, sink, options));
  EXPECT_EQ(dump.str(), std::string("; *** IR after simplify-cfg ***\n") + kSimplified +
                            "; *** IR after dce ***\n" + kOptimized);
}

TEST(Pipeline, ReportsThePassThatBrokeTheIr) {
  Pipeline p;
  std::vector<std::string> ran;
  p.add("fine", [&](ir::Module&, DiagnosticSink&) { ran.push_back("fine"); });
  p.add("breaker", [&](ir::Module& m, DiagnosticSink&) {
    ran.push_back("breaker");
    ir::Block* exit = m.functions()[0]->blocks().back();
    exit->remove(exit->terminator());
  });
  p.add("never", [&](ir::Module&, DiagnosticSink&) { ran.push_back("never"); });
  auto m = parse_input();
  DiagnosticSink sink;
  std::ostringstream dump;
  PipelineOptions options;
  options.dump = &dump;
  EXPECT_FALSE(p.run(*m, sink, options));
  EXPECT_EQ(ran, (std::vector<std::string>{"fine", "breaker"}));
  EXPECT_EQ(dump.str(),
            "internal compiler error: IR invalid after pass 'breaker'\n"
            "error: block is empty\n"
            "in function @k, block exit\n");
}

TEST(Pipeline, VerifiesItsInput) {
  Pipeline p;
  bool ran = false;
  p.add("pass", [&](ir::Module&, DiagnosticSink&) { ran = true; });
  auto m = parse_input("func @f() -> i32 {\nentry:\n  ret\n}\n");
  DiagnosticSink sink;
  std::ostringstream dump;
  PipelineOptions options;
  options.dump = &dump;
  EXPECT_FALSE(p.run(*m, sink, options));
  EXPECT_FALSE(ran);
  EXPECT_EQ(dump.str(),
            "internal compiler error: IR invalid on input to the pass pipeline\n"
            "error: 'ret' without a value in a function returning i32\n"
            "  ret\n"
            "  ^~~\n"
            "in function @f, block entry\n");
}

TEST(Pipeline, VerifyEachOffSkipsTheChecksBetweenPasses) {
  Pipeline p;
  p.add("breaker", [](ir::Module& m, DiagnosticSink&) {
    ir::Block* exit = m.functions()[0]->blocks().back();
    exit->remove(exit->terminator());
  });
  auto m = parse_input();
  DiagnosticSink sink;
  PipelineOptions options;
  options.verify_each = false;
  EXPECT_TRUE(p.run(*m, sink, options));
}

TEST(Pipeline, StopsWhenAPassReportsAnError) {
  Pipeline p;
  bool second = false;
  p.add("complains", [](ir::Module&, DiagnosticSink& sink) {
    sink.error(SourceLoc{}, "kernel uses too much shared memory");
  });
  p.add("second", [&](ir::Module&, DiagnosticSink&) { second = true; });
  auto m = parse_input();
  DiagnosticSink sink;
  std::ostringstream dump;
  PipelineOptions options;
  options.dump = &dump;
  EXPECT_FALSE(p.run(*m, sink, options));
  EXPECT_FALSE(second);
  EXPECT_EQ(sink.error_count(), 1u);
  EXPECT_EQ(dump.str(), "");
}

TEST(Pipeline, TimePasses) {
  auto m = parse_input();
  DiagnosticSink sink;
  std::ostringstream dump;
  PipelineOptions options;
  options.time_passes = true;
  options.dump = &dump;
  EXPECT_TRUE(default_pipeline().run(*m, sink, options));
  std::string table = std::regex_replace(dump.str(), std::regex("[0-9]+\\.[0-9]{3} ms"), "T ms");
  table = std::regex_replace(table, std::regex(" +T"), " T");
  EXPECT_EQ(table,
            "; pass timings (wall clock)\n"
            ";   simplify-cfg T ms\n"
            ";   dce T ms\n"
            ";   (verifier) T ms\n"
            ";   total T ms\n");
}

}  // namespace
}  // namespace simtc::passes
