#!/usr/bin/env python3
"""Runs a command with its stdout on a pseudo-terminal and prints what it
wrote, for tests of what a program does on a terminal (colours).
Not a test by itself (lit runs *.test)."""
import os
import pty
import subprocess
import sys

main, side = pty.openpty()
proc = subprocess.Popen(sys.argv[1:], stdout=side, stderr=subprocess.DEVNULL)
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
