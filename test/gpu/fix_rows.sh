#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The row paddings of fix-rows/rows.cu on the GPU: compiles it once per
# padding of 0 to 8 elements (-DROW_PAD=P), profiles each with Nsight
# Compute per source line, and writes every kernel's shared wavefronts per
# line and padding to OUT_JSON (default fix-rows/measured.json), which
# fix_rows.py checks bankfix's chosen fixes against without a GPU.
#
#   test/gpu/fix_rows.sh [OUT_JSON [WORK_DIR]]
#
# Exits 77 (skipped) where there is no nvcc, GPU or ncu.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/fix-rows/measured.json}
work=${2:-$(mktemp -d)}
mkdir -p "$work"
# shellcheck source=SCRIPTDIR/profiling-tools.sh
. "$here/profiling-tools.sh"
require_profiling_tools fix_rows "$work"
for pad in 0 1 2 3 4 5 6 7 8; do
  nvcc -std=c++17 -O3 -arch="$arch" -lineinfo -DROW_PAD=$pad \
    -o "$work/rows_$pad" "$here/fix-rows/rows.cu" &
done
wait
for pad in 0 1 2 3 4 5 6 7 8; do
  "$work/rows_$pad"
  ncu --clock-control none --section SourceCounters --page source \
    --print-source cuda,sass --csv "$work/rows_$pad" >"$work/rows_$pad.ncu.csv"
done
python3 "$here/fix_rows.py" summarize "$work" "$out"
