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
#include "report_field.h"
#include "report_table.h"
#include "table_title.h"
#include "stop.h"

/* Columns -------------------------------------------------------------- */

/* A column: a field, its heading, its width (negative: left-aligned). */
struct column {
	enum field	field;
	const char	*heading;
	int		width;
};

/* The first two columns are always these: the ratio rows' label. */
#define LEADING	2

/* --columns' fields, workload and layout first; returns how many. */
typedef enum field column_list[F_COUNT + LEADING];

static struct column
column_of(enum field f)
{
	const struct field_info *info = &field_info[f];
	struct column c = { f, info->heading != NULL ? info->heading :
	    info->name, info->width };
	int len = (int)strlen(c.heading);

	if (c.width != 0)
		return c;
	if (report_is_text(f))
		c.width = len > 12 ? -len : -12;
	else
		c.width = len > 10 ? len : 10;
	return c;
}

/* The field a name stands for, by its name or its heading; F_COUNT: none. */
static enum field
field_named(const char *name)
{
	size_t f;

	for (f = 0; f < F_COUNT; f++)
		if (strcmp(field_info[f].name, name) == 0 ||
		    (field_info[f].heading != NULL &&
		    strcmp(field_info[f].heading, name) == 0))
			return (enum field)f;
	return F_COUNT;
}

const char *
report_field_named(const char *name)
{
	enum field f = field_named(name);

	return f < F_COUNT ? field_info[f].name : NULL;
}

static void
choose(column_list chosen, size_t *n, enum field f)
{
	size_t i;

	for (i = 0; i < *n && chosen[i] != f; i++)
		continue;
	if (i == *n)
		chosen[(*n)++] = f;
}

/*
 * Parses a --columns list into `chosen`: returns how many, or 0 with a
 * reason in `why`.
 */
static size_t
parse_columns(const char *list, column_list chosen, char *why,
    size_t why_size)
{
	char copy[1024], *name, *rest, all[REPORT_FIELD_LIST_BYTES];
	size_t n = 0;
	enum field f;

	choose(chosen, &n, F_WORKLOAD);
	choose(chosen, &n, F_LAYOUT);
	if (snprintf(copy, sizeof(copy), "%s", list) >= (int)sizeof(copy) ||
	    list[0] == '\0') {
		snprintf(why, why_size, "'%s' is not a list of report fields",
		    printable(list));
		return 0;
	}
	/* strtok_r() would skip an empty item without a word. */
	if (list[0] == ',' || list[strlen(list) - 1] == ',' ||
	    strstr(list, ",,") != NULL) {
		snprintf(why, why_size, "'%s' has an empty item: separate "
		    "report fields with one comma", printable(list));
		return 0;
	}
	for (name = strtok_r(copy, ",", &rest); name != NULL;
	    name = strtok_r(NULL, ",", &rest)) {
		if ((f = field_named(name)) == F_COUNT) {
			report_field_list(all, sizeof(all), false);
			snprintf(why, why_size, "'%s' is not a report field "
			    "(or a table heading such as faults/op): %s",
			    printable(name), all);
			return 0;
		}
		choose(chosen, &n, f);
	}
	return n;
}

int
report_choose_columns(const char *list, char *why, size_t why_size)
{
	column_list chosen;

	return parse_columns(list, chosen, why, why_size) > 0 ? 0 : -1;
}

bool
report_columns_name_pmu(const struct config *config)
{
	column_list chosen;
	char why[REPORT_FIELD_LIST_BYTES + 256];
	size_t i, n;

	if (config->report.columns == NULL)
		return false;
	n = parse_columns(config->report.columns, chosen, why, sizeof(why));
	for (i = 0; i < n; i++)
		if (field_info[chosen[i]].source == SRC_PMU)
			return true;
	return false;
}

/*
 * The table's columns for config's run, returns how many: --columns', or
 * the default, the columns that carry the story (field_info[]'s
 * `story`), in 104 columns (120 with a sweep's), those the run measures.
 */
static size_t
table_columns(const struct config *config, struct column out[])
{
	column_list chosen;
	char why[REPORT_FIELD_LIST_BYTES + 256];
	size_t n = 0, i, rank;
	unsigned layout;
	enum field f;

	if (config->report.columns != NULL) {
		/* The plan checked the list (report_choose_columns()). */
		n = parse_columns(config->report.columns, chosen, why, sizeof(why));
		for (i = 0; i < n; i++)
			out[i] = column_of(chosen[i]);
		return n;
	}
	for (rank = 1; rank <= F_COUNT; rank++)
		for (f = 0; f < F_COUNT; f++) {
			if (field_info[f].story != rank)
				continue;
			for (layout = 0; layout < LAYOUT_COUNT; layout++)
				if ((config->layouts & 1u << layout) &&
				    report_measured(f, config, layout)) {
					out[n++] = column_of(f);
					break;
				}
		}
	return n;
}

/* Settings, whose ratio between layouts says nothing. */
static bool
is_setting(enum field f)
{
	return (field_info[f].flags & FIELD_SETTING) != 0;
}

/* A cell as the table shows it: a count of FIELD_TABLE_PER_OP per op. */
static struct cell
table_value(enum field f, const struct result *row)
{
	struct cell v = report_value(f, row);

	if (v.kind != CELL_NUMBER || !(field_info[f].flags &
	    FIELD_TABLE_PER_OP))
		return v;
	return cell_real(row->ops > 0 ? strtod(v.text, NULL) /
	    (double)row->ops : 0, 4);
}

/*
 * The unrounded figure behind a column that gets a ratio of two
 * layouts' figures; false for the other columns, and where it is absent.
 */
static bool
ratio_figure(enum field f, const struct result *row, double *figure)
{
	struct cell v = table_value(f, row);
	uint64_t n;

	if (v.kind != CELL_NUMBER || is_setting(f))
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
				struct cell v = table_value(t->col[c].field,
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

/* A column that no row measured ("-" throughout) says why, once. */
static void
write_unmeasured(FILE *out, const struct table *t, const struct result *rows,
    size_t nrows)
{
	size_t c, r;
	bool first = true;

	for (c = LEADING; c < t->n && nrows > 0; c++) {
		enum field f = t->col[c].field;

		for (r = 0; r < nrows; r++)
			if (table_value(f, &rows[r]).kind != CELL_ABSENT)
				break;
		if (r < nrows)
			continue;
		fprintf(out, "%s%s -: not measured: %s.\n", first ? "\n" : "",
		    t->col[c].heading, report_unmeasured(f, rows[0].config));
		first = false;
	}
}

/*
 * Cache and TLB columns that show 0.0000 misses per operation get a
 * footnote saying why, rather than leaving a zero unexplained; a column
 * no row measured, why it shows "-".
 */
static void
write_notes(FILE *out, const struct table *t, const struct result *rows,
    size_t nrows)
{
	struct cell zero = cell_real(0, 4);
	char names[64] = "";
	size_t c, r, len = 0;

	for (c = LEADING; c < t->n; c++) {
		enum field f = t->col[c].field;
		enum field_source source = field_info[f].source;

		if (source < SRC_L1 || source > SRC_TLB)
			continue;
		for (r = 0; r < nrows; r++)
			if (rows[r].ops > 0 && strcmp(table_value(f,
			    &rows[r]).text, zero.text) == 0)
				break;
		if (r < nrows && len < sizeof(names))
			len += (size_t)snprintf(names + len, sizeof(names) -
			    len, "%s%s", len ? ", " : "", t->col[c].heading);
	}
	if (len > 0)
		fprintf(out, "\n%s %s: no access of that phase missed "
		    "there; it held everything the phase touched,\n  loaded "
		    "before the phase (the modeled caches and TLB keep their "
		    "contents from fill to replace).\n", names, zero.text);
	write_unmeasured(out, t, rows, nrows);
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
	struct table t;
	/* A signal that stopped the runs asks for their rows: see stop.h. */
	int signalled = experiment_signal();
	size_t c, r, end;

	t.swept = table_swept_field(config);
	t.n = table_columns(config, t.col);
	table_title_write(out, config);
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
		if (t.swept != F_POLICY && (config->sweep.policies &
		    (config->sweep.policies - 1)) != 0 && (r == 0 ||
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
