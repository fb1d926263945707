/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * report_table.c: the report as a table for a terminal: a title line,
 * then per workload one row per layout and the first layout's ratio to
 * each other, in the columns that carry the story or those --columns
 * chose (report.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "escape.h"
#include "report.h"
#include "report_field.h"
#include "stop.h"

/* Columns -------------------------------------------------------------- */

/* A column: a field, its heading, its width (negative: left-aligned). */
struct column {
	enum field	field;
	const char	*heading;
	int		width;
};

/* The columns the table names its own way; any other is its CSV name. */
static const struct column known[] = {
	{ F_WORKLOAD, "workload", -8 },
	{ F_LAYOUT, "layout", -8 },
	{ F_OPS, "ops", 8 },
	{ F_ACCESSES, "accesses", 11 },
	{ F_SIM_FAULTS, "faults", 10 },
	{ F_FAULTS_PER_OP, "faults/op", 9 },
	{ F_FAULTS_DIST, "op faults min/50/99/max", 23 },
	{ F_PAGES_DIST, "op pages min/50/99/max", 22 },
	{ F_MINFLT, "minflt", 7 },
	{ F_MAXRSS_KIB, "maxrss_KiB", 10 },
	{ F_NS_PER_OP, "sim_ns/op", 9 },
	{ F_HEAP_NS_PER_OP, "ns/op", 8 },
	{ F_MODELED_S, "modeled_s", 13 },
	{ F_L1_PER_OP, "l1/op", 8 },
	{ F_L2_PER_OP, "l2/op", 8 },
	{ F_LLC_PER_OP, "llc/op", 8 },
	{ F_TLB_PER_OP, "tlb/op", 8 },
	{ F_MEM_NS_PER_OP, "mem_ns/op", 9 },
	{ F_MODEL_NS_PER_OP, "model_ns/op", 11 },
};

#define NKNOWN (sizeof(known) / sizeof(known[0]))

/*
 * The default: the columns that carry the story, faults per operation,
 * the caches' and TLB's misses per operation and the measured and
 * modeled time, in 104 columns (120 with a sweep's); those the run does
 * not measure (--cache off, --vm off) are left out.
 */
static const enum field story[] = {
	F_WORKLOAD, F_LAYOUT, F_OPS, F_FAULTS_PER_OP, F_L1_PER_OP,
	F_LLC_PER_OP, F_TLB_PER_OP, F_HEAP_NS_PER_OP, F_MODEL_NS_PER_OP,
	F_MODELED_S,
};

#define NSTORY (sizeof(story) / sizeof(story[0]))

/* The first two columns are always these: the ratio rows' label. */
#define LEADING	2

/* --columns, or none chosen (report_choose_columns()). */
static enum field chosen[F_COUNT + LEADING];
static size_t nchosen;

static struct column
column_of(enum field f)
{
	struct column c = { f, report_fields[f], 10 };
	int len = (int)strlen(report_fields[f]);
	size_t i;

	for (i = 0; i < NKNOWN; i++)
		if (known[i].field == f)
			return known[i];
	if (f == F_CACHE || f == F_TLB)
		c.width = -30;
	else if (report_is_text(f))
		c.width = len > 12 ? -len : -12;
	else if (len > c.width)
		c.width = len;
	return c;
}

const char *
report_field_named(const char *name)
{
	size_t f;

	for (f = 0; f < F_COUNT; f++)
		if (strcmp(report_fields[f], name) == 0)
			return report_fields[f];
	for (f = 0; f < NKNOWN; f++)
		if (known[f].field < F_COUNT &&
		    strcmp(known[f].heading, name) == 0)
			return report_fields[known[f].field];
	return NULL;
}

static void
choose(enum field f)
{
	size_t i;

	for (i = 0; i < nchosen && chosen[i] != f; i++)
		continue;
	if (i == nchosen)
		chosen[nchosen++] = f;
}

int
report_choose_columns(const char *list, char *why, size_t why_size)
{
	char copy[1024], *name, *rest, all[REPORT_FIELD_LIST_BYTES];
	const char *field;
	size_t f;

	nchosen = 0;
	choose(F_WORKLOAD);
	choose(F_LAYOUT);
	if (snprintf(copy, sizeof(copy), "%s", list) >= (int)sizeof(copy) ||
	    list[0] == '\0') {
		snprintf(why, why_size, "'%s' is not a list of report fields",
		    printable(list));
		return -1;
	}
	/* strtok_r() would skip an empty item without a word. */
	if (list[0] == ',' || list[strlen(list) - 1] == ',' ||
	    strstr(list, ",,") != NULL) {
		snprintf(why, why_size, "'%s' has an empty item: separate "
		    "report fields with one comma", printable(list));
		return -1;
	}
	for (name = strtok_r(copy, ",", &rest); name != NULL;
	    name = strtok_r(NULL, ",", &rest)) {
		if ((field = report_field_named(name)) == NULL) {
			report_field_list(all, sizeof(all), false);
			snprintf(why, why_size, "'%s' is not a report field "
			    "(or a table heading such as faults/op): %s",
			    printable(name), all);
			return -1;
		}
		for (f = 0; strcmp(report_fields[f], field) != 0; f++)
			continue;
		choose((enum field)f);
	}
	return 0;
}

bool
report_columns_name_pmu(void)
{
	size_t i;

	for (i = 0; i < nchosen; i++)
		if (chosen[i] >= F_PMU_CYCLES && chosen[i] <= F_PMU_DTLB_MISSES)
			return true;
	return false;
}

/* The table's columns for config's run; returns how many. */
static size_t
table_columns(const struct config *config, struct column out[])
{
	size_t n = 0, i;
	unsigned layout;

	if (nchosen > 0) {
		for (i = 0; i < nchosen; i++)
			out[n++] = column_of(chosen[i]);
		return n;
	}
	for (i = 0; i < NSTORY; i++)
		for (layout = 0; layout < LAYOUT_COUNT; layout++)
			if ((config->layouts & 1u << layout) &&
			    report_measured(story[i], config, layout)) {
				out[n++] = column_of(story[i]);
				break;
			}
	return n;
}

/* Settings, whose ratio between layouts says nothing. */
static bool
is_setting(enum field f)
{
	return f == F_PTR_BYTES || f == F_ITEMS || f == F_OPS ||
	    f == F_PAGE_BYTES || f == F_ENTRIES_PER_PAGE ||
	    f == F_RESIDENT_PAGES || f == F_SEED || f == F_ITEM_BYTES ||
	    f == F_DISK_LATENCY_MS || f == F_ARITY;
}

/*
 * The unrounded figure behind a column that gets a ratio of two
 * layouts' figures; false for the other columns, and where it is absent.
 */
static bool
ratio_figure(enum field f, const struct result *row, double *figure)
{
	struct cell v = report_value(f, row);
	uint64_t n;

	if (v.kind != CELL_NUMBER || is_setting(f) || f >= F_COUNT)
		return false;
	switch (f) {
	case F_FAULTS_PER_OP:	*figure = result_faults_per_op(row); break;
	case F_NS_PER_OP:	*figure = result_ns_per_op(row); break;
	case F_HEAP_NS_PER_OP:	*figure = result_heap_ns_per_op(row); break;
	case F_MODELED_S:	*figure = result_modeled_s(row); break;
	case F_MEM_NS_PER_OP:	*figure = result_mem_ns_per_op(row); break;
	case F_MODEL_NS_PER_OP:	*figure = result_model_ns_per_op(row); break;
	case F_L1_PER_OP:
	case F_L2_PER_OP:
	case F_LLC_PER_OP:
	case F_TLB_PER_OP:
		(void)report_level_misses(row, report_level_of(f), &n);
		*figure = result_per_op(row, n);
		break;
	default:
		*figure = strtod(v.text, NULL);
	}
	return true;
}

/* Table ---------------------------------------------------------------- */

/* What every line of one table shares. */
struct table {
	struct column	col[F_COUNT + LEADING];
	size_t		n;
	enum field	swept;		/* F_COUNT: none */
};

/* The ratio of a's figure to b's in a column, where there is one. */
static bool
ratio_of(enum field f, const struct result *a, const struct result *b,
    double *ratio)
{
	double x, y;

	if (!ratio_figure(f, a, &x) || !ratio_figure(f, b, &y) || y <= 0)
		return false;
	*ratio = x / y;
	return true;
}

/* The ratio row of b to a, if any column has a ratio. */
static void
write_ratio(FILE *out, const struct table *t, const struct result *a,
    const struct result *b)
{
	char label[32];
	double ratio;
	size_t c;

	for (c = LEADING; c < t->n && !ratio_of(t->col[c].field, a, b, &ratio);
	    c++)
		continue;
	if (c == t->n)
		return;
	if (t->swept != F_COUNT)
		fprintf(out, "%14s  ", "");
	/* "binheap/bheap" spans the workload and layout columns. */
	snprintf(label, sizeof(label), "  %s/%s", layouts[a->layout]->name,
	    layouts[b->layout]->name);
	fprintf(out, "%-*s", -t->col[0].width - t->col[1].width + 2, label);
	for (c = LEADING; c < t->n; c++) {
		char cell[32] = "";

		if (ratio_of(t->col[c].field, a, b, &ratio))
			snprintf(cell, sizeof(cell), "%.2fx", ratio);
		fprintf(out, "  %*s", t->col[c].width, cell);
	}
	fputc('\n', out);
}

static const struct result *
find_row(const struct result *rows, size_t nrows, const struct config *config,
    unsigned layout, enum workload workload)
{
	size_t r;

	for (r = 0; r < nrows; r++)
		if (rows[r].config == config && rows[r].layout == layout &&
		    rows[r].workload == workload)
			return &rows[r];
	return NULL;
}

/* The field a sweep varies, shown as the table's first column. */
static enum field
swept_field(const struct config *config)
{
	switch (config->sweep) {
	case SWEEP_RESIDENT:	return F_RESIDENT_PAGES;
	case SWEEP_ITEMS:	return F_ITEMS;
	case SWEEP_PAGE_SIZE:	return F_PAGE_BYTES;
	case SWEEP_POLICY:	return F_POLICY;
	case SWEEP_NONE:	break;
	}
	return F_COUNT;
}

/* "lru", or "lru,clock,opt". */
static const char *
policy_list(unsigned policies)
{
	static char list[64];
	unsigned p;
	int n = 0;

	list[0] = '\0';
	for (p = 0; p < POLICY_COUNT; p++)
		if (policies & 1u << p)
			n += snprintf(list + n, sizeof(list) - (size_t)n, "%s%s",
			    n > 0 ? "," : "", policy_names[p]);
	return list;
}

static void
write_title(FILE *out, const struct config *config)
{
	enum field swept = swept_field(config);

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
	    config->policies != 1u << POLICY_LRU)
		fprintf(out, "policy %s, ", policy_list(config->policies));
	if (swept != F_COUNT)
		fprintf(out, "%s swept, ", report_fields[swept]);
	fprintf(out, "seed %" PRIu64 "\n\n", config->seed);
}

/* One sweep point's rows, rows[0 .. nrows), which share their config. */
static void
write_group(FILE *out, const struct table *t, const struct result *rows,
    size_t nrows)
{
	const struct config *point = rows[0].config;
	unsigned w, layout;
	size_t c;

	for (w = 0; w < WL_COUNT; w++) {
		const struct result *first = NULL;

		for (layout = 0; layout < LAYOUT_COUNT; layout++) {
			const struct result *row = find_row(rows, nrows,
			    point, layout, w);

			if (row == NULL)
				continue;
			if (t->swept != F_COUNT)
				fprintf(out, "%14s  ",
				    report_value(t->swept, row).text);
			for (c = 0; c < t->n; c++) {
				struct cell v = report_value(t->col[c].field,
				    row);

				fprintf(out, "%s%*s", c ? "  " : "",
				    t->col[c].width,
				    v.kind == CELL_ABSENT ? "-" : v.text);
			}
			fputc('\n', out);
			if (first == NULL) {
				first = row;
				continue;
			}
			write_ratio(out, t, first, row);
		}
	}
}

/*
 * Cache and TLB columns that show 0 misses get a footnote saying why,
 * rather than leaving a zero unexplained.
 */
static void
write_notes(FILE *out, const struct table *t, const struct result *rows,
    size_t nrows)
{
	char names[64] = "";
	size_t c, r, len = 0;
	uint64_t n;

	for (c = LEADING; c < t->n; c++) {
		enum field f = t->col[c].field;

		if (f < F_L1_PER_OP || f > F_TLB_PER_OP)
			continue;
		for (r = 0; r < nrows; r++)
			if (rows[r].ops > 0 && report_level_misses(&rows[r],
			    report_level_of(f), &n) && n == 0)
				break;
		if (r < nrows && len < sizeof(names))
			len += (size_t)snprintf(names + len, sizeof(names) -
			    len, "%s%s", len ? ", " : "", t->col[c].heading);
	}
	if (len > 0)
		fprintf(out, "\n%s 0.0000: no access of that phase missed "
		    "there; it held everything the phase touched,\n  loaded "
		    "before the phase (the modeled caches and TLB keep their "
		    "contents from fill to replace).\n", names);
}

/* The end of the rows from `first` on that share its config. */
static size_t
group_end(const struct result *rows, size_t nrows, size_t first)
{
	size_t end = first + 1;

	while (end < nrows && rows[end].config == rows[first].config)
		end++;
	return end;
}

int
report_table(FILE *out, const struct config *config, const struct result *rows,
    size_t nrows)
{
	static struct table t;
	/* A signal that stopped the runs asks for their rows: see stop.h. */
	int signalled = experiment_signal();
	size_t c, r, end;

	t.swept = swept_field(config);
	t.n = table_columns(config, t.col);
	write_title(out, config);
	if (t.swept != F_COUNT)
		fprintf(out, "%14s  ", report_fields[t.swept]);
	for (c = 0; c < t.n; c++)
		fprintf(out, "%s%*s", c ? "  " : "", t.col[c].width,
		    t.col[c].heading);
	fputc('\n', out);
	/*
	 * Rows of one sweep point share their config and lie together (the
	 * plan's order, experiment.h); points keep their order, policy by
	 * policy, each policy's under a line of its own unless the policy is
	 * the swept column.
	 */
	for (r = 0; r < nrows; r = end) {
		end = group_end(rows, nrows, r);
		if (t.swept != F_POLICY && (config->policies &
		    (config->policies - 1)) != 0 && (r == 0 ||
		    rows[r].config->policy != rows[r - 1].config->policy))
			fprintf(out, "policy %s\n",
			    policy_names[rows[r].config->policy]);
		write_group(out, &t, rows + r, end - r);
		if (experiment_signal() != signalled) {
			errno = EINTR;
			return -1;
		}
	}
	write_notes(out, &t, rows, nrows);
	return 0;
}
