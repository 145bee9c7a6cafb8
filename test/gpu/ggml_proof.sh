#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The fix of a real project's kernel, proven on the GPU: ggml's
# ssm_conv_long_token_f32 (src/ggml-cuda/ssm-conv.cu) with d_conv = 9,
# driven by test/gpu/ggml_ssm_conv_driver.cu. The project's code stays out
# of this repository: this script takes the checkout's path.
#
#   test/gpu/ggml_proof.sh prepare BANKFIX GGML_CHECKOUT WORK_DIR
#       (where bankfix runs) copies ssm-conv.cu and the headers it
#       includes to WORK_DIR/before and WORK_DIR/after, and rewrites the
#       latter with `bankfix --apply` under the checkout's compile database
#       (GGML_CHECKOUT/build/compile_commands.json, from `cmake -B build
#       -DGGML_CUDA=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON`).
#   test/gpu/ggml_proof.sh measure WORK_DIR OUT_DIR
#       (on the GPU machine) builds the driver on both, checks and times
#       each, and profiles one call with Nsight Compute; then prints shared
#       wavefronts per source line of ssm-conv.cu.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
prepare)
  bankfix=$2 ggml=$3 work=$4
  if [ ! -f "$ggml/src/ggml-cuda/ssm-conv.cu" ] ||
    [ ! -f "$ggml/build/compile_commands.json" ]; then
    echo "ggml_proof.sh: no ggml checkout with build/compile_commands.json" \
      "at $ggml: not run" >&2
    exit 77
  fi
  rm -rf "$work" && mkdir -p "$work/before" "$work/after"
  git -C "$ggml" rev-parse HEAD >"$work/commit.txt"
  for side in before after; do
    mkdir -p "$work/$side/include" "$work/$side/src/ggml-cuda/vendors"
    cp "$ggml"/include/*.h "$work/$side/include/"
    cp "$ggml"/src/*.h "$work/$side/src/"
    cp "$ggml"/src/ggml-cuda/*.cuh "$ggml/src/ggml-cuda/ssm-conv.cu" \
      "$work/$side/src/ggml-cuda/"
    cp "$ggml"/src/ggml-cuda/vendors/*.h "$work/$side/src/ggml-cuda/vendors/"
  done
  # bankfix rewrites the checkout's own file (its compile command names
  # it), which is then moved to the copy and restored.
  file=$ggml/src/ggml-cuda/ssm-conv.cu
  cp "$file" "$work/ssm-conv.cu.orig"
  status=0
  "$bankfix" -p "$ggml/build" "$file" --apply >"$work/bankfix.txt" 2>&1 ||
    status=$?
  cp "$file" "$work/after/src/ggml-cuda/ssm-conv.cu"
  cp "$work/ssm-conv.cu.orig" "$file"
  diff "$work/before/src/ggml-cuda/ssm-conv.cu" \
    "$work/after/src/ggml-cuda/ssm-conv.cu" >"$work/fix.diff" || true
  echo "ggml $(cat "$work/commit.txt"): bankfix exit $status," \
    "$(grep -c '^>' "$work/fix.diff") lines rewritten"
  ;;
measure)
  work=$2 out=$3
  mkdir -p "$out"
  for side in before after; do
    dir=$work/$side
    nvcc -std=c++17 -O3 -arch=sm_90 -lineinfo -DGGML_USE_CUDA \
      -I"$dir/include" -I"$dir/src" -I"$dir/src/ggml-cuda" \
      "$here/ggml_ssm_conv_driver.cu" -o "$out/ssm_$side"
    "$out/ssm_$side" time >"$out/$side.run.txt"
    ncu --kill on --clock-control none -k regex:ssm_conv_long_token -c 1 \
      --section SourceCounters --page source --print-source cuda,sass --csv \
      "$out/ssm_$side" once >"$out/$side.ncu.csv"
  done
  for side in before after; do
    cat "$out/$side.run.txt"
    python3 "$here/ncu_source.py" $side "$out/$side.ncu.csv" ssm-conv.cu
  done
  ;;
*)
  sed -n '3,18p' "$0" >&2
  exit 2
  ;;
esac
