# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# shellcheck shell=bash
# Sourced by the test scripts that run bankfix in a directory of their own:
#
#   . "$here/scratch-dir.sh"
#   make_scratch_dir    # sets $work; $work/xdg-cache is bankfix's cache
#
# make_scratch_dir makes a temporary directory, $work, removed when the
# script exits, and points XDG_CACHE_HOME into it, so that bankfix's
# precompiled CUDA headers go to this run's directory, not to the user's
# ~/.cache.
#
# bankfix builds a missing precompiled header in a detached process that
# may still be writing in $work/xdg-cache when the script ends; rm -rf
# then fails on a directory that is not empty. remove_scratch_dir tries
# again for up to a minute, until the builder has finished.
remove_scratch_dir() {
  for _ in $(seq 300); do
    rm -rf "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  rm -rf "$1"
}

make_scratch_dir() {
  work=$(mktemp -d)
  # shellcheck disable=SC2064 # $work is expanded now, on purpose.
  trap "remove_scratch_dir '$work'" EXIT
  export XDG_CACHE_HOME=$work/xdg-cache
}
