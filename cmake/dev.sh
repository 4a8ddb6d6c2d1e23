#!/usr/bin/env bash
# simtc's one-stop developer script.
#
#   cmake/dev.sh example   install what is missing, build, compile examples/saxpy to PTX and
#                          run it on the GPU (without a GPU: on the CPU, and says so)
#   cmake/dev.sh test      install what is missing, build, run the whole test suite, then the
#                          runtime's unit tests under ASan/LSan/UBSan in $SIMTC_ASAN_BUILD_DIR
#                          (default build-asan/; the runtime and its tests only, no LLVM), and
#                          the CPU path's tests under TSan in $SIMTC_TSAN_BUILD_DIR (build-tsan/)
#   cmake/dev.sh setup     only install what is missing (idempotent)
#   cmake/dev.sh build     setup, then configure and build into $SIMTC_BUILD_DIR (default build/)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${SIMTC_BUILD_DIR:-$ROOT/build}"
ASAN_BUILD="${SIMTC_ASAN_BUILD_DIR:-$ROOT/build-asan}"
TSAN_BUILD="${SIMTC_TSAN_BUILD_DIR:-$ROOT/build-tsan}"
JOBS="${SIMTC_JOBS:-$(nproc)}"
# Debian packages simtc builds with: LLVM/Clang 22 (libTooling, NVPTX, lit and FileCheck;
# clangd, which the package test runs over a scaffolded project's kernel file),
# the build tools, GoogleTest, and Z3 (the decision procedure of the shared-memory race rule,
# compiler/analysis/race_solver.cpp), and what LLVM's static libraries link with (zstd, zlib,
# libxml2: simtc links LLVM and Clang statically, cmake/SimtcLLVM.cmake says why).
PACKAGES=(llvm-22-dev libclang-22-dev libclang-cpp22-dev clang-22 llvm-22-tools clangd-22
          cmake ninja-build g++ libgtest-dev libz3-dev libzstd-dev zlib1g-dev libxml2-dev)

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

find_cuda() {
  local root="${CUDA_PATH:-/usr/local/cuda}"
  [[ -f "$root/include/cuda.h" ]] ||
    die "the CUDA toolkit is missing: no $root/include/cuda.h.
  simtc needs the CUDA 13 toolkit for cuda.h, ptxas and libdevice. Debian has no package
  for it: install it from NVIDIA (https://developer.nvidia.com/cuda-downloads), or set
  CUDA_PATH to where it is installed."
  [[ -x "$root/bin/ptxas" ]] || die "the CUDA toolkit at $root has no bin/ptxas; reinstall it or set CUDA_PATH"
  [[ -f "$root/nvvm/libdevice/libdevice.10.bc" ]] ||
    die "the CUDA toolkit at $root has no nvvm/libdevice/libdevice.10.bc; reinstall it or set CUDA_PATH"
  export CUDA_PATH="$root"
}

setup() {
  find_cuda
  local missing=()
  for pkg in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if ((${#missing[@]} == 0)); then
    say "all packages present"
    return
  fi
  say "installing: ${missing[*]}"
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}"
}

build() {
  setup
  say "configuring and building in $BUILD"
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSIMTC_CUDA_ROOT="$CUDA_PATH" >/dev/null
  cmake --build "$BUILD" -j "$JOBS"
}

example() {
  build
  local ptx="$BUILD/saxpy.ptx"
  say "simtc build examples/saxpy/saxpy.cpp --arch sm_90 -o $ptx --ptxas"
  "$BUILD/compiler/cli/simtc" build "$ROOT/examples/saxpy/saxpy.cpp" --arch sm_90 -o "$ptx" --ptxas
  grep -E '^\.(version|target|visible \.entry)' "$ptx"
  say "running saxpy"
  "$BUILD/examples/saxpy/saxpy" 1 255 256 257 1000003 16777216
}

run_tests() {
  build
  say "running the test suite (GPU tests skip without a GPU)"
  ctest --test-dir "$BUILD" --output-on-failure -j "$JOBS"
  sanitized_runtime_tests
  tsan_host_tests
}

# The runtime against the fake driver with AddressSanitizer, LeakSanitizer and UBSan: the
# fault-injection sweep drives every error path, so a leak or use-after-free on one fails here.
# About a minute on two cores: the runtime, the fake driver and their tests, nothing else.
sanitized_runtime_tests() {
  say "runtime unit tests under ASan/LSan/UBSan in $ASAN_BUILD"
  cmake -S "$ROOT" -B "$ASAN_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSIMTC_BUILD_COMPILER=OFF \
        -DSIMTC_SANITIZE=address -DSIMTC_CUDA_ROOT="$CUDA_PATH" >/dev/null
  cmake --build "$ASAN_BUILD" -j "$JOBS" --target runtime_tests fake_cuda
  ASAN_OPTIONS=detect_leaks=1 ctest --test-dir "$ASAN_BUILD" -L unit --output-on-failure -j "$JOBS"
}

# The CPU path (simt::host) under ThreadSanitizer: its fibers switch stacks, which TSan must be
# told of (include/simt/device/host_fibers.hpp annotates each switch); kernels with barriers,
# warp operations and the race detectors run here with TSan fatal at its first report. About
# three minutes on two cores. The race detector's million-element test is left out: under
# TSan it alone takes over a minute, and the other tests run the same code on smaller launches.
tsan_host_tests() {
  say "CPU path tests under TSan in $TSAN_BUILD"
  cmake -S "$ROOT" -B "$TSAN_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSIMTC_BUILD_COMPILER=OFF \
        -DSIMTC_SANITIZE=thread -DSIMTC_CUDA_ROOT="$CUDA_PATH" >/dev/null
  cmake --build "$TSAN_BUILD" -j "$JOBS" --target host_reference_tests
  TSAN_OPTIONS=halt_on_error=1 "$TSAN_BUILD/tests/unit/host/host_reference_tests" \
    --gtest_filter=-HostRacecheckGlobal.AMillionElements --gtest_brief=1
}

case "${1:-}" in
  setup) setup ;;
  build) build ;;
  example) example ;;
  test) run_tests ;;
  *) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
