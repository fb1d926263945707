/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * binary.h: a binary tree's rules over breadth-first positions, root at
 * 1, u's children at 2u and 2u + 1, for the layouts built on them:
 * binheap.c stores position u in slot u, veb.c in van Emde Boas order.
 * Include after touch.h.
 */
#ifndef BINARY_H
#define BINARY_H

HEAP_INLINE heap_index
binary_parent(const struct shape *shape, heap_index u)
{
	(void)shape;
	return u / 2;
}

HEAP_INLINE uint64_t
binary_children(const struct shape *shape, heap_index u, unsigned *count)
{
	(void)shape;
	*count = 2;
	return (uint64_t)u * 2;
}

/* A path passes every level: ceil(log2(n + 1)) of them. */
static inline unsigned
binary_levels(const struct shape *shape, uint64_t items)
{
	(void)shape;
	return heap_tree_height(items);
}

static inline unsigned
binary_fanout(const struct shape *shape)
{
	(void)shape;
	return 2;
}

#endif
