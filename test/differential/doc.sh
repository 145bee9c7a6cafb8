#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Rewrites docs/differential.md from the committed H100 measurements
# (results/seed2.measured.json.gz, and the summary of the earlier run; the
# out-of-sample runs 3 to 6 into differential-seed3.md to -seed6.md) and
# the predictions of BANKFIX, without a GPU: after a change to bankfix's
# model, this shows the new numbers. A new GPU run (gpu_run.sh) replaces the
# measurements: then `compare.py WORK --write-measured
# results/seed2.measured.json.gz` keeps them.
#
#   doc.sh BANKFIX [DOC]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: doc.sh BANKFIX [DOC]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
doc=${2:-$here/../../docs/differential.md}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$here/run.sh" "$1" "$work" 2 360 20 >/dev/null
status=0
python3 "$here/compare.py" "$work" \
  --measured "$here/results/seed2.measured.json.gz" \
  --earlier "$here/results/seed1-grammar1.summary.json" \
  --doc "$doc" | grep -v '^MISMATCH' || status=$?
echo "doc.sh: wrote $doc"
# The out-of-sample runs, each measured once on the H100: seed 3 (generated
# after the model was fitted to run 2, 2026-11-25), seed 4 (after the
# Source-page rule for 8- and 16-byte loads was fitted to runs 2 and 3) and
# seed 5 (after run 4's findings were fixed; both 2026-11-26) and seed 6
# (after run 5's, the same day).
for seed in 3 4 5 6; do
  out=$(dirname "$doc")/differential-seed$seed.md
  "$here/run.sh" "$1" "$work/seed$seed" "$seed" 240 20 >/dev/null
  python3 "$here/compare.py" "$work/seed$seed" \
    --measured "$here/results/seed$seed.measured.json.gz" \
    --doc "$out" | grep -v '^MISMATCH' || [ $? -le 1 ] || exit 1
  echo "doc.sh: wrote $out"
done
# compare.py exits 1 when an access mismatches: the document is written all
# the same.
[ "$status" -le 1 ] || exit "$status"
