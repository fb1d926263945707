#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""readme-check.py: what the README and the man page say bheapsim prints,
it prints.

    python3 tools/readme-check.py [BHEAPSIM]

Four checks, each against a run of the program, never a list kept here:

  - every `./bheapsim ...` command in a ```sh block of README.md runs in
    a scratch directory, exits 0 and prints or writes something (a block
    that starts with #! is a script for another machine, and is left out);
  - the README's synopsis is, word for word, the usage of --help;
  - the names in the README's Columns table are the CSV's fields, all of
    them and no others (`_p50` after `faults_per_op_min` is
    faults_per_op_p50);
  - every name in backquotes in README.md and results/README.md, and in
    .Cm in bheapsim.1, that looks like a field (snake_case, or a table
    heading with /op) is a column of one of the program's outputs: the
    run's CSV and table, --dry-run's, explain's and compare's; or the
    name of a source file, or a C function (followed by "()"), or one of
    the system interfaces listed in SYSTEM_NAMES.

Exits 0 when all hold, 1 when one does not (each failure on stderr),
2 on bad use.  About a minute and a half: the commands include the
default run.
"""
import csv
import glob
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DOCS = ("README.md", "results/README.md")
MANUAL = "bheapsim.1"
# Interfaces of the system that the prose names in backquotes.
SYSTEM_NAMES = {"memfd_create", "perf_event_open"}
SNAKE = re.compile(r"_?[a-z][a-z0-9]*(_[a-z0-9]+)+|_[a-z0-9]+")
HEADING = re.compile(r"[a-z0-9_]+/op|op [a-z]+ min/50/99/max")
SMALL_RUN = ["--items", "1K", "--ops", "100"]
COMMAND_SECONDS = 300

failures = []


def fail(text):
    failures.append(text)
    print("readme-check: " + text, file=sys.stderr)


def output(binary, *args):
    done = subprocess.run([binary, *args], capture_output=True, text=True,
                          timeout=COMMAND_SECONDS, check=False)
    if done.returncode != 0:
        sys.exit("readme-check: %s %s: exit %d: %s" % (
            binary, " ".join(args), done.returncode, done.stderr.strip()))
    return done.stdout


def header(text):
    return next(csv.reader(io.StringIO(text)))


# What the program prints ------------------------------------------------

def vocabulary(binary, tmp):
    """Every column the program's outputs name."""
    fields = header(output(binary, *SMALL_RUN, "--format", "csv"))
    names = set(fields)
    names |= set(header(output(binary, *SMALL_RUN, "--dry-run")))
    names |= set(header(output(binary, "explain", "--items", "31",
                               "--entries-per-page", "8", "--line-bytes",
                               "16", "--format", "csv")))
    rows = os.path.join(tmp, "abi.csv")
    with open(rows, "w") as f:
        lines = output(binary, *SMALL_RUN, "--format", "csv").splitlines()
        f.write(lines[0] + ",where\n" + "".join(
            line + ",native\n" for line in lines[1:]))
    names |= set(header(output(binary, "compare", "--format", "csv", rows)))
    return fields, names


def is_heading(binary, name):
    """Whether --columns takes name and the table shows it as a heading."""
    done = subprocess.run([binary, *SMALL_RUN, "--columns", name],
                          capture_output=True, text=True, check=False)
    head = next((l for l in done.stdout.splitlines()
                 if l.startswith("workload")), "")
    return done.returncode == 0 and name in head.split()


# What the documents say ---------------------------------------------------

def read(name):
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        return f.read()


def prose(text):
    """The text outside fenced blocks."""
    return re.sub(r"```.*?```", "", text, flags=re.S)


def quoted(text):
    """(name, whether "()" follows) of every `name` in the prose."""
    return [(m.group(1), text[m.end():m.end() + 2] == "()")
            for m in re.finditer(r"`([^`\n]+)`", prose(text))]


def manual_names(text):
    """The arguments of every .Cm line of the manual."""
    names = []
    for line in text.splitlines():
        if line.startswith(".Cm ") or line.startswith(".It Cm "):
            names += [w for w in line.split()[1:] if w not in ("Cm", ",",
                                                              ";", ".")]
    return [(n, False) for n in names]


def sources():
    return {os.path.splitext(os.path.basename(p))[0]
            for p in glob.glob(os.path.join(ROOT, "**", "*.[ch]"),
                               recursive=True)}


def check_names(binary, names, where, known, modules):
    for name, called in names:
        if HEADING.fullmatch(name):
            if not is_heading(binary, name):
                fail("%s names `%s`: no table heading of that name "
                     "(--columns refuses it or the table does not show it)"
                     % (where, name))
            continue
        if not SNAKE.fullmatch(name):
            continue
        if name.startswith("_"):
            ok = any(k.endswith(name) for k in known)
        else:
            ok = (name in known or name in modules or called or
                  name in SYSTEM_NAMES)
        if not ok:
            fail("%s names `%s`: no output of bheapsim has that column"
                 % (where, name))


def check_columns_table(text, fields):
    """The README's Columns table names exactly the CSV's fields."""
    start = text.index("### Columns")
    rows = [l for l in text[start:].split("\n\n")[2].splitlines()
            if l.startswith("| `")]
    named = set()
    for row in rows:
        cell = row.split("|")[1]
        seen = []
        for name in re.findall(r"`([^`]+)`", cell):
            if name.startswith("_"):
                full = [s + name for s in seen if s + name in fields] + [
                    s[:s.rfind("_")] + name for s in seen
                    if s[:s.rfind("_")] + name in fields]
                if not full:
                    fail("Columns table: `%s` follows no field it "
                         "completes" % name)
                named |= set(full)
            else:
                seen.append(name)
                named.add(name)
    for name in sorted(named - set(fields)):
        fail("Columns table names `%s`, which the CSV has not" % name)
    for name in sorted(set(fields) - named):
        fail("Columns table leaves out the CSV's `%s`" % name)


def check_synopsis(binary, text):
    usage = output(binary, "--help").split("\n\n")[0]
    block = re.search(r"## Options\n\n```\n(.*?)```", text, re.S)
    if block is None:
        fail("README: no synopsis block under '## Options'")
        return
    if usage.split()[1:] != block.group(1).split():
        fail("README's synopsis is not the usage of --help:\n%s"
             % usage)


def check_commands(binary, text, tmp):
    """Each ./bheapsim command of a ```sh block runs and says something."""
    ran = 0
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        if block.startswith("#!"):
            continue
        for command in block.replace("\\\n", " ").splitlines():
            command = command.split(" #")[0].strip()
            if not command.startswith("./bheapsim"):
                continue
            scratch = tempfile.mkdtemp(dir=tmp)
            os.symlink(binary, os.path.join(scratch, "bheapsim"))
            done = subprocess.run(["sh", "-c", command], cwd=scratch,
                                  capture_output=True, text=True,
                                  timeout=COMMAND_SECONDS, check=False)
            wrote = [n for n in os.listdir(scratch) if n != "bheapsim" and
                     os.path.getsize(os.path.join(scratch, n)) > 0]
            if done.returncode != 0 or not (done.stdout or wrote):
                fail("README's `%s`: exit %d, printed %d bytes, wrote %s: "
                     "%s" % (command, done.returncode, len(done.stdout),
                             wrote or "nothing", done.stderr.strip()))
            ran += 1
    return ran


def main(argv):
    if len(argv) > 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    binary = os.path.abspath(argv[0] if argv else "./bheapsim")
    tmp = tempfile.mkdtemp(prefix="readme-check.")
    try:
        fields, known = vocabulary(binary, tmp)
        modules = sources()
        readme = read("README.md")
        for doc in DOCS:
            check_names(binary, quoted(read(doc)), doc, known, modules)
        check_names(binary, manual_names(read(MANUAL)), MANUAL, known,
                    modules)
        check_columns_table(readme, fields)
        check_synopsis(binary, readme)
        ran = check_commands(binary, readme, tmp)
    finally:
        shutil.rmtree(tmp)
    print("readme-check: %d commands run, %d failures" % (ran,
                                                          len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
