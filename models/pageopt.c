/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pageopt.c: Belady's OPT for the page model (vmsim.h): the phase's
 * accesses recorded as they happen, then at the phase's end each one's
 * next use found in one backward pass and the recording replayed with
 * the resident set as a max-heap keyed by next use (Belady 1966;
 * Mattson et al. 1970).  The set a replay ends with is the one the next
 * phase starts from.
 */
#include <err.h>
#include <inttypes.h>
#include <stdlib.h>

#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

#define RECORD_FIRST	((uint64_t)1 << 20)	/* entries; doubles as needed */
#define NEVER		UINT32_MAX		/* next use of a page: none */

void
vmsim_opt_record(struct vmsim *vm, uint32_t entry)
{
	if (vm->recorded == vm->record_cap) {
		uint64_t cap = vm->record_cap ? 2 * vm->record_cap :
		    RECORD_FIRST;
		uint32_t *grown;

		/*
		 * Positions are 32-bit at the replay, and a 32-bit ABI's
		 * size_t holds less than 2^32 of them; plan.c keeps below.
		 */
		if (cap > NEVER)
			cap = NEVER;
		if (cap > SIZE_MAX / (2 * sizeof(*grown)))
			cap = SIZE_MAX / (2 * sizeof(*grown));
		if (vm->recorded == cap)
			errx(EXIT_FAILURE, "opt: a phase of more than %" PRIu64
			    " recorded accesses", vm->recorded);
		grown = realloc(vm->record, (size_t)cap * sizeof(*grown));
		if (grown == NULL)
			err(EXIT_FAILURE, "opt: recording %" PRIu64
			    " accesses", cap);
		vm->record = grown;
		vm->record_cap = cap;
	}
	vm->record[vm->recorded++] = entry;
}

/*
 * The set is a max-heap on next use; a page's next use is its record's
 * `next` field and its place in the heap its `prev` field (VMSIM_NONE:
 * not resident), which OPT's pages use for nothing else.
 */
static void
set_place(struct vmsim *vm, uint32_t at, uint32_t id)
{
	vm->opt_set[at] = id;
	vm->pages[id].prev = at;
}

static uint32_t
next_use(const struct vmsim *vm, uint32_t at)
{
	return vm->pages[vm->opt_set[at]].next;
}

static void
sift_up(struct vmsim *vm, uint32_t at)
{
	uint32_t id = vm->opt_set[at], key = vm->pages[id].next;

	while (at > 0 && next_use(vm, (at - 1) / 2) < key) {
		set_place(vm, at, vm->opt_set[(at - 1) / 2]);
		at = (at - 1) / 2;
	}
	set_place(vm, at, id);
}

static void
sift_down(struct vmsim *vm, uint32_t at)
{
	uint32_t id = vm->opt_set[at], key = vm->pages[id].next;

	for (;;) {
		uint32_t child = 2 * at + 1;

		if (child >= vm->resident)
			break;
		if (child + 1 < vm->resident &&
		    next_use(vm, child + 1) > next_use(vm, child))
			child++;
		if (next_use(vm, child) <= key)
			break;
		set_place(vm, at, vm->opt_set[child]);
		at = child;
	}
	set_place(vm, at, id);
}

/* The replay: faults and their per-operation distribution. */
static void
opt_replay(struct vmsim *vm, const uint32_t *next)
{
	uint64_t i;

	for (i = 0; i < vm->recorded; i++) {
		uint32_t id = vm->record[i];
		struct vmsim_page *pg;

		if (id == VMSIM_NONE) {
			vmsim_hist_add(vm->fault_hist,
			    vm->faults - vm->op_faults);
			vm->op_faults = vm->faults;
			continue;
		}
		pg = &vm->pages[id];
		pg->next = next[i];
		if (pg->prev != VMSIM_NONE) {
			/* A hit: its next use moved later, toward the top. */
			sift_up(vm, pg->prev);
			continue;
		}
		vm->faults++;
		if (vm->resident == vm->budget) {
			uint32_t victim = vm->opt_set[0];

			vm->pages[victim].prev = VMSIM_NONE;
			if (vm->evict != NULL)
				vm->evict(vm->evict_context, victim);
			set_place(vm, 0, id);
			sift_down(vm, 0);
		} else {
			set_place(vm, vm->resident++, id);
			sift_up(vm, pg->prev);
		}
	}
}

int
vmsim_opt_replay(struct vmsim *vm)
{
	uint32_t total = vm->heap_pages + vm->item_pages, *next, id;
	uint64_t i;

	/* vmsim_opt_record() kept recorded + 1 of these within size_t. */
	next = malloc(((size_t)vm->recorded + 1) * sizeof(*next));
	if (next == NULL)
		return -1;
	/* Backwards: each access's next use, and each page's first. */
	for (id = 0; id < total; id++)
		vm->pages[id].next = NEVER;
	for (i = vm->recorded; i-- > 0;) {
		id = vm->record[i];
		if (id == VMSIM_NONE)
			continue;
		next[i] = vm->pages[id].next;
		vm->pages[id].next = (uint32_t)i;
	}
	/* The carried-over set, keyed by first use in this phase. */
	for (i = vm->resident / 2 + 1; i-- > 0;)
		if (i < vm->resident)
			sift_down(vm, (uint32_t)i);
	opt_replay(vm, next);
	free(next);
	vm->recorded = 0;
	return 0;
}
