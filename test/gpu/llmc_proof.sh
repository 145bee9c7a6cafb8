#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The fix of a real project's kernel, proven on the GPU: llm.c's naive
# flash-attention kernel (dev/cuda/attention_forward.cu, kernel 2). The
# project's code stays out of this repository: this script takes the
# checkout's path.
#
#   test/gpu/llmc_proof.sh prepare BANKFIX LLMC_CHECKOUT WORK_DIR
#       (where bankfix runs) copies the two files the kernel needs to
#       WORK_DIR/before and WORK_DIR/after, and rewrites the latter with
#       bankfix's exported fixes (clang-apply-replacements-22; --apply
#       refuses the file because clang cannot parse another of its kernels).
#   test/gpu/llmc_proof.sh measure WORK_DIR OUT_DIR
#       (on the GPU machine) builds both, runs kernel 2 (its own check
#       against the CPU and its timing), and profiles its first launch with
#       Nsight Compute; then prints shared wavefronts per source line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
prepare)
  bankfix=$2 llmc=$3 work=$4
  src=$llmc/dev/cuda
  if [ ! -f "$src/attention_forward.cu" ]; then
    echo "llmc_proof.sh: no llm.c checkout at $llmc: not run" >&2
    exit 77
  fi
  rm -rf "$work" && mkdir -p "$work/before" "$work/after" "$work/fixes"
  cp "$src/attention_forward.cu" "$src/common.h" "$work/before/"
  cp "$work/before/"* "$work/after/"
  git -C "$llmc" rev-parse HEAD >"$work/commit.txt"
  (cd "$work/after" && "$bankfix" --export-fixes="$work/fixes/fixes.yaml" \
    attention_forward.cu >"$work/bankfix.txt" 2>&1) || true
  clang-apply-replacements-22 "$work/fixes"
  diff "$work/before/attention_forward.cu" "$work/after/attention_forward.cu" \
    >"$work/fix.diff" || true
  echo "llm.c $(cat "$work/commit.txt"): $(grep -c '^>' "$work/fix.diff") lines rewritten"
  ;;
measure)
  work=$2 out=$3
  mkdir -p "$out"
  for side in before after; do
    (cd "$work/$side" && nvcc -O3 --use_fast_math -arch=sm_90 -lineinfo \
      attention_forward.cu -lcublas -lcublasLt -o "$out/af_$side")
    "$out/af_$side" 2 >"$out/$side.run.txt"
    ncu --kill on --clock-control none -k attention_forward_kernel2 -c 1 \
      --section SourceCounters --page source --print-source cuda,sass --csv \
      "$out/af_$side" 2 >"$out/$side.ncu.csv"
  done
  for side in before after; do
    python3 "$here/ncu_source.py" $side "$out/$side.ncu.csv" attention_forward.cu
  done
  ;;
*)
  sed -n '3,17p' "$0" >&2
  exit 2
  ;;
esac
