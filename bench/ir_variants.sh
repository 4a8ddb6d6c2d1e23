#!/usr/bin/env bash
# Estimates, without a GPU, what two codegen changes would do to a kernel: replays simtc's
# unoptimized LLVM IR of KERNEL_FILE through LLVM's opt -O3 and llc (sm_90) four ways and
# prints traps, PTX instructions, branches and ptxas registers for each:
#   base        as simtc's pipeline would
#   block       ntid.{x,y,z} fixed and tid.{x,y,z} ranged to the block BX x BY x BZ
#   short       32-bit shared/local/const pointers (nvptx-short-ptr)
#   blockshort  both
# Usage: ir_variants.sh BUILD_DIR KERNEL_FILE BX BY BZ   (needs LLVM 22's opt and llc)
set -euo pipefail
build="${1:?usage: ir_variants.sh BUILD_DIR KERNEL_FILE BX BY BZ}"
src="${2:?}"; bx="${3:?}"; by="${4:?}"; bz="${5:?}"
llvm="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
ptxas="${CUDA_PATH:-/usr/local/cuda}/bin/ptxas"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# -O0 marks every function noinline (and optnone): drop both so opt inlines as simtc's -O3 does.
"$build/compiler/cli/simtc" inspect "$src" --emit=llvm -O0 | sed -E 's/\b(noinline|optnone)\b//g' > "$work/base.ll"
range() {  # range NAME LO HI: give every call of the special register a call-site range
  sed -E "s/call i32 @llvm\.nvvm\.read\.ptx\.sreg\.$1\(\)/call range(i32 $2, $3) i32 @llvm.nvvm.read.ptx.sreg.$1()/"
}
range ntid.x "$bx" $((bx + 1)) < "$work/base.ll" | range ntid.y "$by" $((by + 1)) | range ntid.z "$bz" $((bz + 1)) |
  range tid.x 0 "$bx" | range tid.y 0 "$by" | range tid.z 0 "$bz" > "$work/block.ll"
short_layout='s/target datalayout = "e-/target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-/'
sed -E "$short_layout" "$work/base.ll" > "$work/short.ll"
sed -E "$short_layout" "$work/block.ll" > "$work/blockshort.ll"

for v in base block short blockshort; do
  flags=(-mtriple=nvptx64-nvidia-cuda -mcpu=sm_90)
  [[ $v == *short ]] && flags+=(-nvptx-short-ptr)
  "$llvm/opt" "${flags[@]}" -passes='default<O3>' "$work/$v.ll" -o "$work/$v.bc"
  "$llvm/llc" "${flags[@]}" -O3 "$work/$v.bc" -o "$work/$v.ptx"
  regs="$("$ptxas" -arch=sm_90 -v "$work/$v.ptx" -o /dev/null 2>&1 | grep -o 'Used [0-9]* registers' | awk '{printf "%s ", $2}')"
  printf '%-11s traps %3d  instructions %4d  branches %3d  registers %s\n' "$v" \
    "$(grep -c 'trap;' "$work/$v.ptx" || true)" "$(grep -cE '^\s+[a-z@]' "$work/$v.ptx" || true)" \
    "$(grep -cE '^\s+(@!?%p[0-9]+ )?bra' "$work/$v.ptx" || true)" "$regs"
done
