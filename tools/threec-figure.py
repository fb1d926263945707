#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""threec-figure.py: each layout's misses per level in their three C's.

    python3 tools/threec-figure.py RUN.csv OUT.svg

RUN.csv is a --three-c run of one workload over several layouts.  One
panel per level (L1, L2, LLC, TLB); per layout a bar of misses per
operation, stacked: compulsory, capacity, then conflict (below zero where
the set-associative cache hit more often than a fully associative one).
The title states the finding, the subtitle the run.
"""
import csv
import math
import sys

LEVELS = [("l1", "L1"), ("l2", "L2"), ("llc", "LLC"), ("tlb", "TLB")]
# Okabe-Ito: safe for colour-blind readers.
CLASSES = [("compulsory", "compulsory", "#E69F00"),
           ("capacity", "capacity", "#56B4E9"),
           ("conflict", "conflict", "#009E73")]
# GAP leaves room for a panel's tick labels, right of the one before.
PANEL_W, PANEL_H, TOP, BOTTOM, LEFT, GAP = 250, 300, 96, 56, 64, 56


def nice_step(top):
    """A round tick step giving about five ticks up to top."""
    raw = top / 5 if top > 0 else 1
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def per_op(row, level, cls):
    return float(row[f"{level}_{cls}"]) / float(row["ops"])


def finding(rows):
    """One sentence: where conflict misses weigh most."""
    best = (0.0, "", "")
    for level, title in LEVELS:
        for r in rows:
            misses = float(r[f"{level}_misses"])
            if misses > 0:
                share = float(r[f"{level}_conflict"]) / misses
                best = max(best, (share, r["layout"], title))
    share, layout, title = best
    return (f"Capacity misses dominate every level; conflict peaks at "
            f"{share:.0%} of {layout}'s {title} misses")


def compulsory_note(rows):
    """Why the compulsory class is empty, where it is."""
    if all(float(r[f"{l}_compulsory"]) == 0 for r in rows for l, _ in LEVELS):
        return ("No compulsory misses: fill touched every block before "
                "this phase")
    return ""


def main():
    src, out = sys.argv[1], sys.argv[2]
    rows = list(csv.DictReader(open(src)))
    if not rows or rows[0].get("l1_compulsory", "") == "":
        sys.exit(f"threec-figure: {src}: no --three-c fields")
    layouts = [r["layout"] for r in rows]
    r0 = rows[0]
    width = LEFT + len(LEVELS) * (PANEL_W + GAP)
    height = TOP + PANEL_H + BOTTOM
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" '
           f'font-family="sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="22" text-anchor="middle" '
           f'font-size="16" font-weight="bold">{finding(rows)}</text>',
           f'<text x="{width / 2}" y="42" text-anchor="middle">'
           f'Misses per {r0["workload"]} operation, {int(r0["items"]):,} '
           f'items, --model {r0["model"]}, caches {r0["cache"]}, '
           f'TLB {r0["tlb"]}</text>']
    if compulsory_note(rows):
        svg.append(f'<text x="{width / 2}" y="{height - 10}" '
                   f'text-anchor="middle">{compulsory_note(rows)}</text>')
    # The key, one swatch per class, centred under the subtitle.
    key_x = width / 2 - 165
    for i, (_, name, colour) in enumerate(CLASSES):
        x = key_x + i * 120
        svg.append(f'<rect x="{x}" y="54" width="14" height="14" '
                   f'fill="{colour}"/>')
        svg.append(f'<text x="{x + 20}" y="66">{name}</text>')
    for p, (level, title) in enumerate(LEVELS):
        x0 = LEFT + p * (PANEL_W + GAP)
        ups = [sum(max(per_op(r, level, c), 0) for c, _, _ in CLASSES)
               for r in rows]
        downs = [min(per_op(r, level, "conflict"), 0) for r in rows]
        # A level that never missed still gets an axis to 1.
        top, bottom = max(ups + [0]) or 1.0, min(downs + [0])
        step = nice_step(top - bottom)
        top = math.ceil(top / step) * step
        bottom = math.floor(bottom / step) * step
        scale = PANEL_H / (top - bottom)
        zero = TOP + top * scale
        svg.append(f'<text x="{x0 + PANEL_W / 2}" y="{TOP - 10}" '
                   f'text-anchor="middle" font-weight="bold">{title}</text>')
        t = bottom
        while t <= top + step / 2:
            y = zero - t * scale
            svg.append(f'<line x1="{x0}" x2="{x0 + PANEL_W}" y1="{y:.1f}" '
                       f'y2="{y:.1f}" stroke="{"#888" if t == 0 else "#ddd"}"'
                       f'/>')
            svg.append(f'<text x="{x0 - 4}" y="{y + 4:.1f}" '
                       f'text-anchor="end">{t:g}</text>')
            t += step
        bar = PANEL_W / len(layouts)
        for i, r in enumerate(rows):
            x = x0 + bar * i + bar * 0.15
            y = zero
            for cls, _, colour in CLASSES:
                v = per_op(r, level, cls)
                h = abs(v) * scale
                if v >= 0:
                    y -= h
                    svg.append(f'<rect x="{x:.1f}" y="{y:.1f}" '
                               f'width="{bar * 0.7:.1f}" height="{h:.1f}" '
                               f'fill="{colour}"/>')
                else:
                    svg.append(f'<rect x="{x:.1f}" y="{zero:.1f}" '
                               f'width="{bar * 0.7:.1f}" height="{h:.1f}" '
                               f'fill="{colour}" opacity="0.6"/>')
            svg.append(f'<text x="{x + bar * 0.35:.1f}" '
                       f'y="{TOP + PANEL_H + 18}" text-anchor="middle">'
                       f'{r["layout"]}</text>')
    svg.append(f'<text x="16" y="{TOP + PANEL_H / 2}" transform="rotate(-90 '
               f'16 {TOP + PANEL_H / 2})" text-anchor="middle">misses per '
               f'operation</text>')
    svg.append('</svg>')
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
