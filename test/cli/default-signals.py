#!/usr/bin/env python3
"""default-signals.py CMD ARGS...: runs CMD with SIGINT and SIGTERM at their
default actions (a test runner may start tests with SIGINT ignored, which a
program cannot undo, and then a SIGINT test would test nothing)."""
import os
import signal
import sys

signal.signal(signal.SIGINT, signal.SIG_DFL)
signal.signal(signal.SIGTERM, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
