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
# tests/gpu/cli_tools.sh: the simtc commands that need a GPU (sanitize, debug, run, SASS), with
# the kernel program it sanitizes (built with -lineinfo), that program's sources for
# `simtc run`, a kernel file for `simtc pipeline`, and simtc itself, installed and bundled
# (about 34 MB, xz; made again only when the simtc of the build dir is newer than the bundle).
# SIMTC_CLI_TOOLS=0 leaves all of this out.
cp "$here/cli_tools.sh" "$dest/"
if [[ "${SIMTC_CLI_TOOLS:-1}" != 0 && -x "$build/tests/gpu/cli_demo/cli_demo" ]]; then
  cp "$build/tests/gpu/cli_demo/cli_demo" "$build/tests/gpu/cli_demo/cli_demo_debug" "$dest/"
  rm -rf "$dest/cli_demo-src" && cp -r "$here/cli_demo" "$dest/cli_demo-src"
  cp "$here/../Inputs/cli/scale.cpp" "$dest/"
  if [[ ! "$dest/simtc-toolchain.tar.xz" -nt "$build/compiler/cli/simtc" ]]; then
    "$here/bundle_toolchain.sh" "$build" "$dest"
  fi
fi
echo "collected into $dest: $(ls "$dest" | wc -l) files"
