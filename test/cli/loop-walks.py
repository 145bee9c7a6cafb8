#!/usr/bin/env python3
"""bankfix's output with loops walked once for all their iterations equals
its output with every loop unrolled (BANKFIX_UNROLL_EVERY_LOOP=1), byte for
byte, text and JSON, for every file given (with its "// bankfix-args:"
options, run from its directory).

    loop-walks.py BANKFIX FILE...
"""
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def args_of(path):
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("// bankfix-args: "):
                return shlex.split(line[len("// bankfix-args: "):])
    return []


def run(bankfix, path, extra, unroll):
    env = dict(os.environ)
    env.pop("BANKFIX_UNROLL_EVERY_LOOP", None)
    if unroll:
        env["BANKFIX_UNROLL_EVERY_LOOP"] = "1"
    cmd = [bankfix, "--use-color=false", *extra, *args_of(path),
           os.path.basename(path)]
    p = subprocess.run(cmd, cwd=os.path.dirname(path) or ".", env=env,
                       capture_output=True, text=True)
    return f"{p.stdout}{p.stderr}exit: {p.returncode}\n"


def compare(bankfix, path, extra):
    """The first line where the two walks of the file differ, or None."""
    a = run(bankfix, path, extra, unroll=False)
    b = run(bankfix, path, extra, unroll=True)
    if a == b:
        return None
    for la, lb in zip(a.splitlines(), b.splitlines()):
        if la != lb:
            return f"  once:     {la}\n  unrolled: {lb}"
    return "  one output is a prefix of the other"


def main():
    bankfix, files = sys.argv[1], sys.argv[2:]
    jobs = [(path, extra) for path in files
            for extra in ([], ["--format=json"])]
    # Each run is one process: as many at once as there are cores.
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        results = list(pool.map(lambda j: compare(bankfix, *j), jobs))
    bad = 0
    for (path, extra), first in zip(jobs, results):
        if first is not None:
            bad += 1
            print(f"{path} {' '.join(extra)}: the two walks differ")
            print(first)
    print(f"{len(files)} files, {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
