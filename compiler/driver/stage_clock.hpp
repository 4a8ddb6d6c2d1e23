// --verbose: the wall time of each pipeline stage, printed to stderr as the stage ends, so that
// a slow compile shows where its time goes ("simtc: frontend      31.204 ms").
#pragma once

#include <chrono>
#include <cstdio>
#include <iostream>

namespace simtc::driver {

class StageClock {
 public:
  explicit StageClock(bool on) : on_(on) {}

  /// Prints the time since the last lap (or since construction) as the time of `stage`.
  void lap(const char* stage) {
    const auto now = std::chrono::steady_clock::now();
    if (on_) {
      char line[96];
      std::snprintf(line, sizeof line, "simtc: %-18s %9.3f ms\n", stage,
                    std::chrono::duration<double, std::milli>(now - start_).count());
      std::cerr << line;
    }
    start_ = now;
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace simtc::driver
