// `simtc doctor`: the report for machines described by hand (no GPU here, ever).
#include "driver/doctor_checks.hpp"

#include <gtest/gtest.h>

namespace simtc::driver {
namespace {

// A healthy toolchain on a machine without a driver (like CI).
DoctorFacts ci_machine() {
  DoctorFacts facts;
  facts.simtc_version = "0.1.0";
  facts.llvm_version = "22.1.8";
  facts.clang_version = "22.1.8";
  facts.nvptx_registered = true;
  facts.simt_headers = {"/opt/simtc/include/simt/kernel.hpp", true, ""};
  facts.resource_dir = {"/usr/lib/llvm-22/lib/clang/22", true, ""};
  facts.cuda_h = {"/usr/local/cuda/include/cuda.h", true, "13000"};
  facts.ptxas = {"/usr/local/cuda/bin/ptxas", true, "release 13.0, V13.0.88"};
  facts.libdevice = {"/usr/local/cuda/nvvm/libdevice/libdevice.10.bc", true, ""};
  facts.libcuda_loadable = false;
  facts.libcuda_error = "libcuda.so.1: cannot open shared object file: No such file or directory";
  facts.gpu.state = GpuProbe::State::NoDriver;
  facts.gpu.error = "loading the CUDA driver: libcuda.so.1 not found";
  facts.self_test = {true, "", true, true, ""};
  return facts;
}

TEST(DoctorReport, NoGpuIsInformational) {
  std::vector<CheckResult> results = doctor_checks(ci_machine());
  EXPECT_EQ(format_report(results),
            "\u2713 simtc               0.1.0\n"
            "\u2713 LLVM                22.1.8\n"
            "\u2713 Clang               22.1.8\n"
            "\u2713 NVPTX target        nvptx64-nvidia-cuda\n"
            "\u2713 simt headers        /opt/simtc/include/simt/kernel.hpp\n"
            "\u2713 Clang resource dir  /usr/lib/llvm-22/lib/clang/22\n"
            "\u2713 cuda.h              /usr/local/cuda/include/cuda.h (CUDA 13.0)\n"
            "\u2713 ptxas               /usr/local/cuda/bin/ptxas (release 13.0, V13.0.88)\n"
            "\u2713 libdevice           /usr/local/cuda/nvvm/libdevice/libdevice.10.bc\n"
            "i libcuda.so.1        not loadable: libcuda.so.1: cannot open shared object file: No such file or directory\n"
            "i GPU                 no GPU: kernels can be compiled but not run here\n"
            "\u2713 self-test           compiles a kernel to PTX and ptxas accepts it\n"
            "\n"
            "no problems found\n");
  EXPECT_EQ(doctor_exit_code(results), 0);
}

TEST(DoctorReport, DriverWithoutDeviceIsInformational) {
  DoctorFacts facts = ci_machine();
  facts.libcuda_loadable = true;
  facts.gpu.state = GpuProbe::State::NoDevice;
  facts.gpu.driver_version = 13000;
  std::vector<CheckResult> results = doctor_checks(facts);
  std::string report = format_report(results);
  EXPECT_NE(report.find("\u2713 libcuda.so.1        loaded\n"
                        "\u2713 CUDA driver         CUDA 13.0\n"
                        "i GPU                 no GPU: kernels can be compiled but not run here\n"),
            std::string::npos)
      << report;
  EXPECT_EQ(doctor_exit_code(results), 0);
}

TEST(DoctorReport, GpuTooOld) {
  DoctorFacts facts = ci_machine();
  facts.libcuda_loadable = true;
  facts.gpu.state = GpuProbe::State::Found;
  facts.gpu.device_count = 1;
  facts.gpu.name = "Tesla T4";
  facts.gpu.compute_capability = 75;
  facts.gpu.memory_bytes = std::size_t(15) << 30;
  facts.gpu.driver_version = 12080;
  std::vector<CheckResult> results = doctor_checks(facts);
  std::string report = format_report(results);
  EXPECT_NE(report.find("\u2713 libdevice           /usr/local/cuda/nvvm/libdevice/libdevice.10.bc\n"
                        "\u2713 libcuda.so.1        loaded\n"
                        "\u2713 CUDA driver         CUDA 12.8\n"
                        "\u2717 GPU 0               Tesla T4, compute capability 7.5, 15.0 GiB (simtc needs 8.0 or newer)\n"
                        "    fix: run the kernels on an Ampere (sm_80) or newer GPU; set CUDA_VISIBLE_DEVICES "
                        "to pick another GPU of this machine\n"
                        "\u2713 self-test           compiles a kernel to PTX and ptxas accepts it\n"
                        "\n"
                        "1 problem found\n"),
            std::string::npos)
      << report;
  EXPECT_EQ(doctor_exit_code(results), 1);
}

TEST(DoctorReport, SupportedGpu) {
  DoctorFacts facts = ci_machine();
  facts.libcuda_loadable = true;
  facts.gpu = {GpuProbe::State::Found, "", 8, "NVIDIA H200", 90, std::size_t(143771) << 20, 13000};
  std::vector<CheckResult> results = doctor_checks(facts);
  EXPECT_NE(format_report(results).find(
                "\u2713 GPU 0               NVIDIA H200, compute capability 9.0, 140.4 GiB (8 GPUs in all)\n"),
            std::string::npos)
      << format_report(results);
  EXPECT_EQ(doctor_exit_code(results), 0);
}

TEST(DoctorReport, OldDriverFails) {
  DoctorFacts facts = ci_machine();
  facts.libcuda_loadable = true;
  facts.gpu = {GpuProbe::State::Found, "", 1, "NVIDIA A100", 80, std::size_t(40) << 30, 11080};
  std::vector<CheckResult> results = doctor_checks(facts);
  EXPECT_NE(format_report(results).find("\u2717 CUDA driver         CUDA 11.8 (older than CUDA 12.0)\n"
                                        "    fix: update the NVIDIA driver"),
            std::string::npos)
      << format_report(results);
  EXPECT_EQ(doctor_exit_code(results), 1);
}

TEST(DoctorReport, MissingToolkitAndWrongLlvm) {
  DoctorFacts facts = ci_machine();
  facts.llvm_version = "21.1.0";
  facts.ptxas = {"/usr/local/cuda/bin/ptxas", false, ""};
  facts.libdevice = {"/usr/local/cuda/nvvm/libdevice/libdevice.10.bc", false, ""};
  facts.self_test = {true, "", false, false, ""};
  std::vector<CheckResult> results = doctor_checks(facts);
  std::string report = format_report(results);
  EXPECT_NE(report.find("\u2717 LLVM                21.1.0 (simtc needs 22)\n"
                        "    fix: build simtc against LLVM and Clang 22"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("\u2717 ptxas               not found (looked for /usr/local/cuda/bin/ptxas)\n"
                        "    fix: install the CUDA 13 toolkit, or set CUDA_PATH to its root\n"
                        "\u2717 libdevice           not found (looked for "
                        "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc)\n"
                        "    fix: install the CUDA 13 toolkit, or set CUDA_PATH to its root\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("i self-test           compiles a kernel to PTX (not assembled: ptxas not found)\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("\n3 problems found\n"), std::string::npos) << report;
  EXPECT_EQ(doctor_exit_code(results), 1);
}

TEST(DoctorReport, SelfTestFailures) {
  DoctorFacts facts = ci_machine();
  facts.self_test = {true, "", true, false, "ptxas fatal   : Unsupported .version 9.9\nmore"};
  std::string report = format_report(doctor_checks(facts));
  EXPECT_NE(report.find("\u2717 self-test           ptxas rejected the PTX of the built-in kernel: "
                        "ptxas fatal   : Unsupported .version 9.9\n"),
            std::string::npos)
      << report;
  facts.self_test = {false, "see the diagnostics above", false, false, ""};
  report = format_report(doctor_checks(facts));
  EXPECT_NE(report.find("\u2717 self-test           the built-in kernel did not compile: see the diagnostics above\n"),
            std::string::npos)
      << report;
}

TEST(DoctorReport, DriverFromEnvironment) {
  DoctorFacts facts = ci_machine();
  facts.libcuda_name = "/opt/fake/libcuda.so";
  facts.libcuda_error = "/opt/fake/libcuda.so: cannot open shared object file: No such file or directory";
  std::string report = format_report(doctor_checks(facts));
  EXPECT_NE(report.find("i $SIMT_CUDA_DRIVER   /opt/fake/libcuda.so: not loadable: /opt/fake/libcuda.so: cannot "
                        "open shared object file: No such file or directory\n"),
            std::string::npos)
      << report;
}

TEST(DoctorReport, FormatWithoutDetail) {
  EXPECT_EQ(format_report({{CheckStatus::Ok, "a", "", ""}, {CheckStatus::Fail, "long label", "x", "do y"}}),
            "\u2713 a\n"
            "\u2717 long label  x\n"
            "    fix: do y\n"
            "\n"
            "1 problem found\n");
}

}  // namespace
}  // namespace simtc::driver
