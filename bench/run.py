#!/usr/bin/env python3
"""bankfix's time per file against the bare parse.

For every file, bankfix (`bankfix FILE`) and `clang-22 -fsyntax-only` with
the exact clang command bankfix parses with (`bankfix --print-parse-command
FILE`) are run REPS times each, alternately, and the medians compared: the
parse is the floor, the ratio is what bankfix's analysis costs on top.
Wall time and CPU time (user + system, of the child) are both measured.
Then `bankfix -j1` and `bankfix -j2` on all the corpus files at once, for
the speed-up of parallel runs.

    run.py --bankfix build/bin/bankfix [--reps 5] [--files F...]
           [--corpus DIR] [--markdown OUT.md] [--skip-jobs | --only-jobs]

With no --files: every test/inputs/*.cu and the 200-kernel corpus (written
by generate_corpus.py into --corpus, default a temporary directory).
Exit 1 if a command fails (clang must parse every file with the printed
command, exit 0).
"""
import argparse
import glob
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def bankfix_args(path):
    """The options on a test input's "// bankfix-args:" line."""
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("// bankfix-args: "):
                return shlex.split(line[len("// bankfix-args: "):])
    return []


def timed(cmd, cwd):
    """(wall seconds, cpu seconds) of one run; raises when it fails."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    # bankfix exits 0 (findings are not errors without --warnings-as-errors)
    if proc.returncode != 0:
        raise RuntimeError(f"{shlex.join(cmd)} (in {cwd}) exited "
                           f"{proc.returncode}:\n{err}")
    return wall, usage.ru_utime + usage.ru_stime


def measure_file(bankfix, clang, path, reps):
    cwd = os.path.dirname(path) or "."
    name = os.path.basename(path)
    opts = bankfix_args(path)
    parse = subprocess.run([bankfix, "--print-parse-command", *opts, name],
                           cwd=cwd, check=True, capture_output=True,
                           text=True).stdout.strip()
    clang_cmd = [clang, "--driver-mode=g++", *shlex.split(parse)[1:]]
    bank_cmd = [bankfix, "--use-color=false", *opts, name]
    b, c = [], []
    for _ in range(reps):  # alternate, so that a change of load hits both
        b.append(timed(bank_cmd, cwd))
        c.append(timed(clang_cmd, cwd))
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    return {"file": path, "bankfix_wall": med(b, 0), "parse_wall": med(c, 0),
            "bankfix_cpu": med(b, 1), "parse_cpu": med(c, 1)}


def measure_jobs(bankfix, files, reps):
    """Median (wall, cpu) seconds of bankfix -jN over all files, N = 1, 2."""
    cwd = os.path.dirname(files[0])
    names = [os.path.relpath(f, cwd) for f in files]
    times = {1: [], 2: []}
    for _ in range(reps):
        for n in (1, 2):
            times[n].append(timed([bankfix, f"-j{n}", *names], cwd))
    return {n: (statistics.median(x[0] for x in t),
                statistics.median(x[1] for x in t))
            for n, t in times.items()}


def render(rows, jobs, args, corpus_files):
    out = [f"files: {len(rows)}, repetitions: {args.reps} (medians)",
           f"machine: {os.cpu_count()} cores, load average at the start "
           f"{args.load_before:.2f}, at the end {os.getloadavg()[0]:.2f}"]
    if rows:
        total = lambda key: sum(r[key] for r in rows)
        geo = lambda a, b: statistics.geometric_mean(r[a] / r[b] for r in rows)
        out.append("")
        out.append("| file | bankfix wall s | parse wall s | wall ratio "
                   "| bankfix cpu s | parse cpu s | cpu ratio |")
        out.append("|---|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            out.append(
                f"| {os.path.basename(r['file'])} | {r['bankfix_wall']:.3f} "
                f"| {r['parse_wall']:.3f} "
                f"| {r['bankfix_wall'] / r['parse_wall']:.3f} "
                f"| {r['bankfix_cpu']:.3f} | {r['parse_cpu']:.3f} "
                f"| {r['bankfix_cpu'] / r['parse_cpu']:.3f} |")
        out.append("")
        out.append(
            f"overall (sum of medians): wall {total('bankfix_wall'):.2f} s / "
            f"{total('parse_wall'):.2f} s = "
            f"{total('bankfix_wall') / total('parse_wall'):.3f}x; cpu "
            f"{total('bankfix_cpu'):.2f} s / {total('parse_cpu'):.2f} s = "
            f"{total('bankfix_cpu') / total('parse_cpu'):.3f}x")
        out.append(
            f"per file: geometric mean wall "
            f"{geo('bankfix_wall', 'parse_wall'):.3f}x, cpu "
            f"{geo('bankfix_cpu', 'parse_cpu'):.3f}x; worst cpu ratio "
            f"{max(r['bankfix_cpu'] / r['parse_cpu'] for r in rows):.3f}x")
    if jobs:
        out.append(
            f"-j1 vs -j2 on {len(corpus_files)} files: {jobs[1][0]:.2f} s vs "
            f"{jobs[2][0]:.2f} s wall = {jobs[1][0] / jobs[2][0]:.2f}x "
            f"speed-up (cpu {jobs[1][1]:.2f} s vs {jobs[2][1]:.2f} s)")
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bankfix", required=True)
    p.add_argument("--clang", default="clang-22")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--files", nargs="*")
    p.add_argument("--corpus")
    p.add_argument("--markdown")
    p.add_argument("--skip-jobs", action="store_true")
    p.add_argument("--only-jobs", action="store_true",
                   help="measure -j1 against -j2 only")
    args = p.parse_args()
    args.load_before = os.getloadavg()[0]
    bankfix = os.path.abspath(args.bankfix)

    tmp = None
    if args.files:
        files = [os.path.abspath(f) for f in args.files]
        corpus_files = files
    else:
        corpus = args.corpus
        if not corpus:
            tmp = tempfile.TemporaryDirectory()
            corpus = tmp.name
        subprocess.run([sys.executable, os.path.join(HERE,
                        "generate_corpus.py"), corpus], check=True)
        corpus_files = sorted(glob.glob(os.path.join(os.path.abspath(corpus),
                                                     "*.cu")))
        files = sorted(glob.glob(os.path.join(ROOT, "test", "inputs",
                                              "*.cu"))) + corpus_files
    try:
        rows = []
        for f in [] if args.only_jobs else files:
            rows.append(measure_file(bankfix, args.clang, f, args.reps))
            r = rows[-1]
            print(f"{os.path.basename(f)}: cpu {r['bankfix_cpu']:.3f} s vs "
                  f"{r['parse_cpu']:.3f} s", file=sys.stderr)
        jobs = None if args.skip_jobs else measure_jobs(
            bankfix, corpus_files, args.reps)
    except (RuntimeError, subprocess.CalledProcessError) as e:
        print(f"run.py: error: {e}", file=sys.stderr)
        return 1
    text = render(rows, jobs, args, corpus_files)
    sys.stdout.write(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
