// PTX compiled for an arch-specific target (sm_90a: wgmma, setmaxnreg) loads only on that exact
// GPU. The driver refuses it elsewhere with a bare CUDA_ERROR_INVALID_PTX or
// CUDA_ERROR_NO_BINARY_FOR_GPU; checking the `.target` first names the target and the device.
#include "ptx_target.hpp"

#include "text.hpp"

namespace simt::detail {

std::string_view ptx_target(std::string_view ptx) {
  for (std::size_t at = ptx.find(".target"); at != std::string_view::npos; at = ptx.find(".target", at + 7)) {
    if (at != 0 && ptx[at - 1] != '\n') continue;  // a directive starts its line
    std::size_t begin = ptx.find_first_not_of(" \t", at + 7);
    if (begin == std::string_view::npos) return {};
    std::size_t end = ptx.find_first_of(" \t,\r\n", begin);
    return ptx.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
  }
  return {};
}

bool arch_specific(std::string_view target) {
  return target.size() > 3 && target.substr(0, 3) == "sm_" && (target.back() == 'a' || target.back() == 'f');
}

std::string target_mismatch(std::string_view target, int cc) {
  if (target.substr(0, 3) != "sm_") return "";
  std::string_view rest = target.substr(3);
  int sm = 0;
  while (!rest.empty() && rest.front() >= '0' && rest.front() <= '9') {
    sm = sm * 10 + (rest.front() - '0');
    rest.remove_prefix(1);
  }
  auto version = [](int v) { return cat(v / 10, ".", v % 10); };
  if (rest == "a" && cc != sm)
    return cat("the PTX is for ", target, ", which runs only on devices of compute capability ", version(sm),
               "; this device has ", version(cc), " (rebuild with --arch sm_", cc, ")");
  if (rest == "f" && (cc / 10 != sm / 10 || cc < sm))
    return cat("the PTX is for ", target, ", which runs only on devices of compute capability ", version(sm),
               " to ", sm / 10, ".9; this device has ", version(cc), " (rebuild with --arch sm_", cc, ")");
  return "";
}

}  // namespace simt::detail
