/*
 * trace.c: reading a line of bheapsim's --trace files, for the suites
 * that replay them (test_cli.c, test_sweeps.c, test_policy.c), written
 * apart from pages.c, which writes them.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tests.h"

bool
trace_parse(const char *line, struct trace_line *out)
{
	const char *p = line;
	uint64_t v = 0;

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
	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (uint64_t)(*p - '0');
		if (v > UINT32_MAX)
			return false;
	}
	out->page = v;
	/* The line's newline, if it is still there, ends it too. */
	return *p == '\0' || (p[0] == '\n' && p[1] == '\0');
}
