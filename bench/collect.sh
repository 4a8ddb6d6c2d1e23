#!/usr/bin/env bash
# Copies what the GPU benchmark needs from a build dir into a folder (default .gpu/bench/), to
# be carried to the GPU machine and run there with run_gpu.sh: bench_kernels, libbench_cub.so, run_gpu.sh,
# triton_bench.py, and both compilers' cubins with their ptxas -v logs (for cuobjdump there).
# Usage: collect.sh BUILD_DIR [DEST]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:?usage: collect.sh BUILD_DIR [DEST]}"
dest="${2:-$(dirname "$here")/.gpu/bench}"
[[ -x "$build/bench/bench_kernels" ]] || { echo "collect.sh: $build/bench/bench_kernels is not built" >&2; exit 1; }
mkdir -p "$dest/cubins" "$dest/ptx"
rm -f "$dest"/cubins/* "$dest"/ptx/*
cp "$build/bench/bench_kernels" "$build/bench/libbench_cub.so" "$here/run_gpu.sh" "$here/triton_bench.py" "$here/triton_kernels.py" "$dest/"
cp "$build"/bench/gen/*.cubin "$build"/bench/gen/*.log "$dest/cubins/"
cp "$build"/bench/simtc/bench_kernels/*.ptx "$dest/ptx/"
echo "collected into $dest: $("$dest/bench_kernels" --list | tr '\n' ' ')($(du -sh "$dest" | cut -f1))"
