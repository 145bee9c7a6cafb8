#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what bankfix needs to build and test on Debian 12, with apt.
# Does nothing when everything is present. Works as root or through sudo.
set -euo pipefail

packages=(
  cmake ninja-build g++ python3 git
  libclang-22-dev libclang-cpp22-dev llvm-22-dev clang-22 clang-tools-22
  llvm-22-tools libgtest-dev clang-format-22 libclang-rt-22-dev
  python3-jsonschema pre-commit groff-base
  clang-tidy-22 python3-yaml dpkg-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}" >&2
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
