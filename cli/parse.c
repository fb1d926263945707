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
 * the picoseconds below them in *ps; anything above max_ns, however
 * little, is refused.
 */
static int
parse_time(const char *text, uint64_t bare_ns, uint64_t max_ns, uint64_t *ns,
    uint64_t *ps)
{
	static const struct {
		const char	*suffix;
		uint64_t	 ns;
	} units[] = {
		{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
	};
	uint64_t whole = 0, fraction = 0, fraction_unit = 1, unit = bare_ns,
	    part, rest;
	const char *p = text;
	bool beyond = false;	/* digits past the nanosecond, not all 0 */
	size_t i, nunits = sizeof(units) / sizeof(units[0]);

	if (!isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned digit = (unsigned)(*p - '0');

		if (whole > (UINT64_MAX - digit) / 10)
			return -1;
		whole = whole * 10 + digit;
	}
	if (*p == '.') {
		if (!isdigit((unsigned char)p[1]))
			return -1;
		for (p++; isdigit((unsigned char)*p); p++) {
			/* Nine digits resolve a nanosecond in seconds; more add nothing. */
			if (fraction_unit < 1000000000) {
				fraction = fraction * 10 + (uint64_t)(*p - '0');
				fraction_unit *= 10;
			} else if (*p != '0')
				beyond = true;
		}
	}
	if (*p != '\0') {
		for (i = 0; i < nunits && strcmp(p, units[i].suffix) != 0; i++)
			continue;
		if (i == nunits)
			return -1;
		unit = units[i].ns;
	}
	if (whole > max_ns / unit)
		return -1;
	/* fraction * unit < 10^18: no wrap; the sum is checked before. */
	part = fraction * unit / fraction_unit;
	rest = fraction * unit % fraction_unit;
	if (part > UINT64_MAX - whole * unit)
		return -1;
	whole = whole * unit + part;
	/* Just above the maximum is above it, however little. */
	if (whole > max_ns || (whole == max_ns && (beyond || rest != 0)))
		return -1;
	*ns = whole;
	*ps = rest * 1000 / fraction_unit;
	return 0;
}

int
parse_duration_ns(const char *text, uint64_t max_ns, uint64_t *out)
{
	uint64_t ps;

	return parse_time(text, 1000000, max_ns, out, &ps);
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
