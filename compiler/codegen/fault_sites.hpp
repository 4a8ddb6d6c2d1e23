// Fault sites (fault_sites.cpp): where a failed bounds check, assert or trap of a kernel is
// reported from, and the record the host reads after the failed launch. Private to codegen.
#pragma once

#include <cstdint>

#include <llvm/IR/Module.h>

#include "ir/module.hpp"

namespace simtc::codegen::detail {

/// The first operand of a fault note; the runtime reads the names in the site table.
enum class FaultKind : std::uint32_t { Trap = 0, Bounds = 1, Assert = 2 };

inline constexpr const char* kFaultNoteSymbol = "simt.fault.note";
/// The module globals the runtime looks up (runtime/src/fault.cpp spells them too).
inline constexpr const char* kFaultBufferSymbol = "__simt_fault_buffer";
inline constexpr const char* kFaultSitesSymbol = "__simt_fault_sites";

/// `void simt.fault.note(i32 kind, i64 a, i64 b)`: lowering calls it before each trap (for
/// a bounds check, a = index and b = size).
llvm::FunctionCallee fault_note(llvm::Module& m);

/// After optimization: assigns each note its site (from its !dbg chain and `ir`'s site
/// notes), writes the site table, and turns the notes into calls of the recorder.
void lower_fault_sites(llvm::Module& m, const ir::Module& ir);

}  // namespace simtc::codegen::detail
