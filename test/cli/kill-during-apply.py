#!/usr/bin/env python3
"""kill-during-apply.py BANKFIX ORIGINAL FIXED DIR N

Kills `bankfix --apply` on a copy of ORIGINAL (SIGINT, SIGTERM, SIGKILL in
turn) at random moments of its rewrite, and checks that each time the copy
is ORIGINAL or FIXED byte for byte, with no temporary file beside it (a
SIGKILL cannot be caught: its temporary file is allowed and removed here).

The rewrite starts where bankfix runs its before-check test hook, which
touches DIR/started. A first, unkilled run measures how long the rewrite
takes from there to the end; each kill then waits for DIR/started and a
random part of that time. A kill "interrupted a rewrite" when bankfix had
started rewriting, died of the signal, and left the original file. At least
N kills are made, more (up to 20 N: a loaded machine may answer late) until
one interrupted a rewrite.

Prints one line per kill and then
    kills: K, interrupted a rewrite: I, finished first: F, damaged: 0
Exit 1 when a file was damaged, a temporary file stayed after SIGINT or
SIGTERM, or no kill interrupted a rewrite (the test would have seen
nothing).
"""
import glob
import os
import random
import shutil
import signal
import subprocess
import sys
import time

bankfix, original, fixed, work, n = sys.argv[1:6]
n = int(n)
here = os.path.dirname(os.path.abspath(__file__))
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
target = os.path.join(work, "f.cu")
started = os.path.join(work, "started")
command = [sys.executable, os.path.join(here, "default-signals.py"), bankfix,
           "--apply", "--block-dim=32,32",
           "--test-rewrite-hook=before-check:touch '%s'" % started, target]


def same(a, b):
    with open(a, "rb") as f, open(b, "rb") as g:
        return f.read() == g.read()


def start():
    shutil.copyfile(original, target)
    if os.path.exists(started):
        os.remove(started)
    return subprocess.Popen(command, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def wait_for_rewrite(proc):
    """Seconds waited until the rewrite started, or None if bankfix ended."""
    t0 = time.monotonic()
    while not os.path.exists(started):
        if proc.poll() is not None:
            return None
        time.sleep(0.0002)
    return time.monotonic() - t0


# The rewrite's length, unkilled.
proc = start()
wait_for_rewrite(proc)
t0 = time.monotonic()
proc.wait()
window = time.monotonic() - t0
if proc.returncode != 0 or not same(target, fixed):
    print("kill-during-apply: the unkilled --apply did not give FIXED "
          "(exit %d)" % proc.returncode)
    sys.exit(1)
print("rewrite: %.1f ms from the before-check hook to the end" % (1000 * window))

signals = [signal.SIGINT, signal.SIGTERM, signal.SIGKILL]
kills = interrupted = finished = damaged = stray = 0
while kills < n or (interrupted == 0 and not damaged and kills < 20 * n):
    sig = signals[kills % 3]
    proc = start()
    if wait_for_rewrite(proc) is None:
        print("kill-during-apply: bankfix ended before its rewrite started")
        sys.exit(1)
    time.sleep(random.uniform(0, window))
    proc.send_signal(sig)
    proc.wait()
    kills += 1
    if same(target, original):
        what = "original"
    elif same(target, fixed):
        what = "rewritten"
    else:
        what = "DAMAGED"
        damaged += 1
    died = proc.returncode == -sig
    if what == "DAMAGED":
        how = "interrupted the rewrite"
    elif died and what == "original":
        interrupted += 1
        how = "interrupted the rewrite"
    elif not died:
        finished += 1
        how = "came after the rewrite finished (exit %d)" % proc.returncode
    else:
        how = "killed it after the rename"
    temps = glob.glob(os.path.join(work, ".f.cu.bankfix-*"))
    if temps and sig != signal.SIGKILL:
        print("kill-during-apply: %s left a temporary file" % sig.name)
        stray += 1
    for t in temps:
        os.remove(t)
    print("kill %d: %s %s: file %s" % (kills, sig.name, how, what))

print("kills: %d, interrupted a rewrite: %d, finished first: %d, damaged: %d"
      % (kills, interrupted, finished, damaged))
sys.exit(1 if damaged or stray or interrupted == 0 else 0)
