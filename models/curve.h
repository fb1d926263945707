/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * curve.h: the stack-distance models as the run sees them (model.h):
 * the LRU curve of every page budget at once, and beside it, with a
 * cache, the curve of fully associative caches of the first level's
 * lines, each as large as a page budget (stackdist.h does the work).
 */
#ifndef CURVE_H
#define CURVE_H

struct model_ops;
/* With setup->curve: every budget's faults, a pass of points in one. */
extern const struct model_ops curve_model;
/* With the curve and a line: line_misses at every budget. */
extern const struct model_ops line_curve_model;

#endif
