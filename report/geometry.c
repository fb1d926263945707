/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * geometry.c: a hierarchy's geometry as text (geometry.h).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "geometry.h"

/* Text built as snprintf() does: cut at size, the whole length counted. */
struct text {
	char	*buf;
	size_t	 size;
	size_t	 len;
};

static void
append(struct text *t, const char *format, ...)
{
	va_list ap;
	int n;

	va_start(ap, format);
	n = t->len < t->size ?
	    vsnprintf(t->buf + t->len, t->size - t->len, format, ap) :
	    vsnprintf(NULL, 0, format, ap);
	va_end(ap);
	if (n > 0)
		t->len += (size_t)n;
}

static void
append_size(struct text *t, uint64_t bytes)
{
	static const struct {
		char		suffix;
		unsigned	shift;
	} units[] = { { 'G', 30 }, { 'M', 20 }, { 'K', 10 } };
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (bytes % ((uint64_t)1 << units[i].shift) == 0) {
			append(t, "%" PRIu64 "%c", bytes >> units[i].shift,
			    units[i].suffix);
			return;
		}
	append(t, "%" PRIu64, bytes);
}

static bool
any_cache(const struct hier_geometry *g)
{
	unsigned k;

	for (k = 0; k < HIER_FIRST_TLB; k++)
		if (g->level[k].blocks != 0)
			return true;
	return false;
}

static struct text
text_start(char *buf, size_t size)
{
	if (size > 0)
		buf[0] = '\0';
	return (struct text){ buf, size, 0 };
}

size_t
geometry_format_cache(const struct hier_geometry *g, char *buf, size_t size)
{
	struct text t = text_start(buf, size);
	unsigned k;

	if (!any_cache(g)) {
		append(&t, "off");
		return t.len;
	}
	for (k = 0; k < HIER_FIRST_TLB; k++) {
		const struct cache_geometry *c = &g->level[k];

		append(&t, "%s%s=", k > 0 ? GEOMETRY_SEPARATOR : "",
		    hier_level_names[k]);
		if (c->blocks == 0) {
			append(&t, "off");
			continue;
		}
		append_size(&t, c->blocks * c->line_bytes);
		append(&t, "/%" PRIu32, c->ways);
		/* Written only where it differs from what --cache assumes. */
		if (c->line_bytes != CACHE_DEFAULT_LINE_BYTES)
			append(&t, "/%" PRIu32, c->line_bytes);
	}
	return t.len;
}

size_t
geometry_format_tlb(const struct hier_geometry *g, char *buf, size_t size)
{
	struct text t = text_start(buf, size);
	unsigned k, end = HIER_FIRST_TLB;

	/* Levels up to the last present one, so each keeps its place. */
	for (k = HIER_FIRST_TLB; k < HIER_LEVELS; k++)
		if (g->level[k].blocks != 0)
			end = k + 1;
	for (k = HIER_FIRST_TLB; k < end; k++) {
		const struct cache_geometry *c = &g->level[k];

		append(&t, "%s", k > HIER_FIRST_TLB ? GEOMETRY_SEPARATOR :
		    "");
		if (c->blocks == 0)
			append(&t, "off");
		else
			append(&t, "%" PRIu64 "/%" PRIu32, c->blocks, c->ways);
	}
	if (t.len == 0)
		append(&t, "off");
	return t.len;
}
