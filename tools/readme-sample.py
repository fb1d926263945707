#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""readme-sample.py: the README's sample output, made and checked by a run.

The README's sample is a fenced block whose first line is the command,
as a reader sees it, and the rest that command's output:

    ```
    $ ./bheapsim --cache ...
    bheapsim on x86-64 ...
    ```
  By default
this script runs the command and checks that every column of the block
equals the fresh run's, but the timings (ns/op and modeled_s, which
charges the measured CPU time), which differ from run to run; with
--write it puts the fresh output in the block instead.

    python3 tools/readme-sample.py [--write] [BHEAPSIM] [README]

Exits 0 when the block matches (or was written), 1 when it does not,
2 on bad use.
"""
import re
import subprocess
import sys

MARK = re.compile(r"```\n\$ (\./bheapsim[^\n]*)\n(.*?)```\n", re.S)
# Columns that hold timings, by their heading in the table.
TIMINGS = ("ns/op", "model_ns/op", "modeled_s")


def timing_spans(heading):
    """The character ranges of the timing columns, right-aligned cells
    whose span runs from the end of the previous heading."""
    spans = []
    for name in TIMINGS:
        at = re.search(r"(?<!\S)" + re.escape(name) + r"(?!\S)", heading)
        if at is None:
            continue
        spans.append((len(heading[:at.start()].rstrip()), at.end()))
    return spans


def masked(text):
    """The table with its timing columns blanked, line by line."""
    lines = text.rstrip("\n").split("\n")
    heading = next((l for l in lines if l.startswith("workload")), "")
    spans = timing_spans(heading)
    out = []
    for line in lines:
        chars = list(line.ljust(len(heading)))
        if line is not heading and line.strip():
            for start, end in spans:
                chars[start:end] = " " * (end - start)
        out.append("".join(chars).rstrip())
    return out


def main(argv):
    write = "--write" in argv
    args = [a for a in argv if a != "--write"]
    if len(args) > 2:
        print(__doc__.split("\n\n")[2], file=sys.stderr)
        return 2
    binary = args[0] if args else "./bheapsim"
    readme = args[1] if len(args) > 1 else "README.md"
    text = open(readme).read()
    found = MARK.search(text)
    if found is None:
        print("readme-sample: no fenced block starting '$ ./bheapsim' in "
              + readme, file=sys.stderr)
        return 1
    command = found.group(1).split()
    fresh = subprocess.run([binary] + command[1:], capture_output=True,
                           text=True, check=True).stdout
    if write:
        start, end = found.span(2)
        open(readme, "w").write(text[:start] + fresh + text[end:])
        print("readme-sample: wrote the output of %s" % found.group(1))
        return 0
    old, new = masked(found.group(2)), masked(fresh)
    if old == new:
        print("readme-sample: %s matches a fresh run (timings aside)"
              % readme)
        return 0
    for i, (a, b) in enumerate(zip(old + [""] * len(new),
                                   new + [""] * len(old))):
        if a != b:
            print("readme-sample: line %d differs:\n  README: %s\n  "
                  "fresh:  %s" % (i + 1, a, b), file=sys.stderr)
    print("readme-sample: run python3 tools/readme-sample.py --write",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
