#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""svg-fit.py: no part of a picture lies outside its view box.

    python3 tools/svg-fit.py FILE.svg...

Each picture is rendered by rsvg-convert (librsvg2-bin) on a canvas
MARGIN pixels larger on every side, without its white ground; every
pixel of that margin must then be transparent, or some element (a title
running off the edge, a label past an axis) was drawn outside the box a
viewer shows.  Exit 0 when every file fits, 1 when one does not, 2 when
one cannot be checked.  Python's standard library only: the PNG is
decoded here.
"""
import re
import struct
import subprocess
import sys
import tempfile
import zlib

MARGIN = 200
GROUND = '<rect width="100%" height="100%" fill="white"/>'


def widened(svg):
    """The picture on a larger canvas; returns (text, width, height)."""
    root = re.search(r'<svg [^>]*>', svg)
    size = re.search(r'width="(\d+)" height="(\d+)" viewBox="0 0 \1 \2"',
                     root.group(0)) if root else None
    if size is None:
        raise ValueError('no <svg width= height= viewBox="0 0 W H">')
    w, h = int(size.group(1)), int(size.group(2))
    tag = root.group(0).replace(size.group(0),
                                'width="%d" height="%d" viewBox="%d %d %d %d"'
                                % (w + 2 * MARGIN, h + 2 * MARGIN, -MARGIN,
                                   -MARGIN, w + 2 * MARGIN, h + 2 * MARGIN))
    return svg.replace(root.group(0), tag, 1).replace(GROUND, ''), w, h


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def alpha_rows(png):
    """The alpha channel of an 8-bit RGBA PNG, one bytes object a row."""
    if png[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    pos, idat, width = 8, b'', 0
    while pos < len(png):
        length, kind = struct.unpack('>I4s', png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = \
                struct.unpack('>IIBBBBB', data)
            if (depth, colour, interlace) != (8, 6, 0):
                raise ValueError('not 8-bit RGBA, non-interlaced')
        elif kind == b'IDAT':
            idat += data
        pos += 12 + length
    raw, stride, bpp = zlib.decompress(idat), width * 4, 4
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(
            raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + (0, a, b, (a + b) >> 1,
                                  paeth(a, b, c))[kind]) & 0xff
        rows.append(bytes(line[3::4]))
        prev = line
    return rows


def outside(path):
    """Where the picture draws outside its box, or None."""
    with open(path, encoding='utf-8') as f:
        svg, w, h = widened(f.read())
    with tempfile.TemporaryDirectory() as tmp:
        with open(tmp + '/w.svg', 'w', encoding='utf-8') as f:
            f.write(svg)
        subprocess.run(['rsvg-convert', '-o', tmp + '/w.png', tmp + '/w.svg'],
                       check=True)
        with open(tmp + '/w.png', 'rb') as f:
            rows = alpha_rows(f.read())
    for y, row in enumerate(rows):
        inside_y = MARGIN <= y < MARGIN + h
        for x, alpha in enumerate(row):
            if alpha and not (inside_y and MARGIN <= x < MARGIN + w):
                return 'drawn at (%d, %d), outside the %dx%d box' % (
                    x - MARGIN, y - MARGIN, w, h)
    return None


def main(paths):
    status = 0
    for path in paths:
        try:
            where = outside(path)
        except (OSError, ValueError, subprocess.CalledProcessError) as e:
            print('svg-fit: %s: cannot check: %s' % (path, e))
            return 2
        if where:
            print('svg-fit: %s: %s' % (path, where))
            status = 1
        else:
            print('svg-fit: %s fits' % path)
    return status


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]) if len(sys.argv) > 1 else 2)
