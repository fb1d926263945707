#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""prose-check.py: the counts the documents quote equal their CSVs'.

    python3 tools/prose-check.py [ROOT]

README.md, results/README.md and results/abi/README.md quote fault and
miss counts, memory sizes, and ratios of them, from the CSVs under
results/.  Each quotation is written down
here once, as the text the document must contain, made from the CSV it
reads (the value rounded as the text rounds it); a document that no
longer contains it fails, with the expected text and the line nearest
it.  Whitespace (line breaks) is compared as one space.  Timings
(wall_s, ns_per_op, modeled_s) differ from run to run and are not
checked; the counts depend only on the commands (results/commands.txt),
and the whole process's sizes (vsz_kib, rss_kib), which move a little
from run to run, are quoted as the committed CSV has them.
Exit 0 when every quotation holds, 1 when one does not, 2 when a CSV
cannot be read.  Python's standard library only; about a second.
"""
import csv
import difflib
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), '..')
README = 'README.md'
RESULTS = 'results/README.md'
ABI_README = 'results/abi/README.md'

failures = []
checked = 0
_texts = {}
_csvs = {}


def squeeze(text):
    return re.sub(r'\s+', ' ', text)


def document(name):
    if name not in _texts:
        with open(os.path.join(ROOT, name), encoding='utf-8') as f:
            _texts[name] = f.read()
    return _texts[name]


class Table:
    """A CSV's rows; value() picks the one row that matches."""

    def __init__(self, name):
        self.name = name
        with open(os.path.join(ROOT, name), newline='') as f:
            self.rows = list(csv.DictReader(f))

    def value(self, field, **where):
        found = [r for r in self.rows
                 if all(r[k] == str(v) for k, v in where.items())]
        if len(found) != 1:
            sys.exit('prose-check: %s: %d rows where %s, not 1' %
                     (self.name, len(found), where))
        return float(found[0][field])


def table(name):
    if name not in _csvs:
        try:
            _csvs[name] = Table(name)
        except (OSError, csv.Error) as e:
            print('prose-check: %s: %s' % (name, e), file=sys.stderr)
            sys.exit(2)
    return _csvs[name]


def expect(doc, text, source):
    """The document contains text, which source's CSV values made."""
    global checked
    checked += 1
    if squeeze(text) in squeeze(document(doc)):
        return
    lines = [ln.strip() for ln in document(doc).splitlines() if ln.strip()]
    near = difflib.get_close_matches(text.strip(), lines, n=1, cutoff=0.4)
    failures.append('%s: expected "%s" (from %s)%s' % (
        doc, text.strip(), source,
        '; nearest: "%s"' % near[0] if near else ''))


def ratio(a, b):
    return '%.2fx' % (a / b) if b > 0 else '-'


# Section 1: Kamp's figure, faults per expiry at each budget ---------------

def kamp_array():
    close = table('results/kamp-array-closeup.csv')
    curve = table('results/kamp-array.csv')
    for pages in (1, 2, 4, 8, 9, 10, 12, 16, 64, 1024, 1954):
        t = close if pages <= 16 else curve
        a = t.value('faults_per_op', layout='binheap', resident_pages=pages)
        b = t.value('faults_per_op', layout='bheap', resident_pages=pages)
        cell = (lambda v: '%.2f' % v if v > 0 else '0')
        expect(RESULTS, '| %d | %s | %s | %s |' % (pages, cell(a), cell(b),
               ratio(a, b)), t.name)
    r = {p: close.value('faults_per_op', layout='binheap', resident_pages=p) /
         close.value('faults_per_op', layout='bheap', resident_pages=p)
         for p in (8, 10, 12)}
    expect(RESULTS, 'We get %.1fx at 8 pages and %.1fx at 10, rising to '
           '%.1fx at 12' % (r[8], r[10], r[12]), close.name)
    expect(RESULTS, '(512 per page, {:,} pages for the array)'.format(
        int(curve.value('pages_touched', layout='bheap', resident_pages=1))),
        curve.name)


# Section 2: items' pages counted -------------------------------------------

def kamp_full():
    t = table('results/kamp-full.csv')
    ratios = []
    for pages in (4, 10, 256, 4096):
        a = t.value('faults_per_op', layout='binheap', resident_pages=pages)
        b = t.value('faults_per_op', layout='bheap', resident_pages=pages)
        ratios.append(a / b)
        expect(RESULTS, '| %d | %.2f | %.2f | %s |' % (pages, a, b,
               ratio(a, b)), t.name)
    expect(RESULTS, 'shrinks to between %.2fx and %.0fx' % (min(ratios),
           max(ratios)), t.name)
    expect(RESULTS, '{:,} pages in all'.format(int(t.value(
        'pages_touched', layout='bheap', resident_pages=1))), t.name)


# Section 4: page size and pointer size ---------------------------------------

def page_size():
    t8 = table('results/pagesize-ptr8.csv')
    t4 = table('results/pagesize-ptr4.csv')
    peak = 0
    for kib, name in ((4, '4 KiB'), (16, '16 KiB'), (64, '64 KiB'),
                      (2048, '2 MiB')):
        cells = []
        for t in (t8, t4):
            a = t.value('faults_per_op', layout='binheap',
                        page_bytes=kib * 1024)
            b = t.value('faults_per_op', layout='bheap',
                        page_bytes=kib * 1024)
            cells += ['%.2f' % a, '%.2f' % b, ratio(a, b)]
            peak = max(peak, a / b) if t is t8 else peak
        expect(RESULTS, '| %s | %s |' % (name, ' | '.join(cells)),
               t8.name + ', ' + t4.name)
    expect(RESULTS, 'The ratio peaks (%.1fx)' % peak, t8.name)


# Sections 5 and 6: the kernel, and the policies ----------------------------

def kernel_and_policies():
    t = table('results/kamp-kernel.csv')
    equal = all(r['minflt'] == r['sim_faults'] for r in t.rows)
    expect(RESULTS, "the kernel's minor faults equal the model's faults "
           "exactly (ratio 1.0000)" if equal else 'kernel and model differ',
           t.name)
    p = table('results/policies.csv')
    r = {}
    for policy in ('lru', 'clock', 'opt'):
        a = p.value('faults_per_op', layout='binheap', policy=policy,
                    resident_pages=10)
        b = p.value('faults_per_op', layout='bheap', policy=policy,
                    resident_pages=10)
        r[policy] = ratio(a, b)
        # results/policies.md's table (its fifo row is another run's).
        expect('results/policies.md', '| %s | %.4f | %.4f | %s |' % (
            policy, a, b, r[policy]), p.name)
    expect(RESULTS, 'at 10 pages the ratio is %s under LRU, %s under CLOCK '
           'and %s under OPT' % (r['lru'], r['clock'], r['opt']), p.name)


# Section 7: the hierarchy, and the teaching figure ---------------------------

def hierarchy():
    t = table('results/hierarchy-array.csv')
    for layout in ('binheap', 'bheap', 'dary'):
        v = [t.value(f, layout=layout, workload='replace') for f in (
            'l1_misses_per_op', 'l2_misses_per_op', 'tlb_misses_per_op',
            'faults_per_op')]
        mem = t.value('mem_ns_per_op', layout=layout, workload='replace')
        # Both READMEs' tables; the last column is measured, unchecked.
        row = '| %s | %.2f | %.2f | %.2f | %.2f | %.1f |' % (
            layout, v[0], v[1], v[2], v[3], mem)
        expect(RESULTS, row, t.name)
        expect(README, row, t.name)
    c = table('results/kamp-array.csv')

    def at(field, layout, pages):
        return c.value(field, layout=layout, resident_pages=pages)
    lines8 = [at('line_misses_per_op', l, 8) for l in ('dary', 'bheap',
                                                        'binheap')]
    lines128 = [at('line_misses_per_op', l, 128) for l in ('dary', 'bheap',
                                                            'binheap')]
    pages8 = [at('faults_per_op', l, 8) for l in ('bheap', 'dary',
                                                   'binheap')]
    expect(RESULTS, '%.1f line misses per expiry against %.1f for the '
           'B-heap and %.1f for the binary heap; at 512 KiB, %.1f against '
           '%.1f and %.1f' % tuple(lines8 + lines128), c.name)
    expect(RESULTS, '%.2f faults against %.2f for the d-ary heap and %.1f '
           'for the binary heap' % tuple(pages8), c.name)
    expect(README, '(%.1f misses per expiry at 32 KiB, against %.1f for the '
           'B-heap and %.1f for the binary heap), the B-heap\'s pages '
           'lowest (%.2f faults at the same 32 KiB, against %.2f and %.1f)'
           % tuple(lines8 + pages8), c.name)
    half = [at(f, l, 1024) for f in ('line_misses_per_op', 'faults_per_op')
            for l in ('binheap', 'bheap', 'dary')]
    expect(RESULTS, '(%.1f to %.1f misses at 4 MiB) and the pages nearly do '
           '(%.2f to %.2f)' % (min(half[:3]), max(half[:3]), min(half[3:]),
                               max(half[3:])), c.name)


# Section 8: four layouts ----------------------------------------------------

def four_layouts():
    ta = table('results/kamp-array.csv')
    tf = table('results/kamp-full.csv')
    v = {}
    for model, t in (('array', ta), ('full', tf)):
        for layout in ('binheap', 'bheap', 'dary', 'veb'):
            for pages in (10, 256):
                v[model, layout, pages] = (
                    t.value('faults_per_op', layout=layout,
                            resident_pages=pages),
                    t.value('line_misses_per_op', layout=layout,
                            resident_pages=pages))
    for layout in ('binheap', 'bheap', 'dary', 'veb'):
        a10, a256, f10 = (v['array', layout, 10], v['array', layout, 256],
                          v['full', layout, 10])
        expect(RESULTS, '| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |' % (
            layout, a10[0], a256[0], a10[1], a256[1], f10[0], f10[1]),
            ta.name + ', ' + tf.name)
    veb, bh, bin_, dary = (v['array', l, 10] for l in ('veb', 'bheap',
                                                        'binheap', 'dary'))
    expect(RESULTS, '%.2f faults per expiry at Kamp\'s 10 pages against the '
           'B-heap\'s %.2f (%.1f times as many) and the binary heap\'s %.2f '
           '(%.1f times fewer)' % (veb[0], bh[0], veb[0] / bh[0], bin_[0],
                                    bin_[0] / veb[0]), ta.name)
    expect(RESULTS, '%.2f misses per expiry in a 40 KiB cache of 64-byte '
           'lines against %.2f (%.2f times as many)' % (
               veb[1], dary[1], veb[1] / dary[1]), ta.name)
    expect(RESULTS, 'line misses of the four at 40 KiB (%.2f and %.2f)' %
           v['full', 'veb', 10], tf.name)
    l1 = {l: ta.value('l1_misses_per_op', layout=l, resident_pages=10)
          for l in ('veb', 'dary')}
    l2 = {l: ta.value('l2_misses_per_op', layout=l, resident_pages=10)
          for l in ('veb', 'dary')}
    tlb = [ta.value('tlb_misses_per_op', layout=l, resident_pages=10)
           for l in ('binheap', 'bheap', 'dary', 'veb')]
    expect(RESULTS, 'it takes %.2f L1 and %.2f L2 misses per expiry against '
           'the d-ary heap\'s %.2f and %.2f, and the most TLB misses of the '
           'four, %.2f against %.2f to %.2f' % (
               l1['veb'], l2['veb'], l1['dary'], l2['dary'], tlb[3],
               min(tlb[:3]), max(tlb[:3])), ta.name)
    expect(README, 'it takes %.2f faults per expiry, second to the B-heap\'s '
           '%.2f and %d times fewer than the binary heap\'s %.2f, and %.2f '
           'misses of 64-byte lines in 40 KiB, second to the d-ary heap\'s '
           '%.2f' % (veb[0], bh[0], round(bin_[0] / veb[0]), bin_[0], veb[1],
                     dary[1]), ta.name)


# x32 against x86-64 (make compare) -----------------------------------------

def percent(a, b):
    return '%+.1f%%' % ((a / b - 1) * 100)


def abi():
    t = table('results/abi/compare-500K.csv')
    v = {(abi, f): t.value(f, layout='bheap', abi=abi)
         for abi in ('x86-64', 'x32', 'ia32')
         for f in ('arena_kib', 'arena_rss_kib', 'vsz_kib', 'rss_kib',
                   'faults_per_op')}
    rows = [
        '| heap memory, mapped (`arena_kib`) | | %s (%s to %s KiB) |' % (
            percent(v['x32', 'arena_kib'], v['x86-64', 'arena_kib']),
            '{:,}'.format(int(v['x86-64', 'arena_kib'])),
            '{:,}'.format(int(v['x32', 'arena_kib']))),
        '| heap memory in RAM (`arena_rss_kib`) | | %s |' % percent(
            v['x32', 'arena_rss_kib'], v['x86-64', 'arena_rss_kib']),
        '| virtual size of the process (`vsz_kib`) | -19%% | %s |' % percent(
            v['x32', 'vsz_kib'], v['x86-64', 'vsz_kib']),
        '| resident set of the process (`rss_kib`) | -88%% | %s |' % percent(
            v['x32', 'rss_kib'], v['x86-64', 'rss_kib']),
        '| B-heap faults per op | | %s (1,024 entries per page instead of '
        '512) |' % percent(v['x32', 'faults_per_op'],
                           v['x86-64', 'faults_per_op']),
    ]
    for doc in (README, ABI_README):
        for row in rows:
            expect(doc, row, t.name)
    expect(RESULTS, 'the heap\'s own memory (`arena_kib`) is %.1f%% smaller '
           'under x32' % -((v['x32', 'arena_kib'] / v['x86-64', 'arena_kib']
                            - 1) * 100), t.name)
    expect(ABI_README, 'ia32 saves more (%s of the heap\'s memory)' % percent(
        v['ia32', 'arena_kib'], v['x86-64', 'arena_kib']), t.name)


def main():
    for check in (kamp_array, kamp_full, page_size, kernel_and_policies,
                  hierarchy, four_layouts, abi):
        check()
    for f in failures:
        print('prose-check: ' + f, file=sys.stderr)
    print('prose-check: %d of %d quotations hold' % (
        checked - len(failures), checked))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
