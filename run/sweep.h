/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * sweep.h: --sweep PARAM=LIST, one experiment per value.
 *
 * PARAM is resident, items, page-size or policy.  LIST is comma-separated terms;
 * a term is a value or a range A..B:xF (A, A*F, A*F^2, ... up to B) or
 * A..B:+S (A, A+S, ... up to B); B itself always ends a range.  Values
 * take the suffixes their option takes: --resident's pages or sizes,
 * --items' counts, --page-size's sizes; policies are names, as
 * --policy takes them, and have no ranges.
 */
#ifndef SWEEP_H
#define SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

#define SWEEP_MAX_POINTS 1000

struct sweep_spec {
	enum sweep	param;
	uint64_t	values[SWEEP_MAX_POINTS];
	size_t		count;
	bool		bytes;		/* resident values are sizes, not pages */
};

/*
 * Returns 0, or -1 with a one-line reason (naming the bad part) in
 * `why`.
 */
int	sweep_parse(const char *text, struct sweep_spec *, char *why,
	    size_t why_size);

#endif
