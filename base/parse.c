/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * parse.c: strict parsing of counts, sizes, times and names.
 *
 * Strict means: no sign, no blanks, no trailing junk, no silent wrap.
 * strtoull would accept " -1" as 2^64 - 1; digits are taken one by one.
 */
#include <assert.h>
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "parse.h"

static int
parse_scaled(const char *text, const uint64_t scale[3], uint64_t min,
    uint64_t max, uint64_t *out)
{
	uint64_t value = 0, unit = 1;
	const char *p = text;

	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned digit = (unsigned)(*p - '0');

		if (value > (UINT64_MAX - digit) / 10)
			return -1;
		value = value * 10 + digit;
	}
	switch (*p) {
	case '\0':
		break;
	case 'k': case 'K':
		unit = scale[0];
		p++;
		break;
	case 'm': case 'M':
		unit = scale[1];
		p++;
		break;
	case 'g': case 'G':
		unit = scale[2];
		p++;
		break;
	default:
		return -1;
	}
	if (*p != '\0' || value > UINT64_MAX / unit)
		return -1;
	value *= unit;
	if (value < min || value > max)
		return -1;
	*out = value;
	return 0;
}

int
parse_count(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	static const uint64_t decimal[3] = { 1000, 1000000, 1000000000 };

	return parse_scaled(text, decimal, min, max, out);
}

int
parse_size(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	static const uint64_t binary[3] = { 1u << 10, 1u << 20, 1u << 30 };

	return parse_scaled(text, binary, min, max, out);
}

int
has_size_suffix(const char *text)
{
	size_t len = strlen(text);

	return len > 0 && strchr("kKmMgG", text[len - 1]) != NULL;
}

/*
 * The one grammar of times: digits, then optionally a point and at least
 * one digit ("5." and ".5" are not numbers), then ns, us, ms or s, or
 * nothing for bare_ns's unit.  Stores the whole nanoseconds in *ns and
 * the picoseconds below them in *ps; a time finer than a picosecond (a
 * digit past it not 0), or above max_ns however little, is refused.
 */
static const struct time_unit {
	const char	*suffix;
	uint64_t	 ns;
	unsigned	 places;	/* decimal places of a picosecond */
} time_units[] = {
	{ "ns", 1, 3 }, { "us", 1000, 6 }, { "ms", 1000000, 9 },
	{ "s", 1000000000, 12 },
};
#define NTIME_UNITS	(sizeof(time_units) / sizeof(time_units[0]))

/* The unit a suffix names ("": bare_ns's), or NULL. */
static const struct time_unit *
time_unit(const char *suffix, uint64_t bare_ns)
{
	size_t i;

	for (i = 0; i < NTIME_UNITS; i++)
		if (*suffix == '\0' ? time_units[i].ns == bare_ns :
		    strcmp(suffix, time_units[i].suffix) == 0)
			return &time_units[i];
	return NULL;
}

/*
 * The digits at `digits` in picoseconds of `unit`; -1 if one past the
 * picosecond is not 0.
 */
static int
fraction_ps(const char *digits, const struct time_unit *unit, uint64_t *ps)
{
	unsigned n;

	*ps = 0;
	for (n = 0; isdigit((unsigned char)*digits); digits++, n++) {
		if (n >= unit->places && *digits != '0')
			return -1;
		if (n < unit->places)
			*ps = *ps * 10 + (unsigned)(*digits - '0');
	}
	for (; n < unit->places; n++)
		*ps *= 10;
	return 0;
}

static int
parse_time(const char *text, uint64_t bare_ns, uint64_t max_ns, uint64_t *ns,
    uint64_t *ps)
{
	const struct time_unit *unit;
	const char *p = text, *fraction = "";
	uint64_t whole = 0, part;

	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		if (whole > (UINT64_MAX - (unsigned)(*p - '0')) / 10)
			return -1;
		whole = whole * 10 + (unsigned)(*p - '0');
	}
	if (*p == '.') {
		fraction = ++p;
		if (!isdigit((unsigned char)*p))
			return -1;
		while (isdigit((unsigned char)*p))
			p++;
	}
	unit = time_unit(p, bare_ns);
	if (unit == NULL || fraction_ps(fraction, unit, &part) != 0)
		return -1;
	/* Just above the maximum is above it, however little. */
	if (whole > max_ns / unit->ns || part / 1000 > max_ns ||
	    whole * unit->ns > max_ns - part / 1000 ||
	    (whole * unit->ns + part / 1000 == max_ns && part % 1000 != 0))
		return -1;
	*ns = whole * unit->ns + part / 1000;
	*ps = part % 1000;
	return 0;
}

int
parse_duration_ns(const char *text, uint64_t max_ns, uint64_t *out)
{
	uint64_t ps;

	/* A duration is whole nanoseconds, as the report shows it. */
	return parse_time(text, 1000000, max_ns, out, &ps) != 0 || ps != 0 ?
	    -1 : 0;
}

int
parse_latency_ns(const char *text, uint64_t max_ns, double *out)
{
	uint64_t ns, ps;

	assert(max_ns <= UINT64_MAX / 1000);
	if (parse_time(text, 1, max_ns, &ns, &ps) != 0)
		return -1;
	/* Exact in picoseconds, then one rounding: 16.7 is strtod's 16.7. */
	*out = (double)(ns * 1000 + ps) / 1000;
	return 0;
}

int
parse_name(const char *text, const char *const names[], unsigned *out)
{
	unsigned i;

	for (i = 0; names[i] != NULL; i++) {
		if (strcmp(text, names[i]) == 0) {
			*out = i;
			return 0;
		}
	}
	return -1;
}

int
parse_name_list(const char *text, const char *const names[], unsigned count,
    unsigned *mask)
{
	unsigned result = 0;
	const char *p = text;

	for (;;) {
		size_t len = strcspn(p, ",");
		unsigned i;

		for (i = 0; i < count; i++) {
			if (strlen(names[i]) == len &&
			    strncmp(p, names[i], len) == 0)
				break;
		}
		if (i == count)
			return -1;
		result |= 1u << i;
		if (p[len] == '\0')
			break;
		p += len + 1;
	}
	*mask = result;
	return 0;
}
