#include "driver/doctor_checks.hpp"

#include <algorithm>
#include <cstdio>

namespace simtc::driver {
namespace {

constexpr const char* kToolkitFix = "install the CUDA 13 toolkit, or set CUDA_PATH to its root";
constexpr const char* kLlvmFix =
    "build simtc against LLVM and Clang 22 (Debian/Ubuntu: apt install llvm-22-dev "
    "libclang-22-dev libclang-cpp22-dev, from apt.llvm.org)";
constexpr int kMinComputeCapability = 80;  // sm_80: the oldest target simtc supports for running
constexpr int kMinDriverVersion = 12000;   // PTX ISA 8.0 (simtc's default) needs a CUDA 12.0 driver

int major_of(const std::string& version) {
  int major = 0;
  for (char c : version) {
    if (c < '0' || c > '9') break;
    major = major * 10 + (c - '0');
  }
  return major;
}

// 13000 -> "13.0", 12080 -> "12.8" (the encoding of CUDA_VERSION and cuDriverGetVersion).
std::string cuda_version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string gib(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(std::size_t(1) << 30));
  return text;
}

// The first line of a multi-line message (ptxas output, runtime errors).
std::string first_line(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  return line;
}

CheckResult ok(std::string label, std::string detail) {
  return {CheckStatus::Ok, std::move(label), std::move(detail), ""};
}
CheckResult fail(std::string label, std::string detail, std::string fix) {
  return {CheckStatus::Fail, std::move(label), std::move(detail), std::move(fix)};
}
CheckResult info(std::string label, std::string detail) {
  return {CheckStatus::Info, std::move(label), std::move(detail), ""};
}

CheckResult version_check(const std::string& label, const std::string& version) {
  if (major_of(version) == 22) return ok(label, version);
  return fail(label, (version.empty() ? std::string("unknown version") : version) + " (simtc needs 22)",
              kLlvmFix);
}

void gpu_checks(const DoctorFacts& facts, std::vector<CheckResult>& out) {
  const GpuProbe& gpu = facts.gpu;
  if (facts.libcuda_loadable && gpu.driver_version > 0) {
    std::string version = "CUDA " + cuda_version_text(gpu.driver_version);
    if (gpu.driver_version >= kMinDriverVersion)
      out.push_back(ok("CUDA driver", version));
    else
      out.push_back(fail("CUDA driver", version + " (older than CUDA 12.0)",
                         "update the NVIDIA driver: the PTX simtc emits (ISA 8.0 by default) needs "
                         "a CUDA 12.0 driver or newer"));
  }
  switch (gpu.state) {
    case GpuProbe::State::NoDriver:
    case GpuProbe::State::NoDevice:
      out.push_back(info("GPU", "no GPU: kernels can be compiled but not run here"));
      return;
    case GpuProbe::State::Error:
      out.push_back(fail("GPU 0", "cannot be queried: " + first_line(gpu.error),
                         "check that nvidia-smi lists the GPU and that this user may open "
                         "/dev/nvidia*"));
      return;
    case GpuProbe::State::Found:
      break;
  }
  std::string cc = std::to_string(gpu.compute_capability / 10) + "." +
                   std::to_string(gpu.compute_capability % 10);
  std::string detail = gpu.name + ", compute capability " + cc + ", " + gib(gpu.memory_bytes);
  if (gpu.device_count > 1) detail += " (" + std::to_string(gpu.device_count) + " GPUs in all)";
  if (gpu.compute_capability >= kMinComputeCapability) {
    out.push_back(ok("GPU 0", detail));
  } else {
    out.push_back(fail("GPU 0", detail + " (simtc needs 8.0 or newer)",
                       "run the kernels on an Ampere (sm_80) or newer GPU; set "
                       "CUDA_VISIBLE_DEVICES to pick another GPU of this machine"));
  }
}

void self_test_check(const DoctorFacts& facts, std::vector<CheckResult>& out) {
  const SelfTestProbe& test = facts.self_test;
  if (!test.compiled) {
    out.push_back(fail("self-test", "the built-in kernel did not compile: " + first_line(test.compile_error),
                       "fix the failures above first; if there are none, this is a simtc bug: "
                       "please report it with this output"));
  } else if (!test.ptxas_ran) {
    out.push_back(info("self-test", "compiles a kernel to PTX (not assembled: ptxas not found)"));
  } else if (!test.ptxas_ok) {
    out.push_back(fail("self-test", "ptxas rejected the PTX of the built-in kernel: " + first_line(test.ptxas_output),
                       "check that ptxas is from CUDA 12.0 or newer; if it is, this is a simtc bug: "
                       "please report it with this output"));
  } else {
    out.push_back(ok("self-test", "compiles a kernel to PTX and ptxas accepts it"));
  }
}

}  // namespace

std::vector<CheckResult> doctor_checks(const DoctorFacts& facts) {
  std::vector<CheckResult> out;
  out.push_back(ok("simtc", facts.simtc_version));
  out.push_back(version_check("LLVM", facts.llvm_version));
  out.push_back(version_check("Clang", facts.clang_version));
  if (facts.nvptx_registered)
    out.push_back(ok("NVPTX target", "nvptx64-nvidia-cuda"));
  else
    out.push_back(fail("NVPTX target", "not registered in LLVM: " + facts.nvptx_error,
                       "build simtc against an LLVM built with the NVPTX target "
                       "(LLVM_TARGETS_TO_BUILD must include NVPTX; Debian's llvm-22 has it)"));

  if (facts.simt_headers.found)
    out.push_back(ok("simt headers", facts.simt_headers.path));
  else
    out.push_back(fail("simt headers", "simt/kernel.hpp not found at " + facts.simt_headers.path,
                       "reinstall simtc: <prefix>/include/simt/kernel.hpp belongs next to "
                       "<prefix>/bin/simtc"));
  if (facts.resource_dir.found)
    out.push_back(ok("Clang resource dir", facts.resource_dir.path));
  else
    out.push_back(fail("Clang resource dir", facts.resource_dir.path + " does not exist",
                       "install Clang 22's builtin headers (Debian/Ubuntu: apt install "
                       "libclang-common-22-dev)"));

  if (facts.cuda_h.found) {
    int version = 0;
    try {
      version = std::stoi(facts.cuda_h.version);
    } catch (...) {
    }
    out.push_back(ok("cuda.h", facts.cuda_h.path + (version > 0 ? " (CUDA " + cuda_version_text(version) + ")"
                                                                : " (no CUDA_VERSION in it)")));
  } else {
    out.push_back(fail("cuda.h", "not found (looked for " + facts.cuda_h.path + ")", kToolkitFix));
  }
  if (facts.ptxas.found)
    out.push_back(ok("ptxas", facts.ptxas.path + (facts.ptxas.version.empty() ? "" : " (" + facts.ptxas.version + ")")));
  else
    out.push_back(fail("ptxas", "not found (looked for " + facts.ptxas.path + ")", kToolkitFix));
  if (facts.libdevice.found)
    out.push_back(ok("libdevice", facts.libdevice.path));
  else
    out.push_back(fail("libdevice", "not found (looked for " + facts.libdevice.path + ")", kToolkitFix));

  // A driver named by $SIMT_CUDA_DRIVER is shown in the detail, keeping the label column short.
  bool default_driver = facts.libcuda_name == "libcuda.so.1";
  std::string driver_label = default_driver ? facts.libcuda_name : "$SIMT_CUDA_DRIVER";
  std::string driver_path = default_driver ? "" : facts.libcuda_name + ": ";
  if (facts.libcuda_loadable)
    out.push_back(ok(driver_label, driver_path + "loaded"));
  else
    out.push_back(info(driver_label, driver_path + "not loadable: " + first_line(facts.libcuda_error)));
  gpu_checks(facts, out);
  self_test_check(facts, out);
  return out;
}

std::string format_report(const std::vector<CheckResult>& results) {
  std::size_t width = 0;
  for (const CheckResult& r : results) width = std::max(width, r.label.size());
  std::string out;
  int failures = 0;
  for (const CheckResult& r : results) {
    switch (r.status) {
      case CheckStatus::Ok: out += "\u2713 "; break;
      case CheckStatus::Fail: out += "\u2717 "; ++failures; break;
      case CheckStatus::Info: out += "i "; break;
    }
    out += r.label;
    if (!r.detail.empty()) out += std::string(width - r.label.size() + 2, ' ') + r.detail;
    out += "\n";
    if (r.status == CheckStatus::Fail && !r.fix.empty()) out += "    fix: " + r.fix + "\n";
  }
  out += "\n";
  if (failures == 0) out += "no problems found\n";
  else out += std::to_string(failures) + (failures == 1 ? " problem" : " problems") + " found\n";
  return out;
}

int doctor_exit_code(const std::vector<CheckResult>& results) {
  for (const CheckResult& r : results)
    if (r.status == CheckStatus::Fail) return 1;
  return 0;
}

const char* doctor_self_test_kernel() {
  return "#include <simt/kernel.hpp>\n"
         "\n"
         "[[kernel]] void saxpy(float a, simt::Slice<const float> x, simt::DisjointSlice<float> y) {\n"
         "  auto i = simt::thread::index_1d();\n"
         "  if (auto out = y.get_mut(i)) *out = a * x[i.get()] + *out;\n"
         "}\n";
}

}  // namespace simtc::driver
