#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""browser-check.py: "bheapsim explain --html" in a real browser.

For each of a few runs, Debian's chromium in headless mode loads the page
from a file and must show no console message and no script error; the
page, played to its end (#end), must show in its DOM the counters of
bheapsim's CSV for the command it names, and at its resident budget the
faults of that CSV; a 1280x800 screenshot must not be blank, and the page
must take no more than its window, at most 1280x800 (nothing drawn
outside it), both
as written and with a default font 20% larger (the page sizes its text in
rem, so a reader's larger default font is what this copy sets).

    python3 tools/browser-check.py ./bheapsim

Exits 0 when every check passes, 1 when one fails, 77 (skipped) when no
chromium is installed (sh tools/install-deps.sh all installs it).
"""
import csv
import html
import io
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

RUNS = [
    ["--layout", "all"],
    ["--layout", "binheap,bheap", "--items", "600", "--entries-per-page",
     "32", "--line-bytes", "64", "--ops", "20", "--workload", "mix",
     "--resident", "5", "--seed", "7"],
]
FIELDS = ["accesses", "l1_misses", "tlb_misses", "sim_faults"]
WIDTH, HEIGHT = 1280, 800
# A reader's default font 20% larger: the page's root size, 100% of
# the default, times 1.2.
LARGER_FONT = "<style>html { font-size: 120% !important; }</style>"


def chromium():
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def browse(browser, url, *extra):
    """chromium's stdout and stderr for one headless load of url."""
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu",
         "--window-size=%d,%d" % (WIDTH, HEIGHT), "--enable-logging=stderr",
         "--v=0", *extra, url],
        capture_output=True, text=True, timeout=60, check=False)
    return done.stdout, done.stderr


def console_lines(stderr):
    """The page's console messages: chromium logs them as CONSOLE(...)."""
    return [line for line in stderr.splitlines()
            if "CONSOLE" in line or "Uncaught" in line]


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path + ": not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), path + ": not RGB(A)"
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], None
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(
            raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        prev = prev or bytearray(stride)
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else
                                      b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


def check_screenshot(path, failures):
    width, height, rows, bpp = png_pixels(path)
    if (width, height) != (WIDTH, HEIGHT):
        failures.append("screenshot is %dx%d" % (width, height))
    colours, inked = set(), 0
    for row in rows[::4]:
        for x in range(0, len(row), 4 * bpp):
            pixel = row[x:x + 3]
            colours.add(pixel)
            inked += pixel != b"\xff\xff\xff"
    if len(colours) < 20 or inked < len(rows) // 4 * width // 4 // 10:
        failures.append("screenshot looks blank: %d colours, %d inked "
                        "pixels sampled" % (len(colours), inked))


def check_fits(dom, failures, what):
    """The page ready, in a 1280x800 window, taking no more than it."""
    body = re.search(r"<body([^>]*)>", dom)
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', body.group(1))) \
        if body else {}
    if attrs.get("ready") != "yes" or "error" in attrs:
        failures.append("%s: page not ready or script error: %s"
                        % (what, attrs))
        return False
    window = [int(n) for n in attrs.get("window", "0x0").split("x")]
    size = [int(n) for n in attrs.get("size", "0x0").split("x")]
    if window[0] > WIDTH or window[1] > HEIGHT or 0 in window:
        failures.append("%s: the window is %dx%d, not within %dx%d"
                        % (what, window[0], window[1], WIDTH, HEIGHT))
    if size[0] > window[0] or size[1] > window[1]:
        failures.append("%s: page takes %dx%d, more than its %dx%d window"
                        % (what, size[0], size[1], window[0], window[1]))
    return True


def check_dom(dom, bheapsim, failures):
    if not check_fits(dom, failures, "as written"):
        return None
    command = html.unescape(re.search(r'id="command">([^<]*)<',
                                      dom).group(1))
    out = subprocess.run([bheapsim] + command.split()[1:],
                         capture_output=True, text=True, check=True).stdout
    shown = dict(re.findall(r'id="c-([a-z]+-[a-z_0-9]+)">(\d+)<', dom))
    faults = re.search(r'id="budgetf">([^<]*)<', dom).group(1)
    for row in csv.DictReader(io.StringIO(out)):
        for field in FIELDS:
            key = row["layout"] + "-" + field
            if shown.get(key) != row[field]:
                failures.append("%s: the page shows %s, the CSV %s"
                                % (key, shown.get(key), row[field]))
        if "%s %s" % (row["layout"], row["sim_faults"]) not in faults:
            failures.append("budget line '%s' lacks %s %s" % (
                faults, row["layout"], row["sim_faults"]))
    return command


def main():
    bheapsim = os.path.abspath(sys.argv[1] if len(sys.argv) > 1
                               else "./bheapsim")
    browser = chromium()
    if browser is None:
        print("browser-check: skipped: no chromium (sh tools/install-deps.sh"
              " all installs it)")
        return 77
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, args in enumerate(RUNS):
            page = os.path.join(tmp, "p%d.html" % n)
            subprocess.run([bheapsim, "explain", "--html", page] + args,
                           check=True)
            url = "file://" + page
            dom, err = browse(browser, url + "#end", "--dump-dom",
                              "--virtual-time-budget=2000")
            failures += ["console: " + line for line in console_lines(err)]
            command = check_dom(dom, bheapsim, failures)
            larger = os.path.join(tmp, "p%d-larger.html" % n)
            with open(page) as f, open(larger, "w") as g:
                g.write(f.read().replace("</head>", LARGER_FONT + "</head>",
                                         1))
            dom, err = browse(browser, "file://" + larger + "#end",
                              "--dump-dom", "--virtual-time-budget=2000")
            failures += ["console: " + line for line in console_lines(err)]
            check_fits(dom, failures, "with a 20% larger font")
            shot = os.path.join(tmp, "p%d.png" % n)
            _, err = browse(browser, url + "#op=3", "--screenshot=" + shot)
            failures += ["console: " + line for line in console_lines(err)]
            check_screenshot(shot, failures)
            print("browser-check: %s: %s" % (
                "ok" if not failures else "FAILED", command))
    for failure in failures:
        print("browser-check: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
