#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# run-clang-tidy.sh BANKFIX MODULE: the clang-tidy module over a project,
# as a team that runs clang-tidy in CI would: test/cmake-project with the
# compile database a Clang CUDA build writes, a .clang-tidy file that
# enables bankfix-bank-conflict and sets its BlockDim option, and Debian's
# run-clang-tidy-22 -p. The warnings must be `bankfix -p`'s with the same
# --block-dim, and run-clang-tidy's -export-fixes must hold bankfix's fix.
# Skipped (77) without run-clang-tidy-22, a CUDA toolkit or python3-yaml.
set -euo pipefail
bankfix=$(realpath "$1") module=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
runner=$(command -v run-clang-tidy-22 || true)
tidy=$(command -v clang-tidy-22 || true)
cuda=$("$bankfix" --version | sed -n 's/.*CUDA [0-9.]* at \(.*\) (found via.*/\1/p')
if [ -z "$runner" ] || [ -z "$tidy" ] || [ -z "$cuda" ] ||
  ! python3 -c 'import yaml' 2>/dev/null; then
  echo "run-clang-tidy: no run-clang-tidy-22, clang-tidy-22, CUDA toolkit or python3-yaml, skipped"
  exit 77
fi
# shellcheck source=SCRIPTDIR/scratch-dir.sh
. "$here/scratch-dir.sh"
make_scratch_dir
status=0
fail() { echo "run-clang-tidy: $*" >&2; status=1; }

cp -r "$here/cmake-project" "$work/project"
cd "$work/project"
mkdir build
python3 - "$cuda" <<'PY'
import json, os, sys
root = os.getcwd()
json.dump([{"directory": root + "/build", "file": root + "/src/" + f,
            "command": "clang++-22 -x cuda --cuda-gpu-arch=sm_80 "
                       "--cuda-path=%s -DTILE=32 -I%s/include -std=c++17 "
                       "-o CMakeFiles/%s.o -c %s/src/%s" % (sys.argv[1], root, f, root, f)}
           for f in ("transpose.cu", "reduce.cu", "padded.cu")],
          open("build/compile_commands.json", "w"), indent=1)
PY
cat >.clang-tidy <<'YAML'
Checks: '-*,bankfix-bank-conflict'
CheckOptions:
  bankfix-bank-conflict.BlockDim: '32x8;transpose:16x16'
YAML

warnings() { grep -E '^/[^ ]+:[0-9]+:[0-9]+: warning: ' | sort -u; }
want=$("$bankfix" --use-color=false -p build --block-dim=32x8 \
  --block-dim=transpose:16x16 --export-fixes="$work/bankfix.yaml" 2>&1 | warnings || true)
got=$("$runner" -p build -clang-tidy-binary="$tidy" -load="$module" -quiet \
  -extra-arg=--cuda-device-only -extra-arg=-Wno-unknown-cuda-version \
  -extra-arg=-isystem"$cuda/include/cccl" \
  -export-fixes="$work/tidy.yaml" -j 1 2>&1 | warnings || true)
[ -n "$want" ] || fail "bankfix found nothing"
[ "$got" = "$want" ] || fail "run-clang-tidy's warnings differ from bankfix's:
$(diff <(echo "$want") <(echo "$got"))"
# The same replacements (file, offset, length, text) in both fix files.
replacements() {
  python3 -c 'import sys, yaml
d = yaml.safe_load(open(sys.argv[1])) or {}
for x in d.get("Diagnostics") or []:
    for r in x["DiagnosticMessage"].get("Replacements") or []:
        print(r["FilePath"], r["Offset"], r["Length"], repr(r["ReplacementText"]))' "$1" | sort
}
[ -s "$work/tidy.yaml" ] || fail "run-clang-tidy wrote no fixes"
[ "$(replacements "$work/tidy.yaml")" = "$(replacements "$work/bankfix.yaml")" ] ||
  fail "the fixes differ: $(diff <(replacements "$work/bankfix.yaml") <(replacements "$work/tidy.yaml"))"

# A BlockDim that does not parse: an error of the check naming the option
# and the value, clang-tidy exits non-zero (a CI job fails), and nothing is
# analysed with a wrong shape.
bad_status=0
bad=$("$tidy" --load="$module" \
  --config="{Checks: '-*,bankfix-bank-conflict', CheckOptions: {bankfix-bank-conflict.BlockDim: '32x8;abc'}}" \
  -p build src/transpose.cu --extra-arg=--cuda-device-only \
  --extra-arg=-Wno-unknown-cuda-version 2>&1) || bad_status=$?
grep -q "error: invalid value 'abc' for option 'bankfix-bank-conflict.BlockDim': .*; nothing was analysed \[bankfix-bank-conflict\]" <<<"$bad" ||
  fail "no error for a bad BlockDim: $bad"
[ "$bad_status" -ne 0 ] || fail "clang-tidy exits 0 with a bad BlockDim"
! grep -q 'warning: .*\[bankfix-bank-conflict\]' <<<"$bad" ||
  fail "analysed with a bad BlockDim: $bad"
# A file that includes CUB, Thrust and libcu++ (CUDA 13 keeps them in
# include/cccl, which nvcc adds and clang does not), with the single-file
# command docs/ci.md gives: parsed without an error, its conflict found.
cub=$("$tidy" --load="$module" --checks='-*,bankfix-bank-conflict' \
  "$here/cli/Inputs/real-parsing/cccl.cu" -- -x cuda --cuda-device-only \
  --cuda-gpu-arch=sm_90 --cuda-path="$cuda" -isystem "$cuda/include/cccl" \
  -Wno-unknown-cuda-version 2>&1) || fail "clang-tidy failed on a CUB file: $cub"
! grep -q 'error:' <<<"$cub" || fail "errors on a CUB file: $cub"
grep -q 'warning: 32-way .*\[bankfix-bank-conflict\]' <<<"$cub" ||
  fail "no conflict found in a CUB file: $cub"
exit $status
