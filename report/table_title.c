/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * table_title.c: the two lines over the table (table_title.h): the
 * build, the experiment's settings, and what its sweep varies.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "abi.h"
#include "table_title.h"

/* The field a sweep varies, shown as the table's first column. */
enum field
table_swept_field(const struct config *config)
{
	switch (config->sweep.param) {
	case SWEEP_RESIDENT:	return F_RESIDENT_PAGES;
	case SWEEP_ITEMS:	return F_ITEMS;
	case SWEEP_PAGE_SIZE:	return F_PAGE_BYTES;
	case SWEEP_POLICY:	return F_POLICY;
	case SWEEP_NONE:	break;
	}
	return F_COUNT;
}

/* "lru", or "lru,clock,opt", to out. */
static void
write_policies(FILE *out, unsigned policies)
{
	unsigned p;
	bool first = true;

	for (p = 0; p < POLICY_COUNT; p++)
		if (policies & 1u << p) {
			fprintf(out, "%s%s", first ? "" : ",", policy_names[p]);
			first = false;
		}
}

void
table_title_write(FILE *out, const struct config *config)
{
	enum field swept = table_swept_field(config);

	fprintf(out, "bheapsim on %s (%u-byte pointers)", ABI_NAME,
	    ABI_PTR_BYTES);
	if (swept != F_ITEMS)
		fprintf(out, ", %" PRIu64 " items", config->items);
	if (swept != F_PAGE_BYTES)
		fprintf(out, ", %" PRIu64 "-byte pages of %u entries",
		    config->page_bytes, config_entries_per_page(config));
	/* Two lines, each well inside the table's 120 columns. */
	fprintf(out, ",\n  model %s, ", model_names[config->model]);
	if (config->vm == VM_OFF)
		fputs("no page model (--vm off), ", out);
	else if (swept != F_RESIDENT_PAGES)
		fprintf(out, "%" PRIu64 " resident pages, ",
		    config->resident_pages);
	if (config->vm != VM_OFF)
		fprintf(out, "%g ms disk, ",
		    (double)config->disk_latency_ns / 1e6);
	/* LRU alone is the default, and says nothing. */
	if (config->vm != VM_OFF && swept != F_POLICY &&
	    config->sweep.policies != 1u << POLICY_LRU) {
		fputs("policy ", out);
		write_policies(out, config->sweep.policies);
		fputs(", ", out);
	}
	if (swept != F_COUNT)
		fprintf(out, "%s swept, ", report_fields[swept]);
	fprintf(out, "seed %" PRIu64 "\n\n", config->seed);
}
