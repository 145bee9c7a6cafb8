#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# licence.sh SOURCE_DIR: the project's licence is in LICENSE (Apache-2.0
# with LLVM's exceptions) and every source file names it in an SPDX line
# within its first three lines: C++ sources and headers, Python, shell and
# CMake files. Test data (test/inputs, test/expected, test/cli and the CUDA
# kernels of the GPU tests), whose line numbers the golden files cite, are
# covered by LICENSE alone.
set -euo pipefail
src=$(realpath "$1")
tag='SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception'
status=0
grep -q 'Apache License' "$src/LICENSE" && grep -q 'LLVM Exceptions to the Apache 2.0 License' "$src/LICENSE" ||
  { echo "licence: LICENSE is missing or is not Apache-2.0 WITH LLVM-exception" >&2; exit 1; }
checked=0
while IFS= read -r -d '' f; do
  checked=$((checked + 1))
  head -n 3 "$f" | grep -qF "$tag" || { echo "licence: no SPDX line in ${f#"$src"/}" >&2; status=1; }
done < <(find "$src" \( -path "$src/.git" -o -path "$src/build*" -o -path "$src/test/inputs" \
    -o -path "$src/test/expected" -o -path "$src/test/cli" -o -name __pycache__ \) -prune -o \
  -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.py' -o -name '*.sh' -o -name '*.cmake' \
    -o -name '*.cmake.in' -o -name CMakeLists.txt -o -path "$src/.ci/run" \) -print0)
[ "$checked" -gt 100 ] || { echo "licence: only $checked source files found under $src" >&2; exit 1; }
[ $status = 0 ] && echo "licence: $checked source files carry the SPDX line"
exit $status
