#!/usr/bin/env python3
"""Runs the simtc command line over mutants of the seed kernels and reports crashes.

The mutants come from a replay driver's seeded mutator (fuzz_pipeline_replay --emit-mutants),
the same mutations the in-process smoke test makes. Each entry point runs on its own mutants:

  check    simtc check MUTANT
  build    simtc build MUTANT -o OUT.ptx --header OUT.hpp
  inspect  simtc inspect MUTANT --emit=STAGE, STAGE going round ast, ir-unopt, ir, ir-view,
           llvm-unopt, llvm, ptx

A failure is an exit by a signal (abort, segfault), "internal compiler error" in the output,
or a run longer than --timeout seconds (a hang). Diagnostics and exit status 1 are expected.
Failing mutants are copied to --crash-dir. Exit status 1 when there was any failure.

Usage: fuzz_cli.py --simtc BIN --mutator BIN --seeds DIR [--dict FILE] [--count N] [--seed S]
                   [--entry build,check,inspect] [--jobs N] [--timeout S] [--time-limit S]
"""
import argparse
import concurrent.futures
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

STAGES = ("ast", "ir-unopt", "ir", "ir-view", "llvm-unopt", "llvm", "ptx")
ENTRY_SEEDS = {"check": 1, "build": 2, "inspect": 3}  # added to --seed: distinct mutants per entry


def command(simtc, entry, mutant, index, scratch):
    if entry == "check":
        return [simtc, "check", str(mutant)]
    if entry == "build":
        return [simtc, "build", str(mutant), "-o", str(scratch / f"{index}.ptx"), "--header", str(scratch / f"{index}.hpp")]
    return [simtc, "inspect", str(mutant), f"--emit={STAGES[index % len(STAGES)]}", "-o", str(scratch / f"{index}.out")]


def run_one(args, entry, mutant, index, scratch):
    """None when the run is fine, else (kind, detail)."""
    cmd = command(args.simtc, entry, mutant, index, scratch)
    try:
        run = subprocess.run(cmd, capture_output=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return ("hang", " ".join(cmd))
    finally:
        for leftover in scratch.glob(f"{index}.*"):
            leftover.unlink()
    output = (run.stdout + run.stderr).decode(errors="replace")
    if run.returncode < 0:
        return ("crash", f"signal {-run.returncode}: {' '.join(cmd)}\n{output[-2000:]}")
    if "internal compiler error" in output:
        return ("crash", f"internal compiler error: {' '.join(cmd)}\n{output[-2000:]}")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--simtc", required=True)
    parser.add_argument("--mutator", required=True, help="a fuzz_*_replay executable")
    parser.add_argument("--seeds", required=True)
    parser.add_argument("--dict")
    parser.add_argument("--count", type=int, default=1000, help="mutants per entry point")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--entry", default="check,build,inspect")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--time-limit", type=float, default=0, help="stop each entry point after S seconds")
    parser.add_argument("--crash-dir", type=pathlib.Path, default=pathlib.Path("fuzz-cli-crashes"))
    args = parser.parse_args()

    failures = 0
    with tempfile.TemporaryDirectory(prefix="simtc-fuzz-cli-") as tmp:
        tmp = pathlib.Path(tmp)
        for entry in args.entry.split(","):
            mutants_dir, scratch = tmp / entry / "mutants", tmp / entry / "out"
            scratch.mkdir(parents=True)
            generate = [args.mutator, args.seeds, f"--mutations={args.count}",
                        f"--seed={args.seed + ENTRY_SEEDS[entry]}", f"--emit-mutants={mutants_dir}"]
            if args.dict:
                generate.append(f"--dict={args.dict}")
            subprocess.run(generate, check=True)
            mutants = sorted(mutants_dir.iterdir(), key=lambda p: int(p.name.split("-")[1].split(".")[0]))
            start = time.monotonic()
            counts = {"runs": 0, "crash": 0, "hang": 0}
            with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
                pending = {}
                queue = iter(enumerate(mutants))
                def submit():
                    if args.time_limit and time.monotonic() - start > args.time_limit:
                        return
                    item = next(queue, None)
                    if item is not None:
                        pending[pool.submit(run_one, args, entry, item[1], item[0], scratch)] = item
                for _ in range(args.jobs * 2):
                    submit()
                while pending:
                    done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                    for future in done:
                        index, mutant = pending.pop(future)
                        counts["runs"] += 1
                        result = future.result()
                        if result is not None:
                            kind, detail = result
                            counts[kind] += 1
                            args.crash_dir.mkdir(parents=True, exist_ok=True)
                            kept = args.crash_dir / f"{entry}-{kind}-{mutant.name}"
                            shutil.copyfile(mutant, kept)
                            print(f"fuzz_cli: {entry}: {kind} on {kept}\n{detail}", file=sys.stderr)
                        submit()
            failures += counts["crash"] + counts["hang"]
            print(f"fuzz_cli: {entry}: {counts['runs']} mutants, {counts['crash']} crashes, "
                  f"{counts['hang']} hangs, {time.monotonic() - start:.0f} s", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
