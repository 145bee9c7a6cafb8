#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU side, after gpu_run.sh: each generated kernel's shared-load and
# shared-store wavefronts by Nsight Compute's two counters, the hardware's
# (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}) and the
# SASS-instrumented one that the Source page shows per line
# (smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}), into
# WORK_DIR/counters/BATCH.csv. kernel_counters.py compares them
# (docs/wide-load-counters.md).
#
#   kernel_counters.sh WORK_DIR
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: kernel_counters.sh WORK_DIR" >&2; exit 2; }
work=$(cd "$1" && pwd)
[ -f "$work/manifest.json" ] || { echo "kernel_counters.sh: error: $work has no manifest.json" >&2; exit 2; }
command -v ncu >/dev/null || { echo "kernel_counters.sh: no ncu" >&2; exit 77; }
m=""
for kind in ld st; do
  m=$m,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_$kind.sum
  m=$m,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_$kind.sum
done
mkdir -p "$work/counters"
one() {
  b=$1
  [ -x "$work/bin/$b" ] || { echo "$b: not compiled"; return; }
  if timeout 240 ncu --clock-control none --metrics "${m#,}" --csv \
      "$work/bin/$b" >"$work/counters/$b.csv.tmp" 2>"$work/counters/$b.log"; then
    mv "$work/counters/$b.csv.tmp" "$work/counters/$b.csv"
  else
    echo "$b: ncu failed"; tail -3 "$work/counters/$b.log"
  fi
}
export -f one
export work m
python3 -c 'import json, sys; print("\n".join(f[:-3] for f in json.load(open(sys.argv[1]))["files"]))' \
  "$work/manifest.json" | xargs -P "${DIFF_JOBS:-3}" -I{} bash -c 'one "$1"' _ {}
ls "$work/counters"/*.csv 2>/dev/null | wc -l
