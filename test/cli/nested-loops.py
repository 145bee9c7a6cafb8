#!/usr/bin/env python3
"""Nested constant loops around one shared load, and a brute-force count.

  nested-loops.py write FILE --trips 3,4,5 [--coefs 1,2,3] [--varying]
                  [--split]
  nested-loops.py check JSON (the same options) [--must-judge]
                  [--by-residue]

write: a kernel (one warp) with one loop per trip count, outermost first,
around t[row][col]; s is the sum of the loop variables, each times its
coefficient (--coefs, default 1), row is s & 31, col the lane times 2 (a
2-way conflict in every iteration), or with --varying the lane times 1, 2
or 3 by s % 3 (1, 2 and 1 wavefronts). With --split the row is read from
the first loop alone and the multiplier from the others (two different
sums of the loops). The array is volatile: nvcc makes every load, none
merged with or reused by another, so the block's wavefronts are those of
every iteration. check: bankfix's JSON of that file must either judge the
load with the iterations and block wavefronts that counting every
iteration of every loop gives, or not judge it and say why; never a
judged count that differs. With --by-residue (nests too large to walk
here) the iterations are counted per value of s modulo 96, after which
row and multiplier repeat, from each loop's own counts; each value's warp
is still counted lane by lane. Prints what it found.
"""
import argparse
import itertools
import json
import sys

NAMES = "abcdefgh"


def sums(coefs, split):
    """The loop part of the row and of the multiplier, as C."""
    terms = [f"{v} * {c}" for v, c in zip(NAMES, coefs)]
    if split:
        return terms[0], " + ".join(terms[1:])
    return " + ".join(terms), " + ".join(terms)


def kernel(trips, coefs, varying, split):
    names = NAMES[: len(trips)]
    loops = "".join(
        "  " * (i + 1) + f"for (int {v} = 0; {v} < {n}; ++{v})\n"
        for i, (v, n) in enumerate(zip(names, trips))
    )
    row, rest = sums(coefs, split)
    col = (
        f"(tid * (1 + ({rest}) % 3)) % 64" if varying else "(tid * 2) % 64"
    )
    pad = "  " * (len(trips) + 1)
    return f"""__global__ void nested(float *out) {{
  __shared__ volatile float t[32][64];
  unsigned tid = threadIdx.x;
  t[tid][tid] = tid;
  __syncthreads();
  float acc = 0;
{loops}{pad}acc += t[({row}) & 31][{col}];
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


def iteration_wavefronts(row, rest, varying):
    mul = 1 + rest % 3 if varying else 2
    words = [(row & 31) * 64 + (tid * mul) % 64 for tid in range(32)]
    return wavefronts(words)


def brute(trips, coefs, varying, split):
    iterations = total = 0
    for values in itertools.product(*(range(n) for n in trips)):
        parts = [v * c for v, c in zip(values, coefs)]
        row = parts[0] if split else sum(parts)
        rest = sum(parts[1:]) if split else sum(parts)
        iterations += 1
        total += iteration_wavefronts(row, rest, varying)
    return iterations, total


def by_residue(trips, coefs, varying):
    """brute() for one sum (no --split): iterations per s % 96."""
    counts = {0: 1}
    for n, c in zip(trips, coefs):
        adds = {}
        for k in range(min(n, 96)):
            r = k * c % 96
            adds[r] = adds.get(r, 0) + (n - 1 - k) // 96 + 1
        nxt = {}
        for r, m in counts.items():
            for d, a in adds.items():
                nxt[(r + d) % 96] = nxt.get((r + d) % 96, 0) + m * a
        counts = nxt
    iterations = sum(counts.values())
    total = sum(m * iteration_wavefronts(r, r, varying)
                for r, m in counts.items())
    return iterations, total


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["write", "check"])
    p.add_argument("path")
    p.add_argument("--trips", required=True)
    p.add_argument("--coefs")
    p.add_argument("--varying", action="store_true")
    p.add_argument("--split", action="store_true")
    p.add_argument("--by-residue", action="store_true")
    p.add_argument("--must-judge", action="store_true",
                   help="fail when bankfix does not judge the load")
    a = p.parse_args()
    trips = [int(n) for n in a.trips.split(",")]
    coefs = [int(c) for c in a.coefs.split(",")] if a.coefs else [1] * len(trips)
    if len(coefs) != len(trips) or (a.split and len(trips) < 2) or \
            (a.split and a.by_residue):
        p.error("one coefficient per loop; --split needs two loops and "
                "no --by-residue")
    if a.mode == "write":
        with open(a.path, "w") as f:
            f.write(kernel(trips, coefs, a.varying, a.split))
        return 0
    with open(a.path) as f:
        doc = json.load(f)
    loads = [x for x in doc["accesses"] if x["kind"] == "load"]
    if len(loads) != 1:
        print(f"expected one load, found {len(loads)}")
        return 1
    x = loads[0]
    if a.by_residue:
        iterations, total = by_residue(trips, coefs, a.varying)
    else:
        iterations, total = brute(trips, coefs, a.varying, a.split)
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
