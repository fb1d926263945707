/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * trace.c: reading a line of bheapsim's --trace files, for the suites
 * that replay them (test_cli.c, test_sweeps.c, test_policy.c), written
 * apart from pages.c, which writes them.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tests.h"

/* Decimal digits at *p, below `limit`; false if there are none. */
static bool
number(const char **p, uint64_t limit, uint64_t *out)
{
	uint64_t v = 0;

	if (**p < '0' || **p > '9')
		return false;
	for (; **p >= '0' && **p <= '9'; (*p)++) {
		uint64_t digit = (uint64_t)(**p - '0');

		/* v * 10 + digit < limit, asked without overflowing. */
		if (v > (limit - 1 - digit) / 10)
			return false;
		v = v * 10 + digit;
	}
	*out = v;
	return true;
}

/* The line's newline, if it is still there, ends it too. */
static bool
at_end(const char *p)
{
	return *p == '\0' || (p[0] == '\n' && p[1] == '\0');
}

static bool
cached_line(const char *p, struct trace_line *out)
{
	size_t len = strcspn(p, " ");

	if (len == 0 || len >= sizeof(out->level) || p[len] != ' ')
		return false;
	memcpy(out->level, p, len);
	out->level[len] = '\0';
	p += len + 1;
	return number(&p, (uint64_t)1 << 62, &out->address) && at_end(p);
}

bool
trace_parse(const char *line, struct trace_line *out)
{
	const char *p = line;

	memset(out, 0, sizeof(*out));
	if (strncmp(p, "cached ", 7) == 0) {
		out->cached = true;
		return cached_line(p + 7, out);
	}
	out->resident = strncmp(p, "resident ", 9) == 0;
	if (out->resident)
		p += 9;
	if (strncmp(p, "heap ", 5) == 0) {
		out->arena = TRACE_HEAP;
		p += 5;
	} else if (strncmp(p, "items ", 6) == 0) {
		out->arena = TRACE_ITEMS;
		p += 6;
	} else
		return false;
	if (!number(&p, (uint64_t)UINT32_MAX + 1, &out->page))
		return false;
	if (out->resident)
		return at_end(p);
	if (*p++ != ' ' || !number(&p, (uint64_t)1 << 62, &out->address) ||
	    *p++ != ' ' || (*p != 'r' && *p != 'w'))
		return false;
	out->write = *p++ == 'w';
	return at_end(p);
}
