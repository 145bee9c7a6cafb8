#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU side of the differential test, one command on a machine with a GPU,
# nvcc and ncu (no LLVM needed there):
#
#   gpu_run.sh WORK_DIR [DOC]
#
# WORK_DIR is what run.sh made (kernels, manifest, bankfix's predictions).
# Compiles every batch with nvcc -O3 -lineinfo, runs it once (it must exit
# 0), profiles it per source line with ncu into WORK_DIR/ncu/, then runs
# compare.py, which writes DOC (default WORK_DIR/differential.md) and
# WORK_DIR/results.json and prints every mismatch with its source line.
# DIFF_BUDGET_S (default 300): no new batch is profiled after that many
# seconds, so the run ends inside a device lease; those batches are reported
# as not profiled.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: gpu_run.sh WORK_DIR [DOC]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(cd "$1" && pwd)
doc=${2:-$work/differential.md}
budget=${DIFF_BUDGET_S:-300}
arch=${GPU_ARCH:-sm_90}
start=$(date +%s)
command -v nvcc >/dev/null || { echo "gpu_run.sh: no nvcc" >&2; exit 77; }
command -v ncu >/dev/null || { echo "gpu_run.sh: no ncu" >&2; exit 77; }
[ -f "$work/manifest.json" ] || { echo "gpu_run.sh: error: $work has no manifest.json" >&2; exit 2; }
bash "$(dirname "$0")/../gpu/environment.sh" "$arch" >"$work/environment.txt"
cat "$work/environment.txt"
mkdir -p "$work/bin" "$work/ncu"
files=$(python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["files"]))' "$work/manifest.json")
# Compile in parallel (one nvcc per batch).
compile_one() {
  b=$(basename "$1" .cu)
  nvcc -std=c++17 -O3 -arch="$arch" -lineinfo -o "$work/bin/$b" "$1" \
    2>"$work/bin/$b.nvcc.log" || echo "nvcc failed: $1"
}
export -f compile_one
export work arch
# shellcheck disable=SC2016 # $1 expands in the child shell
printf '%s\n' "$files" | sed "s|^|$work/|" |
  xargs -P "$(nproc)" -I{} bash -c 'compile_one "$1"' _ {}
echo "compiled in $(($(date +%s) - start)) s"
# Profile up to DIFF_JOBS batches at a time (ncu serializes the profiled
# kernels on the GPU; compiling the instrumented code and writing the report
# overlap).
profile() {
  b=$1
  if [ $(($(date +%s) - start)) -ge "$budget" ]; then
    echo "$b: budget of ${budget}s spent: not profiled"
    return
  fi
  [ -x "$work/bin/$b" ] || { echo "$b: not compiled"; cat "$work/bin/$b.nvcc.log"; return; }
  if ! timeout 60 "$work/bin/$b"; then
    echo "$b: the program failed"
    return
  fi
  t0=$(date +%s)
  if timeout 240 ncu --clock-control none --section SourceCounters \
      --page source --print-source cuda,sass --csv "$work/bin/$b" \
      >"$work/ncu/$b.csv.tmp" 2>"$work/ncu/$b.ncu.log"; then
    mv "$work/ncu/$b.csv.tmp" "$work/ncu/$b.csv"
  else
    echo "$b: ncu failed"; tail -5 "$work/ncu/$b.ncu.log"
  fi
  now=$(date +%s)
  echo "$b: profiled in $((now - t0)) s (at $((now - start)) s)"
}
export -f profile
export work budget start
# shellcheck disable=SC2016 # $1 expands in the child shell
printf '%s\n' "$files" | sed 's|\.cu$||' |
  xargs -P "${DIFF_JOBS:-3}" -I{} bash -c 'profile "$1"' _ {}
python3 "$here/compare.py" "$work" --doc "$doc" --json "$work/results.json"
