#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The GPU proof: compiles every before/after kernel pair in cases/ with nvcc,
# runs and times them (harness.cuh), profiles them with Nsight Compute where
# ncu is present, and compares the measured shared-memory wavefronts with
# bankfix's predictions (the golden JSON in test/expected/, and
# predictions/*.json for the rewritten files; report.py --predictions lists
# them). Writes the results to docs/gpu-results.md (or $GPU_RESULTS) and
# fails when a check fails.
#
#   test/gpu/run.sh [WORK_DIR]
#
# nvcc and ncu are looked for as test/find-cuda-tool.sh says (PATH, the
# toolkit's bin/, Nsight Compute's own directory). Exit status: 0 every
# check passed; 1 a check failed; 77 (skipped, the reason on the last line)
# without nvcc, without a GPU, or without ncu (then the kernels were run and
# timed but nothing was profiled, so no prediction was compared).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
results=${GPU_RESULTS:-$repo/docs/gpu-results.md}
# shellcheck source=SCRIPTDIR/../find-cuda-tool.sh
. "$here/../find-cuda-tool.sh"

if ! nvcc=$(find_cuda_tool nvcc); then
  echo "skipped: no nvcc (PATH, \$CUDA_PATH, \$CUDA_HOME, /usr/local/cuda):" \
    "nothing compiled, run or profiled"
  exit 77
fi
ncu=$(find_cuda_tool ncu) || ncu=
have_gpu=false
command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && have_gpu=true
arch=${GPU_ARCH:-sm_90}
if $have_gpu && [ -z "${GPU_ARCH:-}" ]; then
  arch=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader |
    head -1 | tr -d '.')
fi

# The harness compiles everywhere nvcc is (so CI checks it); it runs only
# where there is a GPU.
cases=()
for src in "$here"/cases/*.cu; do
  cases+=("$(basename "$src" .cu)")
done
# One nvcc per case, as many at once as there are cores; any failure stops
# the run (xargs exits non-zero).
printf '%s\0' "${cases[@]}" |
  xargs -0 -n 1 -P "$(nproc)" bash -c \
    '"$0" -std=c++17 -O3 -arch="$1" -lineinfo -o "$2/$4" "$3/cases/$4.cu"' \
    "$nvcc" "$arch" "$work" "$here"
if ! $have_gpu; then
  echo "gpu: compiled ${#cases[@]} cases with $nvcc"
  echo "skipped: no GPU (nvidia-smi lists none): nothing run or profiled"
  exit 77
fi

{
  echo "gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  echo "driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  echo "cuda=$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
  if [ -n "$ncu" ]; then
    echo "ncu=$("$ncu" --version | sed -n 's/.*Version \([0-9.]*\).*/\1/p' | head -1)"
  fi
  echo "arch=$arch"
  echo "date=$(date -u +%Y-%m-%d)"
} >"$work/environment.txt"
cat "$work/environment.txt"

: >"$work/timing.jsonl"
for name in "${cases[@]}"; do
  "$work/$name" | tee -a "$work/timing.jsonl"
done

if [ -n "$ncu" ]; then
  for name in "${cases[@]}"; do
    "$ncu" --clock-control none --section SourceCounters --page source \
      --print-source cuda,sass --csv "$work/$name" --profile \
      >"$work/$name.ncu.csv"
  done
fi

# Exit 1 when a check failed, 77 when there was no ncu (nothing compared).
python3 "$here/report.py" "$work" "$results"
