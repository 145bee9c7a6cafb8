#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""bankfix's launch-bounds errors against compute-sanitizer, without a GPU.

test/gpu/launch-bounds-sanitizer.txt is a run of test/gpu/launch_bounds.sh:
test/inputs/launch_bounds.cu's launches one per process under memcheck.
The kernels whose launch sanitizer finds an invalid __shared__ access must
be exactly those bankfix gives a bankfix-launch-bounds error in
test/expected/launch_bounds.txt, and every other launch must run clean.

    launch_bounds_recheck.py SANITIZER_LOG EXPECTED_TXT INPUT_CU
"""
import re
import sys

log, expected, source = (open(p).read() for p in sys.argv[1:4])

# "if (Only < 0 || Only == N)" then "kernel<<<...": launch N's kernel.
launches = dict(
    (int(n), k) for n, k in re.findall(
        r"Only == (\d+)\)\s*\n\s*(\w+)<<<", source))
sections = re.split(r"^launch (\d+)$", log, flags=re.M)[1:]
out_of_bounds, clean = set(), set()
for n, text in zip(sections[0::2], sections[1::2]):
    kernel = launches[int(n)]
    if re.search(r"Invalid __shared__ (read|write)", text):
        named = set(re.findall(r"Invalid __shared__ \w+ of size \d+ bytes\n"
                               r"=+\s+at (\w+)\(", text))
        assert named == {kernel}, (n, named, kernel)
        out_of_bounds.add(kernel)
    elif "ERROR SUMMARY: 0 errors" in text:
        clean.add(kernel)
    else:
        sys.exit(f"launch {n} ({kernel}): neither clean nor out of bounds")
flagged = set(re.findall(r"error: the launch gives '(\w+)'", expected))
errors = []
if set(launches.values()) != out_of_bounds | clean:
    errors.append(f"launches without a sanitizer verdict: "
                  f"{set(launches.values()) - out_of_bounds - clean}")
if flagged != out_of_bounds:
    errors.append(f"bankfix flags {sorted(flagged)}, compute-sanitizer "
                  f"{sorted(out_of_bounds)}")
for e in errors:
    print("launch_bounds_recheck:", e)
if not errors:
    print(f"launch_bounds_recheck: {len(out_of_bounds)} launches out of "
          f"bounds, {len(clean)} clean, as bankfix says")
sys.exit(1 if errors else 0)
