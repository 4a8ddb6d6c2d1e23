#!/usr/bin/env bash
# Packs simtc, installed (bin/simtc, include/simt, the runtime library and the CMake package,
# so that `simtc run` and `simtc test` build projects there), with the LLVM/Clang shared
# libraries it needs into DEST/simtc-toolchain.tar.xz, so that simtc can run on a GPU machine
# that has the CUDA toolkit and driver but no LLVM. On that machine:
#   mkdir -p /opt/simtc && tar -xJf simtc-toolchain.tar.xz -C /opt/simtc
#   /opt/simtc/run-simtc doctor
set -euo pipefail
build="${1:?usage: bundle_toolchain.sh BUILD_DIR [DEST]}"
dest="${2:-$(cd "$(dirname "$0")/../.." && pwd)/.gpu}"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/lib" "$stage/clang"
cmake --install "$build" --prefix "$stage" > /dev/null
# The shared libraries simtc loads that a plain Ubuntu/Debian image may lack.
for lib in libLLVM.so.22.1 libclang-cpp.so.22.1 libz3.so.4; do
  path="$(ldd "$build/compiler/cli/simtc" | awk -v l="$lib" '$1 == l { print $3 }')"
  [[ -n "$path" ]] && cp -L "$path" "$stage/lib/"
done
resource="$("$build/compiler/cli/simtc" doctor 2>/dev/null | awk '/Clang resource dir/ { print $NF }')"
cp -r "${resource:-/usr/lib/llvm-22/lib/clang/22}/include" "$stage/clang/"
cat > "$stage/run-simtc" <<'RUN'
#!/usr/bin/env bash
# Runs the bundled simtc with its libraries and Clang's builtin headers.
here="$(cd "$(dirname "$0")" && pwd)"
resource=/usr/lib/llvm-22/lib/clang/22
if [[ ! -d "$resource/include" ]]; then mkdir -p "$resource" && cp -r "$here/clang/include" "$resource/"; fi
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/bin/simtc" "$@"
RUN
chmod +x "$stage/run-simtc"
mkdir -p "$dest"
tar -C "$stage" -cf - . | xz -T2 -6 > "$dest/simtc-toolchain.tar.xz"
ls -la "$dest/simtc-toolchain.tar.xz"
