#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The fix of NVIDIA's sortingNetworks sample (bitonic and odd-even merge
# sort in shared memory, the array length a run-time argument), proven on
# the GPU. The sample's code stays out of this repository: this script
# takes the checkout's path.
#
#   test/gpu/sorting_networks_proof.sh prepare BANKFIX SAMPLES_CHECKOUT WORK_DIR
#       (where bankfix runs) copies the sample's two sorts, its validation
#       and the helper headers they include to WORK_DIR/before and
#       WORK_DIR/after, with sorting_networks_driver.cu, and rewrites the
#       latter with `bankfix --apply`.
#   test/gpu/sorting_networks_proof.sh measure WORK_DIR OUT_DIR
#       (on the GPU machine) builds both with the driver, runs it (both
#       sorts over batches of 64 to 2^20 keys, each checked by the sample's
#       validation), and profiles every launch of the shared-memory kernels
#       with Nsight Compute; then prints shared wavefronts and ideal per
#       source line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sources="bitonicSort.cu oddEvenMergeSort.cu sortingNetworks_validate.cpp sorting_networks_driver.cu"
case "${1:-}" in
prepare)
  bankfix=$2 samples=$3 work=$4
  src=$samples/Samples/2_Concepts_and_Techniques/sortingNetworks
  if [ ! -f "$src/bitonicSort.cu" ]; then
    echo "sorting_networks_proof.sh: no cuda-samples checkout at $samples:" \
      "not run" >&2
    exit 77
  fi
  rm -rf "$work" && mkdir -p "$work/before" "$work/after" "$work/Common"
  cp "$src"/*.cu "$src"/*.cpp "$src"/*.h "$src"/*.cuh "$work/before/"
  cp "$here/sorting_networks_driver.cu" "$work/before/"
  for h in helper_cuda.h helper_string.h helper_timer.h helper_functions.h \
    helper_image.h exception.h; do
    cp "$samples/Common/$h" "$work/Common/"
  done
  cp "$work/before/"* "$work/after/"
  git -C "$samples" rev-parse HEAD >"$work/commit.txt"
  (cd "$work/after" && "$bankfix" --apply bitonicSort.cu oddEvenMergeSort.cu \
    -- -I../Common >"$work/bankfix.txt" 2>&1) || true
  for f in bitonicSort.cu oddEvenMergeSort.cu; do
    diff "$work/before/$f" "$work/after/$f" >>"$work/fix.diff" || true
  done
  echo "cuda-samples $(cat "$work/commit.txt"):" \
    "$(grep -c '^>' "$work/fix.diff") lines rewritten"
  ;;
measure)
  work=$2 out=$3
  mkdir -p "$out"
  for side in before after; do
    (cd "$work/$side" && nvcc -O3 -arch=sm_90 -lineinfo -I../Common \
      $sources -o "$out/sn_$side")
    "$out/sn_$side" >"$out/$side.run.txt"
    ncu --clock-control none -k regex:Shared --section SourceCounters \
      --page source --print-source cuda,sass --csv "$out/sn_$side" \
      >"$out/$side.ncu.csv"
    rm -f "$out/sn_$side"
  done
  for side in before after; do
    for f in bitonicSort.cu oddEvenMergeSort.cu; do
      python3 "$here/ncu_source.py" "$side" "$out/$side.ncu.csv" "$f"
    done
  done
  # Per kernel, every launch: shared wavefronts and ideal. A kernel's
  # lines in the sample's header (the comparator) count with its own file.
  PYTHONPATH=$here python3 - "$out" <<'PY'
import sys
from ncu_source import line_totals
out = sys.argv[1]
for side in ("before", "after"):
    kernels = {}
    for f in ("bitonicSort.cu", "oddEvenMergeSort.cu"):
        t = line_totals("%s/%s.ncu.csv" % (out, side), f)
        own = {k for (k, line, kind) in t if isinstance(line, int)}
        for (kernel, line, kind), v in t.items():
            if kernel in own:
                k = kernels.setdefault(kernel, [0, 0])
                k[0] += v[0]
                k[1] += v[1]
    for kernel, (w, i) in sorted(kernels.items()):
        print("kernel", side, kernel, w, i)
PY
  ;;
*)
  sed -n '3,18p' "$0" >&2
  exit 2
  ;;
esac
