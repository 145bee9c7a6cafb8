#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# deb-package.sh BUILD_DIR [TIDY]: builds the .deb with CPack and checks it
# (dpkg-deb -I/-c): its files (bankfix, the clang-tidy module, the manual
# page), and its declared dependencies: the package of every shared library
# the two binaries need (readelf NEEDED, found with ldd, owned per dpkg -S),
# and the package of Clang's resource directory bankfix parses with. The
# unpacked bankfix must run. Skipped (77) without dpkg-deb or dpkg-shlibdeps.
# TIDY 0: the build has no clang-tidy module.
set -euo pipefail
build=$(realpath "$1") with_tidy=${2:-1}
for t in cpack dpkg-deb dpkg-shlibdeps dpkg-query; do
  command -v $t >/dev/null || { echo "deb-package: no $t, skipped"; exit 77; }
done
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/scratch-dir.sh
. "$here/scratch-dir.sh"
make_scratch_dir
status=0
fail() { echo "deb-package: $*" >&2; status=1; }

cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; exit 1; }
debs=("$work"/out/bankfix_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { ls -R "$work/out" >&2; fail "want one bankfix_*.deb"; exit 1; }
deb=${debs[0]}

info=$(dpkg-deb -I "$deb")
contents=$(dpkg-deb -c "$deb")
files=(./usr/bin/bankfix ./usr/share/man/man1/bankfix.1.gz ./usr/share/doc/bankfix/ci.md
  ./usr/share/doc/bankfix/copyright)
[ "$with_tidy" = 1 ] && files+=(./usr/lib/bankfix/libbankfixTidy.so)
for f in "${files[@]}"; do
  grep -qE " $f\$" <<<"$contents" || fail "not in the package: $f"
done
grep -qE '^ Package: bankfix$' <<<"$info" || fail "package name: $info"
depends=$(sed -n 's/^ Depends: //p' <<<"$info")
[ -n "$depends" ] || fail "no Depends: $info"
# The package names in Depends, one a line.
depends_names=$(tr ',' '\n' <<<"$depends" | sed 's/^ *//; s/[ :].*//')
declares() { grep -qxF "$1" <<<"$depends_names"; }

# The package of each library bankfix and the module need, as ldd finds it.
dpkg-deb -x "$deb" "$work/root"
needed_packages() {
  local lib path
  for lib in $(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    # "lib => /path (addr)", or "/path (addr)" for the dynamic loader.
    path=$(ldd "$1" | awk -v l="$lib" '$1 == l && $2 == "=>" { print $3 }
      $1 ~ "/" && $1 ~ ("/" l "$") { print $1 }' | head -1)
    [ -n "$path" ] || { fail "ldd does not find $lib"; continue; }
    path=$(realpath "$path")
    # Debian's merged /usr: dpkg may know the library under /lib.
    dpkg-query -S "$path" 2>/dev/null || dpkg-query -S "${path#/usr}" 2>/dev/null ||
      fail "no package owns $path"
  done | sed 's/:.*//' | sort -u
}
bins=("$work/root/usr/bin/bankfix")
[ "$with_tidy" = 1 ] && bins+=("$work/root/usr/lib/bankfix/libbankfixTidy.so")
for bin in "${bins[@]}"; do
  for pkg in $(needed_packages "$bin"); do
    declares "$pkg" || fail "$(basename "$bin") needs $pkg, not in Depends: $depends"
  done
done
for pkg in libclang-cpp22 libllvm22; do
  declares "$pkg" || fail "$pkg not in Depends: $depends"
done
# Clang's builtin headers, which bankfix parses with.
resource=$("$work/root/usr/bin/bankfix" --version | sed -n 's/.*clang resource directory: //p')
[ -n "$resource" ] || fail "--version names no resource directory"
owner=$(dpkg-query -S "$resource/include/__clang_cuda_builtin_vars.h" | sed 's/:.*//')
declares "$owner" || fail "$owner (the resource directory) not in Depends: $depends"
"$work/root/usr/bin/bankfix" --version | grep -qE '^bankfix [0-9.]+ \(LLVM 22' ||
  fail "the packaged bankfix does not run"

# The licence: a machine-readable copyright file (DEP-5) naming it; the
# manual page compressed, with no name or time stamp in its header.
copyright=$work/root/usr/share/doc/bankfix/copyright
grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$copyright" &&
  grep -qx 'License: Apache-2.0 WITH LLVM-exception' "$copyright" ||
  fail "the copyright file is not DEP-5 or names another licence"
man_gz=$work/root/usr/share/man/man1/bankfix.1.gz
gzip -t "$man_gz" && [ "$(od -An -tu1 -j4 -N4 "$man_gz" | tr -s ' ')" = " 0 0 0 0" ] ||
  fail "bankfix.1.gz is not gzip data without a time stamp"
if dpkg-deb -c "$deb" | grep -E ' \./(debian|DEBIAN)/' >/dev/null; then
  fail "the package holds the build's debian/ directory"
fi

# Each LLVM package's version constraint admits the versions users have:
# the one installed here, Debian's first 22.1 release, and apt.llvm.org's
# form of a release and of a snapshot (a ~ sorts before the release).
for pkg in libclang-cpp22 libllvm22 "$owner"; do
  constraint=$(tr ',' '\n' <<<"$depends" | sed -n "s/^ *$pkg (\(.*\))\$/\1/p")
  [ -n "$constraint" ] || continue
  op=${constraint%% *} want_version=${constraint#* }
  case $op in '>=') rel=ge ;; '>>') rel=gt ;; '=') rel=eq ;; *) fail "$pkg: unexpected constraint $constraint"; continue ;; esac
  installed=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || true)
  for v in $installed 1:22.1.0-1 1:22.1.8-1~exp1 \
      1:22.1.8~++20260615083012+0123456789ab-1~exp1~20260615083130.123 \
      1:22.1.0~++20260301000000+0123456789ab-1~exp1~20260301000123.1; do
    dpkg --compare-versions "$v" "$rel" "$want_version" ||
      fail "$pkg ($constraint) rejects version $v"
  done
done
exit $status
