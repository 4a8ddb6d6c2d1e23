#!/usr/bin/env python3
"""Runs the code blocks of docs/*.md that are marked as testable, so the docs cannot drift.

A block is testable when the line right above its opening fence (blank lines aside) is a
marker, an HTML comment that Markdown does not show:

  <!-- test: file name="k.cpp" -->       saves the block as k.cpp (for a later block)
  <!-- test: check name="k.cpp" -->      saves it, runs `simtc check k.cpp`: no output, exit 0
  <!-- test: build name="k.cpp" -->      saves it, runs `simtc build k.cpp -o k.ptx
                                          --header k.simt.hpp`: no output, exit 0
  <!-- test: compile name="main.cpp" kernels="k.cpp" -->
                                          saves it as a host program and compiles it with the
                                          kernel files (for host code that needs a GPU to run)
  <!-- test: cpu-run name="main.cpp" kernels="k.cpp" [status="N"] -->
                                          saves it as a host program, compiles it with the
                                          kernel files (each also through `simtc build
                                          --header`, for its generated header) and the runtime
                                          library, runs it, and compares its output (stdout
                                          and stderr together; a program killed by signal S
                                          exits with 128 + S, as in a shell) with the next block, which
                                          carries `<!-- test: output -->` (or
                                          `<!-- test: output match="hex" -->`: every 0x...
                                          number matches any other); exit status N (default 0)
  <!-- test: shell [cwd="dir"] [match="witness"] -->
                                          a session: each line `$ COMMAND` is run with bash
                                          (simtc on PATH), the lines up to the next `$ ` are
                                          its output (stdout and stderr together), compared
                                          exactly; in the page's scratch folder, or in `dir`
                                          of the source tree (for commands that write nothing);
                                          match="witness": the numbers of a note's
                                          parenthesised counterexample (the threads and the
                                          element the solver picked) match any numbers

The blocks of one page share one scratch folder and run in the order they appear, so a page
can save a kernel file and then show `$ simtc check` on it. Every block of a page is run
even after one fails; the script lists each failure with the page and line of its block and
exits 1 when there was one.

usage: run_doc_blocks.py --simtc PATH --source DIR --runtime-lib PATH [--cxx CXX]
                         [--work DIR] [--page NAME]... [--verbose]
"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

MARKER = re.compile(r"^<!--\s*test:\s*([a-z-]+)((?:\s+[a-z]+=\"[^\"]*\")*)\s*-->\s*$")
ATTRIBUTE = re.compile(r'([a-z]+)="([^"]*)"')
FENCE = re.compile(r"^(```+|~~~+)(.*)$")
KINDS = {"file", "check", "build", "compile", "cpu-run", "output", "shell"}
HEX = re.compile(r"0x[0-9a-fA-F]+")
DIGITS = re.compile(r"[0-9]+")


def mask_witness(text):
    """The numbers after the first '(' of each note line, as N: a race's two threads and its
    element are whichever pair the solver finds first, not a fixed answer."""
    out = []
    for line in text.split("\n"):
        note = line.find("note: ")
        paren = line.find("(", note) if note >= 0 else -1
        out.append(line if paren < 0 else line[:paren] + DIGITS.sub("N", line[paren:]))
    return "\n".join(out)


class Block:
    def __init__(self, page, line, kind, attributes, text):
        self.page, self.line, self.kind, self.attributes, self.text = page, line, kind, attributes, text

    def where(self):
        return f"{self.page}:{self.line}"


def parse(path, page):
    """The marked blocks of one page, in order; raises ValueError for a malformed marker."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i].strip())
        if not m:
            i += 1
            continue
        kind = m.group(1)
        if kind not in KINDS:
            raise ValueError(f"{page}:{i + 1}: unknown marker kind '{kind}'")
        attributes = dict(ATTRIBUTE.findall(m.group(2)))
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        fence = FENCE.match(lines[j]) if j < len(lines) else None
        if not fence:
            raise ValueError(f"{page}:{i + 1}: a test marker must stand right above a fenced code block")
        body = []
        k = j + 1
        while k < len(lines) and lines[k].strip() != fence.group(1):
            body.append(lines[k])
            k += 1
        if k == len(lines):
            raise ValueError(f"{page}:{j + 1}: the code block is not closed")
        blocks.append(Block(page, j + 1, kind, attributes, "\n".join(body) + "\n"))
        i = k + 1
    return blocks


def run(command, cwd, env=None, timeout=600):
    """(exit status, stdout and stderr together) of `command`."""
    try:
        p = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, shell=isinstance(command, str),
                           executable="/bin/bash" if isinstance(command, str) else None)
    except OSError as e:  # the program cannot be started
        return 127, f"{e}\n"
    return p.returncode, p.stdout.decode("utf-8", "replace")


def diff(expected, actual):
    import difflib
    return "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "documented", "actual"))


class Page:
    def __init__(self, runner, page, scratch):
        self.runner, self.page, self.scratch = runner, page, scratch
        self.headers = set()

    def save(self, block):
        name = block.attributes.get("name")
        if not name:
            raise ValueError(f"{block.where()}: '{block.kind}' needs name=\"...\"")
        with open(os.path.join(self.scratch, name), "w", encoding="utf-8") as f:
            f.write(block.text)
        self.headers.discard(name)  # a header made from an earlier version is stale
        return name

    def simtc(self, block, args):
        status, output = run([self.runner.simtc] + args, self.scratch)
        if status != 0 or output:
            return f"simtc {' '.join(args)}: exit status {status}, expected 0 and no output:\n{output}"
        return None

    def header(self, block, kernel):
        stem = os.path.splitext(kernel)[0]
        if kernel in self.headers:
            return None
        self.headers.add(kernel)
        return self.simtc(block, ["build", kernel, "-o", stem + ".ptx", "--header", stem + ".simt.hpp"])

    def compile(self, block):
        """Saves a host program and compiles it with its kernel files; (executable, problem)."""
        main = self.save(block)
        kernels = block.attributes.get("kernels", "").split()
        for kernel in kernels:
            problem = self.header(block, kernel)
            if problem:
                return None, problem
        exe = os.path.join(self.scratch, os.path.splitext(main)[0] + ".bin")
        r = self.runner
        command = [r.cxx, "-std=c++20", "-O1", "-I", os.path.join(r.source, "include"), "-I", ".", main] + kernels + [
            r.runtime_lib, "-ldl", "-lpthread", "-o", exe]
        status, output = run(command, self.scratch)
        if status != 0:
            return exe, f"compiling {main}: exit status {status}:\n{output}"
        return exe, None

    def cpu_run(self, block, output_block):
        exe, problem = self.compile(block)
        if problem:
            return problem
        main = block.attributes["name"]
        env = dict(os.environ)
        # The program's output must not depend on the environment's host reference settings.
        for name in ("SIMT_HOST_RACECHECK", "SIMT_HOST_SCHEDULE_SEED", "SIMT_HOST_YIELD_AT_ACCESSES"):
            env.pop(name, None)
        status, output = run([exe], self.scratch, env)
        if status < 0:  # killed by a signal: the status a shell shows
            status = 128 - status
        want_status = int(block.attributes.get("status", "0"))
        problems = []
        if status != want_status:
            problems.append(f"{main}: exit status {status}, documented {want_status}")
        expected, actual = output_block.text, output
        if output_block.attributes.get("match") == "hex":
            expected, actual = HEX.sub("0x?", expected), HEX.sub("0x?", actual)
        if expected.rstrip("\n") != actual.rstrip("\n"):
            problems.append(f"{main}: its output differs from the block at {output_block.where()}:\n"
                            + diff(expected.rstrip("\n") + "\n", actual.rstrip("\n") + "\n"))
        return "\n".join(problems) or None

    def shell(self, block):
        cwd = self.scratch
        if "cwd" in block.attributes:
            cwd = os.path.join(self.runner.source, block.attributes["cwd"])
        env = dict(os.environ)
        env["PATH"] = self.runner.bin_dir + os.pathsep + env.get("PATH", "")
        env["SIMTC_CACHE_DIR"] = os.path.join(self.runner.work, "cache")
        sessions = []  # [command, expected output lines]
        for line in block.text.rstrip("\n").split("\n"):
            if line.startswith("$ "):
                sessions.append([line[2:], []])
            elif not sessions:
                raise ValueError(f"{block.where()}: a shell block starts with a '$ ' command line")
            else:
                sessions[-1][1].append(line)
        problems = []
        for command, expected_lines in sessions:
            _, output = run(command, cwd, env)
            expected, actual = "\n".join(expected_lines).rstrip("\n"), output.rstrip("\n")
            if block.attributes.get("match") == "witness":
                expected, actual = mask_witness(expected), mask_witness(actual)
            if expected != actual:
                problems.append(f"$ {command}: the output differs:\n"
                                + diff(expected + "\n", output.rstrip("\n") + "\n"))
        return "\n".join(problems) or None

    def run_blocks(self, blocks):
        failures = 0
        i = 0
        while i < len(blocks):
            block = blocks[i]
            problem = None
            if block.kind == "file":
                self.save(block)
            elif block.kind == "check":
                problem = self.simtc(block, ["check", self.save(block)])
            elif block.kind == "build":
                name = self.save(block)
                self.headers.add(name)
                stem = os.path.splitext(name)[0]
                problem = self.simtc(block, ["build", name, "-o", stem + ".ptx", "--header", stem + ".simt.hpp"])
            elif block.kind == "compile":
                problem = self.compile(block)[1]
            elif block.kind == "cpu-run":
                if i + 1 >= len(blocks) or blocks[i + 1].kind != "output":
                    raise ValueError(f"{block.where()}: a cpu-run block is followed by an output block")
                problem = self.cpu_run(block, blocks[i + 1])
                i += 1
            elif block.kind == "shell":
                problem = self.shell(block)
            elif block.kind == "output":
                raise ValueError(f"{block.where()}: an output block follows a cpu-run block")
            status = "FAIL" if problem else "ok"
            if problem or self.runner.verbose:
                print(f"{status}: {block.where()} ({block.kind} {' '.join(f'{k}={v}' for k, v in block.attributes.items())})")
            if problem:
                print("  " + problem.replace("\n", "\n  ").rstrip())
                failures += 1
            i += 1
        return failures


class Runner:
    def __init__(self, args):
        self.simtc = os.path.abspath(args.simtc)
        self.source = os.path.abspath(args.source)
        self.runtime_lib = os.path.abspath(args.runtime_lib)
        self.cxx = args.cxx
        self.verbose = args.verbose
        self.work = args.work
        self.bin_dir = os.path.join(self.work, "bin")
        os.makedirs(self.bin_dir, exist_ok=True)
        link = os.path.join(self.bin_dir, "simtc")
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(self.simtc, link)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--simtc", required=True)
    parser.add_argument("--source", required=True, help="the source tree (its docs/ and include/)")
    parser.add_argument("--runtime-lib", required=True, help="libsimt_runtime.a")
    parser.add_argument("--cxx", default=os.environ.get("CXX") or shutil.which("c++") or "c++")
    parser.add_argument("--work", help="scratch folder (default: a temporary one, removed afterwards)")
    parser.add_argument("--page", action="append", help="only this page of docs/ (repeatable)")
    parser.add_argument("--verbose", "-v", action="store_true", help="list every block, not only failures")
    args = parser.parse_args()
    temporary = args.work is None
    args.work = os.path.abspath(args.work or tempfile.mkdtemp(prefix="simtc-docs-"))
    os.makedirs(args.work, exist_ok=True)
    runner = Runner(args)
    docs = os.path.join(runner.source, "docs")
    pages = sorted(p for p in os.listdir(docs) if p.endswith(".md"))
    if args.page:
        pages = [p for p in pages if p in args.page or p[:-3] in args.page]
    failures = blocks_run = pages_run = 0
    try:
        for page in pages:
            blocks = parse(os.path.join(docs, page), "docs/" + page)
            if not blocks:
                continue
            scratch = os.path.join(args.work, page[:-3])
            shutil.rmtree(scratch, ignore_errors=True)
            os.makedirs(scratch)
            failures += Page(runner, "docs/" + page, scratch).run_blocks(blocks)
            blocks_run += sum(1 for b in blocks if b.kind != "output")
            pages_run += 1
    except ValueError as e:
        print(f"error: {e}")
        return 2
    finally:
        if temporary:
            shutil.rmtree(args.work, ignore_errors=True)
    print(f"{blocks_run} blocks of {pages_run} pages run, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
