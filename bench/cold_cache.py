#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A first run with an empty preamble cache against the bare clang parse.

For each file: the exact clang command bankfix parses with (`bankfix
--print-parse-command`, run by clang++), bankfix --no-cache, bankfix with a
new empty --cache-dir (cold: it starts a background bankfix that builds
the PCH and parses the file without it; the benchmark then waits for the
PCH before timing anything else), bankfix --wait-for-cache with another
new empty directory (serial: it builds the PCH, then parses with it) and
bankfix with the first directory again (warm); REPS rounds of the five in
turn; medians of wall and CPU seconds (user + system of the child, from
wait4: the background builder of the cold run is not its child, its cost
is what serial costs more than warm), and their ratios to the bare parse.

    cold_cache.py --bankfix build/bin/bankfix [--clang clang-22] [--reps 5]
                  FILE...
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import glob
import tempfile
import time


def wait_for_pch(cache, timeout=300):
    """Until the background build left its PCH and no lock."""
    end = time.time() + timeout
    while time.time() < end:
        if (glob.glob(os.path.join(cache, "preamble-*.pch")) and
                not glob.glob(os.path.join(cache, "*.lock"))):
            return
        time.sleep(0.05)
    raise RuntimeError(f"no PCH appeared in {cache}")


def timed(cmd, cwd):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{shlex.join(cmd)} failed")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bankfix", required=True)
    p.add_argument("--clang", default="clang-22")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("files", nargs="+")
    args = p.parse_args()
    bankfix = os.path.abspath(args.bankfix)
    kinds = ["bare", "no-cache", "cold", "serial", "warm"]
    load = os.getloadavg()[0]
    out = ["| file | " + " | ".join(f"{k} wall / cpu" for k in kinds) +
           " | cold / bare (wall, cpu) | serial / bare (wall, cpu) |",
           "|---|" + "---:|" * 7]
    sums = {k: [0.0, 0.0] for k in kinds}
    for path in args.files:
        cwd, name = os.path.dirname(os.path.abspath(path)), os.path.basename(path)
        parse = subprocess.run([bankfix, "--print-parse-command", name],
                               cwd=cwd, check=True, capture_output=True,
                               text=True).stdout.strip()
        bare = [args.clang, "--driver-mode=g++", *shlex.split(parse)[1:]]
        t = {k: [] for k in kinds}
        for _ in range(args.reps):
            with tempfile.TemporaryDirectory() as cache, \
                    tempfile.TemporaryDirectory() as serial:
                run = [bankfix, f"--cache-dir={cache}", name]
                t["bare"].append(timed(bare, cwd))
                t["no-cache"].append(timed([bankfix, "--no-cache", name], cwd))
                t["cold"].append(timed(run, cwd))
                wait_for_pch(cache)
                t["serial"].append(timed([bankfix, f"--cache-dir={serial}",
                                          "--wait-for-cache", name], cwd))
                t["warm"].append(timed(run, cwd))
        med = {k: (statistics.median(x[0] for x in v),
                   statistics.median(x[1] for x in v)) for k, v in t.items()}
        for k in kinds:
            sums[k][0] += med[k][0]
            sums[k][1] += med[k][1]
        out.append(f"| {name} | " + " | ".join(
            f"{med[k][0]:.3f} / {med[k][1]:.3f}" for k in kinds) +
            f" | {med['cold'][0] / med['bare'][0]:.2f}x, "
            f"{med['cold'][1] / med['bare'][1]:.2f}x"
            f" | {med['serial'][0] / med['bare'][0]:.2f}x, "
            f"{med['serial'][1] / med['bare'][1]:.2f}x |")
        print(out[-1], file=sys.stderr)
    out.append("| **sum** | " + " | ".join(
        f"{sums[k][0]:.3f} / {sums[k][1]:.3f}" for k in kinds) +
        f" | **{sums['cold'][0] / sums['bare'][0]:.2f}x**, "
        f"{sums['cold'][1] / sums['bare'][1]:.2f}x"
        f" | {sums['serial'][0] / sums['bare'][0]:.2f}x, "
        f"{sums['serial'][1] / sums['bare'][1]:.2f}x |")
    out.append("")
    out.append(f"reps {args.reps}, medians; load average {load:.2f} at the "
               f"start, {os.getloadavg()[0]:.2f} at the end; warm / bare: "
               f"wall {sums['warm'][0] / sums['bare'][0]:.2f}x, cpu "
               f"{sums['warm'][1] / sums['bare'][1]:.2f}x; no-cache / bare: "
               f"wall {sums['no-cache'][0] / sums['bare'][0]:.2f}x, cpu "
               f"{sums['no-cache'][1] / sums['bare'][1]:.2f}x")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
