#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On a machine with a GPU: builds test/inputs/launch_bounds.cu and runs it
# under compute-sanitizer's memcheck, which reports each shared-memory
# access out of bounds with its kernel and source line, one launch per
# process (the first error spoils the context for the launches after it). The log is what
# launch_bounds_recheck.py compares with bankfix's bankfix-launch-bounds
# errors (test/gpu/launch-bounds-sanitizer.txt is a committed run).
#
#   launch_bounds.sh OUT_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$1
mkdir -p "$out"
nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -o "$out/launch_bounds" \
  "$here/../inputs/launch_bounds.cu"
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  compute-sanitizer --version | tail -1
  for n in 0 1 2 3; do
    echo "launch $n"
    compute-sanitizer --tool memcheck --print-limit 4 "$out/launch_bounds" $n 2>&1 || true
  done
} > "$out/launch-bounds-sanitizer.txt"
