/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * sweep.c: parsing sweep lists.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "heap.h"
#include "parse.h"
#include "sweep.h"

static const char *const params[] = { "resident", "items", "page-size",
    "policy", NULL };

static int
parse_value(struct sweep_spec *spec, const char *text, uint64_t *out)
{
	switch (spec->param) {
	case SWEEP_RESIDENT:
		if (has_size_suffix(text) != spec->bytes)
			return -1;
		if (spec->bytes)
			return parse_size(text, 1, CONFIG_MAX_RESIDENT_BYTES, out);
		return parse_count(text, 1, CONFIG_MAX_RESIDENT_PAGES, out);
	case SWEEP_ITEMS:
		return parse_count(text, 1, HEAP_MAX_ITEMS, out);
	case SWEEP_PAGE_SIZE:
		return parse_size(text, 1, CONFIG_MAX_PAGE_BYTES, out);
	case SWEEP_POLICY: {
		unsigned policy;

		if (parse_name(text, policy_names, &policy) != 0)
			return -1;
		*out = policy;
		return 0;
	}
	case SWEEP_NONE:
		break;
	}
	return -1;
}

/* What parse_value() accepts, for messages. */
static void
accepted(const struct sweep_spec *spec, char *out, size_t size)
{
	switch (spec->param) {
	case SWEEP_RESIDENT:
		snprintf(out, size, "%s", spec->bytes ? "a size with K, M or G"
		    : "a count of pages from 1");
		break;
	case SWEEP_ITEMS:
		snprintf(out, size, "a count from 1 to %" PRIu64 " (suffixes "
		    "K, M, G: 10^3, 10^6, 10^9)", HEAP_MAX_ITEMS);
		break;
	case SWEEP_PAGE_SIZE:
		snprintf(out, size, "a size up to %" PRIu64 " bytes "
		    "(suffixes K, M, G)", (uint64_t)CONFIG_MAX_PAGE_BYTES);
		break;
	default:
		snprintf(out, size, "lru, clock, fifo or opt");
		break;
	}
}

static int
add(struct sweep_spec *spec, uint64_t value)
{
	if (spec->count == SWEEP_MAX_POINTS)
		return -1;
	spec->values[spec->count++] = value;
	return 0;
}

/*
 * A..B:xF or A..B:+S, already split at ".." and ":"; `typed` is the term
 * as written, for messages.  +S is in the values' own unit, so that
 * page-size=4K..64K:+4K steps by 4096 bytes as its ends are read.
 */
static int
add_range(struct sweep_spec *spec, const char *from, const char *to,
    const char *step, const char *typed, char *why, size_t why_size)
{
	uint64_t a, b, by, v;
	char kind = step[0], each[160];

	if (parse_value(spec, from, &a) != 0 || parse_value(spec, to, &b) != 0) {
		accepted(spec, each, sizeof(each));
		snprintf(why, why_size, "'%s': its ends must each be %s", typed,
		    each);
		return -1;
	}
	if (a > b) {
		snprintf(why, why_size, "'%s' is not a rising range of %s "
		    "values", typed, params[spec->param - SWEEP_RESIDENT]);
		return -1;
	}
	if ((kind != 'x' && kind != '+') || (kind == 'x' ?
	    parse_count(step + 1, 2, UINT32_MAX, &by) :
	    parse_value(spec, step + 1, &by)) != 0) {
		snprintf(why, why_size, "the step of '%s' is not xF (F >= 2) "
		    "or +S (S a %s value, as A and B are)", typed,
		    params[spec->param - SWEEP_RESIDENT]);
		return -1;
	}
	for (v = a; v < b;) {
		/* Caught here, the message can name the range that made it. */
		if (spec->param == SWEEP_PAGE_SIZE && (v & (v - 1)) != 0) {
			snprintf(why, why_size, "'%s' makes %" PRIu64 ", not a "
			    "power of two, as page sizes are (e.g. 4K..64K:x2)",
			    typed, v);
			return -1;
		}
		if (add(spec, v) != 0)
			goto too_many;
		/* The next value would pass B (or wrap): B ends the range. */
		if (kind == 'x' ? v > b / by : by > b - v)
			break;
		v = kind == 'x' ? v * by : v + by;
	}
	if (add(spec, b) != 0)
		goto too_many;
	return 0;
too_many:
	snprintf(why, why_size, "more than %d points", SWEEP_MAX_POINTS);
	return -1;
}

static int
add_term(struct sweep_spec *spec, char *term, char *why, size_t why_size)
{
	char *dots = strstr(term, "..");
	char typed[256], what[96], *colon;
	uint64_t v;

	if (dots == NULL) {
		if (parse_value(spec, term, &v) == 0 && add(spec, v) == 0)
			return 0;
		accepted(spec, what, sizeof(what));
		snprintf(why, why_size, "'%s' is not a value for %s: %s", term,
		    params[spec->param - SWEEP_RESIDENT], what);
		return -1;
	}
	if (spec->param == SWEEP_POLICY) {
		snprintf(why, why_size, "'%s': policies are names, listed "
		    "(lru, clock, fifo, opt), not ranges", term);
		return -1;
	}
	colon = strchr(dots, ':');
	if (colon == NULL) {
		snprintf(why, why_size, "range '%s' needs a step, :xF or :+S",
		    term);
		return -1;
	}
	snprintf(typed, sizeof(typed), "%s", term);
	*dots = '\0';
	*colon = '\0';
	return add_range(spec, term, dots + 2, colon + 1, typed, why,
	    why_size);
}

/* Each value once: a point run twice would be two rows of one point. */
static int
check_once(const struct sweep_spec *spec, const char *text, char *why,
    size_t why_size)
{
	size_t i, j;

	for (j = 1; j < spec->count; j++)
		for (i = 0; i < j; i++) {
			if (spec->values[i] != spec->values[j])
				continue;
			if (spec->param == SWEEP_POLICY)
				snprintf(why, why_size, "'%s' gives %s twice: "
				    "each value once", text,
				    policy_names[spec->values[j]]);
			else
				snprintf(why, why_size, "'%s' gives %" PRIu64
				    "%s twice: each value once", text,
				    spec->values[j], spec->bytes ? " bytes" : "");
			return -1;
		}
	return 0;
}

int
sweep_parse(const char *text, struct sweep_spec *spec, char *why,
    size_t why_size)
{
	char buf[1024], *equals, *term, *next;
	size_t first_len;
	unsigned param;

	if (snprintf(buf, sizeof(buf), "%s", text) >= (int)sizeof(buf)) {
		snprintf(why, why_size, "longer than %zu characters",
		    sizeof(buf) - 1);
		return -1;
	}
	equals = strchr(buf, '=');
	if (equals != NULL)
		*equals = '\0';
	if (equals == NULL || parse_name(buf, params, &param) != 0) {
		snprintf(why, why_size, "'%s' is not PARAM=LIST with PARAM "
		    "resident, items, page-size or policy", text);
		return -1;
	}
	memset(spec, 0, sizeof(*spec));
	spec->param = SWEEP_RESIDENT + param;
	/* A resident list is in pages or in bytes throughout: the first says. */
	first_len = strcspn(equals + 1, ",.");
	spec->bytes = spec->param == SWEEP_RESIDENT && first_len > 0 &&
	    strchr("kKmMgG", equals[first_len]) != NULL;
	for (term = equals + 1; term != NULL; term = next) {
		next = strchr(term, ',');
		if (next != NULL)
			*next++ = '\0';
		if (add_term(spec, term, why, why_size) != 0)
			return -1;
	}
	return check_once(spec, text, why, why_size);
}
