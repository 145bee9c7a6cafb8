#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the example outputs in README.md and docs/*.md against the tool.

A fenced block that shows bankfix's output is preceded by a comment that
names the command which prints it:

    <!-- example: cd test/inputs && bankfix seed002_tile.cu -->
    ```
    seed002_tile.cu:14:3: warning: ...
    ```

The command runs in the source directory under bash, with the bankfix under
test first on PATH (a leading `build/bin/bankfix` is that bankfix too),
NO_COLOR set and a fresh cache; its stdout and stderr together must equal
the block, where a line `...` stands for any number of lines. A block whose
lines look like bankfix's diagnostics or a `$ bankfix` session but has no
such comment fails the check, so no example can go unchecked.

    doc-examples.py BANKFIX SOURCE_DIR [--update]

--update rewrites each block with the output (its `...` lines are kept
only where they still match)."""
import glob
import os
import re
import subprocess
import sys
import tempfile

bankfix = os.path.realpath(sys.argv[1])
root = os.path.realpath(sys.argv[2])
update = "--update" in sys.argv[3:]
MARKER = re.compile(r"^<!-- example: (.*) -->$")
OUTPUT_LINE = re.compile(r"^(\S+:\d+:\d+: (warning|note|remark|error): |"
                         r"bankfix: (warning|error): |\$ .*bankfix )")


def run(command, cache):
    command = re.sub(r"(^|&& )build/bin/bankfix\b", r"\1bankfix", command)
    env = dict(os.environ, NO_COLOR="1", XDG_CACHE_HOME=cache,
               PATH=os.path.dirname(bankfix) + os.pathsep + os.environ["PATH"])
    done = subprocess.run(["bash", "-c", command], cwd=root, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    return done.stdout.rstrip("\n").split("\n")


def matches(want, got):
    """Whether got equals want, each '...' line of want any lines."""
    parts = [[]]
    for line in want:
        if line == "...":
            parts.append([])
        else:
            parts[-1].append(line)
    if len(parts) == 1:
        return want == got
    if got[:len(parts[0])] != parts[0]:
        return False
    at = len(parts[0])
    for part in parts[1:-1]:
        for start in range(at, len(got) - len(part) + 1):
            if got[start:start + len(part)] == part:
                at = start + len(part)
                break
        else:
            return False
    last = parts[-1]
    return len(got) - at >= len(last) and (not last or got[-len(last):] == last)


def blocks(lines):
    """(marker line index or None, first line, end line) of each fence."""
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            end = i + 1
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            marker = i - 1 if i > 0 and MARKER.match(lines[i - 1]) else None
            yield marker, i + 1, end
            i = end + 1
        else:
            i += 1


errors = []
checked = 0
with tempfile.TemporaryDirectory() as cache:
    docs = [os.path.join(root, "README.md")] + sorted(
        glob.glob(os.path.join(root, "docs", "*.md")))
    for doc in docs:
        with open(doc) as f:
            lines = f.read().split("\n")
        name = os.path.relpath(doc, root)
        changed = False
        for marker, first, end in reversed(list(blocks(lines))):
            body = lines[first:end]
            if marker is None:
                if any(OUTPUT_LINE.match(l) for l in body):
                    errors.append(f"{name}:{first}: an example output with no "
                                  "'<!-- example: COMMAND -->' before it")
                continue
            checked += 1
            command = MARKER.match(lines[marker]).group(1)
            got = run(command, cache)
            if matches(body, got):
                continue
            if update:
                lines[first:end] = got
                changed = True
                continue
            errors.append(f"{name}:{first}: the example of '{command}' differs "
                          "from the tool's output:\n--- the document\n" +
                          "\n".join(body) + "\n--- the tool\n" + "\n".join(got))
        if changed:
            with open(doc, "w") as f:
                f.write("\n".join(lines))
            print(f"doc-examples: updated {name}")

for e in errors:
    print("doc-examples: " + e, file=sys.stderr)
if not errors:
    print(f"doc-examples: {checked} examples equal the tool's output")
sys.exit(1 if errors or checked == 0 else 0)
