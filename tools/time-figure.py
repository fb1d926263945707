#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""time-figure.py: the time stack per layout, from make time-check's CSV.

    python3 tools/time-figure.py TIME.csv OUT.svg [WORKLOAD [MODEL]]

One panel per layout; per heap size a bar of the modeled time per
operation, stacked: computing, then the stalls at the L2, the LLC,
memory and page walks; a black tick marks the measured ns/op.
Defaults: replace, --model full.
"""
import csv
import math
import sys

PARTS = [("compute", "computing", "#4c72b0"), ("l2", "L2 stall", "#55a868"),
         ("llc", "LLC stall", "#c44e52"), ("mem", "memory stall", "#8172b2"),
         ("tlb", "page walks", "#ccb974")]
W, H, TOP, BOTTOM, LEFT = 260, 300, 64, 50, 60


def tick_step(top):
    """1, 2, 2.5 or 5 times a power of ten: 4 to 8 ticks up to top."""
    power = 10 ** math.floor(math.log10(top / 8))
    for p in (power, power * 10):
        for m in (1, 2, 2.5, 5):
            if top / (m * p) <= 8:
                return m * p
    return power * 100


def finding(rows, layouts, sizes):
    """The title: which layout the model and the clock find fastest at
    the largest heap, and how the two agree."""
    big = [r for r in rows if r["items"] == sizes[-1]]
    measured = min(big, key=lambda r: float(r["measured"]))
    modeled = min(big, key=lambda r: float(r["modeled"]))
    agree = sum(1 for n in sizes if
                min((r for r in rows if r["items"] == n),
                    key=lambda r: float(r["measured"]))["layout"] ==
                min((r for r in rows if r["items"] == n),
                    key=lambda r: float(r["modeled"]))["layout"])
    return (f'At {int(sizes[-1]):,} items {measured["layout"]} is measured '
            f'fastest, {modeled["layout"]} modeled fastest; model and clock '
            f'agree on the fastest at {agree} of {len(sizes)} sizes'
            ).replace(",000,000 ", "M ").replace(",000 ", "K ")


def main():
    src, out = sys.argv[1], sys.argv[2]
    workload = sys.argv[3] if len(sys.argv) > 3 else "replace"
    model = sys.argv[4] if len(sys.argv) > 4 else "full"
    rows = [r for r in csv.DictReader(open(src))
            if r["workload"] == workload and r["model"] == model]
    layouts = list(dict.fromkeys(r["layout"] for r in rows))
    sizes = list(dict.fromkeys(r["items"] for r in rows))
    top = max(max(float(r["measured"]), float(r["modeled"])) for r in rows)
    scale = (H - TOP - BOTTOM) / (top * 1.1)
    width = LEFT + W * len(layouts) + 20
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{H + 40}" viewBox="0 0 {width} {H + 40}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{H + 40}" fill="white"/>',
           f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14" '
           f'class="title">{finding(rows, layouts, sizes)}</text>',
           f'<text x="{width / 2}" y="38" text-anchor="middle" font-size="11" '
           f'fill="#444" class="subtitle">modeled time per {workload} '
           f'operation (--model {model}), stacked by where it goes; measured '
           f'ns/op (CPU time, --vm off) as a black tick</text>']
    base = H - BOTTOM
    step = tick_step(top * 1.1)
    for k in range(0, int(top * 1.1 / step) + 1):
        t = k * step
        y = base - t * scale
        svg.append(f'<line x1="{LEFT}" x2="{width - 20}" y1="{y:.1f}" '
                   f'y2="{y:.1f}" stroke="#ddd"/>')
        svg.append(f'<text x="{LEFT - 5}" y="{y + 4:.1f}" '
                   f'text-anchor="end">{t:g}</text>')
    svg.append(f'<text x="15" y="{base - 100}" transform="rotate(-90 15 '
               f'{base - 100})" text-anchor="middle">ns per operation</text>')
    for i, layout in enumerate(layouts):
        x0 = LEFT + i * W
        svg.append(f'<text x="{x0 + W / 2}" y="{TOP - 10}" '
                   f'text-anchor="middle" font-weight="bold">{layout}</text>')
        bw = W / (len(sizes) + 1)
        for j, n in enumerate(sizes):
            r = next(r for r in rows if r["layout"] == layout
                     and r["items"] == n)
            x = x0 + bw * (j + 0.5)
            y = base
            for key, _, colour in PARTS:
                h = float(r[key]) * scale
                y -= h
                svg.append(f'<rect x="{x:.1f}" y="{y:.1f}" '
                           f'width="{bw * 0.7:.1f}" height="{h:.1f}" '
                           f'fill="{colour}"/>')
            m = base - float(r["measured"]) * scale
            svg.append(f'<line x1="{x - 4:.1f}" x2="{x + bw * 0.7 + 4:.1f}" '
                       f'y1="{m:.1f}" y2="{m:.1f}" stroke="black" '
                       f'stroke-width="3"/>')
            svg.append(f'<text x="{x + bw * 0.35:.1f}" y="{base + 15}" '
                       f'text-anchor="middle">{int(n):,}</text>'
                       .replace(",000,000", "M").replace(",000", "K"))
    for k, (_, label, colour) in enumerate(PARTS):
        x = LEFT + k * 120
        svg.append(f'<rect x="{x}" y="{H + 10}" width="12" height="12" '
                   f'fill="{colour}"/><text x="{x + 16}" y="{H + 21}">'
                   f'{label}</text>')
    x = LEFT + len(PARTS) * 120
    svg.append(f'<line x1="{x}" x2="{x + 16}" y1="{H + 16}" y2="{H + 16}" '
               f'stroke="black" stroke-width="3"/><text x="{x + 22}" '
               f'y="{H + 21}">measured ns/op</text>')
    svg.append(f'<text x="{LEFT + W * len(layouts) / 2}" y="{base + 32}" '
               f'text-anchor="middle">items in the heap</text>')
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


main()
