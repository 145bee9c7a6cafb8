# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# shellcheck shell=bash
# Sourced by the test scripts that need a CUDA toolkit program (nvcc, ncu):
#
#   . "$(dirname "$0")/find-cuda-tool.sh"     (or the path to test/)
#   nvcc=$(find_cuda_tool nvcc) || { echo "no nvcc: skipped"; exit 77; }
#
# find_cuda_tool NAME prints the path of the first executable NAME among:
# PATH; the toolkits bankfix itself looks in (--cuda-path's defaults:
# $CUDA_PATH, $CUDA_HOME, the directory above nvcc on PATH,
# /usr/local/cuda), each DIR/bin/NAME; for ncu, Nsight Compute's own
# installation (/opt/nvidia/nsight-compute/VERSION/ncu, newest first).
# It returns 1, printing nothing, when there is none.
find_cuda_tool() {
  local name=$1 dir nvcc found
  found=$(command -v "$name" 2>/dev/null) && [ -x "$found" ] && {
    printf '%s\n' "$found"
    return 0
  }
  local dirs=("${CUDA_PATH:-}" "${CUDA_HOME:-}")
  if nvcc=$(command -v nvcc 2>/dev/null); then
    dirs+=("$(dirname "$(dirname "$(realpath "$nvcc")")")")
  fi
  dirs+=(/usr/local/cuda)
  for dir in "${dirs[@]}"; do
    if [ -n "$dir" ] && [ -x "$dir/bin/$name" ]; then
      printf '%s\n' "$dir/bin/$name"
      return 0
    fi
  done
  if [ "$name" = ncu ]; then
    while IFS= read -r found; do
      [ -x "$found" ] && { printf '%s\n' "$found"; return 0; }
    done < <(printf '%s\n' /opt/nvidia/nsight-compute/*/ncu | sort -rV)
  fi
  return 1
}
