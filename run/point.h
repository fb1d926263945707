/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * point.h: one point's options checked against each other, for plan.c,
 * and the one form of every check's refusal.
 */
#ifndef POINT_H
#define POINT_H

#include <stdbool.h>
#include <stdint.h>

#include "config.h"
#include "request.h"

/* Every check returns this: -1 with the reason written to why. */
int	plan_refuse(char *why, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * Completes one point (its --ops default) and checks it: page size,
 * item size, memory, budget, caches, trace, page model and policy.
 * Returns 0, or -1 with the reason in why.
 */
int	point_finish(struct config *, const struct plan_request *, char *why);
/* Sets the budget from a page count or, with `bytes`, a size. */
int	point_set_resident(struct config *, uint64_t value, bool bytes,
	    const char *option, const char *text, char *why);
/* What the point's --policy needs (opt: memory for its recording). */
int	point_check_policy(const struct config *, bool force, char *why);

#endif
