#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles every rewritten file in test/expected/ and test/expected/real/
# with nvcc (-c, sm_90): a fix must leave code that still builds. A file whose fix also rewrote
# headers (test/expected/NAME.include/) is compiled beside them, the other
# headers of test/inputs/include/ as they are. Skipped (exit 77) without
# nvcc.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/find-cuda-tool.sh
. "$here/find-cuda-tool.sh"
if ! nvcc=$(find_cuda_tool nvcc); then
  echo "skipped: no nvcc (PATH, \$CUDA_PATH, \$CUDA_HOME, /usr/local/cuda)"
  exit 77
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# One nvcc per file, as many at once as there are cores; each prints one
# line, "ok   NAME.cu" or "FAIL NAME.cu" after nvcc's own messages.
compile_one() { # compile_one EXPECTED_FILE
  local f=$1 name dir log
  name=$(basename "$f" .cu)
  case $f in */expected/real/*) name=real.$name ;; esac
  dir=$out/$name
  log=$out/$name.log
  mkdir -p "$dir"
  cp -r "$here/inputs/include" "$dir/"
  [ -d "$here/expected/$name.include" ] && cp -r "$here/expected/$name.include/." "$dir/include/"
  cp "$f" "$dir/$name.cu"
  if "$nvcc" -c -arch=sm_90 -I "$here/inputs" -o "$dir/$name.o" "$dir/$name.cu" >"$log" 2>&1; then
    echo "ok   $(basename "$f")"
  else
    cat "$log"
    echo "FAIL $(basename "$f")"
  fi
}
export -f compile_one
export here out nvcc
printf '%s\0' "$here"/expected/*.cu "$here"/expected/real/*.cu |
  xargs -0 -n 1 -P "$(nproc)" bash -c 'compile_one "$0"' >"$out/results"
cat "$out/results"
! grep -q '^FAIL ' "$out/results"
