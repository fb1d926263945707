#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""browser-check.py: "bheapsim explain --html" in a real browser.

First a sample of sizes (SIZES: 1 item to 4096, every layout, dary's
arities in turn) must each load ready, fitting the window, with no
console message.  Then for each of a few runs, Debian's chromium in
headless mode loads the page from a file and must show no console
message and no script error; the page, played to its end (#end), must
show in its DOM the counters of bheapsim's CSV for the command it
names, and at its resident budget the faults of that CSV.  Opened at
#access=N for the first and last access, the middle one and the first
faults, its counters must equal a naive LRU's replay of each layout's
--trace (written here), its text must name the access, whether it
reads or writes, its page and
what it met at each level (L1, TLB, page, with the page a fault
evicted) as that replay does, and every node that faulted in the
current operation so far must be drawn in the fault's colour (from the
page's PAGE_VIEW items, where a tree is a box per page, the boxes
drawn in it must be exactly the pages of those nodes); at
#end&budget=R for three budgets, its faults must be the CSV's at
--resident R.  Then a script added to a copy of the page presses its
keys: the right arrow through every access of the run, where the nodes
drawn as faulted must be exactly those that faulted in the current
operation so far and the text must be the replay's; v, the frames
view, where each access's column must hold the replay's resident pages
and name the page it evicted; then Home, End,
the left arrow, f (the first fault), PageDown and PageUp, the budget's
arrows and space, each checked for what it must do.  A 1280x800
screenshot must not be blank, and the page must take no more than its
window, at most 1280x800 (nothing drawn outside it), both
as written and with a default font 20% larger (the page sizes its text in
rem, so a reader's larger default font is what this copy sets).

    python3 tools/browser-check.py ./bheapsim

Exits 0 when every check passes, 1 when one fails, 77 (skipped) when no
chromium is installed (sh tools/install-deps.sh all installs it).
"""
import csv
import html
import io
import json
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
    # From the page's PAGE_VIEW items the tree is a box per page.
    ["--layout", "bheap,veb", "--items", "4096", "--ops", "3",
     "--resident", "3"],
    ["--layout", "binheap,bheap", "--items", "600", "--entries-per-page",
     "32", "--line-bytes", "64", "--ops", "20", "--workload", "mix",
     "--resident", "5", "--seed", "7"],
]
# Sizes loaded once each, every layout, dary's arities in turn: the
# smallest trees, a page's edge, the large heaps (tests/test_explore.c
# writes every size from 1 to 600; this loads a sample in the browser).
SIZES = [1, 2, 3, 64, 257, 600, 1000, 2047, 4095, 4096]
ARITIES = [2, 3, 4, 8, 16]
FIELDS = ["accesses", "l1_misses", "tlb_misses", "sim_faults"]
WIDTH, HEIGHT = 1280, 800
# A reader's default font 20% larger: the page's root size, 100% of
# the default, times 1.2.
FAULT = "#D55E00"    # the page's colour of a page fault
LARGER_FONT = "<style>html { font-size: 120% !important; }</style>"


def chromium():
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def browse(browser, url, *extra, timeout=60):
    """chromium's stdout and stderr for one headless load of url."""
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu",
         "--window-size=%d,%d" % (WIDTH, HEIGHT), "--enable-logging=stderr",
         "--v=0", *extra, url],
        capture_output=True, text=True, timeout=timeout, check=False)
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


def page_data(path):
    """The JSON the page plays, as bheapsim wrote it."""
    text = open(path).read()
    start = text.index("const DATA =\n") + len("const DATA =\n")
    return json.JSONDecoder().raw_decode(text, start)[0]


def naive_lru(trace, line_bytes, page_bytes, upto):
    """Counts after `upto` accesses of a --trace, replayed through a
    fully associative L1 of 16 lines, a TLB of 4 pages and the resident
    set, each a plain list in LRU order; and per access what it met:
    its page, whether it read or wrote, whether it missed the L1 and the
    TLB, whether it faulted, and the page it evicted (-1 for none)."""
    l1, tlb, pages, addresses = [], [], [], []
    for line in trace.splitlines():
        words = line.split()
        if words[:2] == ["cached", "l1"]:
            l1.append(int(words[2]) // line_bytes)
        elif words[:2] == ["cached", "tlb1"]:
            tlb.append(int(words[2]) // page_bytes)
        elif words[:2] == ["resident", "heap"]:
            pages.append(int(words[2]))
        elif words[0] == "heap":
            addresses.append((int(words[2]), words[3]))
    resident, counts, met = len(pages), dict.fromkeys(FIELDS, 0), []
    for address, kind in addresses[:upto]:
        counts["accesses"] += 1
        seen = {"page": address // page_bytes, "evicts": -1,
                "kind": {"r": "read", "w": "write"}[kind]}
        for held, key, most, block in (
                (l1, "l1_misses", 16, address // line_bytes),
                (tlb, "tlb_misses", 4, address // page_bytes),
                (pages, "sim_faults", resident, address // page_bytes)):
            seen[key] = block not in held
            if block in held:
                held.remove(block)
            else:
                counts[key] += 1
                if len(held) == most:
                    evicted = held.pop(0)
                    if key == "sim_faults":
                        seen["evicts"] = evicted
            held.append(block)
        seen["resident"] = sorted(pages)
        met.append(seen)
    return counts, met, [address for address, _ in addresses]


def expected_text(seen, at, total):
    """What the page must say of an access a naive LRU replayed."""
    return ["access %d of %d, a %s," % (at, total, seen["kind"]),
            "page %d, line" % seen["page"],
            "L1 miss" if seen["l1_misses"] else "L1 hit",
            "TLB miss" if seen["tlb_misses"] else "TLB hit",
            ("page fault (evicts page %d)" % seen["evicts"]
             if seen["evicts"] >= 0 else "page fault (a free frame)")
            if seen["sim_faults"] else "page hit"]


def option(command, name):
    words = command.split()
    return words[words.index(name) + 1]


def layout_command(command, layout, budget):
    """The page's command for one layout at `budget`, as --trace needs."""
    words = command.split()[1:]
    words[words.index("--layout") + 1] = layout
    words[words.index("--resident") + 1] = str(budget)
    if layout != "dary" and "--arity" in words:
        del words[words.index("--arity"):words.index("--arity") + 2]
    return words


def check_moment(browser, url, data, bheapsim, tmp, at, failures):
    """The page at #access=N: each layout's counters after access N equal
    a naive LRU's replay of that layout's --trace, its text names the
    access, its page and what it met at every level as that replay
    does, and each node that faulted in the current operation so far is
    drawn as faulted."""
    dom, err = browse(browser, url + "#access=%d" % at, "--dump-dom")
    failures += ["console: " + line for line in console_lines(err)]
    if not check_fits(dom, failures, "#access=%d" % at):
        return
    shown = dict(re.findall(r'id="c-([a-z]+-[a-z_0-9]+)">(\d+)<', dom))
    panels = dict(re.findall(r'<h2>([a-z]+)</h2>(.*?)(?=<div class="panel"|'
                             r'<table id="ratios")', dom, re.S))
    trace = os.path.join(tmp, "t.trace")
    for track in data["tracks"]:
        layout = track["layout"]
        words = layout_command(data["command"], layout, data["resident"])
        subprocess.run([bheapsim] + words + ["--trace", trace],
                       capture_output=True, check=True)
        page_bytes = int(option(data["command"], "--page-size"))
        line_bytes = page_bytes * data["line_entries"] // data["entries"]
        n = min(at, len(track["index"]))
        counts, met, addresses = naive_lru(open(trace).read(),
                                           line_bytes, page_bytes, n)
        faulted = [m["sim_faults"] for m in met]
        text = re.search(r'id="s-%s">(.*?)</div>' % layout, dom, re.S)
        text = html.unescape(re.sub(r"<br>", "\n", text.group(1))) \
            if text else ""
        for want in expected_text(met[n - 1], n, len(track["index"])) \
                if n > 0 else []:
            if want not in text:
                failures.append("#access=%d: %s says '%s', not '%s'" % (
                    at, layout, text.replace("\n", " / "), want))
        for field in FIELDS:
            if shown.get(layout + "-" + field) != str(counts[field]):
                failures.append("#access=%d: %s %s: the page shows %s, a "
                                "naive LRU %d" % (at, layout, field, shown.get(
                                    layout + "-" + field), counts[field]))
        start = max([0] + [e for e in track["op_end"] if e < n])
        if page_view(url, data):
            check_boxes(panels.get(layout, ""), at, layout,
                        {met[i]["page"] for i in range(start, n)
                         if faulted[i]}, failures)
            continue
        fill = dict(re.findall(r'<circle[^>]*data-u="(\d+)"[^>]*fill="([^"]+)"',
                               panels.get(layout, "")))
        for i in range(start, n):
            u = track["slot"].index(addresses[i] * data["entries"] //
                                    page_bytes)
            if faulted[i] and fill.get(str(u), "").upper() != FAULT:
                failures.append("#access=%d: %s: node %d faulted at access "
                                "%d of this operation, drawn %s" % (
                                    at, layout, u, i + 1, fill.get(str(u))))


def page_view(url, data):
    """Whether the page draws its trees as a box per page: from its own
    PAGE_VIEW items, as its script says."""
    with open(url[len("file://"):]) as f:
        least = re.search(r"const PAGE_VIEW = (\d+);", f.read())
    return least is not None and data["items"] >= int(least.group(1))


def check_boxes(panel, at, layout, faulted, failures):
    """In the page view, the boxes drawn in the fault's colour are exactly
    the pages of the nodes that faulted in the operation so far."""
    fill = dict(re.findall(r'<rect[^>]*data-fill="(\d+)"[^>]*fill="([^"]+)"',
                           panel))
    if not fill:
        failures.append("#access=%d: %s: no page boxes" % (at, layout))
    for page, colour in fill.items():
        if (colour.upper() == FAULT) != (int(page) in faulted):
            failures.append("#access=%d: %s: page %s drawn %s, %s" % (
                at, layout, page, colour, "a node of it faulted in this "
                "operation" if int(page) in faulted else "none of its "
                "nodes faulted in this operation"))


def check_budgets(browser, url, data, bheapsim, failures):
    """At #budget=R, the whole run's faults are the CSV's at --resident R,
    and at #end&budget=R so are the counters."""
    for budget in sorted({1, max(1, data["pages"] // 3), data["pages"]}):
        dom, err = browse(browser, url + "#end&budget=%d" % budget,
                          "--dump-dom")
        failures += ["console: " + line for line in console_lines(err)]
        if not check_fits(dom, failures, "#budget=%d" % budget):
            continue
        words = data["command"].split()[1:]
        words[words.index("--resident") + 1] = str(budget)
        out = subprocess.run([bheapsim] + words, capture_output=True,
                             text=True, check=True).stdout
        shown = dict(re.findall(r'id="c-([a-z]+-[a-z_0-9]+)">(\d+)<', dom))
        line = re.search(r'id="budgetf">([^<]*)<', dom).group(1)
        for row in csv.DictReader(io.StringIO(out)):
            key = row["layout"] + "-sim_faults"
            if shown.get(key) != row["sim_faults"] or "%s %s," % (
                    row["layout"], row["sim_faults"]) not in line + ",":
                failures.append("#budget=%d: %s: the page shows %s (%s), "
                                "the CSV %s" % (budget, row["layout"],
                                                shown.get(key), line,
                                                row["sim_faults"]))


# Injected after the page's own script: presses the page's keys as a
# reader would, and after every access of the run compares what the page
# draws and says with EXPECT, a naive LRU's replay (walk_expectations);
# what differs goes into the body's data-walk, "ok" if nothing does.
WALK = """<script>
(function () {
  const EXPECT = %s, FAULT = "%s", out = [];
  const press = (key) => document.dispatchEvent(
    new KeyboardEvent("keydown", { key: key, bubbles: true }));
  const at = () => Number(document.body.dataset.access);
  const panels = {};
  for (const p of document.querySelectorAll(".panel"))
    panels[p.querySelector("h2").textContent] = p;
  const fail = (what) => { if (out.length < 20) out.push(what); };
  press("Home");
  if (at() !== 0) fail("Home: at " + at());
  for (let a = 1; a <= EXPECT.last; a++) {
    press("ArrowRight");
    if (at() !== a) { fail("ArrowRight: at " + at() + ", not " + a); break; }
    for (const t of EXPECT.tracks) {
      const n = Math.min(a, t.pages.length), p = panels[t.layout];
      /* The nodes that faulted in this operation so far, at this budget. */
      let start = 0;
      for (const e of t.op_end) if (e < n) start = e;
      const want = new Set(), pages = new Set();
      for (let i = start; i < n; i++)
        if (t.fault[i]) { want.add(t.node[i]); pages.add(t.pages[i]); }
      /* The page view: a box per page, in the worst colour it met. */
      for (const b of p.querySelectorAll("rect[data-fill]")) {
        const g = Number(b.dataset.fill);
        const shown = (b.getAttribute("fill") || "").toUpperCase() === FAULT;
        if (shown !== pages.has(g))
          fail("access " + a + ": " + t.layout + " page " + g + (shown ?
            " drawn faulted, but none of its nodes faulted" :
            " has a node that faulted in this operation, drawn " +
            b.getAttribute("fill")));
      }
      for (const c of p.querySelectorAll("circle[data-u]")) {
        const u = Number(c.dataset.u);
        const shown = (c.getAttribute("fill") || "").toUpperCase() === FAULT;
        if (shown !== want.has(u))
          fail("access " + a + ": " + t.layout + " node " + u + (shown ?
            " drawn faulted, but it did not fault" :
            " faulted in this operation, drawn " + c.getAttribute("fill")));
      }
      const text = p.querySelector(".now").textContent;
      for (const w of t.text[n - 1])
        if (!text.includes(w))
          fail("access " + a + ": " + t.layout + " says '" + text + "', not '" + w + "'");
    }
  }
  /* Frames over time (v): column a holds the pages resident after
     access a, and names the page a fault evicted under it. */
  press("v");
  press("Home");
  const f0 = EXPECT.tracks[0], column = {};
  for (const e of panels[f0.layout].querySelectorAll(".mem text"))
    (column[e.getAttribute("x")] = column[e.getAttribute("x")] || []).push(e);
  for (let a = 1; a <= f0.resident.length; a++) {
    press("ArrowRight");
    const held = [];
    let out = -1;
    for (const e of column[String(40 + (a - 1) * 24 + 12)] || []) {
      const y = Number(e.getAttribute("y")), rows = (y - 35) / 20;
      if (y > 15 && rows < EXPECT.budget) held.push(Number(e.textContent));
      else if (rows === EXPECT.budget) out = Number(e.textContent);
    }
    held.sort((p, q) => p - q);
    if (held.join() !== f0.resident[a - 1].join() || out !== f0.evicts[a - 1])
      fail("frames at access " + a + ": " + held + " out " + out +
        ", a naive LRU " + f0.resident[a - 1] + " out " + f0.evicts[a - 1]);
  }
  press("v");
  press("End");
  if (at() !== EXPECT.last) fail("End: at " + at());
  press("ArrowLeft");
  if (at() !== EXPECT.last - 1) fail("ArrowLeft: at " + at());
  press("Home");
  press("f");
  if (at() !== EXPECT.first_fault) fail("f: at " + at() + ", the first fault is " + EXPECT.first_fault);
  press("Home");
  press("PageDown");
  if (at() !== EXPECT.tracks[0].op_end[0]) fail("PageDown: at " + at());
  press("PageUp");
  if (at() !== 0) fail("PageUp: at " + at());
  const budget = Number(document.getElementById("budget").value);
  press(budget > 1 ? "ArrowDown" : "ArrowUp");
  const moved = Number(document.getElementById("budget").value);
  if (moved !== (budget > 1 ? budget - 1 : budget + 1)) fail("budget key: " + budget + " to " + moved);
  press(" ");
  if (document.getElementById("play").textContent !== "pause") fail("space did not play");
  press(" ");
  document.body.dataset.walk = out.length ? out.join(" | ") : "ok";
})();
</script>"""


def walk_expectations(data, bheapsim, tmp):
    """Per layout, per access: its node, whether it faulted and what the
    page must say of it, from a naive LRU's replay of its --trace."""
    page_bytes = int(option(data["command"], "--page-size"))
    line_bytes = page_bytes * data["line_entries"] // data["entries"]
    trace, tracks, firsts = os.path.join(tmp, "w.trace"), [], []
    for track in data["tracks"]:
        words = layout_command(data["command"], track["layout"],
                               data["resident"])
        subprocess.run([bheapsim] + words + ["--trace", trace],
                       capture_output=True, check=True)
        n = len(track["index"])
        _, met, addresses = naive_lru(open(trace).read(), line_bytes,
                                      page_bytes, n)
        slots = {slot: u for u, slot in enumerate(track["slot"]) if u}
        tracks.append({
            "layout": track["layout"], "op_end": track["op_end"],
            "pages": [m["page"] for m in met],
            "fault": [int(m["sim_faults"]) for m in met],
            "node": [slots[a * data["entries"] // page_bytes]
                     for a in addresses[:n]],
            "text": [expected_text(m, i + 1, n) for i, m in enumerate(met)],
            "resident": [m["resident"] for m in met],
            "evicts": [m["evicts"] for m in met]})
        firsts += [i + 1 for i, m in enumerate(met) if m["sim_faults"]][:1]
    return {"last": max(len(t["index"]) for t in data["tracks"]),
            "budget": data["resident"],
            "first_fault": min(firsts), "tracks": tracks}


def check_walk(browser, page, data, bheapsim, tmp, failures):
    """Every access of the run, stepped to with the keys, against a naive
    LRU: see WALK."""
    walked = os.path.join(tmp, "walk.html")
    script = WALK % (json.dumps(walk_expectations(data, bheapsim, tmp)),
                     FAULT)
    with open(page) as f, open(walked, "w") as g:
        g.write(f.read().replace("</body>", script + "</body>", 1))
    dom, err = browse(browser, "file://" + walked, "--dump-dom", timeout=300)
    failures += ["console: " + line for line in console_lines(err)]
    verdict = re.search(r'data-walk="([^"]*)"', dom)
    if verdict is None or verdict.group(1) != "ok":
        failures.append("walk: %s" % (html.unescape(verdict.group(1))
                                      if verdict else "did not finish"))


def check_sizes(browser, bheapsim, tmp, failures):
    """Each of SIZES, every layout, loads ready with no console message."""
    for k, items in enumerate(SIZES):
        page = os.path.join(tmp, "size%d.html" % items)
        subprocess.run([bheapsim, "explain", "--html", page, "--layout",
                        "all", "--items", str(items), "--arity",
                        str(ARITIES[k % len(ARITIES)]), "--ops", "4"],
                       check=True)
        dom, err = browse(browser, "file://" + page + "#end", "--dump-dom")
        failures += ["--items %d: console: %s" % (items, line)
                     for line in console_lines(err)]
        check_fits(dom, failures, "--items %d" % items)


def moments(data):
    """Accesses to open the page at: the first and last, the first three
    that fault at the page's budget in the first layout, and the middle."""
    track = data["tracks"][0]
    faults = [i + 1 for i, f in enumerate(track["flags"]) if int(f) & 4]
    last = max(len(t["index"]) for t in data["tracks"])
    return sorted({1, last, last // 2, *faults[:3]})


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
        check_sizes(browser, bheapsim, tmp, failures)
        print("browser-check: %s: %d sizes, every layout" % (
            "ok" if not failures else "FAILED", len(SIZES)))
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
            data = page_data(page)
            for at in moments(data):
                check_moment(browser, url, data, bheapsim, tmp, at, failures)
            check_budgets(browser, url, data, bheapsim, failures)
            check_walk(browser, page, data, bheapsim, tmp, failures)
            print("browser-check: %s: %s" % (
                "ok" if not failures else "FAILED", command))
    for failure in failures:
        print("browser-check: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
