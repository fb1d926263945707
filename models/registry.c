/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * registry.c: the models the run iterates (model.h), one line each.
 */
#include "model.h"
#include "threec.h"
#include "timemodel.h"

const struct model_ops *const model_registry[MODEL_REGISTERED + 1] = {
	&timemodel_model,
	&threec_model,
	NULL
};
