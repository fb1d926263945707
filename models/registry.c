/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * registry.c: the models the run iterates (model.h), one line each.
 */
#include "hier.h"
#include "curve.h"
#include "model.h"
#include "threec.h"
#include "timemodel.h"
#include "vmsim.h"

const struct model_ops *const model_registry[MODEL_REGISTERED + 1] = {
	&hier_model,
	&vmsim_model,
	&curve_model,
	&line_curve_model,
	&timemodel_model,
	&threec_model,
	NULL
};
