#!/usr/bin/env python3
"""check-anchored.py PATH...: every number at an edge of a FileCheck pattern
is anchored, so that `3` cannot pass by matching `13` or `30`.

For each .test file (or each file named), the check prefixes are those its
RUN lines pass to FileCheck (--check-prefix=, --check-prefixes=; CHECK when
none). In each directive of those prefixes (PREFIX:, PREFIX-NEXT:, ...-NOT,
-SAME, -DAG, -LABEL, -COUNT-N), a digit may not begin or end the pattern,
nor touch a {{regex}}, unless an anchor is there: {{^...}}, {{...$}}, or
the word boundaries {{[[:<:]]...}}, {{...[[:>:]]}} (FileCheck's regular
expressions have no \\b). -NOT patterns are left alone: unanchored, they
forbid more. Prints each offending line; exits 1 if there is one.
"""
import os
import re
import sys


def prefixes(text):
    found = set()
    for m in re.finditer(r"--check-prefix(?:es)?[= ]([\w,-]+)", text):
        found.update(m.group(1).split(","))
    if "FileCheck" in text and not found:
        found.add("CHECK")
    if re.search(r"FileCheck(?![^\n|]*--check-prefix)", text):
        found.add("CHECK")
    return found


def pieces(pattern):
    """(is_regex, text) pieces of a FileCheck pattern."""
    out, pos = [], 0
    for m in re.finditer(r"\{\{.*?\}\}|\[\[.*?\]\]", pattern):
        if m.start() > pos:
            out.append((False, pattern[pos:m.start()]))
        out.append((True, m.group(0)))
        pos = m.end()
    if pos < len(pattern):
        out.append((False, pattern[pos:]))
    return out


def unanchored(pattern):
    parts = pieces(pattern.strip())
    for i, (regex, text) in enumerate(parts):
        if regex:
            continue
        before = parts[i - 1][1] if i > 0 else None
        after = parts[i + 1][1] if i + 1 < len(parts) else None
        if text[:1].isdigit() and not (
                before and (before.endswith("^}}") or before.startswith("{{^")
                            or before.endswith("[[:<:]]}}"))):
            if before is None or before.startswith("{{"):
                return True
        if text[-1:].isdigit() and not (
                after and (after.startswith("{{$") or after.endswith("$}}")
                           or after.startswith("{{[[:>:]]"))):
            if after is None or after.startswith("{{"):
                return True
    return False


def check(path):
    text = open(path, errors="replace").read()
    names = prefixes(text)
    if not names:
        return []
    directive = re.compile(r"^(%s)(-NEXT|-NOT|-SAME|-DAG|-LABEL|-COUNT-\d+)?:"
                           r"(.*)$" % "|".join(map(re.escape, sorted(names))))
    bad = []
    for n, line in enumerate(text.splitlines(), 1):
        m = directive.match(line)
        # A -NOT pattern forbids more when it matches more: left alone.
        if m and m.group(2) != "-NOT" and unanchored(m.group(3)):
            bad.append("%s:%d: a number at an edge of the pattern is not "
                       "anchored: %s" % (path, n, line))
    return bad


def main():
    paths = []
    for arg in sys.argv[1:]:
        if os.path.isdir(arg):
            paths += sorted(os.path.join(arg, f) for f in os.listdir(arg)
                            if f.endswith(".test"))
        else:
            paths.append(arg)
    bad = [b for p in paths for b in check(p)]
    print("\n".join(bad) if bad else "%d files: every number anchored" % len(paths))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
