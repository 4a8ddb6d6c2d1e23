// Fault sites: what the host learns when a kernel's bounds check, assert or trap fails.
//
// Lowering puts a call of `simt.fault.note(i32 kind, i64 a, i64 b)` before each trap (a
// declaration: `nomerge`, so that LLVM keeps one per source site while it inlines and
// optimizes, and each keeps its own !dbg location with the chain of calls it was inlined
// through). After optimization, lower_fault_sites() gives every note a site: the innermost
// frame of that chain that is not in a system header (simt's own headers are), so that a
// failed check inside Slice::operator[] is reported at the user's `in[i]`, with the object's
// source text that irgen noted there. The sites go into the module's table
// `__simt_fault_sites` (text, read by the runtime when it loads the module), and the notes
// become calls of `__simt_fault_record(i32 site, i64 a, i64 b)`, which writes the first
// fault of the launch into the host-mapped record that the runtime points
// `__simt_fault_buffer` at (runtime/src/fault.cpp reads it back after the failed launch).
//
// Record layout (shared with the runtime, runtime/src/fault.cpp):
//   +0 u32 magic kFaultMagic (written last), +4 u32 site, +8 u64 a, +16 u64 b,
//   +24 u32 ctaid.x, y, z, +36 u32 tid.x, y, z (48 bytes).
// Table: lines of tab-separated fields; `F <path>` for each file, in order, then
// `S <kind> <file index> <line> <column> <object> <text>` for each site, in site order.
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Module.h>

#include "codegen/fault_sites.hpp"

namespace simtc::codegen::detail {
namespace {

constexpr std::uint32_t kFaultMagic = 0x53494d54;  // "SIMT"

// Tabs and newlines separate the table's fields and lines.
std::string field(std::string text) {
  for (char& c : text)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return text;
}

struct Site {
  FaultKind kind;
  std::int64_t file = -1;  // index into the table's files, -1: unknown
  unsigned line = 0, column = 0;
  std::string object, text;
  auto key() const { return std::make_tuple(file, line, column, kind, object, text); }
};

class SiteTable {
 public:
  SiteTable(const ir::Module& ir) : ir_(ir) {
    for (std::uint32_t i = 0; i < ir.files().size(); ++i) by_path_.emplace(ir.files().path(i), i);
  }

  // The site of a note with debug location `dl`.
  Site site_of(FaultKind kind, const llvm::DILocation* dl) {
    Site site;
    site.kind = kind;
    const llvm::DILocation* frame = nullptr;
    std::optional<std::uint32_t> frame_file;
    for (const llvm::DILocation* at = dl; at != nullptr; at = at->getInlinedAt()) {
      std::optional<std::uint32_t> file = file_index(at);
      if (file && ir_.files().is_system(*file)) continue;
      frame = at;
      frame_file = file;
      break;
    }
    if (frame == nullptr) {  // only system-header frames (or none): the innermost one
      frame = dl;
      if (dl != nullptr) frame_file = file_index(dl);
    }
    if (frame == nullptr || frame->getLine() == 0 || !frame_file) return site;
    SourceLoc loc{*frame_file, frame->getLine(), frame->getColumn()};
    if (const ir::Module::SiteNote* note = ir_.site_note(loc)) {
      if (note->begin.valid() && note->begin.file == loc.file) loc = note->begin;
      site.object = field(note->object);
    }
    site.file = loc.file;  // the IR's file index until assign()
    site.line = loc.line;
    site.column = loc.column;
    return site;
  }

  // Sites in source order (by file index, line and column), each once: the table reads top
  // to bottom and does not depend on the order LLVM keeps the calls in.
  std::vector<std::uint32_t> assign(const std::vector<Site>& sites) {
    std::vector<Site> sorted = sites;
    auto less = [](const Site& a, const Site& b) { return a.key() < b.key(); };
    auto same = [](const Site& a, const Site& b) { return a.key() == b.key(); };
    std::sort(sorted.begin(), sorted.end(), less);
    sorted.erase(std::unique(sorted.begin(), sorted.end(), same), sorted.end());
    std::vector<std::uint32_t> ids;
    for (const Site& site : sites)
      ids.push_back(std::uint32_t(std::lower_bound(sorted.begin(), sorted.end(), site, less) - sorted.begin()));
    for (Site& site : sorted)
      if (site.file >= 0) site.file = table_file(std::uint32_t(site.file));
    sites_ = std::move(sorted);
    return ids;
  }

  std::string text() const {
    std::string out;
    for (const std::string& path : files_) out += "F\t" + field(path) + "\n";
    for (const Site& s : sites_) {
      const char* kind = s.kind == FaultKind::Bounds ? "bounds" : s.kind == FaultKind::Assert ? "assert" : "trap";
      out += std::string("S\t") + kind + "\t" + std::to_string(s.file) + "\t" + std::to_string(s.line) + "\t" +
             std::to_string(s.column) + "\t" + s.object + "\t" + s.text + "\n";
    }
    return out;
  }

 private:
  std::optional<std::uint32_t> file_index(const llvm::DILocation* at) const {
    const llvm::DIFile* f = at->getFile();
    if (f == nullptr) return std::nullopt;
    std::string path = f->getDirectory().empty() ? f->getFilename().str()
                                                 : (f->getDirectory() + "/" + f->getFilename()).str();
    auto it = by_path_.find(path);
    if (it == by_path_.end()) it = by_path_.find(f->getFilename().str());
    if (it == by_path_.end()) return std::nullopt;
    return it->second;
  }

  std::int64_t table_file(std::uint32_t ir_file) {
    auto [it, inserted] = file_ids_.try_emplace(ir_file, std::int64_t(files_.size()));
    if (inserted) files_.push_back(ir_.files().path(ir_file));
    return it->second;
  }

  const ir::Module& ir_;
  std::map<std::string, std::uint32_t> by_path_;
  std::map<std::uint32_t, std::int64_t> file_ids_;
  std::vector<std::string> files_;
  std::vector<Site> sites_;
};

// An assert's condition: the message operand of the __assertfail call that follows the note.
std::string assert_condition(llvm::CallInst* note) {
  for (llvm::Instruction* i = note->getNextNode(); i != nullptr; i = i->getNextNode()) {
    auto* call = llvm::dyn_cast<llvm::CallInst>(i);
    if (call == nullptr || call->getCalledFunction() == nullptr ||
        call->getCalledFunction()->getName() != "__assertfail")
      continue;
    auto* global = llvm::dyn_cast<llvm::GlobalVariable>(call->getArgOperand(0)->stripPointerCasts());
    if (global == nullptr || !global->hasInitializer()) return {};
    if (auto* data = llvm::dyn_cast<llvm::ConstantDataSequential>(global->getInitializer()))
      if (data->isCString()) return field(data->getAsCString().str());
    return {};
  }
  return {};
}

// __simt_fault_record(i32 site, i64 a, i64 b): the first fault of a launch (a claim in device
// memory decides which) is written to the record, fenced system-wide so that the host sees
// it although the launch then fails.
llvm::Function* define_recorder(llvm::Module& m) {
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* ptr = llvm::PointerType::get(ctx, 0);
  auto* i32 = llvm::Type::getInt32Ty(ctx);
  auto* i64 = llvm::Type::getInt64Ty(ctx);
  auto* buffer = new llvm::GlobalVariable(m, ptr, false, llvm::GlobalValue::ExternalLinkage,
                                          llvm::ConstantPointerNull::get(llvm::PointerType::get(ctx, 0)),
                                          kFaultBufferSymbol, nullptr, llvm::GlobalValue::NotThreadLocal, 1,
                                          /*isExternallyInitialized=*/true);
  buffer->setAlignment(llvm::Align(8));
  auto* claim = new llvm::GlobalVariable(m, i32, false, llvm::GlobalValue::InternalLinkage,
                                         llvm::ConstantInt::get(i32, 0), "__simt_fault_claim", nullptr,
                                         llvm::GlobalValue::NotThreadLocal, 1);
  claim->setAlignment(llvm::Align(4));

  auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {i32, i64, i64}, false);
  auto* f = llvm::Function::Create(fty, llvm::GlobalValue::InternalLinkage, "__simt_fault_record", m);
  f->addFnAttr(llvm::Attribute::NoInline);
  f->addFnAttr(llvm::Attribute::NoUnwind);
  f->addFnAttr(llvm::Attribute::Cold);
  auto* entry = llvm::BasicBlock::Create(ctx, "entry", f);
  auto* take = llvm::BasicBlock::Create(ctx, "claim", f);
  auto* write = llvm::BasicBlock::Create(ctx, "write", f);
  auto* done = llvm::BasicBlock::Create(ctx, "done", f);
  llvm::IRBuilder<> b(entry);
  llvm::LoadInst* record = b.CreateAlignedLoad(ptr, buffer, llvm::Align(8), /*isVolatile=*/true, "record");
  b.CreateCondBr(b.CreateIsNull(record), done, take);

  b.SetInsertPoint(take);
  auto* old = b.CreateAtomicCmpXchg(claim, b.getInt32(0), b.getInt32(1), llvm::MaybeAlign(4),
                                    llvm::AtomicOrdering::Monotonic, llvm::AtomicOrdering::Monotonic);
  b.CreateCondBr(b.CreateIsNull(b.CreateExtractValue(old, 0)), write, done);

  b.SetInsertPoint(write);
  auto store = [&](unsigned offset, llvm::Value* v) {
    llvm::Value* at = b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), record, offset);
    b.CreateAlignedStore(v, at, llvm::Align(4), /*isVolatile=*/true);
  };
  store(4, f->getArg(0));
  store(8, f->getArg(1));
  store(16, f->getArg(2));
  const llvm::Intrinsic::ID sregs[] = {
      llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x, llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
      llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z, llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x,
      llvm::Intrinsic::nvvm_read_ptx_sreg_tid_y,   llvm::Intrinsic::nvvm_read_ptx_sreg_tid_z};
  for (unsigned i = 0; i < 6; ++i)
    store(24 + 4 * i, b.CreateIntrinsic(sregs[i], llvm::ArrayRef<llvm::Value*>{}));
  b.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent);
  store(0, b.getInt32(kFaultMagic));
  b.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent);
  b.CreateBr(done);

  b.SetInsertPoint(done);
  b.CreateRetVoid();
  return f;
}

}  // namespace

llvm::FunctionCallee fault_note(llvm::Module& m) {
  llvm::LLVMContext& ctx = m.getContext();
  auto* fty = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx),
                                      {llvm::Type::getInt32Ty(ctx), llvm::Type::getInt64Ty(ctx),
                                       llvm::Type::getInt64Ty(ctx)},
                                      false);
  llvm::FunctionCallee callee = m.getOrInsertFunction(kFaultNoteSymbol, fty);
  if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
    f->addFnAttr(llvm::Attribute::NoMerge);
    f->addFnAttr(llvm::Attribute::Cold);
    f->addFnAttr(llvm::Attribute::NoUnwind);
    f->addFnAttr(llvm::Attribute::WillReturn);
    f->setMemoryEffects(llvm::MemoryEffects::inaccessibleMemOnly());
  }
  return callee;
}

void lower_fault_sites(llvm::Module& m, const ir::Module& ir) {
  llvm::Function* note = m.getFunction(kFaultNoteSymbol);
  if (note == nullptr) return;
  std::vector<llvm::CallInst*> calls;
  for (llvm::User* user : note->users())
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(user)) calls.push_back(call);
  if (calls.empty()) {
    note->eraseFromParent();
    return;
  }
  SiteTable table(ir);
  std::vector<Site> sites;
  for (llvm::CallInst* call : calls) {
    auto kind = FaultKind(llvm::cast<llvm::ConstantInt>(call->getArgOperand(0))->getZExtValue());
    Site site = table.site_of(kind, call->getDebugLoc().get());
    if (kind == FaultKind::Assert) site.text = assert_condition(call);
    sites.push_back(std::move(site));
  }
  const std::vector<std::uint32_t> ids = table.assign(sites);
  llvm::Function* recorder = define_recorder(m);
  llvm::LLVMContext& ctx = m.getContext();
  // One fault block per function, as the traps had before: every site whose path is just
  // `note; trap; unreachable` branches there with its site, index and size (phis) and calls
  // the recorder (asserts call it on their own path, before __assertfail). Of the shapes
  // measured on the H200 (docs/performance.md, "The cost of fault reports") this one moved
  // the benchmarks least: a call on each path made sgemm 4-8 % slower, the recorder inlined
  // into the shared block 9 %, a copy inlined on each path cost registers (47 -> 62 in sgemm).
  std::map<llvm::Function*, llvm::CallInst*> shared;  // function -> the recorder call of its fault block
  std::vector<llvm::CallInst*> own;                    // sites that keep their own call (asserts)
  for (std::size_t i = 0; i < calls.size(); ++i) {
    llvm::CallInst* call = calls[i];
    llvm::Value* site = llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), ids[i]);
    auto* trap = llvm::dyn_cast_or_null<llvm::CallInst>(call->getNextNode());
    const bool plain = trap != nullptr && trap->getIntrinsicID() == llvm::Intrinsic::trap &&
                       llvm::isa_and_nonnull<llvm::UnreachableInst>(trap->getNextNode());
    if (!plain) {
      call->setCalledFunction(recorder);
      call->setArgOperand(0, site);
      own.push_back(call);
      continue;
    }
    llvm::Function* f = call->getFunction();
    llvm::CallInst*& record = shared[f];
    if (record == nullptr) {
      auto* block = llvm::BasicBlock::Create(ctx, "fault", f);
      llvm::IRBuilder<> b(block);
      llvm::PHINode* phis[3] = {b.CreatePHI(b.getInt32Ty(), 4, "fault.site"), b.CreatePHI(b.getInt64Ty(), 4, "fault.a"),
                                b.CreatePHI(b.getInt64Ty(), 4, "fault.b")};
      record = b.CreateCall(recorder, {phis[0], phis[1], phis[2]});
      b.CreateIntrinsic(llvm::Intrinsic::trap, llvm::ArrayRef<llvm::Value*>{});
      b.CreateUnreachable();
    }
    llvm::BasicBlock* from = call->getParent();
    llvm::BasicBlock* target = record->getParent();
    llvm::Value* incoming[3] = {site, call->getArgOperand(1), call->getArgOperand(2)};
    for (unsigned k = 0; k < 3; ++k) llvm::cast<llvm::PHINode>(record->getArgOperand(k))->addIncoming(incoming[k], from);
    trap->getNextNode()->eraseFromParent();  // unreachable
    trap->eraseFromParent();
    call->eraseFromParent();
    llvm::BranchInst::Create(target, from);
  }
  note->eraseFromParent();

  llvm::Constant* text = llvm::ConstantDataArray::getString(m.getContext(), table.text(), /*AddNull=*/true);
  auto* global = new llvm::GlobalVariable(m, text->getType(), true, llvm::GlobalValue::ExternalLinkage, text,
                                         kFaultSitesSymbol, nullptr, llvm::GlobalValue::NotThreadLocal, 1);
  global->setAlignment(llvm::Align(1));
}

}  // namespace simtc::codegen::detail
