#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora from the project's own files.

  OUT/pipeline/  every kernel file (a .cpp that includes simt/kernel.hpp) under tests/ and
                 examples/, named after its path
  OUT/ir/        simt IR: `simtc inspect --emit=ir-unopt` and `--emit=ir` of the kernel files
                 of examples/ and tests/{irgen,codegen,conformance} that compile

Usage: make_seeds.py --simtc BIN --source SRC_DIR --out OUT_DIR [--jobs N]
"""
import argparse
import concurrent.futures
import pathlib
import shutil
import subprocess
import sys

IR_DIRS = ("examples", "tests/irgen", "tests/codegen", "tests/conformance")


def kernel_files(source):
    for top in ("tests", "examples"):
        for path in sorted((source / top).rglob("*.cpp")):
            text = path.read_text(errors="replace")
            if "simt/kernel.hpp" in text:
                yield path


def seed_name(source, path, suffix=""):
    return str(path.relative_to(source)).replace("/", "__") + suffix


def inspect(simtc, path, emit):
    try:
        run = subprocess.run([simtc, "inspect", str(path), f"--emit={emit}", "-o", "-"],
                             capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None
    return run.stdout if run.returncode == 0 and run.stdout.strip() else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--simtc", required=True)
    parser.add_argument("--source", required=True, type=pathlib.Path)
    parser.add_argument("--out", required=True, type=pathlib.Path)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    source = args.source.resolve()
    pipeline, ir = args.out / "pipeline", args.out / "ir"
    for folder in (pipeline, ir):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)

    kernels = list(kernel_files(source))
    for path in kernels:
        shutil.copyfile(path, pipeline / seed_name(source, path))

    jobs = [(path, emit) for path in kernels
            if any(str(path.relative_to(source)).startswith(d + "/") for d in IR_DIRS)
            for emit in ("ir-unopt", "ir")]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda job: inspect(args.simtc, *job), jobs))
    written = 0
    for (path, emit), text in zip(jobs, results):
        if text is not None:
            (ir / seed_name(source, path, f".{emit}.sir")).write_text(text)
            written += 1
    print(f"make_seeds: {len(kernels)} kernel files in {pipeline}, "
          f"{written} IR modules (of {len(jobs)} inspected) in {ir}")
    if not kernels or written == 0:
        print("make_seeds: error: an empty corpus", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
