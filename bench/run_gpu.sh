#!/usr/bin/env bash
# Runs the GPU benchmark on the GPU machine, from the folder collect.sh filled:
#   1. the GPU's state (nvidia-smi), and SASS of both compilers' cubins when cuobjdump is there;
#   2. bench_kernels: every kernel and size, simtc against nvcc, the copy bandwidth and cuBLAS;
#   3. triton_bench.py: the Triton twins, merged into the table, which it prints last.
# Everything lands in OUT_DIR (default $OUT, else ./out): gpu.txt, bench_kernels.txt,
# bench.csv, bench_all.csv (with the Triton column), sass/.
# Usage: run_gpu.sh [OUT_DIR] [bench_kernels options, e.g. --only sgemm --reps 50]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-${OUT:-$here/out}}"
shift || true
mkdir -p "$out"

{
  date -u '+%Y-%m-%d %H:%M UTC'
  nvidia-smi --query-gpu=name,driver_version,pstate,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw,utilization.gpu \
    --format=csv 2>&1
} > "$out/gpu.txt"
cat "$out/gpu.txt"

if command -v cuobjdump > /dev/null; then
  mkdir -p "$out/sass"
  for cubin in "$here"/cubins/*.cubin; do
    cuobjdump --dump-sass "$cubin" > "$out/sass/$(basename "$cubin" .cubin).sass" 2>&1
  done
fi

"$here/bench_kernels" --csv "$out/bench.csv" "$@" 2>&1 | tee "$out/bench_kernels.txt"
bench_rc=${PIPESTATUS[0]}

triton_rc=0
if [[ -f "$out/bench.csv" ]]; then
  python3 "$here/triton_bench.py" --csv "$out/bench.csv" --out "$out/bench_all.csv" 2>&1 | tee "$out/triton.txt"
  triton_rc=${PIPESTATUS[0]}
fi
echo "bench_kernels exit $bench_rc, triton_bench exit $triton_rc; files in $out"
[[ $bench_rc -eq 0 && $triton_rc -eq 0 ]]
