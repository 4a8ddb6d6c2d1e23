#!/usr/bin/env python3
"""`simtc check` finds every error `simtc build` gives for kernel code, each with a rule id.

Runs `simtc build FILE -o /dev/null` on every kernel file of tests/ and examples/, and
`simtc check FILE` on each where build reports an error or fails (where build is clean there
is nothing check must also report), and fails, listing them, on each file where

  - build reports an error that check does not (the same file:line:col and text), or
  - build reports an error without a [simt-...] rule id that check does not report
    identically (Clang's own errors, which check reports the same way, are fine).

Files where the two are known to disagree, and why, are listed in check_build_agreement.known
next to this script: their disagreements are printed as XFAIL and do not fail the test, but a
listed file where check and build now agree does (XPASS: take it off the list), so the list
only shrinks.

A kernel file is a .cpp that includes <simt/kernel.hpp> (itself or through a file of its own
folder it includes), or that a CMakeLists.txt compiles with add_gpu_kernels(). Each is
compared under the flags it is compiled with: those of its first `%simtc` RUN line (lit
tests) or of its add_gpu_kernels() call (INCLUDE_DIRS, DEFINES, OPTIONS, ARCH).

usage: check_build_agreement.py --simtc PATH [--source DIR] [--known FILE] [--jobs N] [--verbose]
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys

KERNEL_DIRS = ["tests", "examples"]
SKIP_DIRS = {"Inputs", "package"}  # Inputs: included by tests; package: host-side tests
INCLUDE_KERNEL_HPP = re.compile(r"^\s*#\s*include\s*<simt/kernel\.hpp>", re.M)
INCLUDE_LOCAL = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
RUN_SIMTC = re.compile(r"RUN:.*?%simtc\s+(check|build|inspect)\b(.*)")
# file:line:col: error: text    (and "error: text" / "simtc: error: text" without a location)
DIAG = re.compile(r"^(?:(?P<loc>.+?:\d+:\d+): )?(?:simtc(?: \w+)?: )?(?P<level>error|fatal error): (?P<text>.*)$")
RULE_ID = re.compile(r"\[simt-[a-z-]+\]$")

# simtc flags that select what a file means (kept), and those that only select an output
# (dropped, with how many values they take).
KEPT_WITH_VALUE = {"--arch", "-arch", "-I", "-D"}
KEPT_PREFIXES = ("--arch=", "--fmad=", "-fmad=", "-I", "-D", "-O")
KEPT_FLAGS = {"--unchecked-indexing", "--use-fast-math", "--use_fast_math", "-use_fast_math"}
DROPPED_WITH_VALUE = {"-o", "--header", "--emit", "--depfile"}


def simtc_flags(words, source_dir, inputs_dir):
    """The flags of a %simtc command line that change what the file means."""
    flags = []
    i = 0
    while i < len(words):
        word = words[i].replace("%inputs", inputs_dir).replace("%S", source_dir)
        if word in ("|", "2>&1", ">", "&&", ";") or word.startswith(">"):
            break
        if word in DROPPED_WITH_VALUE:
            i += 2
            continue
        if word in KEPT_WITH_VALUE and i + 1 < len(words):
            value = words[i + 1].replace("%inputs", inputs_dir).replace("%S", source_dir)
            flags += [word, value]
            i += 2
            continue
        if word in KEPT_FLAGS or word.startswith(KEPT_PREFIXES):
            flags.append(word)
        i += 1
    return flags


def run_line_flags(path, text, inputs_dir):
    """Flags of the file's first %simtc RUN line; None when it has none."""
    for match in RUN_SIMTC.finditer(text):
        try:
            words = shlex.split(match.group(2))
        except ValueError:
            words = match.group(2).split()
        return simtc_flags(words, os.path.dirname(path), inputs_dir)
    return None


def cmake_kernel_files(cmake_path):
    """{source path: flags} for each add_gpu_kernels() call of a CMakeLists.txt."""
    with open(cmake_path, encoding="utf-8") as f:
        text = re.sub(r"#.*", "", f.read())
    folder = os.path.dirname(cmake_path)
    variables = {}
    for match in re.finditer(r"\bset\(\s*(\w+)\s+([^)]*)\)", text):
        variables[match.group(1)] = match.group(2).split()

    def expand(words):
        out = []
        for word in words:
            ref = re.fullmatch(r"\$\{(\w+)\}", word)
            out += variables.get(ref.group(1), []) if ref else [word]
        return out

    files = {}
    for match in re.finditer(r"\badd_gpu_kernels\(\s*\S+((?:[^()]|\([^()]*\))*)\)", text):
        sections = {"SOURCES": [], "INCLUDE_DIRS": [], "DEFINES": [], "OPTIONS": [], "ARCH": []}
        current = None
        for word in expand(match.group(1).split()):
            if word in sections:
                current = word
            elif current:
                sections[current].append(word)
        flags = []
        for d in sections["INCLUDE_DIRS"]:
            flags.append("-I" + (d if os.path.isabs(d) else os.path.join(folder, d)))
        flags += ["-D" + d for d in sections["DEFINES"]]
        if sections["ARCH"]:
            flags += ["--arch", sections["ARCH"][0]]
        flags += sections["OPTIONS"]
        for source in sections["SOURCES"]:
            files[os.path.normpath(os.path.join(folder, source))] = flags
    return files


def includes_kernel_hpp(path, text):
    if INCLUDE_KERNEL_HPP.search(text):
        return True
    folder = os.path.dirname(path)
    for name in INCLUDE_LOCAL.findall(text):
        local = os.path.join(folder, name)
        if os.path.isfile(local):
            with open(local, encoding="utf-8", errors="replace") as f:
                if INCLUDE_KERNEL_HPP.search(f.read()):
                    return True
    return False


def kernel_files(source):
    """[(path, flags)] in a stable order."""
    inputs_dir = os.path.join(source, "tests", "Inputs")
    from_cmake = {}
    candidates = []
    for top in KERNEL_DIRS:
        for folder, dirs, names in os.walk(os.path.join(source, top)):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for name in sorted(names):
                path = os.path.join(folder, name)
                if name == "CMakeLists.txt":
                    from_cmake.update(cmake_kernel_files(path))
                elif name.endswith(".cpp"):
                    candidates.append(path)
    files = []
    for path in candidates:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        flags = run_line_flags(path, text, inputs_dir)
        if path in from_cmake:
            files.append((path, from_cmake[path] if flags is None else flags))
        elif includes_kernel_hpp(path, text):
            files.append((path, flags or []))
    return files


def errors(output):
    """The error lines of a simtc run, as (location or '', text)."""
    found = []
    for line in output.splitlines():
        match = DIAG.match(line)
        if match:
            found.append((match.group("loc") or "", match.group("text")))
    return found


def compare(simtc, path, flags):
    """A list of problems with `path` (empty: check and build agree)."""
    common = ["-fno-caret-diagnostics"] + flags + [path]
    build = subprocess.run([simtc, "build"] + common + ["-o", os.devnull], capture_output=True, text=True)
    build_errors = errors(build.stderr)
    if build.returncode == 0 and not build_errors:
        return []  # nothing check must also report
    check = subprocess.run([simtc, "check"] + common, capture_output=True, text=True)
    check_errors = set(errors(check.stderr))
    problems = []
    for loc, text in build_errors:
        where = (loc + ": " if loc else "") + "error: " + text
        if (loc, text) in check_errors:
            continue  # reported by both, rule id or not (Clang's own errors have none)
        why = "only build reports it" + ("" if RULE_ID.search(text) else ", and it has no rule id")
        problems.append(f"{where}\n      ({why})")
    if build.returncode != 0 and not build_errors:
        problems.append(f"build exits with {build.returncode} and reports no error:\n{build.stderr.strip()}")
    if check.returncode not in (0, 1) or (check.returncode == 1 and not check_errors):
        problems.append(f"check exits with {check.returncode}:\n{check.stderr.strip()}")
    return problems


def read_known(path):
    """{relative path: reason} from the list of known disagreements."""
    known = {}
    if not path or not os.path.exists(path):
        return known
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, reason = line.partition(" ")
            known[name] = reason.strip()
    return known


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simtc", required=True)
    parser.add_argument("--source", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    parser.add_argument("--known", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                        "check_build_agreement.known"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    files = kernel_files(os.path.abspath(args.source))
    if not files:
        print("error: no kernel files found under " + args.source, file=sys.stderr)
        return 2
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda file: compare(args.simtc, *file), files))

    known = read_known(args.known)
    failed, expected = 0, 0
    for (path, flags), problems in zip(files, results):
        name = os.path.relpath(path, args.source)
        shown = name + (" " + " ".join(flags) if flags else "")
        if name in known:
            if problems:
                expected += 1
                print(f"XFAIL {shown}\n    known: {known[name]}")
            else:
                failed += 1
                print(f"XPASS {shown}\n    check and build agree now: take it off {args.known}")
        elif problems:
            failed += 1
            print("FAIL  " + shown)
        elif args.verbose:
            print("ok    " + shown)
        for problem in problems:
            print("    " + problem)
    for name in sorted(set(known) - {os.path.relpath(path, args.source) for path, _ in files}):
        failed += 1
        print(f"FAIL  {name}\n    listed in {args.known} but not a kernel file")
    print(f"{len(files)} kernel files: {failed} failing, {expected} known to disagree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
