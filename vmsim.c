/*
 * vmsim.c: an exact LRU model of a process's resident pages.
 *
 * The resident set is a circular doubly linked list threaded through the
 * per-page records, most recently used at the head, with one sentinel
 * record past the last page.  Hit, fault and eviction each relink a
 * constant number of records, so an access costs the same whether the
 * budget is 16 pages or 65,536.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pages.h"
#include "vmsim.h"

/* LRU list ---------------------------------------------------------- */

static void
unlink_page(struct vmsim *vm, uint32_t id)
{
	struct vmsim_page *pg = &vm->pages[id];

	vm->pages[pg->prev].next = pg->next;
	vm->pages[pg->next].prev = pg->prev;
}

static void
push_head(struct vmsim *vm, uint32_t id)
{
	uint32_t sentinel = vm->heap_pages + vm->item_pages;
	struct vmsim_page *head = &vm->pages[sentinel];
	struct vmsim_page *pg = &vm->pages[id];

	pg->prev = sentinel;
	pg->next = head->next;
	vm->pages[head->next].prev = id;
	head->next = id;
}

uint64_t
vmsim_bytes(uint64_t pages)
{
	/* One record per page and the sentinel; the fixed 64 KiB aside. */
	return (pages + 1) * sizeof(struct vmsim_page);
}

struct vmsim *
vmsim_create(uint32_t heap_pages, uint32_t item_pages, uint32_t budget)
{
	struct vmsim *vm;
	uint64_t total = (uint64_t)heap_pages + item_pages;
	uint32_t id;

	if (total > VMSIM_MAX_PAGES || budget == 0) {
		errno = EINVAL;
		return NULL;
	}
	vm = calloc(1, sizeof(*vm));
	if (vm == NULL)
		return NULL;
	vm->pages = calloc(total + 1, sizeof(*vm->pages));
	vm->fault_hist = calloc(1, sizeof(*vm->fault_hist));
	vm->page_hist = calloc(1, sizeof(*vm->page_hist));
	if (vm->pages == NULL || vm->fault_hist == NULL ||
	    vm->page_hist == NULL) {
		vmsim_destroy(vm);
		return NULL;
	}
	vm->heap_pages = heap_pages;
	vm->item_pages = item_pages;
	vm->budget = budget;
	vm->mru = VMSIM_NONE;
	vm->op = 1;
	for (id = 0; id < total; id++)
		vm->pages[id].prev = VMSIM_NONE;
	/* The empty list: the sentinel points at itself. */
	vm->pages[total].prev = (uint32_t)total;
	vm->pages[total].next = (uint32_t)total;
	return vm;
}

void
vmsim_destroy(struct vmsim *vm)
{
	if (vm == NULL)
		return;
	free(vm->pages);
	free(vm->fault_hist);
	free(vm->page_hist);
	free(vm);
}

void
vmsim_on_evict(struct vmsim *vm, void (*evict)(void *, uint32_t),
    void *context)
{
	vm->evict = evict;
	vm->evict_context = context;
}

/* Phases and traces -------------------------------------------------- */

void
vmsim_phase(struct vmsim *vm, FILE *trace)
{
	uint32_t sentinel = vm->heap_pages + vm->item_pages;
	uint32_t id;

	vm->phase++;
	vm->accesses = 0;
	vm->faults = 0;
	vm->distinct = 0;
	vm->op_faults = 0;
	vm->op_pages = 0;
	memset(vm->fault_hist, 0, sizeof(*vm->fault_hist));
	memset(vm->page_hist, 0, sizeof(*vm->page_hist));
	/* Forget the MRU shortcut so the first access stamps its page. */
	vm->mru = VMSIM_NONE;
	vm->trace = trace;
	if (trace == NULL)
		return;
	/* Least recently used first: replaying these in order rebuilds the list. */
	for (id = vm->pages[sentinel].prev; id != sentinel;
	    id = vm->pages[id].prev)
		pages_trace(trace, vm->heap_pages, "resident ", id);
}

void
vmsim_hist_add(struct vmsim_hist *hist, uint64_t value)
{
	hist->count[value < VMSIM_HIST_MAX ? value : VMSIM_HIST_MAX]++;
	if (value > hist->max)
		hist->max = value;
}

void
vmsim_op_end(struct vmsim *vm)
{
	uint32_t id, total = vm->heap_pages + vm->item_pages;

	vmsim_hist_add(vm->fault_hist, vm->faults - vm->op_faults);
	vmsim_hist_add(vm->page_hist, vm->op_pages);
	vm->op_faults = vm->faults;
	vm->op_pages = 0;
	/* The next operation's first access must stamp its page, even the MRU. */
	vm->mru = VMSIM_NONE;
	if (++vm->op != 0)
		return;
	/* After 2^32 operations old stamps would look new: clear them. */
	for (id = 0; id < total; id++)
		vm->pages[id].op = 0;
	vm->op = 1;
}

/* The value below which a share `permille` / 1000 of operations lie. */
static uint64_t
hist_rank(const struct vmsim_hist *hist, uint64_t n, unsigned permille)
{
	uint64_t rank = (n * permille + 999) / 1000, seen = 0;
	unsigned v;

	if (rank == 0)
		rank = 1;
	for (v = 0; v < VMSIM_HIST_MAX; v++) {
		seen += hist->count[v];
		if (seen >= rank)
			return v;
	}
	return hist->max;
}

struct vmsim_dist
vmsim_hist_dist(const struct vmsim_hist *hist)
{
	struct vmsim_dist dist = { 0, 0, 0, 0 };
	uint64_t n = 0;
	unsigned v;

	for (v = 0; v <= VMSIM_HIST_MAX; v++)
		n += hist->count[v];
	if (n == 0)
		return dist;
	dist.min = hist_rank(hist, n, 0);
	dist.median = hist_rank(hist, n, 500);
	dist.p99 = hist_rank(hist, n, 990);
	dist.max = hist->max;
	return dist;
}

struct vmsim_counts
vmsim_counts(const struct vmsim *vm)
{
	struct vmsim_counts counts = {
		.accesses = vm->accesses,
		.faults = vm->faults,
		.distinct = vm->distinct,
		.faults_per_op = vmsim_hist_dist(vm->fault_hist),
		.pages_per_op = vmsim_hist_dist(vm->page_hist),
	};

	return counts;
}

void
vmsim_access_slow(struct vmsim *vm, uint32_t id)
{
	struct vmsim_page *pg = &vm->pages[id];
	uint32_t sentinel = vm->heap_pages + vm->item_pages;

	assert(id < sentinel);
	if (vm->trace != NULL)
		pages_trace(vm->trace, vm->heap_pages, "", id);
	if (pg->phase != vm->phase) {
		pg->phase = vm->phase;
		vm->distinct++;
	}
	if (pg->op != vm->op) {
		pg->op = vm->op;
		vm->op_pages++;
	}
	if (pg->prev != VMSIM_NONE) {
		unlink_page(vm, id);
	} else {
		vm->faults++;
		if (vm->resident == vm->budget) {
			uint32_t victim = vm->pages[sentinel].prev;

			unlink_page(vm, victim);
			vm->pages[victim].prev = VMSIM_NONE;
			if (vm->evict != NULL)
				vm->evict(vm->evict_context, victim);
		} else {
			vm->resident++;
		}
	}
	push_head(vm, id);
	vm->mru = id;
}
