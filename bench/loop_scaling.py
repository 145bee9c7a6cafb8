#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Analysis time of one loop against its trip count and the block shape.

For every trip count N and block shape X x Y, a kernel whose loop reads
`float t[Y][64]` at [threadIdx.y][(threadIdx.x * 3 + j) % 64] for j = 0 ..
N-1 (the issue 17 kernel), and a control file that is the same kernel with
`acc += 1.0f` for the access: the same parse, no shared access to judge.
bankfix runs on both alternately, REPS times each (warm preamble cache,
CPU time of the child from wait4); the analysis time is the difference of
the medians.

    loop_scaling.py --bankfix build/bin/bankfix [--reps 5]
                    [--iterations 64 256 ...] [--shapes 32x1 32x32 ...]
                    [--markdown OUT.md] [--env NAME=VALUE]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

KERNEL = """__global__ void loop(float *out) {{
  __shared__ float t[{y}][64];
  t[threadIdx.y][threadIdx.x % 64] = threadIdx.x;
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < {n}; ++j)
    acc += {body};
  out[threadIdx.y * blockDim.x + threadIdx.x] = acc;
}}
void launch(float *out) {{ loop<<<1, dim3({x}, {y})>>>(out); }}
"""
ACCESS = "t[threadIdx.y][(threadIdx.x * 3 + j) % 64]"


def cpu(cmd, env):
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{cmd} failed")
    return usage.ru_utime + usage.ru_stime


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bankfix", required=True)
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--iterations", type=int, nargs="*",
                   default=[64, 256, 512, 1024, 4096, 65536, 1000000])
    p.add_argument("--shapes", nargs="*",
                   default=["32x1", "32x4", "32x8", "32x32"])
    p.add_argument("--markdown")
    p.add_argument("--env", action="append", default=[])
    args = p.parse_args()
    env = dict(os.environ)
    for e in args.env:
        k, v = e.split("=", 1)
        env[k] = v
    load = os.getloadavg()[0]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        cache = f"--cache-dir={work}/cache"
        for shape in args.shapes:
            x, y = (int(v) for v in shape.split("x"))
            for n in args.iterations:
                files = {}
                for kind, body in (("kernel", ACCESS), ("control", "1.0f")):
                    path = os.path.join(work, f"{kind}_{shape}_{n}.cu")
                    with open(path, "w") as f:
                        f.write(KERNEL.format(x=x, y=y, n=n, body=body))
                    files[kind] = [args.bankfix, cache, path]
                cpu([args.bankfix, cache, "--wait-for-cache", path],
                    env)  # the PCH, once
                times = {"kernel": [], "control": []}
                for _ in range(args.reps):
                    for kind in ("kernel", "control"):
                        times[kind].append(cpu(files[kind], env))
                k = statistics.median(times["kernel"])
                c = statistics.median(times["control"])
                rows.append((x * y, shape, n, k, c))
                print(f"{shape} {n}: {k:.3f} s vs {c:.3f} s: analysis "
                      f"{k - c:.3f} s", file=sys.stderr)
    out = [f"reps {args.reps} (medians), CPU seconds, load average "
           f"{load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end", "",
           "| threads | block | iterations | bankfix | control (same parse) "
           "| analysis |", "|---:|---|---:|---:|---:|---:|"]
    for threads, shape, n, k, c in rows:
        out.append(f"| {threads} | {shape} | {n} | {k:.3f} | {c:.3f} "
                   f"| {k - c:.3f} |")
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
