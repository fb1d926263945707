/*
 * bheap.c: Kamp's B-heap layout, "algorithm 3" of "You're Doing It Wrong"
 * (ACM Queue, 2010), the variant Varnish Cache ships: it uses every slot.
 *
 * The array is cut into pages of P = 2^page_shift entries, H = P / 2.
 * Page 0 is an ordinary binary heap of indices 1 .. P-1.  Every other page
 * holds two small subtrees whose roots sit at offsets 0 and 1; each root
 * has a single child at offset 2 or 3, and from there the subtree widens
 * as usual inside the page.  The bottom row of a page (offsets H .. P-1)
 * hands each of its slots a whole child page.  Pages therefore form an
 * H-ary tree numbered breadth first, and a root-to-leaf path crosses one
 * page per log2(H) levels instead of one per level.
 *
 * With g = u / P and o = u % P:
 *   children:  g > 0, o < 2:   u + 2 (one child: the tree does not widen
 *                              for one level on entering a page)
 *              o >= H:         page c = g*H + (o - H) + 1, at c*P, c*P + 1
 *              otherwise:      g*P + 2o, g*P + 2o + 1
 *   parent:    g == 0, o >= 4: g*P + o/2
 *              o == 2, 3:      u - 2
 *              g > 0, o < 2:   (q, r) = divmod(g - 1, H); q*P + H + r
 */
#include "layout.h"

static heap_index
bheap_parent(const struct shape *shape, heap_index u)
{
	heap_index page = u >> shape->page_shift;
	heap_index offset = u & ((1u << shape->page_shift) - 1);
	heap_index half_shift = shape->page_shift - 1;

	if (page == 0 || offset >= 4)
		return (page << shape->page_shift) | (offset >> 1);
	if (offset >= 2)
		return u - 2;
	/* A page root: its parent is the bottom-row slot that owns the page. */
	page -= 1;
	return ((page >> half_shift) << shape->page_shift) +
	    (1u << half_shift) + (page & ((1u << half_shift) - 1));
}

static uint64_t
bheap_children(const struct shape *shape, heap_index u, unsigned *count)
{
	uint64_t page = u >> shape->page_shift;
	uint64_t offset = u & ((1u << shape->page_shift) - 1);
	uint64_t half = 1u << (shape->page_shift - 1);

	if (page > 0 && offset < 2) {
		*count = 1;
		return (uint64_t)u + 2;
	}
	*count = 2;
	if (offset >= half) {
		/* 64-bit on purpose: child pages outgrow 2^32 long before u does. */
		uint64_t child_page = page * half + (offset - half) + 1;
		return child_page << shape->page_shift;
	}
	return (page << shape->page_shift) + 2 * offset;
}

const struct layout bheap_layout = {
	.name = "bheap",
	.parent = bheap_parent,
	.children = bheap_children,
};
