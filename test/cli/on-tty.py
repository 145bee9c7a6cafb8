#!/usr/bin/env python3
"""Runs a command with its stdout (or with --stderr first, its stderr) on a
pseudo-terminal and prints what it wrote there, for tests of what a
program does on a terminal (colours, a progress line). The other stream is
discarded. Not a test by itself (lit runs *.test)."""
import os
import pty
import subprocess
import sys

args = sys.argv[1:]
on_stderr = args[0] == "--stderr"
if on_stderr:
    args = args[1:]
main, side = pty.openpty()
if on_stderr:
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=side)
else:
    proc = subprocess.Popen(args, stdout=side, stderr=subprocess.DEVNULL)
os.close(side)
out = b""
while True:
    try:
        data = os.read(main, 65536)
    except OSError:  # the terminal is closed once the program is done
        break
    if not data:
        break
    out += data
proc.wait()
sys.stdout.buffer.write(out)
sys.exit(proc.returncode)
