// Blocks and functions of the simt IR.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/instruction.hpp"
#include "ir/kernel_signature.hpp"

namespace simtc::ir {

/// A basic block: phis first, then ordinary instructions, then exactly one terminator.
class Block {
 public:
  explicit Block(Function* parent, std::string name) : parent_(parent), name_(std::move(name)) {}
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;

  Function* parent() const { return parent_; }
  const std::string& name() const { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }

  const std::vector<Instruction*>& instructions() const { return insts_; }
  bool empty() const { return insts_.empty(); }
  /// The last instruction if it is a terminator, else nullptr.
  Instruction* terminator() const;
  std::vector<Block*> successors() const;

  /// Appends / inserts (before `pos`) / removes an instruction; sets or clears its parent.
  void append(Instruction* inst);
  void insert_before(Instruction* pos, Instruction* inst);
  void remove(Instruction* inst);

 private:
  Function* parent_;
  std::string name_;
  std::vector<Instruction*> insts_;
};

/// Launch bounds of a kernel, emitted as PTX directives (.reqntid, .maxntid, .minnctapersm,
/// .maxnreg). reqntid and maxntid are never both set (ptxas rejects it).
struct LaunchBounds {
  std::optional<std::array<std::uint32_t, 3>> reqntid;
  std::optional<std::array<std::uint32_t, 3>> maxntid;
  std::optional<std::uint32_t> min_blocks_per_sm;
  std::optional<std::uint32_t> max_registers;
  std::optional<std::array<std::uint32_t, 3>> reqnctapercluster;  // blocks per cluster (sm_90)
};

/// Facts about a pointer parameter that codegen passes on to LLVM (printed before the
/// parameter name: `ptr.global noalias readonly %x.data`).
enum ParamAttrs : std::uint8_t {
  NoAlias = 1,   // no other pointer parameter reaches the memory this one reaches
  ReadOnly = 2,  // the function never writes through it
  // A kernel's 128-byte, 64-byte-aligned opaque parameter (a TMA tensor map) that stays in the
  // parameter space: the IR param is its address (PTX `.param .align 64 .b8 name[128]`).
  GridConstant = 4,
};

class Function {
 public:
  Function(std::string name, Type return_type, bool is_kernel)
      : name_(std::move(name)), return_type_(return_type), is_kernel_(is_kernel) {}
  Function(const Function&) = delete;
  Function& operator=(const Function&) = delete;

  /// The symbol in PTX (kernels: the entry name the host looks up).
  const std::string& name() const { return name_; }
  Type return_type() const { return return_type_; }
  bool is_kernel() const { return is_kernel_; }
  SourceLoc loc() const { return loc_; }
  void set_loc(SourceLoc loc) { loc_ = loc; }
  /// A device function of simt's own headers (trusted code): diagnostics about what happens
  /// inside it point at the user's call instead. Not part of the text form.
  bool is_library() const { return library_; }
  void set_library(bool value) { library_ = value; }
  /// One of simt's functions that hand a thread the element its ThreadIndex owns
  /// (DisjointSlice::get_mut): what it addresses no other thread can (the race rules' premise).
  bool is_owner_access() const { return owner_access_; }
  void set_owner_access(bool value) { owner_access_ = value; }
  /// Declared `__attribute__((always_inline))` (or `[[gnu::always_inline]]`, `[[clang::
  /// always_inline]]`): inlined into every caller at every optimization level, as Clang does.
  bool is_always_inline() const { return always_inline_; }
  void set_always_inline(bool value) { always_inline_ = value; }

  const std::vector<Argument*>& params() const { return params_; }
  Argument* param(unsigned i) const { return params_.at(i); }
  /// ParamAttrs bits of parameter i (0 when none were set).
  std::uint8_t param_attrs(unsigned i) const { return i < param_attrs_.size() ? param_attrs_[i] : 0; }
  void set_param_attrs(unsigned i, std::uint8_t attrs) {
    if (param_attrs_.size() <= i) param_attrs_.resize(i + 1, 0);
    param_attrs_[i] = attrs;
  }

  const std::vector<Block*>& blocks() const { return blocks_; }
  Block* entry() const { return blocks_.empty() ? nullptr : blocks_.front(); }
  void remove_block(Block* block);  // the block must have no predecessors left
  /// Removes several blocks at once (in time linear in the function, not per block); none
  /// may be a successor of a block that stays.
  void remove_blocks(const std::vector<Block*>& blocks);
  void move_block_after(Block* block, Block* after);

  LaunchBounds& launch_bounds() { return bounds_; }
  const LaunchBounds& launch_bounds() const { return bounds_; }

  /// Kernels only: how the C++ parameters map onto params() (for the generated launcher).
  KernelSignature& signature() { return signature_; }
  const KernelSignature& signature() const { return signature_; }

 private:
  friend class Module;
  std::string name_;
  Type return_type_;
  bool is_kernel_;
  bool library_ = false;
  bool owner_access_ = false;
  bool always_inline_ = false;
  SourceLoc loc_;
  std::vector<Argument*> params_;
  std::vector<std::uint8_t> param_attrs_;
  std::vector<Block*> blocks_;
  LaunchBounds bounds_;
  KernelSignature signature_;
};

}  // namespace simtc::ir
