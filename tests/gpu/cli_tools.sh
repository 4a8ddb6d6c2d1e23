#!/usr/bin/env bash
# Runs the simtc commands that need a GPU or tools a build machine lacks (compute-sanitizer,
# cuda-gdb, nvdisasm), in the folder tests/gpu/collect.sh fills, and prints each command and its
# output, then one PASS/FAIL line per check and a closing "N passed, N failed" line:
#   simtc sanitize --tool memcheck   on cli_demo shift (reads past an end): rc 1, the error on
#                                    its kernel line cli_demo.cpp:12
#   simtc sanitize --tool racecheck  (and synccheck, memcheck) on cli_demo: no errors
#   simtc pipeline --resource-usage  with SASS from nvdisasm
#   simtc build --resource-usage     for GPU 0's architecture
#   simtc run, simtc test            on cli_demo's sources and a `simtc new` project (need cmake
#                                    and a C++ compiler here; skipped without them)
#   simtc debug --batch              breaks on a kernel line of cli_demo_debug (-g), prints a local
# simtc comes from simtc-toolchain.tar.xz (tests/gpu/bundle_toolchain.sh), unpacked into a
# scratch folder. Usage: cli_tools.sh
cd "$(dirname "$0")"
here="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0

for file in simtc-toolchain.tar.xz cli_demo scale.cpp cli_demo-src/CMakeLists.txt; do
  if [[ ! -e "$file" ]]; then echo "MISSING $file (run tests/gpu/collect.sh BUILD_DIR)"; exit 1; fi
done
mkdir -p "$work/simtc" && tar -xJf simtc-toolchain.tar.xz -C "$work/simtc"
"$work/simtc/run-simtc" version > /dev/null  # puts Clang's builtin headers in place if needed
export LD_LIBRARY_PATH="$work/simtc/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
simtc="$work/simtc/bin/simtc"

# run NAME EXPECTED_RC PATTERN COMMAND...: prints the command and its output; passes when the
# exit status is EXPECTED_RC and the output has a line matching PATTERN (grep -E).
run() {
  local name="$1" want="$2" pattern="$3"
  shift 3
  echo
  echo "\$ simtc ${*:2}"
  local out rc
  out="$("$@" 2>&1)"; rc=$?
  echo "$out"
  echo "(exit status $rc)"
  if [[ $rc -eq $want ]] && grep -Eq -- "$pattern" <<< "$out"; then
    echo "PASS $name"; passed=$((passed + 1))
  else
    echo "FAIL $name (wanted exit status $want and a line matching: $pattern)"; failed=$((failed + 1))
  fi
}
skip() { echo; echo "SKIP $1"; skipped=$((skipped + 1)); }

run doctor 0 "GPU 0 " "$simtc" doctor
arch="$("$simtc" doctor | sed -nE 's/.*compute capability ([0-9]+)\.([0-9]+).*/sm_\1\2/p' | head -1)"
arch="${arch:-sm_90}"

run sanitize-memcheck-error 1 "cli_demo\.cpp:12: error: Invalid __global__ read of size 4 bytes \(kernel 'shift_left'" \
  "$simtc" sanitize --tool memcheck ./cli_demo shift
run sanitize-memcheck-clean 0 "^simtc sanitize: no errors \(memcheck\)$" "$simtc" sanitize --tool memcheck ./cli_demo
run sanitize-racecheck 0 "^simtc sanitize: no errors \(racecheck\)$" "$simtc" sanitize --tool racecheck ./cli_demo
run sanitize-synccheck 0 "^simtc sanitize: no errors \(synccheck\)$" "$simtc" sanitize --tool synccheck ./cli_demo
run sanitize-initcheck 0 "^simtc sanitize: no errors \(initcheck\)$" "$simtc" sanitize --tool initcheck ./cli_demo

run pipeline-sass 0 "^  [0-9]+-sass\.txt +SASS \(nvdisasm -c\)$" \
  "$simtc" pipeline scale.cpp -o "$work/scale.pipeline" --arch "$arch" --resource-usage -lineinfo
sass="$(ls "$work"/scale.pipeline/*-sass.txt 2>/dev/null | head -1)"
if [[ -n "$sass" ]]; then
  echo "--- $(basename "$sass") (first 40 lines)"; head -40 "$sass"
  if grep -q "EXIT" "$sass"; then echo "PASS pipeline-sass-has-code"; passed=$((passed + 1));
  else echo "FAIL pipeline-sass-has-code (no EXIT instruction in $sass)"; failed=$((failed + 1)); fi
fi
run build-resource-usage 0 "^scale\.cpp: kernel 'scale<float>' \(entry scale_float\): [0-9]+ registers, .* \($arch\)$" \
  "$simtc" build scale.cpp -o "$work/scale.ptx" --arch "$arch" --resource-usage

if command -v cmake > /dev/null && command -v c++ > /dev/null; then
  cp -r cli_demo-src "$work/cli_demo"
  run run-project 0 "^cli_demo: sum ok \(n = 1000003\)$" "$simtc" run "$work/cli_demo" --target cli_demo
  run run-project-args 0 "^cli_demo shift: done" "$simtc" run "$work/cli_demo" --target cli_demo -- shift
  run run-files 0 "^cli_demo: sum ok" "$simtc" run "$work/cli_demo/cli_demo.cpp" "$work/cli_demo/main.cpp" \
    --build-dir "$work/files"
  "$simtc" new demo --dir "$work/demo" > /dev/null
  run run-new-project 0 "^demo: ok \(n = 1000003\)$" "$simtc" run "$work/demo"
  run test-new-project 0 "100% tests passed(, 0 tests failed)? out of 1" "$simtc" test "$work/demo"
else
  skip "simtc run / simtc test: no cmake or no c++ on this machine"
fi

# cli_demo_debug: the kernels built with -g. A breakpoint on block_sum's barrier (line 23) is hit
# and `info locals` prints the thread's locals (t, the index in the block).
run debug-breakpoint-locals 0 "^t = [0-9]+" timeout 300 "$simtc" debug --batch --break cli_demo.cpp:23 ./cli_demo_debug

echo
echo "$passed passed, $failed failed, $skipped skipped"
[[ $failed -eq 0 ]]
