// printf and assert: the CUDA system calls vprintf and __assertfail, which the driver's JIT
// resolves (PTX declares them `.extern .func`).
#include "codegen/lower.hpp"
#include "codegen/fault_sites.hpp"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>

#include "support/ice.hpp"

namespace simtc::codegen::detail {
namespace {

// The IR passes generic pointers; vprintf and __assertfail take generic pointers too, but a
// format string that is still a const-space global needs its address converted.
llvm::Value* generic(llvm::IRBuilder<>& b, llvm::Value* pointer) {
  auto* type = llvm::cast<llvm::PointerType>(pointer->getType());
  if (type->getAddressSpace() == 0) return pointer;
  return b.CreateAddrSpaceCast(pointer, llvm::PointerType::get(b.getContext(), 0));
}

}  // namespace

llvm::Value* lower_print_intrinsic(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                                   llvm::ArrayRef<llvm::Value*> args) {
  llvm::Type* ptr = llvm::PointerType::get(s.ctx, 0);
  if (inst.intrinsic_id() == ir::IntrinsicId::Printf) {
    // int vprintf(const char* format, void* arguments)
    llvm::FunctionCallee vprintf =
        s.m.getOrInsertFunction("vprintf", llvm::FunctionType::get(b.getInt32Ty(), {ptr, ptr}, false));
    return b.CreateCall(vprintf, {generic(b, args[0]), generic(b, args[1])});
  }
  if (inst.intrinsic_id() == ir::IntrinsicId::AssertFail) {
    // void __assertfail(const char* message, const char* file, unsigned line,
    //                   const char* function, size_t char_size): prints, then the thread
    // traps; the trap after it makes that explicit to LLVM (nothing follows).
    llvm::FunctionCallee assertfail = s.m.getOrInsertFunction(
        "__assertfail",
        llvm::FunctionType::get(b.getVoidTy(), {ptr, ptr, b.getInt32Ty(), ptr, b.getInt64Ty()}, false));
    if (auto* f = llvm::dyn_cast<llvm::Function>(assertfail.getCallee())) f->setDoesNotThrow();
    if (s.options.fault_report)
      b.CreateCall(fault_note(s.m), {b.getInt32(std::uint32_t(FaultKind::Assert)), b.getInt64(0), b.getInt64(0)});
    b.CreateCall(assertfail, {generic(b, args[0]), generic(b, args[1]), args[2], generic(b, args[3]),
                              b.getInt64(1)});
    b.CreateIntrinsic(llvm::Intrinsic::trap, llvm::ArrayRef<llvm::Value*>{});
    return nullptr;
  }
  SIMTC_ICE(std::string("not a print intrinsic: ") + ir::intrinsic_name(inst.intrinsic_id()));
}

}  // namespace simtc::codegen::detail
