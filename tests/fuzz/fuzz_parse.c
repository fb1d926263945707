/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * fuzz_parse.c: libFuzzer target over the command-line value parsers.
 *
 * Every input, as a NUL-terminated string, goes through parse_count,
 * parse_size, parse_duration_ns, parse_name_list and sweep_parse with the
 * bounds bheapsim itself passes them (main.c, explain.c, sweep.c).  Each
 * parser is checked against a second, deliberately naive parser written
 * here from the grammar in parse.h and sweep.h: both must accept the same
 * texts and produce the same values.  On top of that, a value accepted
 * must lie within its bounds and read back unchanged from its decimal
 * printing, and an accepted sweep has 1 .. SWEEP_MAX_POINTS values, each
 * one a value its parameter accepts.
 *
 * parse_duration_ns is fuzzed with bounds up to 2^60 ns only: with a
 * bound near 2^64 its arithmetic wraps (see the report of issue 7), and
 * no caller passes one.
 *
 * Build: make fuzz (clang, -fsanitize=fuzzer,address,undefined).
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "heap.h"
#include "parse.h"
#include "sweep.h"

/* Parameters -------------------------------------------------------- */

/* The (min, max) pairs bheapsim passes parse_count. */
static const uint64_t count_bounds[][2] = {
	{ 1, HEAP_MAX_ITEMS },			/* --items */
	{ 1, (uint64_t)1 << 40 },		/* --ops */
	{ DARY_MIN_ARITY, DARY_MAX_ARITY },	/* --arity */
	{ 0, UINT64_MAX },			/* --seed */
	{ 1, UINT32_MAX },			/* --resident pages, sweeps */
	{ 2, UINT32_MAX },			/* sweep steps xF */
	{ 8, 512 },				/* explain --items */
};

/* And parse_size. */
static const uint64_t size_bounds[][2] = {
	{ 64, (uint64_t)1 << 30 },		/* --page-size */
	{ 16, (uint64_t)1 << 20 },		/* --item-bytes */
	{ 1, (uint64_t)1 << 46 },		/* --resident bytes */
	{ 0, UINT64_MAX },
};

/* And parse_duration_ns: --disk-latency's hour, and wider ones. */
static const uint64_t duration_bounds[] = {
	0, 999, 1000000000, (uint64_t)3600 * 1000000000, (uint64_t)1 << 60,
};

static const char *const layout_names[] = { "binheap", "bheap", "dary",
    NULL };
static const char *const workload_list[] = { "fill", "replace", "reorder",
    "mix", "drain", NULL };

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Checks ------------------------------------------------------------- */

static void
fail(const char *what, const char *text, const char *detail)
{
	fprintf(stderr, "fuzz_parse: %s: input '%s': %s\n", what, text,
	    detail);
	abort();
}

/*
 * The reference for counts and sizes: digits, then at most one suffix
 * letter, then the end.  __builtin_*_overflow keeps it exact.
 */
static bool
ref_scaled(const char *text, uint64_t k, uint64_t min, uint64_t max,
    uint64_t *out)
{
	uint64_t value = 0, unit = 1;
	size_t len = strlen(text), digits = len;

	if (len > 0 && strchr("kKmMgG", text[len - 1]) != NULL) {
		digits = len - 1;
		switch (tolower((unsigned char)text[len - 1])) {
		case 'k':
			unit = k;
			break;
		case 'm':
			unit = k * k;
			break;
		default:
			unit = k * k * k;
			break;
		}
	}
	if (digits == 0)
		return false;
	for (size_t i = 0; i < digits; i++) {
		if (text[i] < '0' || text[i] > '9')
			return false;
		if (__builtin_mul_overflow(value, 10, &value) ||
		    __builtin_add_overflow(value, (uint64_t)(text[i] - '0'),
		    &value))
			return false;
	}
	if (__builtin_mul_overflow(value, unit, &value))
		return false;
	if (value < min || value > max)
		return false;
	*out = value;
	return true;
}

typedef int (*scaled_parser)(const char *, uint64_t, uint64_t, uint64_t *);

static void
check_scaled(const char *name, scaled_parser parse, uint64_t k,
    const char *text, uint64_t min, uint64_t max)
{
	uint64_t got = 0, want = 0, again = 0;
	bool ok = parse(text, min, max, &got) == 0;
	bool ref = ref_scaled(text, k, min, max, &want);
	char detail[160], printed[32];

	snprintf(detail, sizeof(detail), "bounds [%" PRIu64 ", %" PRIu64
	    "]: %s %" PRIu64 ", reference %s %" PRIu64, min, max,
	    ok ? "accepted" : "refused", got, ref ? "accepts" : "refuses",
	    want);
	if (ok != ref || (ok && got != want))
		fail(name, text, detail);
	if (!ok)
		return;
	if (got < min || got > max)
		fail(name, text, detail);
	/* The plain decimal printing of a value is always a valid count. */
	snprintf(printed, sizeof(printed), "%" PRIu64, got);
	if (parse_count(printed, min, max, &again) != 0 || again != got)
		fail(name, text, "the decimal printing does not read back");
}

/*
 * The reference for durations: digits, optionally '.' and more digits,
 * then ns, us, ms, s or nothing (ms).  A value with anything below a
 * nanosecond is refused, as parse.h promises.  unsigned __int128 holds every intermediate exactly.
 */
static bool
ref_duration(const char *text, uint64_t max_ns, uint64_t *out)
{
	static const struct {
		const char	*suffix;
		uint64_t	 ns;
	} units[] = {
		{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "", 1000000 },
		{ "s", 1000000000 },
	};
	unsigned __int128 whole = 0, total;
	uint64_t fraction = 0, fraction_unit = 1, unit = 0;
	const char *p = text;
	bool rest = false;	/* what the value has below a nanosecond */
	size_t i;

	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p); p++) {
		whole = whole * 10 + (unsigned)(*p - '0');
		/* Past any bound already; stop before 128 bits wrap too. */
		if (whole > (unsigned __int128)max_ns)
			return false;
	}
	if (*p == '.') {
		/* A point needs a digit after it: "5." is no number. */
		if (!isdigit((unsigned char)p[1]))
			return false;
		for (p++; isdigit((unsigned char)*p); p++)
			if (fraction_unit < 1000000000) {
				fraction = fraction * 10 + (uint64_t)(*p - '0');
				fraction_unit *= 10;
			} else
				rest |= *p != '0';
	}
	for (i = 0; i < NELEM(units); i++)
		if (strcmp(p, units[i].suffix) == 0)
			unit = units[i].ns;
	if (unit == 0)
		return false;
	total = whole * unit + (unsigned __int128)fraction * unit /
	    fraction_unit;
	rest |= (unsigned __int128)fraction * unit % fraction_unit != 0;
	/* Below a nanosecond the report cannot show it: refused. */
	if (total > max_ns || rest)
		return false;
	*out = (uint64_t)total;
	return true;
}

static void
check_duration(const char *text, uint64_t max_ns)
{
	uint64_t got = 0, want = 0;
	bool ok = parse_duration_ns(text, max_ns, &got) == 0;
	bool ref = ref_duration(text, max_ns, &want);
	char detail[160];

	snprintf(detail, sizeof(detail), "max %" PRIu64 " ns: %s %" PRIu64
	    ", reference %s %" PRIu64, max_ns, ok ? "accepted" : "refused",
	    got, ref ? "accepts" : "refuses", want);
	if (ok != ref || (ok && (got != want || got > max_ns)))
		fail("parse_duration_ns", text, detail);
}

/* The reference for name lists: split at every comma, look each up. */
static bool
ref_name_list(const char *text, const char *const names[], unsigned count,
    unsigned *mask)
{
	const char *p = text;
	unsigned result = 0;

	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma != NULL ? (size_t)(comma - p) : strlen(p);
		unsigned i;

		for (i = 0; i < count; i++)
			if (strlen(names[i]) == len &&
			    memcmp(p, names[i], len) == 0)
				break;
		if (i == count)
			return false;
		result |= 1u << i;
		if (comma == NULL)
			break;
		p = comma + 1;
	}
	*mask = result;
	return true;
}

static void
check_name_list(const char *text, const char *const names[])
{
	unsigned count = 0, got = 0, want = 0;
	bool ok, ref;
	char detail[96];

	while (names[count] != NULL)
		count++;
	ok = parse_name_list(text, names, count, &got) == 0;
	ref = ref_name_list(text, names, count, &want);
	snprintf(detail, sizeof(detail), "%s mask %#x, reference %s %#x",
	    ok ? "accepted" : "refused", got, ref ? "accepts" : "refuses",
	    want);
	if (ok != ref || (ok && (got != want || got == 0 ||
	    got >= 1u << count)))
		fail("parse_name_list", text, detail);
}

/*
 * sweep_parse: every accepted list is 1 .. SWEEP_MAX_POINTS values the
 * parameter accepts on its own; every refusal says why, in whatever
 * room it is given.
 */
static void
check_sweep(const char *text, size_t why_size)
{
	static struct sweep_spec spec;
	char *why = malloc(why_size);
	char detail[160];
	size_t i;

	if (why == NULL)
		abort();
	memset(why, 'x', why_size);
	if (sweep_parse(text, &spec, why, why_size) != 0) {
		/* malloc'd to size: ASan catches a write past the end. */
		if (memchr(why, '\0', why_size) == NULL ||
		    (why_size > 1 && why[0] == '\0'))
			fail("sweep_parse", text, "refused without a reason");
		free(why);
		return;
	}
	free(why);
	if (spec.count < 1 || spec.count > SWEEP_MAX_POINTS) {
		snprintf(detail, sizeof(detail), "%zu values", spec.count);
		fail("sweep_parse", text, detail);
	}
	if (spec.param != SWEEP_RESIDENT && spec.param != SWEEP_ITEMS &&
	    spec.param != SWEEP_PAGE_SIZE && spec.param != SWEEP_POLICY)
		fail("sweep_parse", text, "no parameter");
	if (spec.bytes && spec.param != SWEEP_RESIDENT)
		fail("sweep_parse", text, "bytes for a parameter not resident");
	for (i = 0; i < spec.count; i++) {
		uint64_t v = spec.values[i], min = 1, max;

		switch (spec.param) {
		case SWEEP_RESIDENT:
			max = spec.bytes ? (uint64_t)1 << 46 : UINT32_MAX;
			break;
		case SWEEP_ITEMS:
			max = UINT32_MAX;
			break;
		case SWEEP_POLICY:	/* an enum policy, lru first */
			min = 0;
			max = POLICY_COUNT - 1;
			break;
		default:
			max = (uint64_t)1 << 30;
			break;
		}
		if (v < min || v > max) {
			snprintf(detail, sizeof(detail), "value %zu is %"
			    PRIu64 ", outside [%" PRIu64 ", %" PRIu64 "]", i, v,
			    min, max);
			fail("sweep_parse", text, detail);
		}
	}
}

/* Entry point -------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	size_t i, len;

	/* sweep_parse refuses past 1023 characters; a little more tests that. */
	if (size > 1100)
		return 0;
	/* Exactly size + 1 bytes, so that ASan sees any read past the NUL. */
	text = malloc(size + 1);
	if (text == NULL)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';

	for (i = 0; i < NELEM(count_bounds); i++)
		check_scaled("parse_count", parse_count, 1000, text,
		    count_bounds[i][0], count_bounds[i][1]);
	for (i = 0; i < NELEM(size_bounds); i++)
		check_scaled("parse_size", parse_size, 1024, text,
		    size_bounds[i][0], size_bounds[i][1]);
	/* Inputs may hold a NUL: the parsers see the text up to it. */
	len = strlen(text);
	if ((has_size_suffix(text) != 0) != (len > 0 &&
	    strchr("kKmMgG", text[len - 1]) != NULL))
		fail("has_size_suffix", text, "wrong answer");
	for (i = 0; i < NELEM(duration_bounds); i++)
		check_duration(text, duration_bounds[i]);
	check_name_list(text, layout_names);
	check_name_list(text, workload_list);
	/* Reasons cut short must still be strings: try a few room sizes. */
	check_sweep(text, 256);
	check_sweep(text, 1 + (size > 0 ? (unsigned char)data[0] % 16 : 0));
	free(text);
	return 0;
}
