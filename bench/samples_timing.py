#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""bankfix's time and memory on every .cu file of NVIDIA's CUDA samples,
file by file, against clang's parse of the same file.

    samples_timing.py --bankfix build/bin/bankfix --samples ~/cuda-samples \\
        [--clang clang++-22] [--reps 1] [--markdown OUT.md] \\
        [--only PATH_PART]... [--max-ratio 3]

For each `.cu` file under the checkout's Samples/ (its Common/ and the
file's folder on the include path, as the samples' makefiles have them):
`bankfix FILE` (warm preamble cache: one unmeasured run first) and
`clang++-22 -fsyntax-only` with the exact command bankfix parses with
(`bankfix --print-parse-command`), run alternately REPS times; wall time,
CPU time and peak memory (ru_maxrss) of each child from wait4, medians.
Prints one line per file and the distribution: median, 95th percentile
and largest ratio of wall times, and the largest peak memory. With
--max-ratio R it exits 1 when a file takes more than R times its parse
(and more than a second over it: below that the ratio is noise). Without
a checkout it says it did not run and exits 0.
"""
import argparse
import glob
import os
import shlex
import statistics
import subprocess
import sys
import time


def run(cmd, cwd, timeout):
    """(wall s, cpu s, peak MB, exit status) of one run of cmd."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            proc.kill()
            pid, status, usage = os.wait4(proc.pid, 0)
            status = -1
            break
        time.sleep(0.01)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status) if status != -1 else "timeout"
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def measure(args, path):
    common = os.path.join(args.samples, "Common")
    cwd = os.path.dirname(path)
    extra = ["--", "-I" + common, "-I" + cwd]
    parse = subprocess.run(
        [args.bankfix, "--print-parse-command", path, *extra],
        capture_output=True, text=True)
    if parse.returncode != 0 or not parse.stdout.strip():
        return None
    clang = [args.clang, "--driver-mode=g++",
             *shlex.split(parse.stdout.strip())[1:]]
    bankfix = [args.bankfix, "--use-color=false", path, *extra]
    run([*bankfix[:2], "--wait-for-cache", *bankfix[2:]], cwd, args.timeout)
    b, c = [], []
    for _ in range(args.reps):
        b.append(run(bankfix, cwd, args.timeout))
        c.append(run(clang, cwd, args.timeout))
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    return {"file": os.path.relpath(path, args.samples),
            "bankfix": med(b, 0), "bankfix_cpu": med(b, 1),
            "bankfix_mb": max(x[2] for x in b), "bankfix_exit": b[-1][3],
            "parse": med(c, 0), "parse_cpu": med(c, 1),
            "parse_exit": c[-1][3]}


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def print_row(r):
    """One measured file, on stderr as the run goes."""
    print(f"{r['file']}: bankfix {r['bankfix']:.2f} s "
          f"(exit {r['bankfix_exit']}, {r['bankfix_mb']:.0f} MB), "
          f"parse {r['parse']:.2f} s (exit {r['parse_exit']}), "
          f"{r['ratio']:.2f}x", file=sys.stderr, flush=True)


def over_ratio(rows, max_ratio):
    """The files over max_ratio times their parse and a second over it
    (below that the ratio is noise); none without max_ratio."""
    return [r for r in rows if max_ratio and r["ratio"] > max_ratio and
            r["bankfix"] - r["parse"] > 1.0]


def machine(load):
    """The machine and its load average at the start and now."""
    return (f"machine: {os.cpu_count()} cores, load average at the start "
            f"{load:.2f}, at the end {os.getloadavg()[0]:.2f}")


def totals(rows):
    """The sums of the wall times and bankfix's largest peak memory."""
    return (f"bankfix {sum(r['bankfix'] for r in rows):.1f} s, parse "
            f"{sum(r['parse'] for r in rows):.1f} s; largest peak memory of "
            f"bankfix: {max(r['bankfix_mb'] for r in rows):.0f} MB")


def ratio_table(rows):
    """The distribution of the wall ratios, as markdown lines."""
    ratios = [r["ratio"] for r in rows]
    return ["| | wall ratio bankfix / parse |", "|---|---:|",
            f"| median | {statistics.median(ratios):.2f}x |",
            f"| 95th percentile | {percentile(ratios, 0.95):.2f}x |",
            f"| largest | {max(ratios):.2f}x |"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bankfix", required=True)
    p.add_argument("--samples", required=True)
    p.add_argument("--clang", default="clang++-22")
    p.add_argument("--reps", type=int, default=1)
    p.add_argument("--timeout", type=float, default=600)
    p.add_argument("--markdown")
    p.add_argument("--only", action="append", default=[])
    p.add_argument("--max-ratio", type=float)
    a = p.parse_args()
    a.bankfix = os.path.abspath(a.bankfix)
    files = sorted(glob.glob(os.path.join(a.samples, "Samples", "**", "*.cu"),
                             recursive=True))
    if a.only:
        files = [f for f in files if any(o in f for o in a.only)]
    if not files:
        print(f"samples_timing.py: no CUDA samples checkout at {a.samples}: "
              "not run")
        return 0
    load = os.getloadavg()[0]
    rows = []
    for path in files:
        r = measure(a, path)
        if r is None:
            print(f"{path}: bankfix prints no parse command; skipped",
                  file=sys.stderr)
            continue
        r["ratio"] = r["bankfix"] / r["parse"] if r["parse"] > 0 else 0
        rows.append(r)
        print_row(r)
    over = over_ratio(rows, a.max_ratio)
    lines = [
        f"files: {len(rows)} of {len(files)}, repetitions: {a.reps} "
        f"(medians); {machine(load)}", "",
        *ratio_table(rows), "", f"sum of wall times: {totals(rows)}", "",
        "| file | bankfix s | parse s | ratio | bankfix MB | exit |",
        "|---|---:|---:|---:|---:|---|"]
    for r in sorted(rows, key=lambda r: -r["ratio"]):
        lines.append(f"| {r['file']} | {r['bankfix']:.2f} | {r['parse']:.2f} "
                     f"| {r['ratio']:.2f}x | {r['bankfix_mb']:.0f} | "
                     f"{r['bankfix_exit']} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text)
    for r in over:
        print(f"over {a.max_ratio}x: {r['file']} ({r['ratio']:.2f}x)",
              file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
