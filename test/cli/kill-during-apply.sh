#!/usr/bin/env bash
# kill-during-apply.sh BANKFIX ORIGINAL FIXED DIR N: N times, runs
# `bankfix --apply` on a copy of ORIGINAL and kills it (SIGINT, SIGTERM or
# SIGKILL, in turn) after a random delay; the copy must then be ORIGINAL or
# FIXED byte for byte, with no temporary file beside it (a SIGKILL cannot
# be caught: its temporary file, if any, is allowed and removed here).
set -u
bankfix=$1 original=$2 fixed=$3 dir=$4 n=$5
signals=(INT TERM KILL)
rm -rf "$dir" && mkdir -p "$dir"
status=0
for ((i = 0; i < n; i++)); do
  sig=${signals[i % 3]}
  cp "$original" "$dir/f.cu"
  python3 "$(dirname "$0")/default-signals.py" "$bankfix" --apply \
    --block-dim=32,32 "$dir/f.cu" >/dev/null 2>&1 &
  pid=$!
  sleep "0.$((RANDOM % 10))$((RANDOM % 10))"
  kill -s "$sig" "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if cmp -s "$dir/f.cu" "$original"; then
    what=original
  elif cmp -s "$dir/f.cu" "$fixed"; then
    what=rewritten
  else
    echo "kill-during-apply: SIG$sig left a damaged file" >&2
    status=1
    what=damaged
  fi
  left=$(find "$dir" -name '.f.cu.bankfix-*' | wc -l)
  if [ "$sig" != KILL ] && [ "$left" -ne 0 ]; then
    echo "kill-during-apply: SIG$sig left a temporary file" >&2
    status=1
  fi
  rm -f "$dir"/.f.cu.bankfix-*
  echo "run $i: SIG$sig -> $what"
done
exit $status
