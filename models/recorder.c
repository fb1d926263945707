/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * recorder.c: the model that records a run for explain --html
 * (recording.h).  It keeps a fully associative LRU L1 and TLB and the
 * LRU stack of pages as lists searched from the top, simple enough to
 * be read as the definition of what they model, and notes what each
 * access found in them.  The run's other models count the same run with
 * their own code; explain --html writes nothing unless the totals agree.
 *
 * Each access costs a search of a list as long as the pages touched: a
 * recorder is for the few thousand items a page can draw, not for
 * measuring.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "stream.h"
#include "xalloc.h"

/* A fully associative LRU cache, most recent block first. */
struct lru {
	uint64_t	block[RECORD_MAX_BLOCKS];
	unsigned	n;
	unsigned	capacity;
	unsigned	shift;		/* block = address >> shift */
};

struct recorder {
	struct recording *out;
	struct page_map	 pages;
	bool		 items_counted;
	uint32_t	 budget;	/* resident pages, LRU */
	struct lru	 l1;
	struct lru	 tlb;
	uint32_t	*stack;		/* pages, most recent first */
	uint32_t	 depth;		/* pages on the stack */
	uint32_t	 npages;	/* the most it can hold */
};

/* Lists -------------------------------------------------------------- */

static void
push(struct record_list *l, uint64_t value)
{
	if (l->n == l->cap) {
		l->cap = l->cap != 0 ? 2 * l->cap : 64;
		l->v = xreallocarray(l->v, l->cap, sizeof(*l->v));
	}
	l->v[l->n++] = value;
}

static void
push_access(struct recording *r, struct recorded_access a)
{
	if (r->naccesses == r->cap) {
		r->cap = r->cap != 0 ? 2 * r->cap : 1024;
		r->access = xreallocarray(r->access, r->cap, sizeof(*r->access));
	}
	r->access[r->naccesses++] = a;
}

void
recording_free(struct recording *r)
{
	struct record_list *lists[] = { &r->page_out, &r->line_out,
	    &r->tlb_out, &r->op_end, &r->stack, &r->l1, &r->tlb };
	size_t i;

	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		free(lists[i]->v);
	free(r->access);
	memset(r, 0, sizeof(*r));
}

/* The models ---------------------------------------------------------- */

/*
 * Whether `address` hits; a miss brings its block to the top and sets
 * *evicted to the block pushed off the bottom, or RECORD_NOTHING.
 */
static bool
lru_touch(struct lru *c, uint64_t address, uint64_t *evicted)
{
	uint64_t block = address >> c->shift;
	unsigned i;

	for (i = 0; i < c->n && c->block[i] != block; i++)
		continue;
	if (i < c->n) {
		memmove(&c->block[1], &c->block[0], i * sizeof(c->block[0]));
		c->block[0] = block;
		return true;
	}
	*evicted = RECORD_NOTHING;
	if (c->n == c->capacity)
		*evicted = c->block[--c->n];
	memmove(&c->block[1], &c->block[0], c->n * sizeof(c->block[0]));
	c->block[0] = block;
	c->n++;
	return false;
}

/*
 * The page's stack distance (1: the most recent page; 0: never
 * touched), the page moved to the top.  A fault under LRU is a distance
 * past the budget; it evicts the page at the budget's depth, if the
 * resident set was full.
 */
static uint32_t
stack_touch(struct recorder *m, uint32_t page, uint64_t *evicted)
{
	uint32_t i, distance;

	for (i = 0; i < m->depth && m->stack[i] != page; i++)
		continue;
	distance = i < m->depth ? i + 1 : 0;
	*evicted = m->depth >= m->budget ? m->stack[m->budget - 1] :
	    RECORD_NOTHING;
	if (distance == 0) {
		assert(m->depth < m->npages);
		m->depth++;
	}
	memmove(&m->stack[1], &m->stack[0], i * sizeof(m->stack[0]));
	m->stack[0] = page;
	return distance;
}

static void
note_access(struct recorder *m, uint64_t address, bool write)
{
	struct recording *r = m->out;
	uint32_t page = page_of_address(&m->pages, address);
	struct recorded_access a = { address, 0, 0, write };
	uint64_t out;

	if (!lru_touch(&m->l1, address, &out)) {
		a.outcome |= RECORD_MISS_L1;
		push(&r->line_out, out);
		r->l1_misses++;
	}
	if (!lru_touch(&m->tlb, address, &out)) {
		a.outcome |= RECORD_MISS_TLB;
		push(&r->tlb_out, out);
		r->tlb_misses++;
	}
	a.distance = stack_touch(m, page, &out);
	if (a.distance == 0 || a.distance > m->budget) {
		a.outcome |= RECORD_MISS_PAGE;
		push(&r->page_out, out);
		r->faults++;
	}
	push_access(r, a);
}

/* The model's operations ----------------------------------------------- */

static bool
wanted(const struct model_setup *setup)
{
	return setup->recording != NULL;
}

/* The stack, and per access of a phase its record and an eviction each. */
static uint64_t
bytes(const struct model_setup *setup)
{
	return sizeof(struct recorder) + (uint64_t)(setup->array_pages +
	    setup->item_pages) * sizeof(uint32_t) + setup->accesses *
	    (sizeof(struct recorded_access) + 3 * sizeof(uint64_t));
}

/* A fully associative level of at most RECORD_MAX_BLOCKS blocks. */
static bool
lru_init(struct lru *c, const struct cache_geometry *g)
{
	if (g->blocks == 0 || g->blocks > RECORD_MAX_BLOCKS ||
	    g->ways != g->blocks || g->line_bytes == 0 ||
	    (g->line_bytes & (g->line_bytes - 1)) != 0)
		return false;
	c->n = 0;
	c->capacity = (unsigned)g->blocks;
	for (c->shift = 0; (1u << c->shift) < g->line_bytes; c->shift++)
		continue;
	return true;
}

/*
 * What explain --html plays: an LRU resident set and a fully associative
 * L1 and TLB.  Anything else is refused with EINVAL.
 */
static void *
create(const struct model_setup *setup)
{
	struct recorder *m = calloc(1, sizeof(*m));
	uint32_t pages = setup->array_pages + setup->item_pages;

	if (m == NULL)
		return NULL;
	m->stack = calloc(pages != 0 ? pages : 1, sizeof(*m->stack));
	if (m->stack == NULL) {
		free(m);
		return NULL;
	}
	if (!setup->paged || setup->curve || setup->policy != POLICY_LRU ||
	    setup->budget == 0 ||
	    !lru_init(&m->l1, &setup->cache.level[HIER_L1]) ||
	    !lru_init(&m->tlb, &setup->cache.level[HIER_TLB1])) {
		free(m->stack);
		free(m);
		errno = EINVAL;
		return NULL;
	}
	m->out = setup->recording;
	m->pages = setup->pages;
	m->items_counted = setup->items_counted;
	m->budget = setup->budget;
	m->npages = pages;
	return m;
}

static void
take(void *model, const uint64_t *record, size_t n)
{
	struct recorder *m = model;
	size_t i;

	for (i = 0; i < n; i++)
		if (stream_kind_of(record[i]) == STREAM_OP_END)
			push(&m->out->op_end, m->out->naccesses);
		else if (stream_is_counted(record[i], m->items_counted))
			note_access(m, stream_address_of(record[i]),
			    stream_kind_of(record[i]) == STREAM_WRITE);
}

/* The phase begins: what was recorded goes, the state it starts in stays. */
static int
phase(void *model, FILE *trace)
{
	struct recorder *m = model;
	struct recording *r = m->out;
	unsigned i;

	(void)trace;
	recording_free(r);
	for (i = m->depth; i > 0; i--)
		push(&r->stack, m->stack[i - 1]);
	for (i = m->l1.n; i > 0; i--)
		push(&r->l1, m->l1.block[i - 1]);
	for (i = m->tlb.n; i > 0; i--)
		push(&r->tlb, m->tlb.block[i - 1]);
	return 0;
}

/* The recording is the caller's: nothing goes into the row. */
static void
publish(const void *model, uint32_t budget, struct model_results *results)
{
	(void)model;
	(void)budget;
	(void)results;
}

static void
destroy(void *model)
{
	struct recorder *m = model;

	if (m == NULL)
		return;
	free(m->stack);
	free(m);
}

const struct model_ops recorder_model = {
	.name = "recorder",
	.wanted = wanted,
	.bytes = bytes,
	.create = create,
	.take = take,
	.phase = phase,
	.phase_end = model_phase_end_nothing,
	.publish = publish,
	.destroy = destroy,
};
