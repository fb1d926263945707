/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * field_names.c: report fields as a user names them (report_field.h):
 * whether --plot-y's can be drawn, the list a refusal offers, and a
 * row's number by name for plot.c and compare.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "report_field.h"

int
report_plottable(const struct config *config, const char *name, char *why,
    size_t why_size)
{
	unsigned layout;
	int f;

	for (f = 0; f < F_COUNT && strcmp(report_fields[f], name) != 0; f++)
		continue;
	if (f == F_COUNT || report_is_text(f)) {
		snprintf(why, why_size, "'%s' is not a numeric report field "
		    "such as modeled_s, faults_per_op or ns_per_op", name);
		return -1;
	}
	/* Only --vm disk pushes pages out to be read back: a major fault. */
	if (f == F_MAJFLT && config->vm != VM_DISK) {
		snprintf(why, why_size, "'%s' is 0 unless --vm disk, and a "
		    "plot's log scale needs positive values", name);
		return -1;
	}
	for (layout = 0; layout < LAYOUT_COUNT; layout++)
		if ((config->layouts & 1u << layout) &&
		    report_measured(f, config, layout))
			return 0;
	snprintf(why, why_size, "'%s' is not measured by this run (%s)", name,
	    report_unmeasured(f, config));
	return -1;
}

void
report_field_list(char *buf, size_t size, bool numeric)
{
	size_t n = 0;
	int f;

	buf[0] = '\0';
	for (f = 0; f < F_COUNT && n < size; f++)
		if (!numeric || !report_is_text(f))
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
			    n > 0 ? ", " : "", report_fields[f]);
}

int
report_number(const struct result *row, const char *name, double *out)
{
	int f;

	for (f = 0; f < F_COUNT; f++) {
		struct cell v;

		if (strcmp(report_fields[f], name) != 0)
			continue;
		v = report_value(f, row);
		if (v.kind != CELL_NUMBER)
			return -1;
		*out = strtod(v.text, NULL);
		return 0;
	}
	return -1;
}
