#!/usr/bin/env python3
"""Runs `simtc check` on every kernel of the corpus and compares the verdict with its label.

Each file's first line is its label:
  // corpus: racy <expected-rule-id> | <note>
  // corpus: race-free | <note>

A racy file must be rejected (exit 1) with its expected rule among the diagnostics; a
race-free file should be accepted (exit 0). An error without a rule id (a Clang error) or any
other exit status is a defect of the corpus itself.

Exit status: 1 when a racy kernel is accepted, when the share of race-free kernels accepted is
below --min-accepted, or when a file is malformed or does not compile; 0 otherwise.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

LABEL = re.compile(r"^// corpus: (?:(racy) (simt-[a-z0-9-]+)|(race-free)) \| (\S.*)$")
RULE = re.compile(r"\[(simt-[a-z0-9-]+)\]\s*$")
ERROR = re.compile(r"(?:^|\s)error: ")


class Result:
    def __init__(self, path, category, racy, expected, note):
        self.path, self.category, self.racy, self.expected, self.note = path, category, racy, expected, note
        self.rc = None
        self.rules = []
        self.clang_errors = []
        self.output = ""
        self.problem = None  # a defect of the corpus (label, compile error, crash)


def read_label(path, root):
    category = os.path.relpath(path, root).split(os.sep)[0]
    with open(path, encoding="utf-8") as f:
        first = f.readline().rstrip("\n")
    m = LABEL.match(first)
    if not m:
        r = Result(path, category, False, None, "")
        r.problem = "first line is not a corpus label"
        return r
    if m.group(1):
        return Result(path, category, True, m.group(2), m.group(4))
    return Result(path, category, False, None, m.group(4))


def run_one(simtc, r, timeout):
    if r.problem:
        return r
    try:
        p = subprocess.run([simtc, "check", "-fno-caret-diagnostics", r.path], capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        r.problem = f"simtc check did not finish within {timeout} s"
        return r
    r.rc = p.returncode
    r.output = p.stdout + p.stderr
    for line in r.output.splitlines():
        if not ERROR.search(line):
            continue
        m = RULE.search(line)
        if m:
            r.rules.append(m.group(1))
        else:
            r.clang_errors.append(line)
    if r.clang_errors:
        r.problem = "error without a rule id: " + r.clang_errors[0]
    elif r.rc not in (0, 1):
        r.problem = f"simtc exited with status {r.rc}"
    elif r.rc == 1 and not r.rules:
        r.problem = "rejected without a diagnostic"
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--simtc", required=True, help="the simtc binary to test")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="files checked in parallel")
    ap.add_argument("--min-accepted", type=float, default=90.0,
                    help="lowest acceptable share of race-free kernels accepted, in percent (default 90)")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per file (default 120)")
    ap.add_argument("--verbose", action="store_true", help="print every file's verdict and the diagnostics of misses")
    ap.add_argument("--root", default=os.path.dirname(os.path.abspath(__file__)), help="the corpus directory")
    args = ap.parse_args()

    files = []
    for d, _, names in os.walk(args.root):
        files += [os.path.join(d, n) for n in names if n.endswith(".cpp")]
    files.sort()
    if not files:
        print(f"no kernel files under {args.root}", file=sys.stderr)
        return 1
    results = [read_label(f, args.root) for f in files]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda r: run_one(args.simtc, r, args.timeout), results))

    def rel(r):
        return os.path.relpath(r.path, args.root)

    cats = {}
    failed = False
    for r in results:
        c = cats.setdefault(r.category, [0, 0, 0, 0])  # racy, rejected, race-free, accepted
        if r.problem:
            print(f"BROKEN {rel(r)}: {r.problem}")
            failed = True
            continue
        rules = " ".join(f"[{x}]" for x in dict.fromkeys(r.rules))
        if r.racy:
            c[0] += 1
            if r.rc == 0:
                print(f"MISSED racy {rel(r)} (expected [{r.expected}]) | {r.note}")
                failed = True
            else:
                c[1] += 1
                if r.expected not in r.rules:
                    print(f"WRONG-RULE racy {rel(r)}: expected [{r.expected}], got {rules} | {r.note}")
                elif args.verbose:
                    print(f"ok racy {rel(r)} {rules}")
        else:
            c[2] += 1
            if r.rc == 0:
                c[3] += 1
                if args.verbose:
                    print(f"ok race-free {rel(r)}")
            else:
                print(f"REJECTED race-free {rel(r)} {rules} | {r.note}")
        if args.verbose and (r.rc == 1) != r.racy:
            for line in r.output.splitlines():
                print("    " + line)

    def pct(a, b):
        return 100.0 * a / b if b else 100.0

    print()
    print(f"{'category':<12} {'racy':>5} {'rejected':>9} {'race-free':>10} {'accepted':>9}")
    tot = [0, 0, 0, 0]
    for name in sorted(cats):
        c = cats[name]
        tot = [a + b for a, b in zip(tot, c)]
        print(f"{name:<12} {c[0]:>5} {c[1]:>9} {c[2]:>10} {c[3]:>9}")
    print(f"{'total':<12} {tot[0]:>5} {tot[1]:>9} {tot[2]:>10} {tot[3]:>9}")
    print()
    accepted = pct(tot[3], tot[2])
    print(f"racy: {tot[1]} of {tot[0]} rejected ({pct(tot[1], tot[0]):.1f} %); "
          f"race-free: {tot[3]} of {tot[2]} accepted ({accepted:.1f} %)")
    if accepted < args.min_accepted:
        print(f"race-free acceptance {accepted:.1f} % is below --min-accepted {args.min_accepted:g} %")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
