// Helpers for codegen tests: small IR kernels built with ir::Builder, compiled to PTX.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "codegen/codegen.hpp"
#include "ir/builder.hpp"
#include "ir/module.hpp"

namespace simtc::codegen::test {

/// A module with one function under construction; the builder starts in its entry block.
struct KernelBuilder {
  KernelBuilder(const std::string& name, const std::vector<ir::Type>& params,
                const std::vector<std::string>& names, bool is_kernel = true,
                ir::Type ret = ir::Type::void_());
  /// Adds another function to the same module (the builder moves to its entry block).
  ir::Function* add_function(const std::string& name, const std::vector<ir::Type>& params,
                             const std::vector<std::string>& names, ir::Type ret, bool is_kernel);
  ir::Value* arg(unsigned i) const { return fn->param(i); }
  ir::Value* tid_x();
  /// out[tid.x] = v, with `out` a ptr.global parameter.
  void store_at_tid(ir::Value* out, ir::Value* v);
  /// Loads in[tid.x] of type t from a ptr.global parameter.
  ir::Value* load_at_tid(ir::Value* in, ir::Type t);

  std::unique_ptr<ir::Module> module = std::make_unique<ir::Module>();
  ir::Function* fn = nullptr;
  ir::Builder b{*module};
};

/// Compiles to PTX; fails the test (and returns "") on any diagnostic error.
std::string ptx_of(const ir::Module& m, const TargetOptions& options = {});
/// Compiles to LLVM IR (unoptimized unless `optimize`).
std::string llvm_of(const ir::Module& m, bool optimize = false, const TargetOptions& options = {});

bool contains(const std::string& text, const std::string& needle);
int count(const std::string& text, const std::string& needle);
/// The lines of `text` that contain `needle`, joined (for failure messages).
std::string lines_with(const std::string& text, const std::string& needle);

/// Runs ptxas on `ptx` (skipping the test when ptxas is missing) and expects it to accept it.
void expect_ptxas_accepts(const std::string& ptx, const std::string& arch = "sm_90");
bool ptxas_available();

}  // namespace simtc::codegen::test
