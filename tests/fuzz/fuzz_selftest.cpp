// A fuzz target that fails on purpose, for the replay driver's own tests: the whole input
// "abort" aborts, "segv" writes through null, "exit" calls exit(1), "hang" loops forever and
// "oom" keeps 1 GiB resident; any other input returns.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  if (input == "abort") std::abort();
  if (input == "segv") {
    volatile int* null = nullptr;
    *null = 1;
  }
  if (input == "exit") std::exit(1);
  if (input == "hang")
    for (volatile bool forever = true; forever;) {
    }
  if (input == "oom") {
    static std::vector<std::vector<char>> kept;
    for (int i = 0; i < 64; ++i) {
      kept.emplace_back(16 << 20);
      std::memset(kept.back().data(), 1, kept.back().size());
    }
  }
  return 0;
}
