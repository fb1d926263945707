#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""time-figure.py: the time stack per layout, from make time-check's CSV.

    python3 tools/time-figure.py TIME.csv OUT.svg [WORKLOAD [MODEL]]

One panel per layout; per heap size a bar of the modeled time per
operation, stacked: computing, then the stalls the overlap leaves
exposed at the L2, the LLC, memory and page walks; above them, outlined,
what the overlap hid (the CSV's hidden: the stalls of the model under
--serialize both less the overlapped model's), so the bar's whole height
is the serialized model's time; a black tick marks the measured ns/op.
Defaults: replace, --model full.
"""
import csv
import math
import sys

PARTS = [("compute", "computing", "#4c72b0"), ("l2", "L2 stall", "#55a868"),
         ("llc", "LLC stall", "#c44e52"), ("mem", "memory stall", "#8172b2"),
         ("tlb", "page walks", "#ccb974")]
HIDDEN = ("hidden", "hidden by overlap", "#eeeeee")
W, H, TOP, BOTTOM, LEFT = 250, 330, 80, 50, 60


def tick_step(top):
    """1, 2, 2.5 or 5 times a power of ten: 4 to 8 ticks up to top."""
    power = 10 ** math.floor(math.log10(top / 8))
    for p in (power, power * 10):
        for m in (1, 2, 2.5, 5):
            if top / (m * p) <= 8:
                return m * p
    return power * 100


def short(n):
    """10000 as 10K, 1000000 as 1M."""
    n = int(n)
    return f"{n // 10**6}M" if n % 10**6 == 0 else (
        f"{n // 1000}K" if n % 1000 == 0 else str(n))


def stall(r):
    return sum(float(r[k]) for k, _, _ in PARTS[1:])


def hidden(r):
    return max(float(r["hidden"] or 0), 0.0)


def finding(rows, sizes):
    """The title: how much of the stall the overlap hides at the largest
    heap, the layouts that gain least and most."""
    big = [r for r in rows if r["items"] == sizes[-1]]
    share = {r["layout"]: hidden(r) / (hidden(r) + stall(r))
             for r in big if hidden(r) + stall(r) > 0}
    if not share:
        return f"At {short(sizes[-1])} items nothing stalls"
    low, high = (min(share, key=share.get), max(share, key=share.get))
    return (f"At {short(sizes[-1])} items overlap hides "
            f"{100 * share[low]:.0f}% ({low}) to {100 * share[high]:.0f}% "
            f"({high}) of the stall a fenced heap waits")


def main():
    src, out = sys.argv[1], sys.argv[2]
    workload = sys.argv[3] if len(sys.argv) > 3 else "replace"
    model = sys.argv[4] if len(sys.argv) > 4 else "full"
    rows = [r for r in csv.DictReader(open(src))
            if r["workload"] == workload and r["model"] == model]
    layouts = list(dict.fromkeys(r["layout"] for r in rows))
    sizes = list(dict.fromkeys(r["items"] for r in rows))
    top = max(max(float(r["measured"]), float(r["modeled"]) + hidden(r))
              for r in rows) * 1.1
    step = tick_step(top)
    top = step * math.ceil(top / step)
    scale = (H - TOP - BOTTOM) / top
    width = LEFT + W * len(layouts) + 20
    height = H + 35
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14" '
           f'class="title">{finding(rows, sizes)}</text>',
           f'<text x="{width / 2}" y="38" text-anchor="middle" font-size="11" '
           f'fill="#444" class="subtitle">modeled ns per {workload} operation '
           f'(--model {model}, --time-model, latency curves measured in the '
           f'run), stacked: computing, each level\'s exposed stall, and what '
           f'overlap hid</text>',
           f'<text x="{width / 2}" y="54" text-anchor="middle" font-size="11" '
           f'fill="#444" class="subtitle">(the model under --serialize both '
           f'less the overlapped one); black tick: measured CPU ns/op of '
           f'--vm off, median of {rows[0].get("runs") or 3} runs</text>']
    base = H - BOTTOM
    for k in range(0, int(round(top / step)) + 1):
        t = k * step
        y = base - t * scale
        svg.append(f'<line x1="{LEFT}" x2="{width - 20}" y1="{y:.1f}" '
                   f'y2="{y:.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{LEFT - 5}" y="{y + 4:.1f}" '
                   f'text-anchor="end">{t:g}</text>')
    mid = (TOP + base) / 2
    svg.append(f'<text x="15" y="{mid}" transform="rotate(-90 15 {mid})" '
               f'text-anchor="middle">ns per operation</text>')
    for i, layout in enumerate(layouts):
        x0 = LEFT + i * W
        svg.append(f'<text x="{x0 + W / 2}" y="{TOP - 8}" '
                   f'text-anchor="middle" font-weight="bold">{layout}</text>')
        bw = W / (len(sizes) + 0.5)
        for j, n in enumerate(sizes):
            r = next(r for r in rows if r["layout"] == layout
                     and r["items"] == n)
            x = x0 + bw * (j + 0.4)
            y = base
            for key, _, colour in PARTS:
                h = float(r[key]) * scale
                y -= h
                svg.append(f'<rect x="{x:.1f}" y="{y:.1f}" '
                           f'width="{bw * 0.7:.1f}" height="{h:.1f}" '
                           f'fill="{colour}"/>')
            h = hidden(r) * scale
            if h > 0:
                svg.append(f'<rect x="{x:.1f}" y="{y - h:.1f}" '
                           f'width="{bw * 0.7:.1f}" height="{h:.1f}" '
                           f'fill="{HIDDEN[2]}" stroke="#888" '
                           f'stroke-dasharray="3 2"/>')
            m = base - float(r["measured"]) * scale
            svg.append(f'<line x1="{x - 4:.1f}" x2="{x + bw * 0.7 + 4:.1f}" '
                       f'y1="{m:.1f}" y2="{m:.1f}" stroke="black" '
                       f'stroke-width="3"/>')
            svg.append(f'<text x="{x + bw * 0.35:.1f}" y="{base + 15}" '
                       f'text-anchor="middle">{short(n)}</text>')
    svg.append(f'<text x="{LEFT + W * len(layouts) / 2}" y="{base + 32}" '
               f'text-anchor="middle">items in the heap</text>')
    key = [p for p in PARTS if any(float(r[p[0]]) > 0 for r in rows)]
    key += [HIDDEN]
    x = LEFT
    ky = H + 10
    for _, label, colour in key:
        outline = ' stroke="#888" stroke-dasharray="3 2"' \
            if colour == HIDDEN[2] else ""
        svg.append(f'<rect x="{x}" y="{ky}" width="12" height="12" '
                   f'fill="{colour}"{outline}/><text x="{x + 16}" '
                   f'y="{ky + 11}">{label}</text>')
        x += 16 + len(label) * 7 + 18
    svg.append(f'<line x1="{x}" x2="{x + 16}" y1="{ky + 6}" y2="{ky + 6}" '
               f'stroke="black" stroke-width="3"/><text x="{x + 22}" '
               f'y="{ky + 11}">measured ns/op</text>')
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


main()
