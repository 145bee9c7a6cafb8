#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The clang-tidy module against bankfix on one golden input.

Runs `bankfix` on test/inputs/NAME.cu (with its "// bankfix-args:" block
shapes) and Debian's clang-tidy-22 with libbankfixTidy.so on the same file,
parsed with the command bankfix prints with --print-parse-command, the block
shapes given as the check option bankfix-bank-conflict.BlockDim. Then
compares:
  - every diagnostic (FILE:LINE:COL, level, message, and the notes after
    it); bankfix-nolint's warnings are clang-tidy's own clang-tidy-nolint
    errors;
  - the fixes: both tools' --export-fixes (the warning each fix is
    attached to and its replacement);
  - clang-tidy --fix(-errors) on a copy of the input directory: the file must become
    test/expected/NAME.cu (or stay as it is when there is none), as
    `bankfix --apply` makes it.

    tidy-compare.py BANKFIX CLANG_TIDY MODULE NAME
Exit 77 (skipped) without python3-yaml or a CUDA toolkit: the parse command would name
bankfix's in-memory prelude, which clang-tidy cannot read.
"""
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("tidy-compare: no python3-yaml, skipped")
    sys.exit(77)

bankfix, clang_tidy, module, name = (
    os.path.abspath(sys.argv[1]), sys.argv[2], os.path.abspath(sys.argv[3]),
    sys.argv[4])
here = os.path.dirname(os.path.abspath(__file__))
errors = []

DIAG = re.compile(r"^(?:(\S.*?):(\d+):(\d+): )?(warning|error|note|remark): (.*)$")


def diagnostics(text, root):
    """Groups (main diagnostic, its notes) from clang-style text."""
    groups = []
    for line in text.splitlines():
        m = DIAG.match(line)
        if not m:
            continue
        path, ln, col, level, message = m.groups()
        if path:
            path = os.path.relpath(os.path.join(root, path), root)
        message = message.replace(root + os.sep, "")
        # Why a header's extern buffer gets no fix ends with what the run
        # sees of the files that include the header: clang-tidy sees one
        # file, bankfix without -p no database; the rest must agree.
        message = re.sub(r"(in every file that includes the header: ).*$",
                         r"\1...", message)
        message = message.replace("header './", "header '")
        # The module is one check: a launch out of bounds is reported under
        # its name, bankfix names the rule of its own.
        message = message.replace("[bankfix-launch-bounds]",
                                  "[bankfix-bank-conflict]")
        # An unmatched NOLINT comment: bankfix's check or clang-tidy's.
        n = re.match(r"(.*) \[(bankfix-nolint|clang-tidy-nolint)\]$", message)
        if n:
            level, message = "nolint-problem", n.group(1)
        where = "%s:%s:%s" % (path, ln, col) if path else "-"
        entry = "%s: %s: %s" % (where, level, message)
        if level == "note" and message.startswith("expanded from macro "):
            # clang's macro backtrace: each tool's printer decides where.
            continue
        if level == "note" and groups:
            # clang-tidy hangs the notes of the warnings a NOLINT comment
            # suppressed on its unmatched-NOLINT error: not bankfix's.
            if ": nolint-problem: " not in groups[-1][0]:
                groups[-1].append(entry)
        elif level != "note":
            groups.append([entry])
    return collections.Counter("\n".join(g) for g in groups)


def fixes(path, root):
    """(warning place, message, replacement) of an --export-fixes file."""
    if not os.path.exists(path):
        return collections.Counter()
    with open(path) as f:
        doc = yaml.safe_load(f) or {}
    out = collections.Counter()
    for d in doc.get("Diagnostics") or []:
        msg = d["DiagnosticMessage"]
        for r in msg.get("Replacements") or []:
            out[(os.path.relpath(msg["FilePath"], root), msg["FileOffset"],
                 msg["Message"], os.path.relpath(r["FilePath"], root),
                 r["Offset"], r["Length"], r["ReplacementText"])] += 1
    return out


def compare(what, want, got):
    if want == got:
        return
    lines = ["%s differ (bankfix: -, clang-tidy: +):" % what]
    for item in sorted(set(want) | set(got), key=str):
        d = got[item] - want[item]
        if d:
            lines.append("%s%d x %s" % ("+" if d > 0 else "-", abs(d), item))
    errors.append("\n".join(lines))


with tempfile.TemporaryDirectory() as work:
    # A copy of the inputs (clang-tidy --fix rewrites them), the same for
    # both tools so that the paths compare.
    inputs = os.path.join(work, "inputs")
    shutil.copytree(os.path.join(here, "inputs"), inputs)
    source = os.path.join(inputs, name + ".cu")
    with open(source) as f:
        text = f.read()
    args = []
    m = re.search(r"^// bankfix-args: (.*)$", text, re.M)
    if m:
        args = m.group(1).split()
    shapes = [a.split("=", 1)[1] for a in args if a.startswith("--block-dim=")]
    styles = [a.split("=", 1)[1] for a in args if a.startswith("--fix-style=")]
    assert len(shapes) + len(styles) == len(args), \
        "only --block-dim and --fix-style are translated: %s" % args

    def run(cmd):
        return subprocess.run(cmd, cwd=inputs, capture_output=True, text=True)

    parse = run([bankfix, "--print-parse-command", name + ".cu"])
    if parse.returncode != 0:
        sys.exit("tidy-compare: --print-parse-command failed: " + parse.stderr)
    words = parse.stdout.split()
    if "-nocudainc" in words:
        print("tidy-compare: no CUDA toolkit, skipped")
        sys.exit(77)
    compiler_args = words[1:-1]  # neither clang++ nor the file

    mine = run([bankfix, "--use-color=false", "--quiet",
                "--export-fixes=" + os.path.join(work, "bankfix.yaml")]
               + args + [name + ".cu"])
    config = ("{CheckOptions: {bankfix-bank-conflict.BlockDim: '%s', "
              "bankfix-bank-conflict.FixStyle: '%s'}}"
              % (";".join(shapes), styles[-1] if styles else "auto"))
    tidy_cmd = [clang_tidy, "--load=" + module,
                "--checks=-*,bankfix-bank-conflict", "--config=" + config,
                "--use-color=false"]
    theirs = run(tidy_cmd + ["--export-fixes=" + os.path.join(work, "tidy.yaml"),
                             name + ".cu", "--"] + compiler_args)
    if theirs.returncode not in (0, 1) or "error: " in theirs.stderr:
        errors.append("clang-tidy failed (%d):\n%s" % (theirs.returncode, theirs.stderr))
    compare("diagnostics", diagnostics(mine.stdout, inputs),
            diagnostics(theirs.stdout, inputs))
    compare("fixes", fixes(os.path.join(work, "bankfix.yaml"), inputs),
            fixes(os.path.join(work, "tidy.yaml"), inputs))
    listed = run(tidy_cmd + ["--list-checks"])
    if "bankfix-bank-conflict" not in listed.stdout:
        errors.append("the module does not register bankfix-bank-conflict:\n"
                      + listed.stdout + listed.stderr)

    # clang-tidy reports an unmatched NOLINT comment as an error, and
    # applies no fix after an error without --fix-errors (the check itself
    # analyses nothing after a compiler error).
    fixed = run(tidy_cmd + ["--fix-errors", name + ".cu", "--"] + compiler_args)
    expected = os.path.join(here, "expected", name + ".cu")
    if not os.path.exists(expected):
        expected = os.path.join(here, "inputs", name + ".cu")
    with open(source) as f, open(expected) as g:
        if f.read() != g.read():
            errors.append("clang-tidy --fix made %s, not %s:\n%s" % (
                name + ".cu", os.path.relpath(expected, here), fixed.stderr))
    # The headers a fix spans: as --apply leaves them (expected/NAME.include/).
    include = os.path.join(here, "inputs", "include")
    for root, _, files in os.walk(include):
        for h in files:
            rel = os.path.relpath(os.path.join(root, h), include)
            want = os.path.join(here, "expected", name + ".include", rel)
            if not os.path.exists(want):
                want = os.path.join(include, rel)
            with open(os.path.join(inputs, "include", rel)) as f, open(want) as g:
                if f.read() != g.read():
                    errors.append("clang-tidy --fix made include/%s, not %s" % (
                        rel, os.path.relpath(want, here)))

for e in errors:
    print("tidy-compare: %s: %s" % (name, e), file=sys.stderr)
sys.exit(1 if errors else 0)
