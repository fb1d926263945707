/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pagelru.c: LRU for the page model (vmsim.h) by last uses.  Each
 * access appends its page to a list of uses, and the page's record
 * keeps the use's position.  A use is current while its page's record
 * still holds its position; the current uses are the resident pages,
 * least recent first.  A hit is an append; a fault with the set full
 * evicts the page of the oldest current use, the stale ones before it
 * dropped on the way.  When the list fills, its current uses move down
 * to its start: it holds twice the resident pages at least, so a hit, a
 * fault and an eviction each cost O(1), amortized, whatever the budget,
 * and a hit relinks nothing.  Up to VMSIM_FRAMES resident pages, frames
 * serve instead (pagesmall.c).
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>

#include "pages.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

/*
 * Uses the list holds beyond twice the resident pages: with a small
 * budget the list fills once in thousands of accesses, not every few
 * dozen, and its moves down cost next to nothing (16 KiB).
 */
#define SPARE_USES	4096u

uint64_t
vmsim_lru_uses(uint64_t resident)
{
	return resident <= VMSIM_FRAMES ? 0 : 2 * resident + SPARE_USES;
}

int
vmsim_lru_create(struct vmsim *vm)
{
	uint64_t total = (uint64_t)vm->heap_pages + vm->item_pages;
	uint64_t resident = vm->budget < total ? vm->budget : total;
	uint64_t size = vmsim_lru_uses(resident);

	if (size == 0) {
		vmsim_small_init(vm, (uint32_t)resident);
		return 0;
	}
	/* Positions are 32-bit, as the page records keep them. */
	if (size > UINT32_MAX) {
		errno = ENOMEM;
		return -1;
	}
	vm->uses = calloc(size, sizeof(*vm->uses));
	vm->uses_size = (uint32_t)size;
	return vm->uses == NULL ? -1 : 0;
}

/*
 * The list while a batch runs, in locals; the faults it has seen, of
 * which the first `room` found a free page.
 */
struct lru {
	struct vmsim_page *pages;
	uint32_t	*uses;
	uint32_t	 size;
	uint32_t	 head;
	uint32_t	 tail;
	uint32_t	 room;
	uint64_t	 faults;
};

static inline struct lru
lru_of(const struct vmsim *vm)
{
	struct lru l = { vm->pages, vm->uses, vm->uses_size, vm->head,
	    vm->tail, vm->budget - vm->resident, 0 };

	return l;
}

static inline void
lru_keep(struct vmsim *vm, const struct lru *l)
{
	vm->head = l->head;
	vm->tail = l->tail;
	vm->resident = l->faults < l->room ? vm->resident +
	    (uint32_t)l->faults : vm->budget;
	vm->faults += l->faults;
}

/*
 * The current uses of head .. tail - 1 moved down to the list's start;
 * returns the new tail.
 */
static uint32_t
compact(struct vmsim_page *pages, uint32_t *uses, uint32_t head,
    uint32_t tail)
{
	uint32_t at, kept = 0;

	for (at = head; at != tail; at++) {
		uint32_t id = uses[at];

		if (pages[id].next == at) {
			uses[kept] = id;
			pages[id].next = kept++;
		}
	}
	return kept;
}

/* Room for a use at the list's end: its current uses moved down if full. */
static inline void
make_room(struct lru *l)
{
	if (l->tail == l->size) {
		l->tail = compact(l->pages, l->uses, l->head, l->tail);
		l->head = 0;
	}
}

/*
 * The page's access, its stamps aside, with room for its use: on a
 * fault with the set full the page of the oldest current use leaves;
 * then the page's use goes last.
 */
static inline void
step(struct vmsim *vm, struct lru *l, uint32_t id)
{
	struct vmsim_page *pg = &l->pages[id];

	if (pg->prev == VMSIM_NONE) {
		pg->prev = 0;
		if (l->faults++ >= l->room) {
			uint32_t victim;

			while (l->pages[victim = l->uses[l->head]].next !=
			    l->head)
				l->head++;
			l->head++;
			l->pages[victim].prev = VMSIM_NONE;
			if (vm->evict != NULL)
				vm->evict(vm->evict_context, victim);
		}
	}
	pg->next = l->tail;
	l->uses[l->tail++] = id;
}

void
vmsim_lru_access(struct vmsim *vm, uint32_t id)
{
	struct lru l;

	if (vm->frames != 0) {
		vmsim_small_access(vm, id);
		return;
	}
	l = lru_of(vm);
	make_room(&l);
	step(vm, &l, id);
	lru_keep(vm, &l);
}

/*
 * vmsim_lru_take() by the list, out of line: the frames' batches skip
 * its prologue.  A repeat of the page just accessed needs no shortcut:
 * its stamps are set, and its use goes last again.  The batch runs in
 * chunks that the list has room for.
 */
static __attribute__((noinline)) void
take_uses(struct vmsim *vm, const uint64_t *address, size_t n,
    unsigned shift)
{
	struct lru l = lru_of(vm);
	uint32_t phase = vm->phase, op = vm->op, id = vm->mru;
	uint32_t total = vm->heap_pages + vm->item_pages;
	uint64_t distinct = 0, op_pages = 0;
	const uint64_t *end = address + n;

	(void)total;
	while (address != end) {
		const uint64_t *stop;

		make_room(&l);
		stop = (size_t)(end - address) < l.size - l.tail ? end :
		    address + (l.size - l.tail);
		for (; address != stop; address++) {
			id = (uint32_t)(*address >> shift);
			assert(id < total);
			vmsim_stamp(&l.pages[id], phase, op, &distinct,
			    &op_pages);
			step(vm, &l, id);
		}
	}
	lru_keep(vm, &l);
	vm->mru = id;
	vm->distinct += distinct;
	vm->op_pages += op_pages;
}

void
vmsim_lru_take(struct vmsim *vm, const uint64_t *address, size_t n,
    unsigned shift)
{
	if (vm->frames != 0)
		vmsim_small_take(vm, address, n, shift);
	else
		take_uses(vm, address, n, shift);
}

void
vmsim_lru_trace(const struct vmsim *vm, FILE *trace)
{
	uint32_t at;

	if (vm->frames != 0) {
		vmsim_small_trace(vm, trace);
		return;
	}
	for (at = vm->head; at != vm->tail; at++)
		if (vm->pages[vm->uses[at]].next == at)
			pages_trace(trace, vm->heap_pages, "resident ",
			    vm->uses[at]);
}
