// Private to the runtime: whether a device can run PTX compiled for an arch-specific target.
#pragma once

#include <string>
#include <string_view>

namespace simt::detail {

/// The `.target` of `ptx` ("sm_90a"), or "" when it has none.
std::string_view ptx_target(std::string_view ptx);

/// True for an arch-specific (sm_90a) or family (sm_100f) target.
bool arch_specific(std::string_view target);

/// "" when a device of compute capability `cc` (major * 10 + minor) runs PTX for `target`, else
/// why not. Only arch-specific targets are judged here (sm_90a runs on 9.0 alone, sm_100f on 10.x
/// from 10.0 on); for the others the driver's own load error says it.
std::string target_mismatch(std::string_view target, int cc);

}  // namespace simt::detail
