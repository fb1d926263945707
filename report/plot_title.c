/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * plot_title.c: a chart's title (plot_title.h): the finding its lines
 * show, and under it what the sweep held fixed.
 */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "plot_axes.h"
#include "plot_key.h"
#include "plot_title.h"
#include "svg.h"

/* A count as the options take it: 1M, 500K, or plain. */
static void
count_text(char *buf, size_t size, uint64_t n)
{
	if (n >= 1000000 && n % 1000000 == 0)
		snprintf(buf, size, "%" PRIu64 "M", n / 1000000);
	else if (n >= 1000 && n % 1000 == 0)
		snprintf(buf, size, "%" PRIu64 "K", n / 1000);
	else
		snprintf(buf, size, "%" PRIu64, n);
}

/* What is compared, and what the sweep held fixed. */
void
plot_title_parameters(char *buf, size_t size, const struct config *config,
    enum workload workload)
{
	char items[32];
	int n = 0;
	unsigned p;

	/* Several policies: what is compared comes first. */
	for (p = 0; several_policies(config) && p < POLICY_COUNT; p++)
		if (config->sweep.policies & 1u << p)
			n += snprintf(buf + n, size - (size_t)n, "%s%s", n > 0 ?
			    " vs " : "page replacement ", policy_names[p]);
	n += snprintf(buf + n, size - (size_t)n, "%sworkload %s, %s, "
	    "%u-byte entries, model %s", n > 0 ? ", " : "",
	    workload_names[workload], ABI_NAME, ABI_PTR_BYTES,
	    model_names[config->model]);
	count_text(items, sizeof(items), config->items);
	if (n > 0 && (size_t)n < size && config->sweep.param != SWEEP_ITEMS)
		n += snprintf(buf + n, size - (size_t)n, ", %s items", items);
	if (n > 0 && (size_t)n < size && config->sweep.param != SWEEP_PAGE_SIZE)
		n += snprintf(buf + n, size - (size_t)n, ", %" PRIu64
		    "-byte pages", config->page_bytes);
	if (n > 0 && (size_t)n < size && config->sweep.param != SWEEP_RESIDENT)
		n += snprintf(buf + n, size - (size_t)n, ", %" PRIu64
		    " resident pages", config->resident_pages);
	if (n > 0 && (size_t)n < size && !several_policies(config) &&
	    config->policy != POLICY_LRU)
		snprintf(buf + n, size - (size_t)n, ", policy %s",
		    policy_names[config->policy]);
}

/* The y of one line at x, or 0 where it has none. */
static double
y_at(const struct series *s, double x)
{
	size_t i;

	for (i = 0; i < s->count; i++)
		if (s->points[i].x == x)
			return s->points[i].y;
	return 0;
}

static int
by_value(const void *a, const void *b)
{
	const double *p = a, *q = b;

	return (*p > *q) - (*p < *q);
}

/*
 * What the figure shows, as its title: of the lines compared (the
 * policies of the first layout where there are several, else the
 * layouts' own lines), the one lowest at the most points, and the line
 * whose median ratio to it, over the points both have, is the highest
 * (a median, as the last budgets' few faults make any ratio there huge).
 */
void
plot_title_finding(char *buf, size_t size, const struct config *config,
    const char *label, const struct series *lines, const struct line *which,
    size_t nlines)
{
	const char *name[2 * POLICY_COUNT * LAYOUT_COUNT];
	size_t pick[2 * POLICY_COUNT * LAYOUT_COUNT], wins[sizeof(pick) /
	    sizeof(pick[0])] = { 0 };
	size_t n = 0, i, j, k, best = 0, worst = 0, points = 0;
	double most = 0, low, y, *ratio;
	bool keyed = several_policies(config);

	for (i = 0; i < nlines; i++) {
		if (which[i].model || which[i].cache_lines ||
		    (keyed && which[i].layout != which[0].layout))
			continue;
		name[n] = keyed ? policy_names[which[i].policy] :
		    layouts[which[i].layout]->name;
		pick[n++] = i;
	}
	if (keyed)
		snprintf(buf, size, "%s's %s", layouts[which[0].layout]->name,
		    label);
	else
		snprintf(buf, size, "%c%s", label[0] - ('a' <= label[0] &&
		    label[0] <= 'z' ? 'a' - 'A' : 0), label + 1);
	if (n < 2)
		return;
	/* At each point, the lowest line scores. */
	for (j = 0; j < lines[pick[0]].count; j++) {
		double x = lines[pick[0]].points[j].x;

		for (i = 0, low = INFINITY; i < n; i++)
			if ((y = y_at(&lines[pick[i]], x)) > 0 && y < low)
				low = y;
		for (i = 0; i < n && isfinite(low); i++)
			wins[i] += y_at(&lines[pick[i]], x) == low;
		points += isfinite(low);
	}
	for (i = 1; i < n; i++)
		if (wins[i] > wins[best])
			best = i;
	ratio = calloc(lines[pick[best]].count + 1, sizeof(*ratio));
	for (i = 0; i < n && ratio != NULL; i++) {
		for (j = 0, k = 0; j < lines[pick[best]].count; j++)
			if ((y = y_at(&lines[pick[i]],
			    lines[pick[best]].points[j].x)) > 0)
				ratio[k++] = y / lines[pick[best]].points[j].y;
		if (i == best || k == 0)
			continue;
		qsort(ratio, k, sizeof(*ratio), by_value);
		if (ratio[k / 2] > most) {
			most = ratio[k / 2];
			worst = i;
		}
	}
	free(ratio);
	snprintf(buf + strlen(buf), size - strlen(buf), ": %s lowest at %zu "
	    "of %zu points", name[best], wins[best], points);
	if (most > 0)
		snprintf(buf + strlen(buf), size - strlen(buf), ", %s a median "
		    "%.2fx as high", name[worst], most);
}

/*
 * The finding as the title, centred; under it the parameters, smaller:
 * a line of the picture's width holds them at about 6.2 pixels a
 * character of 11-pixel sans-serif.
 */
void
plot_title_write(FILE *out, const char *finding, const char *parameters)
{
	svg_text(out, WIDTH / 2.0, 18, "middle",
	    "font-size=\"15\" class=\"title\"", finding);
	svg_text(out, WIDTH / 2.0, 34, "middle",
	    "font-size=\"11\" fill=\"#444\" class=\"subtitle\"", parameters);
}
