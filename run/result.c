/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * result.c: the figures a report derives from a measured phase.
 */
#include "result.h"

double
result_per_op(const struct result *row, uint64_t total)
{
	return row->ops == 0 ? 0.0 : (double)total / (double)row->ops;
}

double
result_faults_per_op(const struct result *row)
{
	return result_per_op(row, row->models.sim.faults);
}

double
result_ns_per_op(const struct result *row)
{
	return result_per_op(row, row->wall_ns);
}

double
result_heap_ns_per_op(const struct result *row)
{
	return result_per_op(row, row->heap_cpu_ns);
}

double
result_modeled_s(const struct result *row)
{
	return ((double)row->heap_cpu_ns + (double)row->models.sim.faults *
	    (double)row->config->disk_latency_ns) / 1e9;
}

double
result_mem_ns_per_op(const struct result *row)
{
	double ns = hier_time_ns(&row->models.hier, &row->config->latency);

	return row->ops == 0 ? 0.0 : ns / (double)row->ops;
}

double
result_compute_ns_per_op(const struct result *row)
{
	double ns = time_compute_ns(&row->models.time);

	return row->ops == 0 ? 0.0 : ns / (double)row->ops;
}

double
result_stall_ns_per_op(const struct result *row, enum time_part part)
{
	return row->ops == 0 ? 0.0 : row->models.time.stall_ns[part] /
	    (double)row->ops;
}

double
result_model_ns_per_op(const struct result *row)
{
	double ns = time_compute_ns(&row->models.time) + time_stall_ns(&row->models.time) +
	    (double)row->models.sim.faults * (double)row->config->disk_latency_ns;

	return row->ops == 0 ? 0.0 : ns / (double)row->ops;
}
