#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# find-cuda-tool-test.sh BANKFIX: nvcc and ncu are found where a toolkit
# installs them, not only on PATH, and the three scripts that need nvcc
# (gpu/run.sh, compile-expected.sh, cmake-project.sh) all find it through
# find-cuda-tool.sh. A made-up toolkit in $CUDA_PATH (then $CUDA_HOME) whose
# nvcc and ncu only log their calls and fail; PATH without nvcc or ncu.
set -euo pipefail
bankfix=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/cuda/bin" "$work/path"
for tool in nvcc ncu; do
  printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\nexit 1\n' "$tool" "$work" \
    >"$work/cuda/bin/$tool"
  chmod +x "$work/cuda/bin/$tool"
done
# A PATH with what the scripts need but no CUDA program.
for tool in bash sh env cat sed grep head tr dirname basename realpath mktemp \
  rm mkdir ls sort wc cut uniq python3 cmake ninja nvidia-smi date tee cmp \
  diff printf find tail cp xargs nproc; do
  found=$(command -v "$tool" 2>/dev/null) || continue
  case $found in */nvcc | */ncu | /usr/local/cuda/*) continue ;; esac
  ln -s "$found" "$work/path/$tool"
done
export PATH=$work/path
status=0
expect() { # WHAT WANT GOT
  if [ "$2" = "$3" ]; then
    echo "ok: $1"
  else
    echo "FAIL: $1: want '$2', got '$3'"
    status=1
  fi
}

# shellcheck source=SCRIPTDIR/find-cuda-tool.sh
. "$here/find-cuda-tool.sh"
expect "nvcc from \$CUDA_PATH" "$work/cuda/bin/nvcc" \
  "$(CUDA_PATH=$work/cuda find_cuda_tool nvcc)"
expect "ncu from \$CUDA_PATH" "$work/cuda/bin/ncu" \
  "$(CUDA_PATH=$work/cuda find_cuda_tool ncu)"
expect "ncu from \$CUDA_HOME" "$work/cuda/bin/ncu" \
  "$(CUDA_PATH='' CUDA_HOME=$work/cuda find_cuda_tool ncu)"
expect "no such tool" "1" \
  "$(CUDA_PATH=$work/cuda find_cuda_tool no-such-tool-here || echo $?)"

# Each script calls the toolkit's nvcc (which fails: so do they, quickly).
export CUDA_PATH=$work/cuda
for script in gpu/run.sh compile-expected.sh cmake-project.sh; do
  : >"$work/calls"
  args=()
  case $script in
  gpu/run.sh) args=("$work/gpu") ;;
  cmake-project.sh) args=("$bankfix") ;;
  esac
  "$here/$script" "${args[@]}" >"$work/out" 2>&1 || true
  calls=$(grep -c '^nvcc' "$work/calls" || true)
  if [ "$calls" -gt 0 ]; then
    echo "ok: $script ran \$CUDA_PATH/bin/nvcc"
  else
    echo "FAIL: $script did not run \$CUDA_PATH/bin/nvcc; it printed:"
    tail -5 "$work/out"
    status=1
  fi
done
exit $status
