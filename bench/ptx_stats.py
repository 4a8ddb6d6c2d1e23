#!/usr/bin/env python3
"""Static comparison of simtc's PTX with nvcc's for each benchmarked kernel, without a GPU:
instruction counts by kind (global loads and their widths, bounds-check traps, branches,
64-bit integer arithmetic, barriers, shuffles, ...) per entry point, side by side, and
ptxas -v resources for both (registers, spills, shared memory) from the bench build.

    bench/ptx_stats.py BUILD_DIR [--only NAME,...] [--dump DIR]

BUILD_DIR is a build with bench_kernels built (its bench/simtc/bench_kernels/*.ptx and
bench/gen/*.log); nvcc's PTX is made here with nvcc -ptx -O3 -arch=sm_90 from twins/<name>.cu.
--dump writes both PTX files per kernel into DIR for reading.

    bench/ptx_stats.py BUILD_DIR --check bench/ptx_counts.txt
    bench/ptx_stats.py BUILD_DIR --record bench/ptx_counts.txt

The regression guard (a CTest test, no GPU and no nvcc): --check compares the counts that
decide a kernel's speed in simtc's code of every benchmarked kernel with the recorded ones and
fails when one moved the wrong way: in the PTX a bounds-check trap, a branch, a 64-bit integer
operation or a local-memory access more, or a vector (.v2/.v4), read-only (.nc) or
asynchronous (cp.async) access fewer; in the SASS that ptxas made of it (the bench build's
gen/<name>.simtc.cubin and .log) an instruction, a register or a spilled byte more. The
instructions are counted in the SASS, not in the PTX: ptxas removes the common
subexpressions and moves the code itself, so a PTX count can rise while the machine code
shrinks. A change that makes a count better says so and asks for --record, so the file keeps
the best counts reached.
"""
import argparse
import collections
import os
import pathlib
import re
import struct
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent

# (label, regex over one instruction's opcode) in display order; an instruction may count in
# several rows (e.g. ld.global.v4 is both a global load and a 16-byte one).
CATEGORIES = [
    ("ld.global", r"^ld\.(\w+\.)*global"),
    ("  ld .v2/.v4", r"^ld\.(\w+\.)*global.*\.v[24]"),
    ("  ld .nc", r"^ld\.global\.nc"),
    ("st.global", r"^st\.(\w+\.)*global"),
    ("  st .v2/.v4", r"^st\.(\w+\.)*global.*\.v[24]"),
    ("ld/st.shared", r"^(ld|st)\.(\w+\.)*shared"),
    ("  64-bit address", r"^(ld|st)\.(\w+\.)*shared.*\[%rd"),
    ("ld/st.local", r"^(ld|st)\.local"),
    ("cp.async", r"^cp\.async"),
    ("atom/red", r"^(atom|red)\."),
    ("bar/barrier", r"^(bar|barrier)\."),
    ("shfl", r"^shfl"),
    ("mma/ldmatrix", r"^(mma|ldmatrix|wgmma)"),
    ("fma/mul/add f32", r"^(fma|mul|add|sub)\.(rn\.)?(ftz\.)?f32"),
    ("setp", r"^setp"),
    ("branch", r"^bra"),
    ("trap", r"^trap"),
    ("int 64-bit ops", r"^(add|sub|mul|mad|shl|shr|and|or|xor)(\.lo|\.wide|\.hi)?\.(s64|u64|b64)"),
    ("int 32-bit ops", r"^(add|sub|mul|mad|shl|shr|and|or|xor)(\.lo|\.wide|\.hi)?\.(s32|u32|b32)"),
    ("mul.wide", r"^mul\.wide"),
    ("cvt/cvta", r"^cvt"),
    ("special regs", r"^mov\.u32\s+%r\d+,\s*%(tid|ntid|ctaid|nctaid)"),
    ("total instrs", r"."),
]


def entries(ptx_text):
    """{entry name: [instruction lines]} of a PTX module."""
    out = {}
    current = None
    depth = 0
    for line in ptx_text.splitlines():
        m = re.match(r"\s*\.visible\s+\.entry\s+(\w+)", line)
        if m:
            current = m.group(1)
            out[current] = []
            depth = 0
            continue
        if current is None:
            continue
        depth += line.count("{") - line.count("}")
        s = line.strip()
        if line.strip() == "}" and depth <= 0:
            current = None
            continue
        if not s or s.startswith(("//", ".", "$", "{", "}")):
            continue
        s = re.sub(r"^@!?%p\d+\s+", "", s)  # predicate guard
        for part in s.split(";"):
            part = part.strip()
            if part:
                out[current].append(part)
    return out


def counts(instrs):
    c = collections.Counter()
    for ins in instrs:
        for label, pattern in CATEGORIES:
            if re.search(pattern, ins):
                c[label] += 1
    return c


def resources(log_text, name):
    """ptxas -v numbers of entry `name` as a short string."""
    block = re.search(r"Compiling entry function '" + re.escape(name) + r"'.*?Used (\d+) registers(.*?)\n",
                      log_text, re.S)
    if not block:
        return "not in the ptxas log"
    spill = re.search(r"Function properties for " + re.escape(name) +
                      r"\s*\n\s*(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads",
                      log_text)
    smem = re.search(r"(\d+) bytes smem", block.group(2))
    return (f"{block.group(1)} regs, stack {spill.group(1) if spill else '?'} B, "
            f"spills {spill.group(2) if spill else '?'}/{spill.group(3) if spill else '?'} B, "
            f"smem {smem.group(1) if smem else 0} B")


# The guarded counts: (label, +1 when more is worse, -1 when fewer is worse). The last three
# come from ptxas (sass_counts), the others from the PTX.
GUARDED = [
    ("trap", 1),
    ("branch", 1),
    ("int 64-bit ops", 1),
    ("ld/st.local", 1),
    ("  ld .v2/.v4", -1),
    ("  st .v2/.v4", -1),
    ("  ld .nc", -1),
    ("cp.async", -1),
    ("sass instrs", 1),
    ("registers", 1),
    ("spill bytes", 1),
]


def cubin_text_sizes(data):
    """{entry: bytes of its .text.<entry> section} of an ELF64 cubin."""
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names_at = sections[shstrndx][4]
    out = {}
    for name_off, _, _, _, _, size in sections:
        end = data.index(b"\0", names_at + name_off)
        name = data[names_at + name_off:end].decode()
        if name.startswith(".text."):
            out[name[len(".text."):]] = size
    return out


def sass_counts(build, name, entry):
    """{"sass instrs", "registers", "spill bytes"} of `entry` in ptxas's build of simtc's PTX."""
    cubin, log = build / "gen" / f"{name}.simtc.cubin", build / "gen" / f"{name}.simtc.log"
    if not cubin.exists() or not log.exists():
        return f"{cubin} or its .log is missing: build bench_kernels first"
    sizes = cubin_text_sizes(cubin.read_bytes())
    text = log.read_text()
    used = re.search(r"Compiling entry function '" + re.escape(entry) + r"'.*?Used (\d+) registers", text, re.S)
    spill = re.search(r"Function properties for " + re.escape(entry) +
                      r"\s*\n\s*\d+ bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", text)
    if entry not in sizes or not used or not spill:
        return f"entry {entry} is missing from {cubin} or its .log"
    # Every sm_90 instruction is 16 bytes.
    return {"sass instrs": sizes[entry] // 16, "registers": int(used.group(1)),
            "spill bytes": int(spill.group(1)) + int(spill.group(2))}


def benchmarked():
    """[(name, kernel file stem, arch)] of kernels.txt (sm_90 unless the line names one)."""
    out = []
    for line in (HERE / "kernels.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, path, *arch = line.split()
            out.append((name, pathlib.Path(path).stem, arch[0] if arch else "sm_90"))
    return out


def guarded_counts(build):
    """{"kernel/entry": {label: count}} of simtc's PTX in the build, or an error string."""
    out = {}
    for name, stem, _ in benchmarked():
        ptx = build / "simtc" / "bench_kernels" / f"{stem}.ptx"
        if not ptx.exists():
            return f"{ptx} is missing: build bench_kernels first"
        for entry, instrs in entries(ptx.read_text()).items():
            c = counts(instrs)
            sass = sass_counts(build, name, entry)
            if isinstance(sass, str):
                return sass
            c.update(sass)
            out[f"{name}/{entry}"] = {label: c[label] for label, _ in GUARDED}
    return out


def read_recorded(path):
    recorded = {}
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, *fields = line.split("\t")
        recorded[key] = {label.strip(): int(value) for label, value in (f.split("=") for f in fields)}
    return recorded


def record(build, path):
    now = guarded_counts(build)
    if isinstance(now, str):
        print(now)
        return 1
    lines = ["# simtc's PTX and SASS counts of each benchmarked kernel (bench/ptx_stats.py --record); the",
             "# ptx_guard test fails when one of them gets worse. One line per entry: kernel/entry,",
             "# then label=count, tab-separated."]
    for key, c in now.items():
        lines.append("\t".join([key] + [f"{label.strip()}={c[label]}" for label, _ in GUARDED]))
    path.write_text("\n".join(lines) + "\n")
    print(f"recorded {len(now)} entries in {path}")
    return 0


def check(build, path):
    now = guarded_counts(build)
    if isinstance(now, str):
        print(now)
        return 1
    recorded = read_recorded(path)
    worse, better = [], []
    for key in sorted(set(now) | set(recorded)):
        if key not in recorded or key not in now:
            worse.append(f"{key}: {'not recorded' if key not in recorded else 'no longer built'}")
            continue
        for label, direction in GUARDED:
            want, got = recorded[key].get(label.strip()), now[key][label]
            if want is None:
                worse.append(f"{key}: '{label.strip()}' not recorded")
            elif (got - want) * direction > 0:
                worse.append(f"{key}: {label.strip()} {want} -> {got}")
            elif got != want:
                better.append(f"{key}: {label.strip()} {want} -> {got}")
    for line in better:
        print(f"better: {line}")
    for line in worse:
        print(f"WORSE: {line}")
    if better and not worse:
        print(f"counts improved: record them with bench/ptx_stats.py BUILD_DIR --record {path}")
    print(f"{len(now)} entries checked: {len(worse)} worse, {len(better)} better")
    return 1 if worse else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build_dir")
    parser.add_argument("--only", default="")
    parser.add_argument("--dump", help="write simtc's and nvcc's PTX per kernel here")
    parser.add_argument("--cuda", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    parser.add_argument("--check", type=pathlib.Path, help="compare simtc's counts with this file's")
    parser.add_argument("--record", type=pathlib.Path, help="write simtc's counts into this file")
    args = parser.parse_args()
    build = pathlib.Path(args.build_dir) / "bench"
    if args.record:
        return record(build, args.record)
    if args.check:
        return check(build, args.check)
    only = set(filter(None, args.only.split(",")))
    nvcc = pathlib.Path(args.cuda) / "bin" / "nvcc"
    if args.dump:
        pathlib.Path(args.dump).mkdir(parents=True, exist_ok=True)

    for name, stem, arch in benchmarked():
        if only and name not in only:
            continue
        simtc_ptx = build / "simtc" / "bench_kernels" / f"{stem}.ptx"
        twin = HERE / "twins" / f"{name}.cu"
        if not simtc_ptx.exists() or not twin.exists():
            print(f"== {name}: not built (build bench_kernels first)")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            out = pathlib.Path(tmp) / "twin.ptx"
            subprocess.run([str(nvcc), "-ptx", "-O3", f"-arch={arch}", str(twin), "-o", str(out)], check=True)
            nvcc_text = out.read_text()
        simtc_text = simtc_ptx.read_text()
        if args.dump:
            (pathlib.Path(args.dump) / f"{name}.simtc.ptx").write_text(simtc_text)
            (pathlib.Path(args.dump) / f"{name}.nvcc.ptx").write_text(nvcc_text)
        s_entries, n_entries = entries(simtc_text), entries(nvcc_text)
        s_log = (build / "gen" / f"{name}.simtc.log").read_text() if (build / "gen" / f"{name}.simtc.log").exists() else ""
        n_log = (build / "gen" / f"{name}.cubin.log").read_text() if (build / "gen" / f"{name}.cubin.log").exists() else ""
        for entry in s_entries:
            print(f"== {name}: entry {entry}")
            print(f"   simtc: {resources(s_log, entry)}")
            print(f"   nvcc:  {resources(n_log, entry) if entry in n_entries else 'no entry of this name in the twin'}")
            sc = counts(s_entries[entry])
            nc = counts(n_entries.get(entry, []))
            print(f"   {'':<18} {'simtc':>6} {'nvcc':>6}")
            for label, _ in CATEGORIES:
                if sc[label] or nc[label]:
                    print(f"   {label:<18} {sc[label]:>6} {nc[label]:>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
