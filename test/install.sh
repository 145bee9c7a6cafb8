#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# install.sh BUILD_DIR [TIDY]: `cmake --install` into a temporary prefix, then the
# installed tool as a user has it: bankfix on PATH on a golden input (the
# same warnings as test/expected), --version, the manual page (man -l), and
# the installed clang-tidy module in Debian's clang-tidy-22 on the same
# input (the same warning lines). The module must take clang-tidy's own
# classes from clang-tidy, not carry a copy. TIDY 0: the build has no
# module (BANKFIX_TIDY off, as in sanitizer builds).
set -euo pipefail
build=$(realpath "$1") with_tidy=${2:-1}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/scratch-dir.sh
. "$here/scratch-dir.sh"
make_scratch_dir
status=0
fail() { echo "install: $*" >&2; status=1; }

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" ||
  { cat "$work/install.log"; exit 1; }
files=(bin/bankfix share/man/man1/bankfix.1.gz share/doc/bankfix/ci.md share/doc/bankfix/copyright
  share/doc/bankfix/bankfix-ci.yml share/doc/bankfix/bankfix-gitlab-ci.yml)
[ "$with_tidy" = 1 ] && files+=(lib/bankfix/libbankfixTidy.so)
for f in "${files[@]}"; do
  [ -f "$work/prefix/$f" ] || fail "not installed: $f"
done
export PATH=$work/prefix/bin:$PATH
[ "$(command -v bankfix)" = "$work/prefix/bin/bankfix" ] || fail "bankfix is not the installed one"

# The installed bankfix on a golden input: the expected warning lines.
cp -r "$here/inputs" "$work/inputs"
cd "$work/inputs"
name=seed002_tile
args=$(sed -n 's|^// bankfix-args: ||p' $name.cu)
want=$(grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|note):' "$here/expected/$name.txt")
# shellcheck disable=SC2086
got=$(bankfix --use-color=false $args $name.cu 2>&1 | grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|note):' || true)
[ -n "$want" ] && [ "$got" = "$want" ] || fail "installed bankfix: got
$got
want
$want"

version=$(bankfix --version)
grep -qE '^bankfix [0-9.]+ \(LLVM 22\.' <<<"$version" || fail "--version: $version"
grep -qE 'CUDA toolkit: (CUDA [0-9.]+ at |none found)' <<<"$version" || fail "--version names no CUDA toolkit: $version"

# The manual page lists the options --help lists, and renders.
man_page=$work/prefix/share/man/man1/bankfix.1.gz
gzip -t "$man_page" || fail "the manual page is not gzip data"
help_opts=$(bankfix --help | grep -oE '^  --?[a-z][a-z-]*' | tr -d ' ' | sort)
man_opts=$(zcat "$man_page" | grep -oE '^\\fB(\\-)+[a-z]([a-z]|\\-)*' |
  sed 's/^\\fB//; s/\\-/-/g' | sort)
[ -n "$help_opts" ] && [ "$help_opts" = "$man_opts" ] ||
  fail "the man page's options differ from --help's: $(diff <(echo "$help_opts") <(echo "$man_opts"))"
if command -v man >/dev/null; then
  page=$(MANWIDTH=200 man -l "$man_page" 2>&1 | col -b)
  for opt in $help_opts; do
    grep -qe "$opt" <<<"$page" || fail "the rendered man page lacks $opt"
  done
fi

# The installed module in clang-tidy-22, on the same input.
tidy=$(command -v clang-tidy-22 || true)
if [ "$with_tidy" != 1 ] || [ -z "$tidy" ]; then
  echo "install: no module or no clang-tidy-22: the module was not run" >&2
elif grep -q -- -nocudainc <<<"$(bankfix --print-parse-command $name.cu)"; then
  echo "install: no CUDA toolkit: the module was not run" >&2
else
  module=$work/prefix/lib/bankfix/libbankfixTidy.so
  if nm -D --defined-only "$module" | c++filt | grep 'clang::tidy::ClangTidyCheck::ClangTidyCheck' >/dev/null; then
    fail "the module defines clang-tidy's own classes (linked clangTidy)"
  fi
  # shellcheck disable=SC2207
  parse=($(bankfix --print-parse-command $name.cu))
  unset 'parse[0]' 'parse[-1]'
  shape=${args#--block-dim=}
  tidy_out=$("$tidy" --load="$module" --checks='-*,bankfix-bank-conflict' \
    --config="{CheckOptions: {bankfix-bank-conflict.BlockDim: '$shape'}}" \
    $name.cu -- "${parse[@]}" 2>/dev/null |
    grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|note):' | sed "s|^$work/inputs/||" || true)
  [ "$tidy_out" = "$want" ] || fail "installed module: got
$tidy_out
want
$want"
fi
exit $status
