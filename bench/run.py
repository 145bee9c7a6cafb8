#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""bankfix's time per file against the bare parse.

For every file, bankfix (`bankfix FILE`) and `clang-22 -fsyntax-only` with
the exact clang command bankfix parses with (`bankfix --print-parse-command
FILE`) are run REPS times each, alternately, and the medians compared: the
parse is the floor, the ratio is what bankfix's analysis costs on top.
Wall time and CPU time (user + system, of the child) are both measured.
Then `bankfix -j1` and `bankfix -j2` on all the corpus files at once, for
the speed-up of parallel runs.

bankfix keeps its precompiled CUDA headers in a cache directory of this
run's own (never ~/.cache), built by one unmeasured run before the first
file: the per-file numbers are the warm cache's. With --no-cache every run
of bankfix parses without the cache (the tables of docs/performance.md
from before the cache).

With --project N (N >= 1): a generated project instead, N .cu files of 8
kernels under src/d00 .. src/d19 with a build/compile_commands.json (clang
commands), checked by `bankfix -p build -j 0`: cold (a new empty cache
directory each time), warm (the same directory again) and, unless
--skip-no-cache, --no-cache; wall time and files per second, medians of
--reps runs. The project is kept when --project-dir is given.

    run.py --bankfix build/bin/bankfix [--reps 5] [--files F...]
           [--corpus DIR] [--markdown OUT.md] [--skip-jobs | --only-jobs]
           [--no-cache]
    run.py --bankfix build/bin/bankfix --project 500 [--project-dir DIR]
           [--reps 3] [--skip-no-cache] [--markdown OUT.md]

With no --files: every test/inputs/*.cu and the 200-kernel corpus (written
by generate_corpus.py into --corpus, default a temporary directory).
Exit 1 if a command fails (clang must parse every file with the printed
command, exit 0).
"""
import argparse
import glob
import json
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


def measure_file(bankfix, clang, path, reps, cache):
    cwd = os.path.dirname(path) or "."
    name = os.path.basename(path)
    opts = bankfix_args(path)
    parse = subprocess.run([bankfix, "--print-parse-command", *opts, name],
                           cwd=cwd, check=True, capture_output=True,
                           text=True).stdout.strip()
    clang_cmd = [clang, "--driver-mode=g++", *shlex.split(parse)[1:]]
    bank_cmd = [bankfix, "--use-color=false", *cache, *opts, name]
    # Builds the file's PCH (when it has flags of its own) before timing.
    timed([*bank_cmd[:-1], "--wait-for-cache", name] if "--no-cache" not in
          cache else bank_cmd, cwd)
    b, c = [], []
    for _ in range(reps):  # alternate, so that a change of load hits both
        b.append(timed(bank_cmd, cwd))
        c.append(timed(clang_cmd, cwd))
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    return {"file": path, "bankfix_wall": med(b, 0), "parse_wall": med(c, 0),
            "bankfix_cpu": med(b, 1), "parse_cpu": med(c, 1)}


def measure_jobs(bankfix, files, reps, cache):
    """Median (wall, cpu) seconds of bankfix -jN over all files, N = 1, 2."""
    cwd = os.path.dirname(files[0])
    names = [os.path.relpath(f, cwd) for f in files]
    times = {1: [], 2: []}
    for _ in range(reps):
        for n in (1, 2):
            times[n].append(timed([bankfix, f"-j{n}", *cache, *names], cwd))
    return {n: (statistics.median(x[0] for x in t),
                statistics.median(x[1] for x in t))
            for n, t in times.items()}


def write_project(root, files):
    """N generated .cu files under ROOT/src and ROOT/build/compile_commands.json
    with one clang command per file; returns the number of files."""
    src = os.path.join(root, "src")
    subprocess.run([sys.executable, os.path.join(HERE, "generate_corpus.py"),
                    src, "--kernels", str(8 * files), "--dirs", "20"],
                   check=True, stdout=subprocess.DEVNULL)
    sources = sorted(glob.glob(os.path.join(src, "*", "*.cu")))
    build = os.path.join(root, "build")
    os.makedirs(build, exist_ok=True)
    entries = [{"directory": build, "file": f,
                "arguments": ["clang++", "-x", "cuda", "--cuda-gpu-arch=sm_90",
                              "-O2", "-I" + os.path.join(root, "include"),
                              "-c", f, "-o", os.path.relpath(f, src) + ".o"]}
               for f in sources]
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
    return len(sources)


def measure_project(bankfix, root, reps, no_cache_too):
    """Median wall seconds of `bankfix -p build -j 0`: cold, warm, --no-cache."""
    cmd = [bankfix, "--use-color=false", "-p", "build", "-j", "0"]
    times = {"cold": [], "warm": [], "no-cache": []}
    for rep in range(reps):
        with tempfile.TemporaryDirectory() as cache:
            arg = f"--cache-dir={cache}"
            times["cold"].append(timed([*cmd, arg], root))
            times["warm"].append(timed([*cmd, arg], root))
        if no_cache_too:
            times["no-cache"].append(timed([*cmd, "--no-cache"], root))
        print(f"project run {rep + 1}: " + ", ".join(
            f"{k} {v[-1][0]:.1f} s" for k, v in times.items() if v),
            file=sys.stderr)
    return {k: (statistics.median(x[0] for x in v),
                statistics.median(x[1] for x in v))
            for k, v in times.items() if v}


def render_project(result, files, args):
    out = [f"project: {files} files ({8 * files} kernels), "
           f"`bankfix -p build -j 0`, repetitions: {args.reps} (medians)",
           f"machine: {os.cpu_count()} cores, load average at the start "
           f"{args.load_before:.2f}, at the end {os.getloadavg()[0]:.2f}",
           "",
           "| cache | wall s | files per second | cpu s (children) |",
           "|---|---:|---:|---:|"]
    for kind, (wall, cpu) in result.items():
        out.append(f"| {kind} | {wall:.2f} | {files / wall:.1f} "
                   f"| {cpu:.2f} |")
    return "\n".join(out) + "\n"


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
    p.add_argument("--no-cache", action="store_true",
                   help="run bankfix with --no-cache")
    p.add_argument("--project", type=int, default=0, metavar="N",
                   help="a generated project of N files, bankfix -p -j 0")
    p.add_argument("--project-dir")
    p.add_argument("--skip-no-cache", action="store_true",
                   help="--project: no --no-cache run")
    args = p.parse_args()
    args.load_before = os.getloadavg()[0]
    bankfix = os.path.abspath(args.bankfix)
    if args.project > 0:
        return run_project(bankfix, args)
    cache_dir = tempfile.TemporaryDirectory()
    cache = ["--no-cache"] if args.no_cache else [
        f"--cache-dir={cache_dir.name}"]

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
            rows.append(measure_file(bankfix, args.clang, f, args.reps,
                                     cache))
            r = rows[-1]
            print(f"{os.path.basename(f)}: cpu {r['bankfix_cpu']:.3f} s vs "
                  f"{r['parse_cpu']:.3f} s", file=sys.stderr)
        jobs = None if args.skip_jobs else measure_jobs(
            bankfix, corpus_files, args.reps, cache)
    except (RuntimeError, subprocess.CalledProcessError) as e:
        print(f"run.py: error: {e}", file=sys.stderr)
        return 1
    text = render(rows, jobs, args, corpus_files)
    sys.stdout.write(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    return 0


def run_project(bankfix, args):
    tmp = None
    root = args.project_dir
    if not root:
        tmp = tempfile.TemporaryDirectory()
        root = tmp.name
    root = os.path.abspath(root)
    try:
        files = write_project(root, args.project)
        result = measure_project(bankfix, root, args.reps,
                                 not args.skip_no_cache)
    except (RuntimeError, subprocess.CalledProcessError) as e:
        print(f"run.py: error: {e}", file=sys.stderr)
        return 1
    text = render_project(result, files, args)
    sys.stdout.write(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
