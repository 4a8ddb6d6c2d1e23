// Private to the runtime: the fault record of a module compiled by simtc (fault.cpp).
//
// A kernel whose bounds check, SIMT_ASSERT or trap fails writes the first such fault of the
// launch (site, index, size, block, thread) into host-mapped memory before it traps; the
// module's `__simt_fault_buffer` points there, and `__simt_fault_sites` is the table of sites
// that simtc wrote into the module (compiler/codegen/fault_sites.cpp describes both). After
// the trap the CUDA context is unusable, but host memory can still be read: the driver call
// that reports the failed launch is turned into a DeviceFault that says what failed, where.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "driver_api.hpp"
#include "simt/runtime/error.hpp"

namespace simt::detail {

class FaultRecord;

/// For a module just loaded in `context` (current) from `image`: when it has simtc's fault
/// globals, allocates its record, points the module at it and reads its site table. Null when
/// the module has none (PTX from elsewhere, or a kernel whose every check is proven): an image
/// that does not name the record is not asked for it, so that no driver call fails. Throws
/// on a failed driver call. The record must outlive the module's kernels: keep it beside the
/// module and release it after the unload.
std::shared_ptr<FaultRecord> attach_fault_record(CUcontext context, CUmodule module, std::string_view image,
                                                 std::string_view module_name);

/// The first fault recorded by any live module's kernels, decoded; else the fault a released
/// record of the current context held; nothing when there is none.
std::optional<DeviceFault::Info> recorded_fault();

/// Forgets the faults kept for `context` (its last Context handle is gone).
void forget_faults(CUcontext context) noexcept;

/// Decodes a record's bytes (48, fault_sites.cpp's layout) with its module's site table.
/// Nothing when the record holds no fault. Exposed for the runtime's unit tests.
std::optional<DeviceFault::Info> decode_fault(const unsigned char* record, std::string_view site_table);

}  // namespace simt::detail
