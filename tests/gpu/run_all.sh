#!/usr/bin/env bash
# Runs every binary of binaries.txt that sits in this folder; prints one line per binary, the
# output of failures, and a closing "N passed, N failed" line. Usage: run_all.sh [FILTER]
cd "$(dirname "$0")"
passed=0 failed=0 skipped=0
while read -r path args; do
  [[ -z "$path" || "$path" == \#* ]] && continue
  name="$(basename "$path")"
  [[ -n "${1:-}" && "$name" != *"$1"* ]] && continue
  if [[ ! -x "./$name" ]]; then echo "MISSING $name"; failed=$((failed + 1)); continue; fi
  start=$EPOCHREALTIME
  out="$(./"$name" $args 2>&1)"; rc=$?
  secs=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  if [[ $rc -eq 0 ]]; then
    echo "PASS $name (${secs}s)"; passed=$((passed + 1))
    [[ -n "${VERBOSE:-}" ]] && echo "$out" | sed 's/^/    /'
  elif [[ $rc -eq 77 ]]; then
    echo "SKIP $name"; skipped=$((skipped + 1))
  else
    echo "FAIL $name (exit $rc)"; echo "$out" | tail -40 | sed 's/^/    /'; failed=$((failed + 1))
  fi
done < binaries.txt
echo "$passed passed, $failed failed, $skipped skipped"
[[ $failed -eq 0 ]]
