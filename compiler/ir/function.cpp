#include "ir/function.hpp"

#include <algorithm>
#include <unordered_set>

#include "support/ice.hpp"

namespace simtc::ir {

Instruction* Block::terminator() const {
  if (insts_.empty() || !insts_.back()->is_terminator()) return nullptr;
  return insts_.back();
}

std::vector<Block*> Block::successors() const {
  std::vector<Block*> out;
  Instruction* term = terminator();
  if (term == nullptr) return out;
  // A switch can have thousands of targets: past a few, duplicates are found with a set.
  constexpr std::size_t kLinear = 8;
  std::unordered_set<const Block*> seen;
  for (Block* b : term->blocks()) {
    if (b == nullptr) continue;
    if (term->blocks().size() <= kLinear ? std::find(out.begin(), out.end(), b) == out.end()
                                         : seen.insert(b).second)
      out.push_back(b);
  }
  return out;
}

void Block::append(Instruction* inst) {
  SIMTC_ASSERT(inst && !inst->parent_, "Block::append: the instruction is already in a block");
  inst->parent_ = this;
  insts_.push_back(inst);
}

void Block::insert_before(Instruction* pos, Instruction* inst) {
  SIMTC_ASSERT(inst && !inst->parent_,
               "Block::insert_before: the instruction is already in a block");
  auto it = std::find(insts_.begin(), insts_.end(), pos);
  SIMTC_ASSERT(it != insts_.end(), "Block::insert_before: the position is not in block " + name_);
  inst->parent_ = this;
  insts_.insert(it, inst);
}

void Block::remove(Instruction* inst) {
  auto it = std::find(insts_.begin(), insts_.end(), inst);
  SIMTC_ASSERT(it != insts_.end(), "Block::remove: the instruction is not in block " + name_);
  inst->parent_ = nullptr;
  insts_.erase(it);
}

void Function::remove_block(Block* block) { remove_blocks({block}); }

void Function::remove_blocks(const std::vector<Block*>& blocks) {
  if (blocks.empty()) return;
  std::unordered_set<const Block*> gone(blocks.begin(), blocks.end());
  std::size_t found = 0;
  for (Block* other : blocks_) {
    if (gone.count(other)) {
      ++found;
      continue;
    }
    const Instruction* term = other->terminator();
    if (term == nullptr) continue;
    for (Block* succ : term->blocks())  // no copy: this runs for every block a pass removes
      SIMTC_ASSERT(!gone.count(succ), "Function::remove_block: block " + succ->name() +
                                          " still has a predecessor (" + other->name() + ")");
  }
  SIMTC_ASSERT(found == gone.size(), "Function::remove_block: a block is not in @" + name_);
  blocks_.erase(std::remove_if(blocks_.begin(), blocks_.end(), [&](Block* b) { return gone.count(b) != 0; }),
                blocks_.end());
}

void Function::move_block_after(Block* block, Block* after) {
  auto it = std::find(blocks_.begin(), blocks_.end(), block);
  SIMTC_ASSERT(it != blocks_.end(), "Function::move_block_after: the block is not in @" + name_);
  SIMTC_ASSERT(block != after, "Function::move_block_after: a block cannot follow itself");
  blocks_.erase(it);
  auto pos = std::find(blocks_.begin(), blocks_.end(), after);
  SIMTC_ASSERT(pos != blocks_.end(), "Function::move_block_after: the anchor is not in @" + name_);
  blocks_.insert(pos + 1, block);
}

}  // namespace simtc::ir
