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
status=0
for f in "$here"/expected/*.cu "$here"/expected/real/*.cu; do
  name=$(basename "$f" .cu)
  case $f in */expected/real/*) name=real.$name ;; esac
  dir=$out/$name
  mkdir -p "$dir"
  cp -r "$here/inputs/include" "$dir/"
  [ -d "$here/expected/$name.include" ] && cp -r "$here/expected/$name.include/." "$dir/include/"
  cp "$f" "$dir/$name.cu"
  if "$nvcc" -c -arch=sm_90 -I "$here/inputs" -o "$dir/$name.o" "$dir/$name.cu"; then
    echo "ok   $(basename "$f")"
  else
    echo "FAIL $(basename "$f")"
    status=1
  fi
done
exit $status
