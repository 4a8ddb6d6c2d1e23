# lit configuration for simtc's text-in, text-out tests (tests/checker, tests/irgen,
# tests/codegen). ctest runs one lit invocation per folder with the tool paths as --param.
import os
import sys
import lit.formats

config.name = "simtc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".sir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["unit", "gpu", "package", "conformance", "lit", "Inputs", "CMakeLists.txt"]

params = lit_config.params
for required in ("simtc", "filecheck", "not", "count", "build_dir"):
    if required not in params:
        lit_config.fatal("missing --param %s=... (run the tests through ctest)" % required)
config.test_exec_root = os.path.join(params["build_dir"], "lit")

config.substitutions.append(("%simtc", params["simtc"]))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%ptxas", params.get("ptxas", "ptxas")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%examples", os.path.join(os.path.dirname(config.test_source_root), "examples")))
# Tool names as whole words only (not inside "--implicit-check-not", paths or file names).
config.substitutions.append((r"(?<![-./\w])FileCheck(?![-\w])", params["filecheck"]))
config.substitutions.append((r"(?<![-./\w])not(?![-\w])", params["not"]))
config.substitutions.append((r"(?<![-./\w])count(?![-\w])", params["count"]))
if params.get("ptxas") and os.path.exists(params["ptxas"]):
    config.available_features.add("ptxas")
    # A disassembler beside ptxas: `simtc pipeline` then writes SASS instead of saying why not.
    toolkit_bin = os.path.dirname(params["ptxas"])
    if any(os.path.exists(os.path.join(toolkit_bin, t)) for t in ("nvdisasm", "cuobjdump")):
        config.available_features.add("nvdisasm")
# A loadable CUDA driver: the tests of what simtc says without a GPU do not apply.
try:
    import ctypes
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass
config.environment["LC_ALL"] = "C"
# simtc keeps its precompiled simt/kernel.hpp in a cache directory (docs/cli.md); lit passes
# no HOME, so the tests get one of their own, and run the way a user's compiles do.
config.environment["SIMTC_CACHE_DIR"] = os.path.join(params["build_dir"], "lit", "simtc-cache")
