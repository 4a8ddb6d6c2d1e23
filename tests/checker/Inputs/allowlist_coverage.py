#!/usr/bin/env python3
"""Checks that allowlist test files exercise the allowlist's rows.

  allowlist_coverage.py SIMTC safe FILE...     every stmt and cast row with verdict safe or
                                               checked appears in the files' ASTs
  allowlist_coverage.py SIMTC refused FILE...  every stmt and cast row with verdict unsupported
                                               has its diagnostic in `simtc check` of the files,
                                               except the ones listed in UNWRITABLE
Exits 1 and names what is missing.
"""
import re
import subprocess
import sys

# Unsupported rows no kernel file can produce with simtc's flags and headers (each needs a
# header simt does not ship, C, or a later C++ standard).
UNWRITABLE = {
    "CXXStdInitializerListExpr": "needs <initializer_list>",
    "CoawaitExpr": "needs <coroutine>",
    "CoyieldExpr": "needs <coroutine>",
    "CoreturnStmt": "needs <coroutine>",
    "CoroutineBodyStmt": "needs <coroutine>",
    "DesignatedInitUpdateExpr": "C only",
    "NoInitExpr": "C only",
    "EmbedExpr": "needs a file to embed",
    "CXXCatchStmt": "inside a refused try",
    "ToUnion": "C only",
    "DerivedToBaseMemberPointer": "inside a refused pointer to member",
    "BaseToDerivedMemberPointer": "inside a refused pointer to member",
    "ReinterpretMemberPointer": "inside a refused pointer to member",
    "MemberPointerToBoolean": "inside a refused pointer to member",
    "IntegralComplexToReal": "inside a refused _Complex value",
    "IntegralComplexToBoolean": "inside a refused _Complex value",
    "IntegralComplexCast": "inside a refused _Complex value",
    "IntegralComplexToFloatingComplex": "inside a refused _Complex value",
    "IntegralRealToComplex": "inside a refused _Complex value",
    "FloatingComplexToIntegralComplex": "inside a refused _Complex value",
    "FloatingComplexToBoolean": "inside a refused _Complex value",
    "FloatingComplexCast": "inside a refused _Complex value",
    "NonAtomicToAtomic": "inside a refused _Atomic value",
    "CXXInheritedCtorInitExpr": "reported at the inheriting constructor's call",
    "Dynamic": "inside a refused dynamic_cast",
    "BooleanToSignedIntegral": "only in refused vector code",
}


# Allowed rows the AST dump cannot show, or that the rules they name refuse in every use.
NOT_SHOWN = {
    "DesignatedInitExpr": "only in the written form of an initializer list, which the dump leaves out",
    "CXXBindTemporaryExpr": "simt-language-subset refuses every temporary with a destructor",
}


def rows(simtc):
    out = subprocess.run([simtc, "check", "--list-allowlist"], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        table, name, rest = line.split(" ", 2)
        verdict, _, reason = rest.partition(": ")
        yield table, name, verdict, reason


def main():
    simtc, mode, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    missing = []
    if mode == "safe":
        text = "".join(subprocess.run([simtc, "inspect", f, "--emit=ast"], capture_output=True, text=True,
                                      check=True).stdout for f in files)
        nodes = set(re.findall(r"(?:^|[-`| ])([A-Z][A-Za-z]+) 0x[0-9a-f]+", text, re.M))
        casts = set(re.findall(r"<([A-Z][A-Za-z]+)(?: \([^)]*\))?>(?: part_of_explicit_cast)?\s*$", text, re.M))
        for table, name, verdict, _ in rows(simtc):
            if verdict not in ("safe", "checked") or table == "builtin" or name in NOT_SHOWN:
                continue
            if name not in (nodes if table == "stmt" else casts):
                missing.append(f"{table} {name} ({verdict})")
    else:
        text = "".join(subprocess.run([simtc, "check", "-fno-caret-diagnostics", f], capture_output=True,
                                      text=True).stderr for f in files)
        for table, name, verdict, reason in rows(simtc):
            if verdict != "unsupported" or table == "builtin" or name in UNWRITABLE:
                continue
            if reason not in text:
                missing.append(f"{table} {name}: no diagnostic '{reason}'")
    for m in missing:
        print("not covered:", m)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
