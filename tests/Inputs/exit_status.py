#!/usr/bin/env python3
"""Runs a command and prints "exit status N" after its output (lit's `not` only knows non-zero).

usage: exit_status.py COMMAND [ARG...]
"""
import subprocess
import sys

status = subprocess.call(sys.argv[1:])
sys.stdout.flush()
print("exit status %d" % status)
