// The simt IR: a small SSA IR for SIMT kernels, independent of Clang and LLVM.
//
// Semantics (docs/ir.md is the long form):
//  - A Module holds functions (kernels and device functions) and globals; it owns every node.
//  - Values are typed; integers are signless two's complement and arithmetic wraps
//    (unless an instruction carries nsw/nuw). Division or remainder by zero gives
//    udiv: all ones, sdiv: -1, urem/srem: the dividend; INT_MIN / -1 gives INT_MIN and
//    INT_MIN % -1 gives 0. Shift amounts are taken modulo the bit width.
//  - Floats are IEEE 754, round to nearest even; fptosi/fptoui saturate to the target's range
//    and turn NaN into 0.
//  - Memory is addressed by byte offsets (ptr_add); loads and stores name the type and
//    alignment. Locals live in allocas; codegen leaves promotion to registers to LLVM.
//  - Control flow is a CFG of blocks ending in one terminator; phis name one incoming value
//    per predecessor; definitions dominate their uses.
//  - Convergent intrinsics (barriers, shuffles, votes) may not be moved or duplicated.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "ir/function.hpp"
#include "ir/value.hpp"
#include "support/source_loc.hpp"

namespace simtc::ir {

class Module {
 public:
  Module() = default;
  Module(const Module&) = delete;
  Module& operator=(const Module&) = delete;

  FileTable& files() { return files_; }
  const FileTable& files() const { return files_; }

  /// Creates a function with one Argument per entry of `param_types` (named by `param_names`
  /// when given). Names must be unique in the module.
  Function* create_function(const std::string& name, Type return_type,
                            const std::vector<Type>& param_types,
                            const std::vector<std::string>& param_names, bool is_kernel);
  /// Appends a new block to `fn` (the first block created is the entry).
  Block* create_block(Function* fn, const std::string& name);
  Global* create_global(const std::string& symbol, AddrSpace space, std::uint64_t size,
                        unsigned align);
  /// A detached instruction (the Builder and the parser use this; prefer the Builder).
  Instruction* create_instruction(Opcode op, Type type, std::vector<Value*> operands);

  // Uniqued constants.
  Constant* get_int(Type type, std::uint64_t bits);     // bits are masked to the width
  Constant* get_bool(bool value) { return get_int(Type::i1(), value ? 1 : 0); }
  Constant* get_float(Type type, double value);
  Constant* get_null(Type ptr_type);
  Constant* get_undef(Type type);

  const std::vector<Function*>& functions() const { return functions_; }
  const std::vector<Global*>& globals() const { return globals_; }
  Function* find_function(const std::string& name) const;
  Global* find_global(const std::string& symbol) const;
  /// Removes a function that nothing calls any more (its nodes stay owned until the module dies).
  void remove_function(Function* fn);

  /// What irgen saw at a call through an object (`in[i]`, `out.at_mut(i)`) or a checked
  /// subscript, keyed by the location of the call or check: where the expression begins and
  /// the object's source text. A failed check inside the callee is reported with them (the
  /// fault sites of codegen). Not printed or parsed with the IR.
  struct SiteNote {
    SourceLoc begin;
    std::string object;
  };
  /// A source variable's type for the debugger (simtc build -g), as irgen describes it from
  /// Clang's type: enough for DWARF, nothing the compiler reasons with.
  struct DebugType {
    enum class Kind { Signed, Unsigned, Float, Bool, Pointer, Struct, Array, Opaque } kind = Kind::Opaque;
    std::string name;
    std::uint64_t bytes = 0;
    struct Member {
      std::string name;
      std::uint64_t offset = 0;  // bytes
      std::shared_ptr<const DebugType> type;
    };
    std::vector<Member> members;              // Struct
    std::uint64_t count = 0;                  // Array
    std::shared_ptr<const DebugType> element;  // Array element, Pointer target (may be null)
  };
  /// A named local or parameter that lives in an alloca (simtc build -g).
  struct DebugVariable {
    std::string name;
    SourceLoc decl;
    std::shared_ptr<const DebugType> type;
    unsigned arg = 0;  // 1-based parameter number; 0 for a local
  };
  void note_variable(const Instruction* alloca, DebugVariable v) { variables_.emplace(alloca, std::move(v)); }
  const DebugVariable* variable_note(const Instruction* alloca) const {
    auto it = variables_.find(alloca);
    return it == variables_.end() ? nullptr : &it->second;
  }

  /// A namespace-scope simt::Constant the kernels read, for the generated header's typed
  /// upload method: its visible Global, and how host code names it and its element type.
  /// Not printed or parsed with the IR.
  struct HostConstant {
    std::string symbol;     // the Global's symbol (the C++ name's mangling, as nvcc's)
    std::string cpp_name;   // "filters::coeffs"
    std::string host_name;  // "::filters::coeffs" for the CPU path; empty when host code cannot name it
    std::uint64_t count = 0;  // elements
    std::uint64_t bytes = 0;  // count * element size
    /// The element type as a Scalar or Struct kernel parameter describes it: host_type,
    /// host_definitions, host_includes and declared_type; kind and name (the C++ name's last
    /// component) are set, the rest is unused.
    KernelParam element;
  };
  void add_host_constant(HostConstant c) { host_constants_.push_back(std::move(c)); }
  const std::vector<HostConstant>& host_constants() const { return host_constants_; }

  void note_site(SourceLoc at, SiteNote note) { site_notes_.emplace(at, std::move(note)); }
  const SiteNote* site_note(SourceLoc at) const {
    auto it = site_notes_.find(at);
    return it == site_notes_.end() ? nullptr : &it->second;
  }

 private:
  FileTable files_;
  std::map<SourceLoc, SiteNote> site_notes_;
  std::map<const Instruction*, DebugVariable> variables_;
  std::vector<Function*> functions_;
  std::vector<Global*> globals_;
  std::vector<HostConstant> host_constants_;
  // Arenas.
  std::vector<std::unique_ptr<Function>> function_arena_;
  std::vector<std::unique_ptr<Block>> block_arena_;
  std::vector<std::unique_ptr<Value>> value_arena_;
  std::map<std::tuple<int, int, int, std::uint8_t, std::uint64_t>, Constant*> constants_;
};

/// The shared-memory globals `kernel` reaches (itself and every function it calls), in the
/// order the module declares them, and in `extern_used` whether it reaches the extern one (the
/// launch's dynamic shared memory).
std::vector<const Global*> shared_globals_reached(const Module& module, const Function& kernel, bool* extern_used);

}  // namespace simtc::ir
