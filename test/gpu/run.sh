#!/usr/bin/env bash
# The GPU proof: compiles every before/after kernel pair in cases/ with nvcc,
# runs and times them (harness.cuh), profiles them with Nsight Compute where
# ncu is present, and compares the measured shared-memory wavefronts with
# bankfix's committed predictions (predictions/*.json). Writes the results to
# docs/gpu-results.md (or $GPU_RESULTS) and fails when a check fails.
#
#   test/gpu/run.sh [WORK_DIR]
#
# Exits 77 (skipped) where there is no GPU.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
results=${GPU_RESULTS:-$repo/docs/gpu-results.md}

if ! command -v nvcc >/dev/null; then
  echo "gpu: no nvcc here: skipped"
  exit 77
fi
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
  name=$(basename "$src" .cu)
  cases+=("$name")
  nvcc -std=c++17 -O3 -arch="$arch" -lineinfo -o "$work/$name" "$src"
done
if ! $have_gpu; then
  echo "gpu: compiled ${#cases[@]} cases; no GPU here: skipped"
  exit 77
fi

{
  echo "gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  echo "driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  echo "cuda=$(nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
  if command -v ncu >/dev/null; then
    echo "ncu=$(ncu --version | sed -n 's/.*Version \([0-9.]*\).*/\1/p' | head -1)"
  fi
  echo "arch=$arch"
  echo "date=$(date -u +%Y-%m-%d)"
} >"$work/environment.txt"
cat "$work/environment.txt"

: >"$work/timing.jsonl"
for name in "${cases[@]}"; do
  "$work/$name" | tee -a "$work/timing.jsonl"
done

if command -v ncu >/dev/null; then
  for name in "${cases[@]}"; do
    ncu --clock-control none --section SourceCounters --page source \
      --print-source cuda,sass --csv "$work/$name" --profile \
      >"$work/$name.ncu.csv"
  done
fi

python3 "$here/report.py" "$work" "$here/predictions" "$results"
