# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by the GPU scripts that profile with Nsight Compute (real.sh,
# fix_rows.sh): require_profiling_tools NAME WORK exits 77 (skipped) with
# NAME's reason where nvcc, a GPU or ncu is missing, sets `arch` to the
# GPU's sm_XX and writes WORK/environment.txt.
require_profiling_tools() {
  local name=$1 work=$2 tool
  PATH=$PATH:/usr/local/cuda/bin
  for tool in nvcc nvidia-smi ncu; do
    if ! command -v $tool >/dev/null; then
      echo "$name: no $tool here: nothing was profiled (skipped)"
      exit 77
    fi
  done
  nvidia-smi -L >/dev/null 2>&1 || { echo "$name: no GPU: skipped"; exit 77; }
  arch=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d '.')
  bash "$(dirname "${BASH_SOURCE[0]}")/environment.sh" "$arch" >"$work/environment.txt"
}
