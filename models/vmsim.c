/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * vmsim.c: a model of a process's resident pages under LRU, FIFO, CLOCK
 * or Belady's OPT replacement (REFERENCE.md, "Replacement policies").
 *
 * lru keeps a list of uses and each page's last (pagelru.c).  For fifo
 * and clock the resident set is a circular doubly linked list threaded
 * through the per-page records, with one sentinel record past the last
 * page: new pages enter at the head, victims leave from the tail.  FIFO
 * never moves a page; CLOCK sets its reference bit, and on a fault moves
 * tail pages whose bit is set to the head, clearing it, until the tail's
 * bit is clear: the tail is the clock's hand and the head the slot just
 * behind it, so this is the second-chance clock exactly.  Fault and
 * eviction each relink a constant number of records (CLOCK's hand:
 * amortized), so an access costs the same whether the budget is 16 pages
 * or 65,536.
 *
 * opt records the phase's accesses, a page id each (a repeat of the
 * access just recorded is left out: it hits under any policy), with
 * VMSIM_NONE after every operation.  vmsim_phase_end() finds each
 * access's next use in one backward pass, then replays the recording
 * with the resident set as a max-heap keyed by next use (Belady 1966;
 * Mattson et al. 1970).  The set a phase's replay ends with is the one
 * the next phase starts from, as LRU's uses carry over (pageopt.c).
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pages.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */


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
vmsim_bytes(uint64_t pages, uint64_t budget, enum policy policy)
{
	/*
	 * One record per page and the sentinel; the fixed 64 KiB aside, and
	 * opt's recording, which grows with the phase (plan.c bounds it).
	 */
	uint64_t bytes = (pages + 1) * sizeof(struct vmsim_page);

	if (policy == POLICY_CLOCK)
		bytes += pages;
	if (policy == POLICY_LRU)
		bytes += vmsim_lru_uses(budget < pages ? budget : pages) *
		    sizeof(uint32_t);
	return bytes;
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
	if (vmsim_lru_create(vm) != 0) {
		vmsim_destroy(vm);
		return NULL;
	}
	return vm;
}

int
vmsim_set_policy(struct vmsim *vm, enum policy policy)
{
	uint32_t total = vm->heap_pages + vm->item_pages;

	assert(vm->resident == 0 && policy < POLICY_COUNT);
	vm->policy = policy;
	if (policy != POLICY_LRU) {
		free(vm->uses);
		vm->uses = NULL;
	}
	if (policy == POLICY_CLOCK)
		vm->referenced = calloc(total, 1);
	if (policy == POLICY_OPT)
		vm->opt_set = calloc(vm->budget, sizeof(*vm->opt_set));
	if ((policy == POLICY_CLOCK && vm->referenced == NULL) ||
	    (policy == POLICY_OPT && vm->opt_set == NULL))
		return -1;
	return 0;
}

void
vmsim_destroy(struct vmsim *vm)
{
	if (vm == NULL)
		return;
	free(vm->referenced);
	free(vm->uses);
	free(vm->record);
	free(vm->opt_set);
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

/* A new operation: its first access must stamp its page, even the MRU. */
static void
next_op(struct vmsim *vm)
{
	uint32_t id, total = vm->heap_pages + vm->item_pages;

	vm->mru = VMSIM_NONE;
	if (++vm->op != 0)
		return;
	/* After 2^32 operations old stamps would look new: clear them. */
	for (id = 0; id < total; id++)
		vm->pages[id].op = 0;
	vm->op = 1;
}

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
	next_op(vm);
	vm->recorded = 0;
	vm->last_recorded = VMSIM_NONE;
	if (trace == NULL)
		return;
	if (vm->policy == POLICY_LRU) {
		vmsim_lru_trace(vm, trace);
		return;
	}
	if (vm->policy == POLICY_OPT) {
		for (id = 0; id < vm->resident; id++)
			pages_trace(trace, vm->heap_pages, "resident ",
			    vm->opt_set[id]);
		return;
	}
	/* Tail first: replaying these in order rebuilds the list. */
	for (id = vm->pages[sentinel].prev; id != sentinel;
	    id = vm->pages[id].prev)
		pages_trace(trace, vm->heap_pages, "resident ", id);
}

int
vmsim_phase_end(struct vmsim *vm)
{
	return vm->policy == POLICY_OPT ? vmsim_opt_replay(vm) : 0;
}

void
vmsim_op_end(struct vmsim *vm)
{

	/* opt's faults are known at its replay, which adds them then. */
	if (vm->policy == POLICY_OPT)
		vmsim_opt_record(vm, VMSIM_NONE);
	else
		vmsim_hist_add(vm->fault_hist, vm->faults - vm->op_faults);
	vmsim_hist_add(vm->page_hist, vm->op_pages);
	vm->op_faults = vm->faults;
	vm->op_pages = 0;
	next_op(vm);
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

/* A page not resident comes in, evicting by the policy if full. */
static void
fault(struct vmsim *vm, uint32_t id)
{
	uint32_t sentinel = vm->heap_pages + vm->item_pages;

	vm->faults++;
	if (vm->resident == vm->budget) {
		uint32_t victim = vm->pages[sentinel].prev;

		/* CLOCK's hand: a set bit buys one more trip round. */
		while (vm->policy == POLICY_CLOCK && vm->referenced[victim]) {
			vm->referenced[victim] = 0;
			unlink_page(vm, victim);
			push_head(vm, victim);
			victim = vm->pages[sentinel].prev;
		}
		unlink_page(vm, victim);
		vm->pages[victim].prev = VMSIM_NONE;
		if (vm->evict != NULL)
			vm->evict(vm->evict_context, victim);
	} else {
		vm->resident++;
	}
	if (vm->policy == POLICY_CLOCK)
		vm->referenced[id] = 1;
	push_head(vm, id);
}

void
vmsim_access_slow(struct vmsim *vm, uint32_t id)
{
	struct vmsim_page *pg = &vm->pages[id];

	assert(id < vm->heap_pages + vm->item_pages);
	vmsim_stamp(pg, vm->phase, vm->op, &vm->distinct, &vm->op_pages);
	vm->mru = id;
	if (vm->policy == POLICY_OPT) {
		if (id != vm->last_recorded)
			vmsim_opt_record(vm, id);
		vm->last_recorded = id;
		return;
	}
	if (vm->policy == POLICY_LRU)
		vmsim_lru_access(vm, id);
	else if (pg->prev == VMSIM_NONE)
		fault(vm, id);
	else if (vm->policy == POLICY_CLOCK)
		vm->referenced[id] = 1;
}

void
vmsim_take(struct vmsim *vm, const uint64_t *address, size_t n,
    unsigned shift)
{
	size_t i;

	if (vm->policy == POLICY_LRU) {
		vm->accesses += n;
		vmsim_lru_take(vm, address, n, shift);
		return;
	}
	for (i = 0; i < n; i++)
		vmsim_access(vm, (uint32_t)(address[i] >> shift));
}
