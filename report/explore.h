/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explore.h: the data of "bheapsim explain --html", a page that plays a
 * small run of each layout access by access.
 *
 * Every number the page shows comes from one run of each layout through
 * workload.h, as the main command runs it, under a fully associative L1
 * of EXPLORE_L1_LINES lines, a fully associative TLB of
 * EXPLORE_TLB_ENTRIES pages and an LRU resident set, with the recorder
 * model (recording.h) noting each access: what it missed and evicted,
 * its page stack distance (from which the page replays any budget) and
 * where each operation ended.  The recorder's totals must equal those
 * of the caches' and page models that counted the same run, or nothing
 * is written.
 */
#ifndef EXPLORE_H
#define EXPLORE_H

#include <stdint.h>
#include <stdio.h>

#include "config.h"

/* Parameters -------------------------------------------------------- */

#define EXPLORE_MAX_ITEMS	4096u	/* a few thousand: still drawable */
#define EXPLORE_MAX_OPS		256u	/* each one a step to play */
#define EXPLORE_DEFAULT_OPS	32u
#define EXPLORE_L1_LINES	16u
#define EXPLORE_TLB_ENTRIES	4u

struct explore_request {
	unsigned	layouts;	/* bit i: layouts[i] */
	unsigned	items;
	unsigned	ops;
	enum workload	workload;	/* replace, reorder or mix */
	unsigned	entries;	/* per page */
	unsigned	line_entries;	/* per L1 line */
	unsigned	arity;
	unsigned	resident;	/* pages, at most those tracked */
	uint64_t	seed;
};

/*
 * The most pages the request's layouts' heap arrays take (veb reserves
 * a whole tree): --resident's bound; and the default budget, half the
 * pages of the smallest (at least 1), under which every layout faults.
 */
unsigned	explore_pages(const struct explore_request *);
unsigned	explore_default_resident(const struct explore_request *);

/*
 * The command line of the main command whose CSV the page's totals
 * equal, for `layouts` (bits of layouts[]); "--resident all" instead of
 * the budget if `all`.
 */
void		explore_command(char *buf, size_t size,
		    const struct explore_request *, bool all);

/*
 * Writes the whole page to `out`.  Returns 0, or an exit status after a
 * line on stderr: 1 when memory fails or the recorder disagrees with
 * the run's models (a bug).
 */
int		explore_write(FILE *out, const struct explore_request *);

/*
 * The page around the data (explore_page.c): everything before the
 * JSON object, then everything after it.
 */
void		explore_page_head(FILE *out);
void		explore_page_tail(FILE *out);

#endif
