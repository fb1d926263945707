#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""svg-lint.py: a figure's axes, labels and key tell the truth.

    python3 tools/svg-lint.py FILE.svg...
    python3 tools/svg-lint.py --self-test

Reads each picture's own geometry (the SVG as bheapsim and
tools/time-figure.py write it: text, line, polyline, circle, rect and
path elements, translate and rotate transforms, one clip rectangle per
plot) and fails a figure in which

  - a text's box overlaps another text's box, or a line, polyline or
    gridline crosses it (boxes from the text's position, anchor, font
    size and the widths of DejaVu Sans' characters);
  - a ratio axis (tick labels such as "1.5x") starts anywhere but 1x,
    unless its ticks are spaced as a log scale's;
  - a linear axis' ticks step by anything but 1, 2, 2.5 or 5 times a
    power of ten or a power of two, or a log axis' ticks are not such
    values themselves;
  - a mark drawn in the plot (circle, square, triangle, diamond, box) is
    shown by no entry of the key;
  - a plot has no title and subtitle (class="title", class="subtitle");
  - a figure that compares layouts (two or more of binheap, bheap, dary
    and veb named in its key or panels) leaves out veb.

Exit 0 when every file passes, 1 when one does not, 2 when one cannot
be read.  --self-test lints a figure with each of these faults drawn in
and fails unless each is found, and one without them, which must pass.
Python's standard library only.
"""
import math
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
LAYOUTS = ("binheap", "bheap", "dary", "veb")
# Advance widths of DejaVu Sans (rsvg-convert's sans-serif here), in em.
NARROW, WIDE = set("il.,:;'|!Ijft()[]1 r-"), set("mwMW%@")
SLACK = 1.0     # pixels two boxes may share: antialiasing, not overlap


def text_width(text, size):
    em = sum(0.3 if c in NARROW else 0.9 if c in WIDE else
             0.7 if c.isupper() else 0.6 for c in text)
    return em * size


class Figure:
    """The elements of one SVG, in picture coordinates."""

    def __init__(self, path):
        root = ET.parse(path).getroot()
        self.texts, self.segments, self.marks = [], [], []
        self.classes = {}
        self.order = 0          # document order: what is painted over what
        self.circles = []       # filled circles: (cx, cy, r, order)
        self.size = float(root.get("font-size", "12"))
        self.clip = None
        self.walk(root, 0.0, 0.0, None, self.size)

    def walk(self, node, dx, dy, clip, size):
        tag = node.tag.replace(NS, "")
        self.order += 1
        move = re.match(r"translate\(([-\d.]+)[, ]+([-\d.]+)\)",
                        node.get("transform", ""))
        if tag == "g" and move:
            dx, dy = dx + float(move.group(1)), dy + float(move.group(2))
        size = float(node.get("font-size", size))
        if tag == "clipPath":
            r = node.find(NS + "rect")
            self.clip = (float(r.get("x")), float(r.get("y")),
                         float(r.get("x")) + float(r.get("width")),
                         float(r.get("y")) + float(r.get("height")))
            return
        if tag == "g" and node.get("clip-path"):
            clip = self.clip
        for name in node.get("class", "").split():
            self.classes.setdefault(name, []).append(node)
        if tag == "text":
            self.add_text(node, dx, dy, size)
            return
        if tag == "line":
            self.segments.append(((float(node.get("x1")) + dx,
                                   float(node.get("y1")) + dy,
                                   float(node.get("x2")) + dx,
                                   float(node.get("y2")) + dy), clip,
                                  node.get("class", "line"), self.order))
        elif tag == "polyline":
            pts = [float(v) for v in re.split(r"[ ,]+",
                                              node.get("points").strip())]
            for i in range(0, len(pts) - 2, 2):
                self.segments.append(((pts[i] + dx, pts[i + 1] + dy,
                                       pts[i + 2] + dx, pts[i + 3] + dy),
                                      clip, "curve", self.order))
        if tag == "circle" and node.get("fill", "black") != "none":
            self.circles.append((float(node.get("cx")) + dx,
                                 float(node.get("cy")) + dy,
                                 float(node.get("r")), self.order))
        if tag in ("circle", "rect", "path") and clip is not None:
            self.marks.append((self.shape(node, tag), True))
        elif tag in ("circle", "rect", "path"):
            self.marks.append((self.shape(node, tag), False))
        for child in node:
            self.walk(child, dx, dy, clip, size)

    @staticmethod
    def shape(node, tag):
        """(kind, centre x, centre y, half size) of a mark-like element."""
        if tag == "circle":
            return ("circle", float(node.get("cx")), float(node.get("cy")),
                    float(node.get("r")))
        if tag == "rect":
            w, h = float(node.get("width", "0").rstrip("%") or 0), \
                float(node.get("height", "0").rstrip("%") or 0)
            if node.get("width", "").endswith("%"):
                return ("ground", 0, 0, 1e9)
            kind = "box" if node.get("fill") == "none" else "square"
            return (kind, float(node.get("x", 0)) + w / 2,
                    float(node.get("y", 0)) + h / 2, max(w, h) / 2)
        d = node.get("d", "")
        m = re.match(r"M([-\d.]+) ([-\d.]+)", d)
        if not m:
            return ("path", 0, 0, 1e9)
        x, y = float(m.group(1)), float(m.group(2))
        kind = "diamond" if d.count("l") == 3 else "triangle"
        return (kind, x, y + 4.5, 4.5)

    def add_text(self, node, dx, dy, size):
        text = "".join(node.itertext()).strip()
        if not text:
            return
        x, y = float(node.get("x", 0)) + dx, float(node.get("y", 0)) + dy
        w = text_width(text, size)
        anchor = node.get("text-anchor", "start")
        left = x - (w / 2 if anchor == "middle" else
                    w if anchor == "end" else 0)
        box = (left, y - 0.73 * size, left + w, y + 0.2 * size)
        turn = re.search(r"rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)",
                         node.get("transform", ""))
        if turn and abs(abs(float(turn.group(1))) - 90) < 1e-6:
            cx, cy = float(turn.group(2)) + dx, float(turn.group(3)) + dy
            corners = [(cx - (py - cy), cy + (px - cx)) for px, py in
                       ((box[0], box[1]), (box[2], box[3]))]
            box = (min(c[0] for c in corners), min(c[1] for c in corners),
                   max(c[0] for c in corners), max(c[1] for c in corners))
        self.texts.append({"text": text, "box": box, "x": x, "y": y,
                           "anchor": anchor, "size": size,
                           "class": node.get("class", ""),
                           "turned": bool(turn), "cover": self.cover(
                               box, node)})

    def cover(self, box, node):
        """The order before which a segment is painted over where it
        crosses the text: the text's own white halo, or a filled circle
        around the text (a tree's node and its number)."""
        if node.get("stroke") in ("#fff", "white") and \
                node.get("paint-order") == "stroke":
            return self.order
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        return max([o for x, y, r, o in self.circles
                    if math.hypot(cx - x, cy - y) < r] + [0])


def overlap(a, b):
    return (min(a[2], b[2]) - max(a[0], b[0]) > SLACK and
            min(a[3], b[3]) - max(a[1], b[1]) > SLACK)


def clipped(seg, box):
    """The part of a segment inside box (Liang-Barsky), or None."""
    x1, y1, x2, y2 = seg
    t0, t1, dx, dy = 0.0, 1.0, x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1),
                 (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (x1 + t0 * dx, y1 + t0 * dy, x1 + t1 * dx, y1 + t1 * dy)


def shrunk(box):
    return (box[0] + SLACK, box[1] + SLACK, box[2] - SLACK, box[3] - SLACK)


def check_overlaps(fig, fail):
    texts = fig.texts
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if overlap(a["box"], b["box"]):
                fail("text '%s' overlaps text '%s'" % (a["text"], b["text"]))
        for seg, clip, kind, order in fig.segments:
            part = clipped(seg, clip) if clip else seg
            if order > a["cover"] and part and \
                    clipped(part, shrunk(a["box"])):
                fail("a %s (%.0f,%.0f)-(%.0f,%.0f) crosses text '%s'" % (
                    kind, *seg, a["text"]))
                break


def number(text):
    """The value of a tick label: 12, 2.5, 1K, 2M, 1.5x; else None."""
    m = re.fullmatch(r"(-?\d+(?:\.\d+)?)([KMG]?)(x?)", text.replace(",", ""))
    if not m:
        return None
    return float(m.group(1)) * {"": 1, "K": 1e3, "M": 1e6,
                                "G": 1e9}[m.group(2)], m.group(3) == "x"


def round_value(v):
    """1, 2, 2.5 or 5 times a power of ten, or a power of two."""
    if v <= 0:
        return False
    d = v / 10 ** math.floor(math.log10(v))
    return any(abs(d - r) < 1e-6 for r in (1, 2, 2.5, 5, 10)) or \
        abs(math.log2(v) - round(math.log2(v))) < 1e-9


def axes(fig):
    """Groups of 3 or more numeric tick labels in a column or a row:
    (name, [(pixel, value)], ratio axis)."""
    groups = {}
    for t in fig.texts:
        v = number(t["text"])
        if v is None or t["turned"]:
            continue
        if t["anchor"] in ("end", "start"):
            groups.setdefault(("column", t["anchor"], round(t["x"])),
                              []).append((t["y"], v[0], v[1]))
        if t["anchor"] == "middle":
            groups.setdefault(("row", round(t["y"])), []).append(
                (t["x"], v[0], v[1]))
    for key, ticks in groups.items():
        if len(ticks) >= 3:
            ticks.sort(key=lambda p: -p[0] if key[0] == "column" else p[0])
            yield key, [(p, v) for p, v, _ in ticks], \
                all(r for _, _, r in ticks)


def spacing(ticks):
    """'linear', 'log' or None (categories): is the pixel a linear
    function of the value, or of its log?"""
    def fits(f):
        xs = [f(v) for _, v in ticks]
        ps = [p for p, _ in ticks]
        if len(set(xs)) < len(xs):
            return False
        slope = (ps[-1] - ps[0]) / (xs[-1] - xs[0])
        return all(abs(ps[0] + slope * (x - xs[0]) - p) < 1.5
                   for x, p in zip(xs, ps))
    if fits(lambda v: v):
        return "linear"
    if all(v > 0 for _, v in ticks) and fits(math.log):
        return "log"
    return None


def check_axes(fig, fail):
    for key, ticks, ratio in axes(fig):
        values = [v for _, v in ticks]
        kind = spacing(ticks)
        where = "%s axis %s" % ("ratio" if ratio else "the", values)
        if ratio and kind != "log" and values[0] != 1:
            fail("%s starts at %gx, not 1x" % (where, values[0]))
        if kind == "linear":
            # A ratio axis from 1x steps from its next tick on.
            rest = values[1:] if ratio and values[0] == 1 else values
            steps = {round(b - a, 9) for a, b in zip(rest, rest[1:])}
            step = steps.pop() if len(steps) == 1 else None
            if step is None or not round_value(step) or any(
                    abs(v / step - round(v / step)) > 1e-6 for v in rest):
                fail("%s: ticks not a round step" % where)
        elif kind == "log" and not all(round_value(v) for v in values):
            fail("%s: log ticks not round values" % where)


def key_samples(fig):
    """The key's entries: (text, the short line before it)."""
    for t in fig.texts:
        for seg, clip, _, _ in fig.segments:
            x1, y1, x2, y2 = seg
            if clip is None and y1 == y2 and 0 < x2 - x1 <= 40 and \
                    0 <= t["box"][0] - x2 <= 12 and \
                    t["box"][1] <= y1 <= t["box"][3]:
                yield t, seg


def check_key(fig, fail):
    samples = list(key_samples(fig))
    plotted = {m[0] for m, inside in fig.marks if inside and
               m[0] in ("circle", "square", "triangle", "diamond", "box")}
    keyed = set()
    for m, inside in fig.marks:
        for _, (x1, y1, x2, _) in samples:
            if not inside and x1 - 2 <= m[1] <= x2 + 2 and \
                    abs(m[2] - y1) <= 6:
                keyed.add(m[0])
    for kind in sorted(plotted - keyed):
        fail("the plot's %s marks are in no entry of the key" % kind)
    names = {t["text"] for t, _ in samples} | \
        {t["text"] for t in fig.texts}
    compared = [n for n in LAYOUTS if n in names]
    if len(compared) >= 2 and "veb" not in compared:
        fail("compares %s without veb" % ", ".join(compared))


def check_titles(fig, fail):
    if fig.clip is None:
        return      # explain's trees: no plot
    for name in ("title", "subtitle"):
        if name not in fig.classes:
            fail("no %s" % name)


def lint(path):
    problems = []
    fig = Figure(path)
    fail = problems.append
    check_overlaps(fig, fail)
    check_axes(fig, fail)
    check_key(fig, fail)
    check_titles(fig, fail)
    return problems


# A plot that passes, and what each fault changes in it.
GOOD = """<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"
 viewBox="0 0 400 300" font-family="sans-serif" font-size="12">
<text x="200" y="20" text-anchor="middle" font-size="15" class="title">veb
lowest</text>
<text x="200" y="38" text-anchor="middle" font-size="11"
 class="subtitle">replace, 1M items</text>
<line x1="60" y1="250" x2="360" y2="250" class="grid"/>
<text x="52" y="254" text-anchor="end">0</text>
<line x1="60" y1="200" x2="360" y2="200" class="grid"/>
<text x="52" y="204" text-anchor="end">5</text>
<line x1="60" y1="150" x2="360" y2="150" class="grid"/>
<text x="52" y="154" text-anchor="end">10</text>
<text x="365" y="254" text-anchor="start">1x</text>
<text x="365" y="204" text-anchor="start">1.5x</text>
<text x="365" y="154" text-anchor="start">2x</text>
<line x1="60" y1="60" x2="86" y2="60" stroke="red"/>
<circle cx="73" cy="60" r="3"/>
<text x="92" y="64">binheap</text>
<line x1="160" y1="60" x2="186" y2="60" stroke="blue"/>
<text x="192" y="64">veb</text>
<clipPath id="plot"><rect x="60" y="80" width="300" height="180"/></clipPath>
<g clip-path="url(#plot)">
<polyline points="60,240 200,160 360,100"/>
<circle cx="200" cy="160" r="3"/>
</g>
</svg>
"""
FAULTS = [
    ("text over text", '<text x="200" y="38"', '<text x="200" y="26"'),
    ("a line over text", '<text x="52" y="154"',
     '<line x1="30" y1="150" x2="58" y2="150"/><text x="52" y="154"'),
    ("a ratio axis from 0.5x", '>1x<', '>0.5x<'),
    ("a step of 3", '>5</text>\n<line x1="60" y1="150" x2="360" '
     'y2="150" class="grid"/>\n<text x="52" y="154" text-anchor="end">10<',
     '>3</text>\n<line x1="60" y1="150" x2="360" y2="150" class="grid"/>'
     '\n<text x="52" y="154" text-anchor="end">6<'),
    ("a mark not in the key", '<circle cx="73" cy="60" r="3"/>', ''),
    ("no subtitle", 'class="subtitle"', ''),
    ("no veb", '>veb<', '>dary<'),
]


def self_test():
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        def problems(text):
            with open(tmp + "/t.svg", "w", encoding="utf-8") as f:
                f.write(text)
            return lint(tmp + "/t.svg")
        found = problems(GOOD)
        if found:
            print("svg-lint: self-test: the good figure fails: %s" % found)
            return 1
        for what, old, new in FAULTS:
            assert old in GOOD, what
            if not problems(GOOD.replace(old, new, 1)):
                print("svg-lint: self-test: %s is not found" % what)
                return 1
    print("svg-lint: self-test: each of %d faults found" % len(FAULTS))
    return 0


def main(paths):
    status = 0
    for path in paths:
        try:
            problems = lint(path)
        except (OSError, ET.ParseError, ValueError, TypeError) as e:
            print("svg-lint: %s: cannot check: %s" % (path, e))
            return 2
        for p in problems:
            print("svg-lint: %s: %s" % (path, p))
        status |= 1 if problems else 0
        if not problems:
            print("svg-lint: %s passes" % path)
    return status


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    sys.exit(main(sys.argv[1:]) if len(sys.argv) > 1 else 2)
