/*
 * layout.h: where a heap keeps its nodes.
 *
 * A layout is a pair of index functions over a 1-based array: the parent
 * of a node, and the run of its children.  The heap operations
 * (heapgen.h) are the same for every layout; each layout file compiles
 * them over its own functions and lists the result here, which is how
 * heap.c runs them.
 *
 * Indices go in as 32-bit heap indices and children come out as 64-bit
 * values: a child of a valid node can lie far beyond 2^32 (the B-heap's
 * child pages grow by a factor of entries-per-page / 2 per page level),
 * and the caller compares it with the heap size instead of letting it wrap.
 * Varnish Cache had to fix exactly that wrap (its ticket 967).
 */
#ifndef LAYOUT_H
#define LAYOUT_H

#include <stdint.h>

/* A node's position in the heap array; 0 means "not in the heap". */
typedef uint32_t heap_index;

/* Largest heap any layout accepts: every index 1..n must fit heap_index. */
#define HEAP_MAX_ITEMS ((uint64_t)UINT32_MAX - 1)

/*
 * Page geometry in array entries: entries_per_page == 1 << page_shift.
 * arity is the d of the d-ary heap; the other layouts ignore it.
 */
struct shape {
	unsigned	page_shift;
	unsigned	arity;
};

/*
 * The d-ary heap's d.  By default a node's children fill one 64-byte
 * cache line, as LaMarca and Ladner sized theirs: an array entry is one
 * pointer (heap.h), so d is 8 on x86-64 and 16 on x32 and ia32.  d = 2 is
 * the binary heap.  The cap of 64 bounds the keys a sift-down reads per
 * level; at 64 a sibling group of 8-byte pointers already spans 8 cache
 * lines, so wider heaps buy fewer levels with ever more comparisons.
 */
#define DARY_LINE_BYTES		64
#define DARY_DEFAULT_ARITY	(DARY_LINE_BYTES / (unsigned)sizeof(void *))
#define DARY_MIN_ARITY		2u
#define DARY_MAX_ARITY		64u

/*
 * For index rules and the heap code built on them (heapgen.h): GCC and
 * clang inline these even where their heuristics would not, since a call
 * per level is the cost heapgen.h exists to remove.
 */
#define HEAP_INLINE	static inline __attribute__((always_inline))

struct heap;
struct item;

/* Heap operations over one layout's rules, as heap.h describes them. */
struct heap_ops {
	void	(*insert)(struct heap *, struct item *, uint64_t key);
	void	(*delete)(struct heap *, struct item *);
	void	(*rekey)(struct heap *, struct item *, uint64_t key);
};

struct layout {
	const char	*name;
	/* Parent of u, for 2 <= u; always smaller than u. */
	heap_index	(*parent)(const struct shape *, heap_index u);
	/* Children of u are first .. first + *count - 1. */
	uint64_t	(*children)(const struct shape *, heap_index u,
			    unsigned *count);
	/* [0] runs with no page model, [1] tells the model every access. */
	const struct heap_ops *ops;
};

extern const struct layout binheap_layout;
extern const struct layout bheap_layout;
extern const struct layout dary_layout;

#endif
