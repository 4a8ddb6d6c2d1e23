#!/usr/bin/env bash
# Copies the GPU binaries listed in binaries.txt from a build dir into a folder (default .gpu/)
# together with run_all.sh, so they can run on a machine that has a GPU but no compiler.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:?usage: collect.sh BUILD_DIR [DEST]}"
dest="${2:-$here/../../.gpu}"
mkdir -p "$dest"
cp "$here/binaries.txt" "$here/run_all.sh" "$here/sanitize_all.sh" "$dest/"
while read -r path args; do
  [[ -z "$path" || "$path" == \#* ]] && continue
  cp "$build/$path" "$dest/$(basename "$path")"
done < "$here/binaries.txt"
# The differential test's cubins (its entry in binaries.txt reads them from there).
if [[ -d "$build/tests/difftest/cubins" ]]; then
  rm -rf "$dest/difftest-cubins" && mkdir -p "$dest/difftest-cubins"
  cp "$build"/tests/difftest/cubins/*.cubin "$dest/difftest-cubins/"
fi
echo "collected into $dest: $(ls "$dest" | wc -l) files"
