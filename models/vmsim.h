/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * vmsim.h: the VM page model.
 *
 * The model sees every access the heaps make, as a page id, and keeps a
 * resident set of at most `budget` pages.  An access to a page outside
 * the set is a fault; if the set is full, the replacement policy picks
 * the page to evict (REFERENCE.md, "Replacement policies"):
 *
 *   lru    the least recently used page (the default);
 *   fifo   the page loaded longest ago;
 *   clock  second chance: one reference bit per resident page, set on
 *          every access; the hand passes pages whose bit is set,
 *          clearing it, and evicts the first whose bit is clear;
 *   opt    Belady's MIN: the page whose next use is farthest ahead, or
 *          that is never used again.  It needs the future, so a phase's
 *          accesses are recorded as they happen and replayed at
 *          vmsim_phase_end(); until then the counts hold no faults.
 *
 * lru, fifo and clock cost O(1) per access whatever the budget (lru:
 * amortized); opt
 * costs 8 bytes per recorded access and O(log budget) per replayed one.
 *
 * Page ids are pages.h's: the heap array's pages, then the item arena's.
 * One resident set serves both, as one process's memory would.
 *
 * Counters cover one phase: vmsim_phase() starts a new one.  Within a
 * phase, vmsim_op_end() closes one operation, whose faults and distinct
 * pages go into the phase's distributions.  With a trace
 * file, vmsim_phase() writes the resident set the phase starts with; the
 * accesses are written by the trace's taker (taps.h).
 */
#ifndef VMSIM_H
#define VMSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define VMSIM_NONE UINT32_MAX

/*
 * Per page: 16 bytes, fifo's and clock's links (lru: prev says resident,
 * and up to VMSIM_FRAMES resident pages is the page's frame, else next is
 * the last use's position) and the phase and operation last seen.
 */
struct vmsim_page {
	uint32_t	prev;		/* VMSIM_NONE: not resident */
	uint32_t	next;
	uint32_t	phase;
	uint32_t	op;
};

/*
 * LRU keeps up to this many resident pages in frames, not a list of uses:
 * a 16-bit key a frame, its number in the low 4 bits, so that the keys
 * fill one 256-bit vector (pagesmall.c).
 */
#define VMSIM_FRAMES	16u

enum policy { POLICY_LRU, POLICY_CLOCK, POLICY_FIFO, POLICY_OPT,
    POLICY_COUNT };

/*
 * The most accesses OPT records per heap operation, for a heap `levels`
 * levels deep whose nodes have `children` children: per level, the
 * parent's slot, every child's slot and key, and the moved item's slot
 * and back-index; 8 more for the operation's root, last slot and item;
 * and an end-of-operation mark.  plan.c refuses an opt
 * run whose recording this bound puts beyond memory.
 */
#define VMSIM_OPT_ACCESSES_PER_OP(levels, children) \
	((uint64_t)(levels) * (2 * (uint64_t)(children) + 4) + 8 + 1)
/* Bytes per recorded access: the page id, and at replay its next use. */
#define VMSIM_OPT_BYTES_PER_ACCESS 8

/* Per-operation counts: exact up to VMSIM_HIST_MAX, clamped above. */
#define VMSIM_HIST_MAX 4095

struct vmsim_hist {
	uint64_t	count[VMSIM_HIST_MAX + 1];
	uint64_t	max;
};

/*
 * The struct is public only so that vmsim_access() can be inlined into
 * the heaps' inner loops; its fields are vmsim.c's business.
 */
struct vmsim {
	struct vmsim_page *pages;	/* heap_pages + item_pages + 1 sentinel */
	uint32_t	heap_pages;
	uint32_t	item_pages;
	uint32_t	budget;
	uint32_t	resident;
	uint32_t	mru;		/* last page accessed, or VMSIM_NONE */
	uint32_t	phase;
	uint64_t	accesses;
	uint64_t	faults;
	uint64_t	distinct;	/* pages touched at least once this phase */
	uint32_t	op;		/* operation number, for page stamps */
	uint64_t	op_faults;	/* faults when this operation began */
	uint64_t	op_pages;	/* distinct pages of this operation */
	struct vmsim_hist *fault_hist;	/* faults per operation */
	struct vmsim_hist *page_hist;	/* distinct pages per operation */
	enum policy	 policy;
	uint8_t		*referenced;	/* clock: a bit per page, as a byte */
	/*
	 * lru, up to VMSIM_FRAMES resident pages (pagesmall.c): the frames,
	 * the last tick, each frame's key and page's record.
	 */
	uint32_t	 frames;	/* 0: a list of uses */
	uint32_t	 tick;
	uint16_t	 key[VMSIM_FRAMES];
	struct vmsim_page *frame[VMSIM_FRAMES];
	bool		 vectors;	/* batches' victims found with SSE4.1 */
	/* lru, else: the pages of uses head .. tail - 1 (pagelru.c). */
	uint32_t	*uses;
	uint32_t	 uses_size;
	uint32_t	 head;
	uint32_t	 tail;
	/* opt: the phase's page ids, VMSIM_NONE closing each operation. */
	uint32_t	*record;
	uint64_t	 recorded;
	uint64_t	 record_cap;
	uint32_t	 last_recorded;	/* a repeat of it always hits */
	uint32_t	*opt_set;	/* opt: the resident set, a max-heap */
	/* Told of every eviction, so that the real page can go too. */
	void		(*evict)(void *context, uint32_t page);
	void		*evict_context;
};

struct vmsim_dist {
	uint64_t	min;
	uint64_t	median;
	uint64_t	p99;
	uint64_t	max;
};

struct vmsim_counts {
	uint64_t	accesses;
	uint64_t	faults;
	uint64_t	distinct;
	struct vmsim_dist faults_per_op;
	struct vmsim_dist pages_per_op;
};

/* Bytes of bookkeeping a model with this policy and budget keeps. */
uint64_t	 vmsim_bytes(uint64_t pages, uint64_t budget, enum policy);
/* Returns NULL with errno set if the bookkeeping cannot be allocated. */
struct vmsim	*vmsim_create(uint32_t heap_pages, uint32_t item_pages,
		    uint32_t budget);
/* Before the first access; LRU unless called.  -1 with errno if no memory. */
int		 vmsim_set_policy(struct vmsim *, enum policy);
void		 vmsim_destroy(struct vmsim *);
/*
 * With a trace, the resident set at the phase's start is written first:
 * for lru least recently used first, for fifo oldest first, so that
 * replaying the lines through that policy rebuilds the set; for opt in
 * no particular order (OPT's choices depend on the future only).
 */
void		 vmsim_phase(struct vmsim *, FILE *trace);
/*
 * Ends a phase before vmsim_counts(): opt replays its recording here, and
 * leaves the resident set its replay ends with for the next phase.
 * Returns -1 with errno set if the replay's memory cannot be had.
 */
int		 vmsim_phase_end(struct vmsim *);
void		 vmsim_op_end(struct vmsim *);
struct vmsim_counts vmsim_counts(const struct vmsim *);
void		 vmsim_access_slow(struct vmsim *, uint32_t page);
/*
 * OPT's recording and its replay at the phase's end (pageopt.c), for
 * vmsim.c: an entry is a page id, or VMSIM_NONE closing an operation.
 */
void		 vmsim_opt_record(struct vmsim *, uint32_t entry);
int		 vmsim_opt_replay(struct vmsim *);
/*
 * LRU's list of uses (pagelru.c), for vmsim.c: its entries for
 * `resident` pages; made at creation (-1 with errno if no memory); one
 * access past the most-recent shortcut, its stamps aside; vmsim_take()'s
 * loop; the
 * resident set, least recent first.
 */
uint64_t	 vmsim_lru_uses(uint64_t resident);
int		 vmsim_lru_create(struct vmsim *);
void		 vmsim_lru_access(struct vmsim *, uint32_t page);
void		 vmsim_lru_take(struct vmsim *, const uint64_t *address,
		    size_t n, unsigned shift);
void		 vmsim_lru_trace(const struct vmsim *, FILE *trace);
/*
 * LRU in frames (pagesmall.c), for pagelru.c: a model of up to
 * VMSIM_FRAMES resident pages made empty, with the host's vectors; then
 * as vmsim_lru_access(), vmsim_lru_take() and vmsim_lru_trace().
 */
void		 vmsim_small_init(struct vmsim *, uint32_t frames);
void		 vmsim_small_access(struct vmsim *, uint32_t page);
void		 vmsim_small_take(struct vmsim *, const uint64_t *address,
		    size_t n, unsigned shift);
void		 vmsim_small_trace(const struct vmsim *, FILE *trace);
/*
 * LRU's victims in frames found in C from now on, not with the host's
 * vectors (a test's: both must count alike).
 */
void		 vmsim_small_portable(struct vmsim *);
/*
 * vmsim_access() of the page of each of the n addresses (page =
 * address >> shift), with no operation's end among them: one loop,
 * the policy chosen once.
 */
void		 vmsim_take(struct vmsim *, const uint64_t *address, size_t n,
		    unsigned shift);
void		 vmsim_on_evict(struct vmsim *,
		    void (*evict)(void *context, uint32_t page), void *context);
/* One operation's count into a histogram; its min, median, p99 and max. */
void		 vmsim_hist_add(struct vmsim_hist *, uint64_t value);

struct vmsim_dist vmsim_hist_dist(const struct vmsim_hist *);

/*
 * A page's stamps: its first access in an operation counts it for the
 * operation, and for the phase if first there too (each phase starts an
 * operation, so a page seen in this one was seen in this phase).
 */
static inline void
vmsim_stamp(struct vmsim_page *pg, uint32_t phase, uint32_t op,
    uint64_t *distinct, uint64_t *op_pages)
{
	if (pg->op != op) {
		pg->op = op;
		++*op_pages;
		if (pg->phase != phase) {
			pg->phase = phase;
			++*distinct;
		}
	}
}

/* Largest number of pages the model can track (ids are 32-bit). */
#define VMSIM_MAX_PAGES (UINT32_MAX - 1)

static inline void
vmsim_access(struct vmsim *vm, uint32_t page)
{
	vm->accesses++;
	/*
	 * The most recent page stays at the head of LRU's list, keeps its
	 * clock bit set, and is already resident for fifo and already
	 * recorded for opt: nothing to do.
	 */
	if (page == vm->mru)
		return;
	vmsim_access_slow(vm, page);
}

#endif
