#!/usr/bin/env python3
"""Compile speed: each benchmarked kernel file compiled by simtc, and its CUDA C++ twin by
nvcc and by clang, repeated; prints the median wall time and peak memory per compiler and the
ratios simtc/nvcc and simtc/clang (docs/performance.md).

    bench/compile_speed.py BUILD_DIR [--repeats 7] [--only NAME,...] [--csv PATH]

All three produce PTX (or PTX assembly) for sm_90 and stop there (none runs ptxas):
    simtc build <example>.cpp --arch sm_90 -o k.ptx
    nvcc -ptx -O3 -arch=sm_90 twins/<name>.cu -o k.ptx
    clang++-22 -x cuda --cuda-device-only -S -O3 --cuda-gpu-arch=sm_90 --cuda-path=... twins/<name>.cu -o k.s
Peak memory is the largest resident set of the compiler's process tree (wait4's ru_maxrss,
what /usr/bin/time -f %M reports): nvcc runs several programs one after another.
"""
import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def kernels():
    """(name, example kernel file, twin, arch or None) of bench/kernels.txt whose files all exist."""
    out = []
    for line in (HERE / "kernels.txt").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        name, path, *arch = line.split()
        example = ROOT / "examples" / path
        twin = HERE / "twins" / f"{name}.cu"
        if example.exists() and twin.exists():
            out.append((name, example, twin, arch[0] if arch else None))
    return out


def run_once(command):
    """Wall seconds and peak RSS in MiB of one run; raises with the output when it fails."""
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({proc.returncode}):\n{output.decode()}")
    return wall, usage.ru_maxrss / 1024.0  # ru_maxrss is in KiB on Linux


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build_dir", help="a build directory with compiler/cli/simtc")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--only", default="", help="comma-separated kernel names")
    parser.add_argument("--csv", help="also write the rows here")
    parser.add_argument("--cuda", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    parser.add_argument("--clang", default="clang++-22")
    parser.add_argument("--arch", default="sm_90")
    args = parser.parse_args()

    simtc = pathlib.Path(args.build_dir) / "compiler" / "cli" / "simtc"
    nvcc = pathlib.Path(args.cuda) / "bin" / "nvcc"
    clang = shutil.which(args.clang)
    for tool, path in (("simtc", simtc), ("nvcc", nvcc), ("clang", clang)):
        if not path or not pathlib.Path(path).exists():
            sys.exit(f"compile_speed: {tool} not found ({path})")
    only = set(filter(None, args.only.split(",")))
    selected = [k for k in kernels() if not only or k[0] in only]
    if not selected:
        sys.exit("compile_speed: no kernel selected")

    load = os.getloadavg()
    print(f"{os.cpu_count()} CPUs, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
          f"median of {args.repeats} runs each, runs of the three compilers interleaved")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for name, example, twin, kernel_arch in selected:
            arch = kernel_arch or args.arch  # sm_90a for a kernel that kernels.txt builds for it
            commands = {
                "simtc": [simtc, "build", example, "--arch", arch, "-o", tmp / "simtc.ptx"],
                "nvcc": [nvcc, "-ptx", "-O3", f"-arch={arch}", twin, "-o", tmp / "nvcc.ptx"],
                "clang": [clang, "-x", "cuda", "--cuda-device-only", "-S", "-O3", f"--cuda-gpu-arch={arch}",
                          f"--cuda-path={args.cuda}", twin, "-o", tmp / "clang.s"],
            }
            samples = {c: [] for c in commands}
            for c, command in commands.items():  # one untimed run each: warm the file cache
                run_once(command)
            for _ in range(args.repeats):
                for c, command in commands.items():
                    samples[c].append(run_once(command))
            row = {"kernel": name}
            for c in commands:
                row[f"{c}_s"] = statistics.median(s for s, _ in samples[c])
                row[f"{c}_mib"] = statistics.median(m for _, m in samples[c])
            rows.append(row)

    header = (f"{'kernel':<12} {'simtc s':>8} {'MiB':>6} {'nvcc s':>8} {'MiB':>6} {'clang s':>8} {'MiB':>6} "
              f"{'simtc/nvcc':>10} {'simtc/clang':>11}")
    print(header)
    total = {c: 0.0 for c in ("simtc", "nvcc", "clang")}
    for r in rows:
        for c in total:
            total[c] += r[f"{c}_s"]
        print(f"{r['kernel']:<12} {r['simtc_s']:8.3f} {r['simtc_mib']:6.0f} {r['nvcc_s']:8.3f} {r['nvcc_mib']:6.0f} "
              f"{r['clang_s']:8.3f} {r['clang_mib']:6.0f} {r['simtc_s'] / r['nvcc_s']:10.2f} "
              f"{r['simtc_s'] / r['clang_s']:11.2f}")
    print(f"{'total':<12} {total['simtc']:8.3f} {'':>6} {total['nvcc']:8.3f} {'':>6} {total['clang']:8.3f} {'':>6} "
          f"{total['simtc'] / total['nvcc']:10.2f} {total['simtc'] / total['clang']:11.2f}")
    if args.csv:
        with open(args.csv, "w") as f:
            keys = list(rows[0].keys())
            f.write(",".join(keys) + "\n")
            for r in rows:
                f.write(",".join(str(r[k]) if k == "kernel" else f"{r[k]:.4f}" for k in keys) + "\n")


if __name__ == "__main__":
    main()
