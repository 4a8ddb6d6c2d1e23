#!/usr/bin/env python3
"""simtc for the agreement script's fixture: runs the real simtc ($SIMTC_REAL), and for
`build` of a file holding a line `// fixture build error: TEXT` also reports TEXT as an error
at that line, the way an error only code generation finds would look."""
import os
import re
import subprocess
import sys

args = sys.argv[1:]
status = subprocess.run([os.environ["SIMTC_REAL"]] + args).returncode
if args and args[0] == "build":
    for path in args[1:]:
        if not path.endswith(".cpp"):
            continue
        with open(path) as f:
            for number, line in enumerate(f, 1):
                m = re.search(r"// fixture build error: (.*)$", line)
                if m:
                    print(f"{path}:{number}:1: error: {m.group(1)}", file=sys.stderr)
                    status = 1
sys.exit(status)
