// Facts about the LLVM that simtc links, for `simtc doctor`. No LLVM types here.
#pragma once

#include <string>

namespace simtc::codegen {

/// The version of the LLVM simtc was built against, e.g. "22.1.8".
std::string llvm_version();

/// True when LLVM's NVPTX backend is registered and knows nvptx64-nvidia-cuda; otherwise
/// false with LLVM's reason in `error`.
bool nvptx_registered(std::string& error);

}  // namespace simtc::codegen
