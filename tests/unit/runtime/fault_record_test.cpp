// Fault records: a module made by simtc has __simt_fault_buffer and __simt_fault_sites; loading
// it points the buffer at host-mapped memory, and a failed launch whose kernel wrote a record
// there is reported as a DeviceFault naming the site, the values and the thread.
#include <cuda.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;

class FaultRecordTest : public simt_test::FakeDriverTest {};

constexpr std::uint32_t kMagic = 0x53494d54;

// A module with the fault globals, its site table as compiler/codegen/fault_sites.cpp writes it.
std::string module_with_sites(const std::string& table) {
  std::string bytes;
  for (char c : table) bytes += std::to_string(static_cast<unsigned char>(c)) + ", ";
  bytes += "0";
  return ".version 8.0\n.target sm_90\n.address_size 64\n"
         ".visible .global .align 8 .u64 __simt_fault_buffer;\n"
         ".visible .global .align 1 .b8 __simt_fault_sites[" + std::to_string(table.size() + 1) + "] = {" + bytes +
         "};\n.visible .entry k()\n{\n\tret;\n}\n";
}

const std::string kTable =
    "F\tsrc/k.cpp\n"
    "S\tbounds\t0\t12\t9\tin\t\n"
    "S\tassert\t0\t20\t5\t\tv < limit\n"
    "S\tbounds\t-1\t0\t0\t\t\n";

// The record the module's buffer points at (host-mapped memory), as a kernel would fill it.
void write_record(std::uint32_t site, std::uint64_t a, std::uint64_t b, const std::uint32_t (&block)[3],
                  const std::uint32_t (&thread)[3]) {
  void* global = fake().fake_cuda_module_global("__simt_fault_buffer");
  ASSERT_NE(global, nullptr) << "the runtime did not look the buffer up";
  unsigned char* record = nullptr;
  std::memcpy(&record, global, sizeof record);
  ASSERT_NE(record, nullptr) << "the runtime did not point the buffer at a record";
  std::memcpy(record + 4, &site, 4);
  std::memcpy(record + 8, &a, 8);
  std::memcpy(record + 16, &b, 8);
  std::memcpy(record + 24, block, 12);
  std::memcpy(record + 36, thread, 12);
  std::memcpy(record, &kMagic, 4);
}

std::string fault_after_synchronize(const simt::Stream& stream, simt::DeviceFault::Info* info = nullptr) {
  fake().fake_cuda_fail_next("cuStreamSynchronize", CUDA_ERROR_LAUNCH_FAILED);
  try {
    stream.synchronize();
  } catch (const simt::DeviceFault& e) {
    if (info != nullptr) *info = e.fault();
    return e.what();
  } catch (const simt::Error& e) {
    return std::string("not a DeviceFault: ") + e.what();
  }
  return "no error";
}

TEST_F(FaultRecordTest, BoundsFaultNamesTheSiteTheViewAndTheThread) {
  const auto ctx = simt::Context::primary();
  const int host_before = fake().fake_cuda_live_host_allocations();
  const auto module = simt::Module::load_ptx(ctx, module_with_sites(kTable), "k");
  EXPECT_EQ(fake().fake_cuda_live_host_allocations(), host_before + 1) << "one record per module";
  simt::Stream stream(ctx);
  write_record(0, 1000, 999, {3, 0, 0}, {17, 0, 0});
  simt::DeviceFault::Info f;
  const std::string what = fault_after_synchronize(stream, &f);
  const std::string want = "src/k.cpp:12:9: index 1000 out of range for 'in' (size 999) in block (3,0,0) thread (17,0,0); "
                           "synchronizing a stream (cuStreamSynchronize): CUDA_ERROR_LAUNCH_FAILED (719)";
  EXPECT_EQ(what.substr(0, want.size()), want) << what;
  EXPECT_EQ(f.kind, "bounds");
  EXPECT_EQ(f.file, "src/k.cpp");
  EXPECT_EQ(f.line, 12u);
  EXPECT_EQ(f.column, 9u);
  EXPECT_EQ(f.object, "in");
  EXPECT_EQ(f.index, 1000u);
  EXPECT_EQ(f.size, 999u);
  EXPECT_EQ(f.block[0], 3u);
  EXPECT_EQ(f.thread[0], 17u);
  EXPECT_EQ(f.text, "src/k.cpp:12:9: index 1000 out of range for 'in' (size 999) in block (3,0,0) thread (17,0,0)");
  // The context is gone: every later failure reports the same fault.
  EXPECT_EQ(fault_after_synchronize(stream).substr(0, want.size()), want);
}

TEST_F(FaultRecordTest, AssertNamesItsCondition) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, module_with_sites(kTable), "k");
  simt::Stream stream(ctx);
  write_record(1, 0, 0, {0, 2, 0}, {5, 1, 0});
  simt::DeviceFault::Info f;
  const std::string what = fault_after_synchronize(stream, &f);
  EXPECT_EQ(f.text, "src/k.cpp:20:5: assertion 'v < limit' failed in block (0,2,0) thread (5,1,0)") << what;
  EXPECT_EQ(f.kind, "assert");
  EXPECT_EQ(f.condition, "v < limit");
}

TEST_F(FaultRecordTest, NegativeIndexAndUnknownSite) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, module_with_sites(kTable), "k");
  simt::Stream stream(ctx);
  write_record(2, std::uint64_t(-1), 4, {1, 0, 0}, {0, 0, 0});
  simt::DeviceFault::Info f;
  fault_after_synchronize(stream, &f);
  EXPECT_EQ(f.text,
            "<unknown location>: index 18446744073709551615 (-1 as signed) out of range (size 4) in block (1,0,0) "
            "thread (0,0,0)");
}

TEST_F(FaultRecordTest, TheFaultOutlivesItsModule) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  {
    const auto module = simt::Module::load_ptx(ctx, module_with_sites(kTable), "k");
    write_record(0, 5, 4, {0, 0, 0}, {1, 0, 0});
  }  // unloaded (as when the exception unwinds past it): the context is still dead
  simt::DeviceFault::Info f;
  fault_after_synchronize(stream, &f);
  EXPECT_EQ(f.text, "src/k.cpp:12:9: index 5 out of range for 'in' (size 4) in block (0,0,0) thread (1,0,0)");
}

TEST_F(FaultRecordTest, AReleasedContextForgetsItsFault) {
  {
    const auto ctx = simt::Context::primary();
    const auto module = simt::Module::load_ptx(ctx, module_with_sites(kTable), "k");
    write_record(0, 5, 4, {0, 0, 0}, {1, 0, 0});
  }  // the last handle of the context is gone
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  EXPECT_EQ(fault_after_synchronize(stream).rfind("not a DeviceFault: ", 0), 0u);
}

TEST_F(FaultRecordTest, NoRecordIsAPlainDriverError) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, module_with_sites(kTable), "k");
  simt::Stream stream(ctx);
  EXPECT_EQ(fault_after_synchronize(stream).rfind("not a DeviceFault: synchronizing a stream (cuStreamSynchronize): "
                                                  "CUDA_ERROR_LAUNCH_FAILED (719)",
                                                  0),
            0u);
}

TEST_F(FaultRecordTest, OtherFailuresIgnoreTheRecord) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, module_with_sites(kTable), "k");
  simt::Stream stream(ctx);
  write_record(0, 1000, 999, {3, 0, 0}, {17, 0, 0});
  fake().fake_cuda_fail_next("cuStreamSynchronize", CUDA_ERROR_INVALID_VALUE);
  try {
    stream.synchronize();
    FAIL() << "no error";
  } catch (const simt::DeviceFault& e) {
    FAIL() << "a DeviceFault for CUDA_ERROR_INVALID_VALUE: " << e.what();
  } catch (const simt::Error& e) {
    EXPECT_EQ(e.result_name(), "CUDA_ERROR_INVALID_VALUE");
  }
}

TEST_F(FaultRecordTest, ModulesWithoutSitesGetNoRecord) {
  const auto ctx = simt::Context::primary();
  const int host_before = fake().fake_cuda_live_host_allocations();
  const auto module = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "saxpy");
  EXPECT_EQ(fake().fake_cuda_live_host_allocations(), host_before);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemHostAlloc"), 0);
}

}  // namespace
