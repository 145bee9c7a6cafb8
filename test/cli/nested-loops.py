#!/usr/bin/env python3
"""Nested constant loops around one shared load, and a brute-force count.

  nested-loops.py write FILE --trips 3,4,5 [--varying]
  nested-loops.py check JSON --trips 3,4,5 [--varying]

write: a kernel (one warp) with one loop per trip count, outermost first,
around t[row][col]; row is the sum of the loop variables (& 31), col the
lane times 2 (a 2-way conflict in every iteration), or with --varying the
lane times 1, 2 or 3 by (sum of the variables) % 3 (1, 2 and 1
wavefronts). The array is volatile: nvcc makes every load, none merged
with or reused by another, so the block's wavefronts are those of every
iteration. check: bankfix's JSON of that file must either judge the load
with the iterations and block wavefronts that counting every iteration of
every loop gives, or not judge it and say why; never a judged count that
differs. Prints what it found.
"""
import argparse
import itertools
import json
import sys

NAMES = "abcdefgh"


def kernel(trips, varying):
    names = NAMES[: len(trips)]
    loops = "".join(
        "  " * (i + 1) + f"for (int {v} = 0; {v} < {n}; ++{v})\n"
        for i, (v, n) in enumerate(zip(names, trips))
    )
    total = " + ".join(names)
    col = (
        f"(tid * (1 + ({total}) % 3)) % 64" if varying else "(tid * 2) % 64"
    )
    pad = "  " * (len(trips) + 1)
    return f"""__global__ void nested(float *out) {{
  __shared__ volatile float t[32][64];
  unsigned tid = threadIdx.x;
  t[tid][tid] = tid;
  __syncthreads();
  float acc = 0;
{loops}{pad}acc += t[({total}) & 31][{col}];
  out[tid] = acc;
}}
void launch(float *out) {{ nested<<<1, 32>>>(out); }}
"""


def wavefronts(words):
    """Wavefronts of one warp's 4-byte loads at these word addresses."""
    banks = {}
    for w in words:
        banks.setdefault(w % 32, set()).add(w)
    return max(len(s) for s in banks.values())


def brute(trips, varying):
    iterations = total = 0
    for values in itertools.product(*(range(n) for n in trips)):
        s = sum(values)
        mul = 1 + s % 3 if varying else 2
        words = [(s & 31) * 64 + (tid * mul) % 64 for tid in range(32)]
        iterations += 1
        total += wavefronts(words)
    return iterations, total


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["write", "check"])
    p.add_argument("path")
    p.add_argument("--trips", required=True)
    p.add_argument("--varying", action="store_true")
    p.add_argument("--must-judge", action="store_true",
                   help="fail when bankfix does not judge the load")
    a = p.parse_args()
    trips = [int(n) for n in a.trips.split(",")]
    if a.mode == "write":
        with open(a.path, "w") as f:
            f.write(kernel(trips, a.varying))
        return 0
    with open(a.path) as f:
        doc = json.load(f)
    loads = [x for x in doc["accesses"] if x["kind"] == "load"]
    if len(loads) != 1:
        print(f"expected one load, found {len(loads)}")
        return 1
    x = loads[0]
    iterations, total = brute(trips, a.varying)
    if not x["judged"]:
        reason = x.get("problem", "")
        if x.get("iterations", iterations) != iterations:
            print(f"not judged, yet counts {x['iterations']} iterations")
            return 1
        if a.must_judge or not reason:
            print(f"not judged: '{reason}'")
            return 1
        print(f"not judged: {reason}")
        return 0
    got = (x.get("iterations"), x["blockWavefronts"], x["exact"])
    if got != (iterations, total, True):
        print(f"bankfix {got}, brute force ({iterations}, {total}, True)")
        return 1
    print(f"judged: {iterations} iterations, {total} wavefronts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
