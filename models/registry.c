/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * registry.c: the models the run iterates (model.h), one line each, in
 * the order they write their starting state to a trace: the caches
 * first, whose contents lead a phase's trace.  They take the stream in
 * any order, each on its own (stream.h).
 */
#include "model.h"

#define MODELS(X) \
	X(hier_model) \
	X(vmsim_model) \
	X(curve_model) \
	X(line_curve_model) \
	X(timemodel_model) \
	X(threec_model) \
	X(recorder_model)

#define DECLARE(ops)	extern const struct model_ops ops;
#define ADDRESS(ops)	&ops,
MODELS(DECLARE)

const struct model_ops *const model_registry[] = {
	MODELS(ADDRESS)
	NULL
};

_Static_assert(sizeof(model_registry) / sizeof(model_registry[0]) ==
    MODEL_REGISTERED + 1, "MODEL_REGISTERED counts MODELS");
