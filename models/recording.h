/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * recording.h: a run's last phase, access by access, as the recorder
 * model (recorder.c) keeps it for explain --html: each access's address,
 * whether it wrote, what it missed in a fully associative LRU L1 and TLB
 * and in the LRU resident set, what each miss evicted, the page's stack
 * distance, where each operation ended, and the state the phase began
 * in.  The caller owns the recording and hands it to the run
 * (model_setup's recording); the recorder fills it and the caller frees
 * it with recording_free().
 */
#ifndef RECORDING_H
#define RECORDING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Parameters -------------------------------------------------------- */

/* What an access missed: the bits of recorded_access's outcome. */
#define RECORD_MISS_L1		1u
#define RECORD_MISS_TLB		2u
#define RECORD_MISS_PAGE	4u

/* The most lines (or pages) the recorder's L1 (or TLB) holds. */
#define RECORD_MAX_BLOCKS	64u

/* Nothing evicted: the cache or the resident set had room. */
#define RECORD_NOTHING		UINT64_MAX

/* One access of the phase. */
struct recorded_access {
	uint64_t	address;	/* modeled (pages.h) */
	uint32_t	distance;	/* page stack distance; 0: first touch */
	uint8_t		outcome;	/* RECORD_MISS_* */
	bool		write;
};

/* A growing list of numbers. */
struct record_list {
	uint64_t	*v;
	size_t		 n;
	size_t		 cap;
};

struct recording {
	struct recorded_access *access;
	size_t		 naccesses;
	size_t		 cap;
	struct record_list page_out;	/* per page fault: the page evicted */
	struct record_list line_out;	/* per L1 miss: the line evicted */
	struct record_list tlb_out;	/* per TLB miss: the page evicted */
	struct record_list op_end;	/* accesses up to each op's end */
	/* The phase's start, least recent first: */
	struct record_list stack;	/* every page touched before */
	struct record_list l1;		/* lines the L1 held */
	struct record_list tlb;		/* pages the TLB held */
	uint64_t	 l1_misses, tlb_misses, faults;
};

void	recording_free(struct recording *);

#endif
