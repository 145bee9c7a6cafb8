#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The pre-commit hook (.pre-commit-hooks.yaml) as a user's repository uses
# it: a temporary git repository whose .pre-commit-config.yaml names a copy
# of this hook repository, a kernel with a bank conflict (the hook must
# fail and show the warning), then the padded kernel (it must pass).
# Runs without network (language: system); skipped (77) without pre-commit.
#
#   pre-commit.sh BANKFIX
set -euo pipefail
bankfix=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
command -v pre-commit >/dev/null ||
  { echo "skipped: no pre-commit (Debian: pre-commit)"; exit 77; }

# shellcheck source=SCRIPTDIR/scratch-dir.sh
. "$here/scratch-dir.sh"
make_scratch_dir
export PRE_COMMIT_HOME=$work/cache PATH=$(dirname "$bankfix"):$PATH
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com
git() { command git -c init.defaultBranch=main -c commit.gpgsign=false "$@"; }

# The hook repository: this repository's hook definition, committed.
mkdir "$work/hooks"
cp "$root/.pre-commit-hooks.yaml" "$work/hooks/"
git -C "$work/hooks" init -q
git -C "$work/hooks" add .pre-commit-hooks.yaml
git -C "$work/hooks" commit -q -m hooks
rev=$(git -C "$work/hooks" rev-parse HEAD)

# The user's repository.
mkdir "$work/user"
cd "$work/user"
git init -q
cat >.pre-commit-config.yaml <<YAML
repos:
  - repo: $work/hooks
    rev: $rev
    hooks:
      - id: bankfix
YAML
cp "$here/inputs/seed002_tile.cu" kernel.cu
git add .pre-commit-config.yaml kernel.cu

status=0
set +e
out=$(pre-commit run --files kernel.cu 2>&1)
code=$?
set -e
if [ $code -eq 0 ] || ! grep -q 'warning: 32-way shared memory bank conflict' <<<"$out"; then
  echo "the hook should fail on the conflicting kernel (exit $code):" >&2
  printf '%s\n' "$out" >&2
  status=1
fi

cp "$here/expected/seed002_tile.cu" kernel.cu
git add kernel.cu
set +e
out=$(pre-commit run --files kernel.cu 2>&1)
code=$?
set -e
if [ $code -ne 0 ] || ! grep -q '^bankfix.*Passed' <<<"$out"; then
  echo "the hook should pass on the padded kernel (exit $code):" >&2
  printf '%s\n' "$out" >&2
  status=1
fi
[ $status -eq 0 ] && echo "pre-commit hook: fails on the conflict, passes on the fix"
exit $status
