#!/usr/bin/env bash
# Runs compute-sanitizer's memcheck, racecheck and synccheck on every example binary in this
# folder at its --small sizes; prints each tool's summary line and a closing tally.
cd "$(dirname "$0")"
pass=0 fail=0
for ex in saxpy vecadd reduction scan transpose sgemm histogram jacobi softmax layernorm hgemm gemm_bf16 attention_fwd fir; do
  [[ -x ./$ex ]] || continue
  args="--small"; [[ $ex == saxpy || $ex == vecadd || $ex == fir ]] && args="1000003"
  for tool in memcheck racecheck synccheck; do
    out="$(timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 ./$ex $args 2>&1)"; rc=$?
    summary="$(echo "$out" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -1)"
    if [[ $rc -eq 0 ]]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "$out" | tail -15 | sed 's/^/    /'; fi
    printf '%-10s %-9s rc=%d  %s\n' "$ex" "$tool" "$rc" "$summary"
  done
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
