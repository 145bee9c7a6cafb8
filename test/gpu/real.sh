#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
# shellcheck source=SCRIPTDIR/profiling-tools.sh
. "$here/profiling-tools.sh"
require_profiling_tools real "$work"
for src in "$repo"/test/inputs/real/*.cu; do
  name=$(basename "$src" .cu)
  nvcc -std=c++17 -O3 -arch="$arch" -lineinfo -o "$work/$name" "$src"
  "$work/$name"
  ncu --clock-control none --section SourceCounters --page source \
    --print-source cuda,sass --csv "$work/$name" >"$work/$name.ncu.csv"
  cuobjdump -sass "$work/$name" >"$work/$name.sass" 2>/dev/null || true
done
python3 "$here/compare_real.py" "$work" "$repo/test/expected/real" "$results"
