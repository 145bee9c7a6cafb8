#!/usr/bin/env bash
# The real-code corpus on the GPU: compiles every test/inputs/real/*.cu (each
# has a host main() that launches its kernels once, one block each) with
# nvcc -lineinfo, profiles it per source line with Nsight Compute, and
# compares the measured shared wavefronts with bankfix's golden JSON
# (test/expected/real/*.json): compare_real.py. Writes the table to
# RESULTS_MD (default docs/gpu-real-code.md).
#
#   test/gpu/real.sh [WORK_DIR] [RESULTS_MD]
#
# Exits 77 (skipped) where there is no nvcc, GPU or ncu.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d)}
results=${2:-$repo/docs/gpu-real-code.md}
mkdir -p "$work"
PATH=$PATH:/usr/local/cuda/bin
for tool in nvcc nvidia-smi ncu; do
  if ! command -v $tool >/dev/null; then
    echo "real: no $tool here: nothing was profiled (skipped)"
    exit 77
  fi
done
nvidia-smi -L >/dev/null 2>&1 || { echo "real: no GPU: skipped"; exit 77; }
arch=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d '.')
bash "$here/environment.sh" "$arch" >"$work/environment.txt"
for src in "$repo"/test/inputs/real/*.cu; do
  name=$(basename "$src" .cu)
  nvcc -std=c++17 -O3 -arch="$arch" -lineinfo -o "$work/$name" "$src"
  "$work/$name"
  ncu --clock-control none --section SourceCounters --page source \
    --print-source cuda,sass --csv "$work/$name" >"$work/$name.ncu.csv"
  cuobjdump -sass "$work/$name" >"$work/$name.sass" 2>/dev/null || true
done
python3 "$here/compare_real.py" "$work" "$repo/test/expected/real" "$results"
