#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The fix through a padding macro, proven on NVIDIA's three WMMA GEMM
# samples (cudaTensorCoreGemm, bf16TensorCoreGemm, immaTensorCoreGemm):
# bankfix redefines each one's skew macro (SKEW_HALF, SKEW_BF16,
# SKEW_UINT8). The samples' code stays out of this repository: this script
# takes the checkout's path.
#
#   test/gpu/tensor_samples_proof.sh prepare BANKFIX SAMPLES_CHECKOUT WORK_DIR
#       (where bankfix runs) copies each sample and Common/ to
#       WORK_DIR/before and WORK_DIR/after and applies bankfix's fixes to
#       the latter (--apply).
#   test/gpu/tensor_samples_proof.sh measure WORK_DIR OUT_DIR
#       (on the GPU machine) builds both sides, runs each three times
#       (the samples print their kernel's time), profiles the GEMM kernel's
#       first launch with Nsight Compute, and prints shared wavefronts per
#       source line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
samples="cudaTensorCoreGemm bf16TensorCoreGemm immaTensorCoreGemm"
case "${1:-}" in
prepare)
  bankfix=$2 checkout=$3 work=$4
  features=$checkout/Samples/3_CUDA_Features
  if [ ! -f "$features/cudaTensorCoreGemm/cudaTensorCoreGemm.cu" ]; then
    echo "tensor_samples_proof.sh: no CUDA samples checkout at $checkout: not run" >&2
    exit 77
  fi
  rm -rf "$work" && mkdir -p "$work/before" "$work/after"
  git -C "$checkout" rev-parse HEAD >"$work/commit.txt"
  for side in before after; do
    mkdir -p "$work/$side/Common" && cp "$checkout"/Common/*.h "$work/$side/Common/"
    for s in $samples; do
      mkdir -p "$work/$side/$s"
      cp "$features/$s/$s.cu" "$work/$side/$s/"
    done
  done
  for s in $samples; do
    (cd "$work/after/$s" && "$bankfix" --apply "$s.cu" -- -I ../Common \
      >"$work/$s.bankfix.txt" 2>&1) || true
    diff "$work/before/$s/$s.cu" "$work/after/$s/$s.cu" >"$work/$s.diff" || true
    echo "$s: $(grep '^>' "$work/$s.diff" | tr -d '>')"
  done
  ;;
measure)
  work=$2 out=$3
  mkdir -p "$out"
  for side in before after; do
    for s in $samples; do
      (cd "$work/$side/$s" && nvcc -O3 -arch=sm_90 -lineinfo -I ../Common \
        "$s.cu" -o "$out/${s}_$side")
      for run in 1 2 3; do
        "$out/${s}_$side" >"$out/$s.$side.run$run.txt"
      done
      ncu --kill on --clock-control none -k regex:compute_ -c 1 \
        --section SourceCounters --page source --print-source cuda,sass \
        --csv "$out/${s}_$side" >"$out/$s.$side.ncu.csv"
    done
  done
  for s in $samples; do
    for side in before after; do
      grep -hE 'Time:|TFLOPS' "$out/$s.$side.run"*.txt | sed "s/^/$s $side: /"
      python3 "$here/ncu_source.py" "$s $side" "$out/$s.$side.ncu.csv" "$s.cu"
    done
  done
  ;;
*)
  sed -n '3,17p' "$0" >&2
  exit 2
  ;;
esac
