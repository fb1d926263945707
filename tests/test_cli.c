/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_cli.c: bheapsim as its users meet it.
 *
 * These tests run the built program, named by $BHEAPSIM, with real
 * command lines (spawn.c) and judge what comes back: the exit status,
 * stdout, stderr and the files left behind.  The traces it writes are
 * replayed through an LRU written here, apart from vmsim.c, so that the
 * two implementations check each other.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abi.h"
#include "exits.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define MAX_FIELDS	TABLE_MAX_COLUMNS	/* per CSV line */
#define MAX_ROWS	16		/* CSV data rows */

/* CSV reports --------------------------------------------------------- */

/* No field of the report holds a comma or a quote, so none is quoted. */
struct csv {
	char	*field[MAX_ROWS + 1][MAX_FIELDS];	/* [0]: the header */
	size_t	 nfields;
	size_t	 nrows;		/* not counting the header */
	char	 command[1024];
};

/* Cuts text at each sep, in place: one piece more than there are seps. */
static size_t
cut(char *text, int sep, char *piece[], size_t max)
{
	size_t n = 0;

	for (;;) {
		char *end = strchr(text, sep);

		ck_assert_msg(n < max, "more than %zu pieces", max);
		piece[n++] = text;
		if (end == NULL)
			return n;
		*end = '\0';
		text = end + 1;
	}
}

/* Splits a run's stdout in place; every row must match the header. */
static void
parse_csv(struct csv *csv, struct outcome *o)
{
	char *line[MAX_ROWS + 2];
	size_t nlines, i;

	snprintf(csv->command, sizeof(csv->command), "%s", o->command);
	nlines = cut(o->out.data, '\n', line, MAX_ROWS + 2);
	ck_assert_msg(nlines >= 2 && *line[nlines - 1] == '\0',
	    "%s: no header, or no newline at the end", o->command);
	nlines--;
	csv->nrows = nlines - 1;
	for (i = 0; i < nlines; i++) {
		size_t n = cut(line[i], ',', csv->field[i], MAX_FIELDS);

		if (i == 0)
			csv->nfields = n;
		ck_assert_msg(n == csv->nfields, "%s: CSV row %zu has %zu "
		    "fields, the header %zu", o->command, i, n, csv->nfields);
	}
}

static size_t
csv_column(const struct csv *csv, const char *name)
{
	size_t f;

	for (f = 0; f < csv->nfields; f++)
		if (strcmp(csv->field[0][f], name) == 0)
			return f;
	ck_abort_msg("%s: no column %s", csv->command, name);
	return 0;
}

/* Rows count from 0, after the header. */
static const char *
csv_get(const struct csv *csv, size_t row, const char *name)
{
	ck_assert(row < csv->nrows);
	return csv->field[row + 1][csv_column(csv, name)];
}

static uint64_t
csv_u64(const struct csv *csv, size_t row, const char *name)
{
	const char *text = csv_get(csv, row, name);
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(text, &end, 10);
	ck_assert_msg(*text >= '0' && *text <= '9' && *end == '\0' &&
	    errno == 0, "%s: %s is '%s', not a count", csv->command, name,
	    text);
	return v;
}

static double
csv_real(const struct csv *csv, size_t row, const char *name)
{
	const char *text = csv_get(csv, row, name);
	char *end;
	double v;

	v = strtod(text, &end);
	ck_assert_msg(*text != '\0' && *end == '\0', "%s: %s is '%s', not a "
	    "number", csv->command, name, text);
	return v;
}

/* The row whose column `name` holds value. */
static size_t
csv_find(const struct csv *csv, const char *name, const char *value)
{
	size_t row;

	for (row = 0; row < csv->nrows; row++)
		if (strcmp(csv_get(csv, row, name), value) == 0)
			return row;
	ck_abort_msg("%s: no row with %s %s", csv->command, name, value);
	return 0;
}

static uint64_t
pages_of(uint64_t bytes, uint64_t page_bytes)
{
	return bytes / page_bytes + (bytes % page_bytes != 0);
}

/* Bad input ------------------------------------------------------------ */

#define WITH_OUTPUT	0x1	/* add --output DIR/out.csv */
#define PTR8_ONLY	0x2	/* bad only with 8-byte pointers */

/* A file name longer than NAME_MAX (255 bytes). */
#define B32	"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define NAME_256	B32 B32 B32 B32 B32 B32 B32 B32

/*
 * Each case must be refused before any work, with status 2, one line on
 * stderr quoting the offending text, nothing on stdout and no file left
 * behind.  An argument starting with '@' names a file in the test's
 * scratch directory.  --items 1000 keeps a case that is wrongly
 * accepted from running long.
 */
static const struct bad_input {
	const char	*args[16];
	const char	*quote;		/* the offending text */
	const char	*also[2];	/* more a truthful message says */
	unsigned	 flags;
} bad_inputs[] = {
	{ { "--items", "0" }, "'0'", { "1 to" }, 0 },
	{ { "--items", "-5" }, "'-5'", { NULL }, WITH_OUTPUT },
	{ { "--items", "abc" }, "'abc'", { NULL }, 0 },
	{ { "--items", "12Q" }, "'12Q'", { NULL }, WITH_OUTPUT },
	{ { "--items", "99999999999G" }, "'99999999999G'", { NULL },
	    WITH_OUTPUT },
	{ { "--items", "5000000000" }, "'5000000000'", { "4294967294" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--ops", "0" }, "'0'", { "--ops" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--page-size", "1000" }, "1000",
	    { "power of two" }, WITH_OUTPUT },
	/* With 4-byte pointers 32 bytes hold 8 entries, which is allowed. */
	{ { "--items", "1000", "--page-size", "32" }, "'32'",
	    { "--page-size" }, WITH_OUTPUT | PTR8_ONLY },
	{ { "--items", "1000", "--layout", "foo" }, "'foo'",
	    { "binheap", "bheap" }, WITH_OUTPUT },
	{ { "--items", "1000", "--layout", "binheap,foo" }, "'binheap,foo'",
	    { "bheap" }, 0 },
	{ { "--items", "1000", "--arity", "1" }, "'1'", { "--arity", "2 to 64" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--arity", "65" }, "'65'", { "2 to 64" }, 0 },
	/* Taken without a word, though no phase run has operations. */
	{ { "--items", "1000", "--workload", "fill,drain", "--ops", "5" },
	    "'5'", { "--ops", "--workload" }, WITH_OUTPUT },
	/* Taken without a word, though no layout run has an arity. */
	{ { "--items", "1000", "--layout", "binheap", "--arity", "4" }, "'4'",
	    { "--arity", "dary" }, WITH_OUTPUT },
	{ { "--items", "1000", "--workload", "bogus" }, "'bogus'",
	    { "replace" }, WITH_OUTPUT },
	{ { "--items", "1000", "--model", "half" }, "'half'",
	    { "array", "full" }, WITH_OUTPUT },
	{ { "--items", "1000", "--format", "xml" }, "'xml'", { "csv" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--vm", "maybe" }, "'maybe'", { "sim" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--resident", "0" }, "'0'", { "--resident" },
	    WITH_OUTPUT },
	/* 1000 items of 8 bytes are 2 pages: 3000 cannot be resident. */
	{ { "--items", "1000", "--resident", "3000" }, "'3000'",
	    { "--resident" }, WITH_OUTPUT },
	{ { "--items", "1000", "--resident", "6K" }, "6K", { "--resident" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--disk-latency", "5parsecs" }, "'5parsecs'",
	    { "--disk-latency" }, WITH_OUTPUT },
	{ { "--items", "1000", "--item-bytes", "13" }, "13",
	    { "--item-bytes" }, WITH_OUTPUT },
	/* Default layouts: two of them, and a trace takes one. */
	{ { "--items", "1000", "--workload", "replace", "--trace", "@t.txt" },
	    "--trace", { "--layout" }, WITH_OUTPUT },
	{ { "--items", "1000", "--layout", "bheap", "--workload",
	    "fill,replace", "--trace", "@t.txt" }, "--trace", { "--workload" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--frobnicate" }, "'--frobnicate'",
	    { "unknown option" }, WITH_OUTPUT },
	/* The option is known; what is missing is its value. */
	{ { "--items" }, "--items", { "needs a value" }, WITH_OUTPUT },
	{ { "--items", "1000", "foo" }, "'foo'", { "unexpected argument" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--output", "/nonexistent-dir/x.csv" },
	    "/nonexistent-dir/x.csv", { "--output" }, 0 },
	{ { "--trace", "/nonexistent-dir/t.txt", "--layout", "bheap",
	    "--workload", "replace", "--items", "1000" },
	    "/nonexistent-dir/t.txt", { "--trace" }, WITH_OUTPUT },
	/* One file cannot be both; neither may be left half made. */
	{ { "--items", "1000", "--layout", "bheap", "--workload", "replace",
	    "--output", "@out.csv", "--trace", "@out.csv" }, "out.csv",
	    { "--trace", "--output" }, 0 },
	/* Refused up front, not after mapping petabytes. */
	{ { "--items", "4000000000", "--item-bytes", "1M" }, "4000000000",
	    { "GiB", "address space" }, WITH_OUTPUT },
	/*
	 * 60 TiB: inside x86-64's address space, beyond any machine's
	 * memory; refused with the figure needed unless --force is given.
	 */
	{ { "--items", "1G", "--item-bytes", "64K" }, "1000000000",
	    { "GiB of memory", "--force" }, WITH_OUTPUT | PTR8_ONLY },
	/* The curve needs the model that gives every budget at once. */
	{ { "--items", "1000", "--resident", "all", "--vm", "kernel" }, "'all'",
	    { "--vm sim", "--vm kernel" }, WITH_OUTPUT },
	{ { "--items", "1000", "--resident", "all", "--vm", "disk" }, "'all'",
	    { "--vm sim", "--vm disk" }, WITH_OUTPUT },
	{ { "--items", "1000", "--resident", "all", "--vm", "off" }, "'all'",
	    { "--vm sim", "--vm off" }, WITH_OUTPUT },
	{ { "--items", "1000", "--jobs", "0" }, "'0'", { "--jobs", "1 to 64" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--jobs", "65" }, "'65'", { "--jobs", "1 to 64" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "items=1000,2000", "--shard", "3/2" },
	    "'3/2'", { "--shard", "I <= N" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "items=1000,2000", "--shard", "0/0" },
	    "'0/0'", { "--shard", "1 <= I" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "items=1000,2000", "--shard", "x/y" },
	    "'x/y'", { "--shard" }, WITH_OUTPUT },
	{ { "--items", "1000", "--shard", "1/2" }, "1/2", { "--shard",
	    "--sweep" }, WITH_OUTPUT },
	/* Found before the run, not after it, and each with its range. */
	{ { "--items", "1000", "--resident", "4294967296" }, "'4294967296'",
	    { "1 to 4294967295" }, WITH_OUTPUT },
	{ { "--items", "1000", "--resident", "1.5K" }, "'1.5K'",
	    { "1 to 4294967295", "K, M, G" }, WITH_OUTPUT },
	{ { "--items", "1000", "--vm", "disk", "--vm-dir", "/etc/passwd" },
	    "/etc/passwd", { "--vm-dir", "not a directory" }, WITH_OUTPUT },
	{ { "--items", "1000", "--vm", "disk", "--vm-dir", "/proc" }, "/proc",
	    { "--vm-dir" }, WITH_OUTPUT },
	{ { "--items", "1000", "--vm-dir", "/tmp" }, "'/tmp'",
	    { "--vm-dir", "--vm disk" }, WITH_OUTPUT },
	/* A budget --vm off never uses was taken without a word. */
	{ { "--items", "1000", "--vm", "off", "--resident", "5" }, "'5'",
	    { "--resident", "--vm off" }, WITH_OUTPUT },
	{ { "--items", "1000", "--resident", "40K", "--vm", "off" }, "'40K'",
	    { "--resident", "--vm off" }, WITH_OUTPUT },
	{ { "--items", "1000", "--vm", "off", "--sweep", "resident=1,2",
	    "--plot-y", "ns_per_op" }, "resident=1,2", { "--vm off" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "resident=1,2", "--resident", "3" },
	    "'3'", { "--resident", "--sweep" }, WITH_OUTPUT },
	{ { "--items", "1000", "--vm", "off", "--sweep", "items=1000,2000",
	    "--plot-y", "sim_faults" }, "'sim_faults'", { "--plot-y",
	    "--vm off" }, WITH_OUTPUT },
	{ { "--items", "1000", "--layout", "binheap", "--sweep",
	    "items=1000,2000", "--plot-y", "arity" }, "'arity'",
	    { "--plot-y", "dary" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "items=1000,2000", "--plot-y",
	    "majflt" }, "'majflt'", { "--plot-y", "--vm disk" }, WITH_OUTPUT },
	/* Once taken, then refused with status 1 after the whole run. */
	{ { "--items", "1000", "--output", NAME_256 }, "'" B32, { "--output",
	    "too long" }, 0 },
	/* An empty item in --columns was skipped without a word. */
	{ { "--items", "1000", "--columns", "faults/op,,ns/op" },
	    "'faults/op,,ns/op'", { "--columns", "empty item" }, WITH_OUTPUT },
	{ { "--items", "1000", "--columns", "," }, "','",
	    { "--columns", "empty item" }, WITH_OUTPUT },
	/* Not --vm off's doing: the time model was not asked for. */
	{ { "--items", "1000", "--sweep", "items=1000,2000", "--plot-y",
	    "stall_l2_ns_per_op" }, "'stall_l2_ns_per_op'", { "--plot-y",
	    "--time-model" }, WITH_OUTPUT },
	/* The line curve runs with a resident sweep only. */
	{ { "--items", "1000", "--sweep", "items=1000,2000", "--plot-y",
	    "line_misses" }, "'line_misses'", { "--plot-y", "the line curve" },
	    WITH_OUTPUT },
	/* Replacement policies: what each cannot do, before any work. */
	{ { "--items", "1000", "--policy", "mru" }, "'mru'", { "--policy",
	    "clock" }, WITH_OUTPUT },
	{ { "--items", "1000", "--policy", "opt", "--vm", "kernel" }, "'opt'",
	    { "--vm kernel", "--vm sim" }, WITH_OUTPUT },
	{ { "--items", "1000", "--policy", "fifo", "--vm", "off" }, "'fifo'",
	    { "--vm off" }, WITH_OUTPUT },
	/* A phase too long to record: the bound, 457 accesses an operation. */
	{ { "--items", "100M", "--ops", "100M", "--layout", "binheap,bheap",
	    "--policy", "opt" }, "45700000000", { "--policy", "4294967294" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--policy", "lru,clock", "--resident", "all" },
	    "'all'", { "LRU", "one run per budget" }, WITH_OUTPUT },
	{ { "--items", "1000", "--layout", "bheap", "--workload", "replace",
	    "--policy", "clock", "--trace", "@t.txt" }, "--trace",
	    { "clock", "reference bits" }, WITH_OUTPUT },
	{ { "--items", "1000", "--layout", "bheap", "--workload", "replace",
	    "--policy", "lru,opt", "--trace", "@t.txt" }, "--trace",
	    { "one --policy" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "policy=lru,opt", "--plot",
	    "@p.svg" }, "p.svg", { "--plot", "numeric" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "policy=lru..opt:+1" },
	    "'lru..opt:+1'", { "not ranges" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "policy=lru,opt", "--policy",
	    "opt" }, "policy=lru,opt", { "--policy", "give one" },
	    WITH_OUTPUT },
	/* The memory hierarchy's options (hieropt.h). */
	{ { "--items", "1000", "--cache", "l3=1M/8" }, "'l3=1M/8'",
	    { "--cache", "l1, l2 or llc" }, WITH_OUTPUT },
	{ { "--items", "1000", "--cache", "l1=33000/8" }, "'l1=33000/8'",
	    { "33000 bytes", "64-byte lines" }, WITH_OUTPUT },
	{ { "--items", "1000", "--cache", "l1=32K/0" }, "'l1=32K/0'",
	    { "ways '0'", "1 to 65536" }, WITH_OUTPUT },
	{ { "--items", "1000", "--cache", "l1=32K/8/48" }, "'l1=32K/8/48'",
	    { "power of two" }, WITH_OUTPUT },
	{ { "--items", "1000", "--cache", "l1=64/2" }, "'l1=64/2'",
	    { "more ways than lines" }, WITH_OUTPUT },
	{ { "--items", "1000", "--cache", "l1=32K" }, "'l1=32K'",
	    { "LEVEL=SIZE/WAYS" }, WITH_OUTPUT },
	{ { "--items", "1000", "--cache", "" }, "''", { "--cache", "off" },
	    WITH_OUTPUT },
	/* 48 lines: 16 ways make 3 sets, 5 ways no whole number. */
	{ { "--items", "1000", "--cache", "l1=3K/5" }, "'l1=3K/5'",
	    { "whole number of sets" }, WITH_OUTPUT },
	/* full is one set of every line, and a set has at most 65536. */
	{ { "--items", "1000", "--cache", "l1=8M/full" }, "'l1=8M/full'",
	    { "131072 ways", "65536" }, WITH_OUTPUT },
	{ { "--items", "1000", "--tlb", "64/full,100000/full" },
	    "'100000/full'", { "100000 ways", "65536" }, WITH_OUTPUT },
	{ { "--items", "1000", "--tlb", "64/4,1536/12,8/8" }, "'8/8'",
	    { "--tlb", "one or two" }, WITH_OUTPUT },
	{ { "--items", "1000", "--tlb", "64/0" }, "'64/0'",
	    { "--tlb", "1 to 65536" }, WITH_OUTPUT },
	{ { "--items", "1000", "--tlb", "63/4" }, "'63/4'",
	    { "--tlb", "whole number of sets" }, WITH_OUTPUT },
	/* A TLB's sets are of entries, not lines (issue 27). */
	{ { "--items", "1000", "--tlb", "65/4" }, "'65/4'",
	    { "65 entries", "sets of 4 ways" }, WITH_OUTPUT },
	/* A level or a cost named twice is refused, not overwritten. */
	{ { "--items", "1000", "--cache", "l1=32K/8,l1=64K/8" },
	    "'l1=64K/8'", { "--cache", "second time" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "l1=1ns,l1=2ns" }, "'l1=2ns'",
	    { "--latency", "second time" }, WITH_OUTPUT },
	/* --serialize names its fences (issue 40). */
	{ { "--items", "1000", "--serialize", "sometimes" }, "'sometimes'",
	    { "--serialize", "none, level, op, both" }, WITH_OUTPUT },
	/* --predictor names its predictors (issue 40). */
	{ { "--items", "1000", "--predictor", "tage" }, "'tage'",
	    { "--predictor", "counters, gshare" }, WITH_OUTPUT },
	/* --rob names its bounds (issue 40). */
	{ { "--items", "1000", "--rob", "8" }, "'8'",
	    { "--rob", "16 to 4096" }, WITH_OUTPUT },
	/* A latency curve's points rise, each SIZE=TIME (issue 40). */
	{ { "--items", "1000", "--latency-curve", "4M=30ns,1M=10ns" },
	    "'1M=10ns'", { "--latency-curve", "rise" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency-curve", "4M" }, "'4M'",
	    { "--latency-curve", "SIZE=TIME" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency-curve", "4M=30ns" },
	    "--time-model", { "--latency-curve", "add --time-model" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--walk-curve", "64K=0,1M=x" }, "'1M=x'",
	    { "--walk-curve", "SIZE=TIME" }, WITH_OUTPUT },
	{ { "--items", "1000", "--walk-curve", "1M=2ns" }, "--time-model",
	    { "--walk-curve", "add --time-model" }, WITH_OUTPUT },
	/* An option with no effect names what it lacks. */
	{ { "--items", "1000", "--latency", "l1=2ns", "--cache", "off" },
	    "--cache off", { "--latency", "name a cache" }, WITH_OUTPUT },
	/*
	 * So does a latency of a level --cache or --tlb takes out; every
	 * machine has an L1 and a TLB, the stated defaults where it says
	 * nothing.
	 */
	{ { "--items", "1000", "--latency", "l1=3ns", "--cache", "l1=off" },
	    "'l1=3ns'", { "--latency", "L1 cache" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "mem=90,l1=2", "--cache", "l1=off" },
	    "'mem=90,l1=2'", { "l1 prices the L1 cache" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "tlb=30ns", "--tlb", "off" },
	    "'tlb=30ns'", { "--latency", "TLB's misses" }, WITH_OUTPUT },
	{ { "--items", "1000", "--cache", "off", "--tlb", "64/4", "--latency",
	    "mem=90" }, "'mem=90'", { "--latency", "last cache's misses" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--vm", "off", "--disk-latency", "5ms" },
	    "'5ms'", { "--disk-latency", "--vm off" }, WITH_OUTPUT },
	{ { "--items", "1000", "--time-model", "--cache", "off" },
	    "--cache off", { "--time-model", "name a cache" }, WITH_OUTPUT },
	{ { "--items", "1000", "--pipeline", "--vm", "off" },
	    "--vm off", { "--pipeline", "--vm sim" }, WITH_OUTPUT },
	{ { "--items", "1000", "--pipeline", "--vm", "kernel" },
	    "--vm kernel", { "--pipeline", "each access" }, WITH_OUTPUT },
	{ { "--items", "1000", "--time-model", "--vm", "off" },
	    "--vm off", { "--time-model", "page model" }, WITH_OUTPUT },
	{ { "explain", "--arity", "4" }, "--arity", { "dary", "--layout" },
	    0 },
	{ { "--items", "1000", "--tlb", "abc" }, "'abc'",
	    { "--tlb", "ENTRIES/WAYS" }, WITH_OUTPUT },
	/* Out of bounds: the message gives ENTRIES' bounds. */
	{ { "--items", "1000", "--tlb", "0/4" }, "'0/4'",
	    { "--tlb", "1 to 4294967296" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "l1=abc" }, "'abc'",
	    { "--latency", "ns, us, ms" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "l9=1ns" }, "'l9=1ns'",
	    { "--latency", "l1, l2, llc, mem or tlb" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "mem=-1" }, "'-1'",
	    { "--latency", "0 to 1s" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "mem=2s" }, "'2s'",
	    { "--latency", "0 to 1s" }, WITH_OUTPUT },
	{ { "--items", "1000", "--vm", "off", "--cache", "l1=32K/8" },
	    "--vm off", { "--cache", "page model" }, WITH_OUTPUT },
	/* Issue 27: options with no effect, quoting, the dry run. */
	/* --dry-run prints CSV whatever --format asked for. */
	{ { "--items", "1000", "--dry-run", "--format", "json" }, "'json'",
	    { "--format", "CSV" }, WITH_OUTPUT },
	/* A heading is quoted as typed, not as the field it names. */
	{ { "--items", "1000", "--plot-y", "l1/op" }, "'l1/op'",
	    { "--plot-y", "--plot" }, WITH_OUTPUT },
	{ { "--items", "1000", "--vm", "off", "--sweep", "items=1000,2000",
	    "--plot-y", "faults/op" }, "'faults/op'", { "--plot-y",
	    "--vm off" }, WITH_OUTPUT },
	{ { "--items", "1000", "--plot-y", "ns_per_op" }, "'ns_per_op'",
	    { "--plot-y", "--plot" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "items=1K,2K", "--plot", "@p.svg",
	    "--plot-y", "disk_latency_ms", "--disk-latency", "0" },
	    "disk_latency_ms", { "--disk-latency" }, WITH_OUTPUT },
	{ { "--items", "1\n\x1b[1m" }, "'1\\n\\x1b[1m'", { "--items",
	    "1 to" }, 0 },
	{ { "--items", "1000", "--dry-run", "--output", "" }, "''",
	    { "--output", "empty" }, 0 },
	{ { "--items", "1000", "--dry-run", "--output", "@none/r.csv" },
	    "none/r.csv", { "--output", "does not exist" }, 0 },
	{ { "--items", "1000", "--disk-latency", "3600.0000000001s" },
	    "'3600.0000000001s'", { "--disk-latency", "3600s" },
	    WITH_OUTPUT },
	/* Several charts of one run: each --plot its own --plot-y. */
	{ { "--items", "1000", "--sweep", "resident=1,2", "--plot", "@a.svg",
	    "--plot", "@b.svg" }, "a.svg", { "--plot", "--plot-y for each" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "resident=1,2", "--plot", "@a.svg",
	    "--plot-y", "faults_per_op", "--plot-y", "misses" }, "'misses'",
	    { "--plot-y", "no --plot of its own" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "resident=1,2", "--plot", "@1.svg",
	    "--plot", "@2.svg", "--plot", "@3.svg", "--plot", "@4.svg",
	    "--plot", "@5.svg" }, "5.svg", { "--plot", "at most" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "resident=1,2", "--output",
	    "@r.csv", "--plot", "@a.svg", "--plot-y", "faults_per_op",
	    "--plot", "@a.svg", "--plot-y", "misses" }, "a.svg",
	    { "--plot", "same file" }, 0 },
	/* A shard's figure would show every other point as the sweep. */
	{ { "--items", "1000", "--sweep", "resident=1,2", "--shard", "1/2",
	    "--plot", "@p.svg" }, "p.svg", { "--plot", "--shard 1/2" },
	    WITH_OUTPUT },
	/* An option beside the sweep that sets it would be ignored. */
	{ { "--items", "3K", "--sweep", "items=1K,2K" }, "'3K'",
	    { "--items", "give one" }, WITH_OUTPUT },
	{ { "--page-size", "8K", "--sweep", "page-size=4K,8K" }, "'8K'",
	    { "--page-size", "give one" }, WITH_OUTPUT },
	/* A point refused names its place in the sweep. */
	{ { "--items", "1000", "--resident", "5", "--sweep",
	    "page-size=64K,4K" }, "'5'", { "at point 1 of --sweep",
	    "'page-size=64K,4K'" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "items=0" }, "'0'",
	    { "--sweep", "a count from 1" }, WITH_OUTPUT },
	/* items the heap cannot hold, said with --items' own bound. */
	{ { "--items", "1000", "--sweep", "items=4294967295" },
	    "'4294967295'", { "--sweep", "1 to 4294967294" }, WITH_OUTPUT },
	/* A range's end out of bounds says the bounds, not "rising". */
	{ { "--items", "1000", "--sweep", "items=1..4294967295:x2" },
	    "'1..4294967295:x2'", { "--sweep", "1 to 4294967294" },
	    WITH_OUTPUT },
	/* One grammar of times: a point needs a digit after it. */
	{ { "--items", "1000", "--disk-latency", "1." }, "'1.'",
	    { "--disk-latency", "decimal number" }, WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "l1=1.ns" }, "'1.ns'",
	    { "--latency", "decimal number" }, WITH_OUTPUT },
	/* Just above the maximum, however little, is above it. */
	{ { "--items", "1000", "--latency", "mem=1.0000000000000000001s" },
	    "'1.0000000000000000001s'", { "--latency", "0 to 1s" },
	    WITH_OUTPUT },
	{ { "--items", "1000", "--latency", "mem=1000000000.0000000001ns" },
	    "'1000000000.0000000001ns'", { "--latency", "0 to 1s" },
	    WITH_OUTPUT },
	/* Values quoted with their control bytes escaped, in one line. */
	{ { "--items", "1000", "--vm-dir", "/tmp/\n\x1b[1m" },
	    "'/tmp/\\n\\x1b[1m'", { "--vm-dir", "--vm disk" }, WITH_OUTPUT },
	{ { "--items", "1000", "--cache", "l1=\x1b[1m" }, "'l1=\\x1b[1m'",
	    { "--cache", "LEVEL=" }, WITH_OUTPUT },
	{ { "--items", "1000", "--sweep", "items=1K\n" }, "'1K\\n'",
	    { "--sweep", "1 to" }, WITH_OUTPUT },
	{ { "explain", "--svg", "/dev/stdout" }, "/dev/stdout",
	    { "--svg", "standard output" }, 0 },
	/* --html writes instead of the text: --svg was dropped unsaid. */
	{ { "explain", "--svg", "@t.svg", "--html", "@t.html" }, "--html",
	    { "--svg", "takes no" }, 0 },
	{ { "explain", "--format", "csv", "--html", "@t.html" }, "--html",
	    { "--format csv", "takes no" }, 0 },
	/* The value missing: what the option takes, from its help. */
	{ { "--items" }, "--items", { "needs a value: N,", "1 to" }, 0 },
	{ { "explain", "--line-bytes" }, "--line-bytes",
	    { "needs a value: N,", "power of two" }, 0 },
};

#define NBAD (sizeof(bad_inputs) / sizeof(bad_inputs[0]))

START_TEST(bad_input_refused)
{
	const struct bad_input *c = &bad_inputs[_i];
	const char *args[MAX_ARGS + 1];
	char dir[PATH_MAX], paths[6][PATH_MAX], output[PATH_MAX];
	char left[1024];
	struct outcome o;
	size_t n = 0, npaths = 0, i;

	if ((c->flags & PTR8_ONLY) && ABI_PTR_BYTES != 8)
		return;
	scratch_make(dir);
	if (c->flags & WITH_OUTPUT) {
		path_in(output, sizeof(output), dir, "out.csv");
		args[n++] = "--output";
		args[n++] = output;
	}
	for (i = 0; i < sizeof(c->args) / sizeof(c->args[0]) &&
	    c->args[i] != NULL; i++) {
		if (c->args[i][0] == '@') {
			ck_assert(npaths < sizeof(paths) / sizeof(paths[0]));
			path_in(paths[npaths], PATH_MAX, dir, c->args[i] + 1);
			args[n++] = paths[npaths++];
		} else
			args[n++] = c->args[i];
	}
	args[n] = NULL;
	run_argv(&o, args);
	ck_assert_msg(o.status == EXIT_USAGE, "%s: exit %d, not %d; "
	    "stderr: %s", o.command, o.status, EXIT_USAGE, o.err.data);
	ck_assert_msg(o.out.len == 0, "%s: wrote to stdout: %s", o.command,
	    o.out.data);
	ck_assert_msg(one_line(&o.err), "%s: stderr is not one line: '%s'",
	    o.command, o.err.data);
	ck_assert_msg(strstr(o.err.data, c->quote) != NULL, "%s: the "
	    "message does not show %s: %s", o.command, c->quote, o.err.data);
	for (i = 0; i < 2; i++)
		ck_assert_msg(c->also[i] == NULL ||
		    strstr(o.err.data, c->also[i]) != NULL, "%s: the message "
		    "does not say %s: %s", o.command, c->also[i], o.err.data);
	ck_assert_msg(list_dir(dir, left, sizeof(left)) == 0, "%s: left "
	    "behind: %s", o.command, left);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Help and version ------------------------------------------------------ */

/* main.c's options[], kept in step by hand: --help must name each one. */
static const char *const long_options[] = {
	"items", "ops", "layout", "arity", "workload", "model", "resident",
	"page-size", "item-bytes", "disk-latency", "vm", "seed", "force",
	"format", "output", "trace", "help", "version",
};

START_TEST(help_names_every_option)
{
	struct outcome o;
	char option[64];
	size_t i;

	run(&o, "--help", NULL);
	expect_success(&o);
	for (i = 0; i < sizeof(long_options) / sizeof(long_options[0]); i++) {
		snprintf(option, sizeof(option), "--%s", long_options[i]);
		ck_assert_msg(strstr(o.out.data, option) != NULL,
		    "--help does not mention %s", option);
	}
	outcome_free(&o);
}
END_TEST

START_TEST(version_names_abi)
{
	struct outcome o;
	char pointers[64];

	run(&o, "--version", NULL);
	expect_success(&o);
	ck_assert_msg(strncmp(o.out.data, "bheapsim ", 9) == 0,
	    "--version starts: %s", o.out.data);
	ck_assert_msg(strstr(o.out.data, ABI_NAME) != NULL,
	    "--version does not name the ABI %s: %s", ABI_NAME, o.out.data);
	snprintf(pointers, sizeof(pointers), "%u-byte pointers",
	    ABI_PTR_BYTES);
	ck_assert_msg(strstr(o.out.data, pointers) != NULL,
	    "--version does not say %s: %s", pointers, o.out.data);
	outcome_free(&o);
}
END_TEST

/* Reports ------------------------------------------------------------ */

/* Scripts read these columns by position: they may grow only at the end. */
#define CSV_HEADER \
	"abi,ptr_bytes,layout,model,workload,items,ops,page_bytes," \
	"entries_per_page,resident_pages,accesses,sim_faults,faults_per_op," \
	"minflt,majflt,maxrss_kib,vsz_kib,wall_s,ns_per_op,modeled_s,seed"

START_TEST(csv_contract)
{
	static const char *const workloads[] = {
		"fill", "replace", "reorder", "mix", "drain",
	};
	static const char *const layout_names[] = {
		"binheap", "bheap", "dary",
	};
	struct outcome o;
	struct csv csv;
	size_t l, w, row, seen;

	run(&o, "--items", "20000", "--workload", "all", "--format", "csv",
	    NULL);
	expect_success(&o);
	ck_assert_msg(strncmp(o.out.data, CSV_HEADER,
	    strlen(CSV_HEADER)) == 0, "the CSV header starts: %.300s",
	    o.out.data);
	parse_csv(&csv, &o);
	ck_assert_msg(csv.nrows == 15, "%zu rows, not 3 layouts x 5 "
	    "workloads", csv.nrows);
	/* Each pair once: fifteen rows of one pair would pass the count. */
	for (l = 0; l < 3; l++) {
		for (w = 0; w < 5; w++) {
			seen = 0;
			for (row = 0; row < csv.nrows; row++)
				if (strcmp(csv_get(&csv, row, "layout"),
				    layout_names[l]) == 0 &&
				    strcmp(csv_get(&csv, row, "workload"),
				    workloads[w]) == 0)
					seen++;
			ck_assert_msg(seen == 1, "%zu rows for %s %s", seen,
			    layout_names[l], workloads[w]);
		}
	}
	outcome_free(&o);
}
END_TEST

START_TEST(format_from_output_name)
{
	char dir[PATH_MAX], path[PATH_MAX], head[64], left[1024];
	struct outcome o;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "r.json");
	run(&o, "--items", "20000", "--output", path, NULL);
	expect_success(&o);
	ck_assert_msg(o.out.len == 0, "%s: wrote to stdout: %s", o.command,
	    o.out.data);
	ck_assert_msg(list_dir(dir, left, sizeof(left)) == 1 &&
	    strcmp(left, "r.json") == 0, "%s: the directory holds: %s",
	    o.command, left);
	file_head(path, head, sizeof(head));
	ck_assert_msg(head[0] == '[', "%s: r.json starts: %s", o.command,
	    head);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

START_TEST(markdown_table)
{
	struct outcome o;

	run(&o, "--items", "20000", "--format", "md", NULL);
	expect_success(&o);
	ck_assert_msg(strncmp(o.out.data, "| abi |", 7) == 0,
	    "the Markdown starts: %.200s", o.out.data);
	outcome_free(&o);
}
END_TEST

/* A report goes to its name by rename(2): no temporary file may stay. */
START_TEST(report_written_whole)
{
	char dir[PATH_MAX], path[PATH_MAX], head[64], left[1024];
	struct outcome o;

	scratch_make(dir);
	path_in(path, sizeof(path), dir, "r.csv");
	run(&o, "--items", "20000", "--output", path, NULL);
	expect_success(&o);
	ck_assert_msg(o.out.len == 0, "%s: wrote to stdout: %s", o.command,
	    o.out.data);
	ck_assert_msg(list_dir(dir, left, sizeof(left)) == 1 &&
	    strcmp(left, "r.csv") == 0, "%s: the directory holds: %s",
	    o.command, left);
	file_head(path, head, sizeof(head));
	ck_assert_msg(strncmp(head, "abi,", 4) == 0, "%s: r.csv starts: %s",
	    o.command, head);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Trace replay ----------------------------------------------------------- */

struct frame {
	enum trace_arena arena;
	uint64_t	page;
	uint64_t	used;		/* clock of the last touch */
};

/* Plain LRU: a linear search is enough for a budget of a few pages. */
struct lru {
	struct frame	*frame;
	size_t		 budget;
	size_t		 n;
	uint64_t	 clock;
};

/* Makes the page the most recently used; returns whether it was resident. */
static bool
lru_touch(struct lru *lru, enum trace_arena arena, uint64_t page)
{
	size_t i, victim = 0;

	lru->clock++;
	for (i = 0; i < lru->n; i++) {
		if (lru->frame[i].arena == arena &&
		    lru->frame[i].page == page) {
			lru->frame[i].used = lru->clock;
			return true;
		}
	}
	if (lru->n < lru->budget)
		victim = lru->n++;
	else
		for (i = 1; i < lru->n; i++)
			if (lru->frame[i].used < lru->frame[victim].used)
				victim = i;
	lru->frame[victim].arena = arena;
	lru->frame[victim].page = page;
	lru->frame[victim].used = lru->clock;
	return false;
}

struct replay {
	uint64_t	resident;	/* lines preloading the set */
	uint64_t	accesses;
	uint64_t	misses;
	uint64_t	limit[2];	/* pages per arena: ids must stay below */
	uint64_t	writes;
	uint64_t	unpaired;	/* heap writes not followed by the item's */
};

static void
replay_trace(const char *path, uint64_t budget, struct replay *r)
{
	struct lru lru = { NULL, (size_t)budget, 0, 0 };
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	struct trace_line t;
	bool slot_written = false;
	ssize_t len;
	FILE *f;

	lru.frame = calloc((size_t)budget, sizeof(*lru.frame));
	ck_assert(budget > 0 && lru.frame != NULL);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	while ((len = getline(&line, &cap, f)) > 0) {
		lineno++;
		ck_assert_msg(line[len - 1] == '\n', "%s:%zu: no newline",
		    path, lineno);
		line[len - 1] = '\0';
		ck_assert_msg(trace_parse(line, &t), "%s:%zu: '%s'", path,
		    lineno, line);
		/* The caches' contents are for the caches' replay. */
		if (t.cached)
			continue;
		ck_assert_msg(t.page < r->limit[t.arena], "%s:%zu: '%s' is past "
		    "the %" PRIu64 " pages of the arena", path, lineno, line,
		    r->limit[t.arena]);
		if (t.resident) {
			/* The set as it was, listed before any access. */
			ck_assert_msg(r->accesses == 0, "%s:%zu: a resident "
			    "page after the accesses began", path, lineno);
			ck_assert_msg(++r->resident <= budget, "%s:%zu: more "
			    "resident pages than the budget of %" PRIu64,
			    path, lineno, budget);
			ck_assert_msg(!lru_touch(&lru, t.arena, t.page), "%s:%zu: "
			    "'%s' listed twice", path, lineno, line);
		} else {
			r->accesses++;
			if (!lru_touch(&lru, t.arena, t.page))
				r->misses++;
			/* place(): a slot's write, then its item's index's. */
			r->unpaired += slot_written && !(t.write &&
			    t.arena == TRACE_ITEMS);
			slot_written = t.write && t.arena == TRACE_HEAP;
			r->writes += t.write;
		}
	}
	ck_assert_msg(!ferror(f), "%s: %s", path, strerror(errno));
	fclose(f);
	free(line);
	free(lru.frame);
}

static const struct replay_case {
	const char	*layout;
	const char	*model;
	const char	*workload;
} replay_cases[] = {
	{ "binheap", "array", "replace" },
	{ "bheap", "array", "replace" },
	{ "binheap", "full", "replace" },
	{ "bheap", "full", "replace" },
	/* Mix deletes and inserts as well as re-keying. */
	{ "binheap", "full", "mix" },
	{ "bheap", "full", "mix" },
};

#define NREPLAY (sizeof(replay_cases) / sizeof(replay_cases[0]))

/*
 * 7 resident pages against a 59-page array (and 118 item pages with
 * --model full) fault thousands of times in 5000 operations, yet each
 * run takes a fraction of a second.
 */
START_TEST(trace_replays_to_same_faults)
{
	const struct replay_case *c = &replay_cases[_i];
	char dir[PATH_MAX], trace[PATH_MAX];
	struct replay r;
	struct outcome o;
	struct csv csv;
	uint64_t items, page_bytes, budget, faults, accesses;
	bool full = strcmp(c->model, "full") == 0;

	scratch_make(dir);
	path_in(trace, sizeof(trace), dir, "t.txt");
	run(&o, "--items", "30000", "--ops", "5000", "--layout", c->layout,
	    "--model", c->model, "--workload", c->workload, "--resident", "7",
	    "--format", "csv", "--trace", trace, NULL);
	expect_success(&o);
	parse_csv(&csv, &o);
	ck_assert_msg(csv.nrows == 1, "%s: %zu rows, not 1", o.command,
	    csv.nrows);
	items = csv_u64(&csv, 0, "items");
	page_bytes = csv_u64(&csv, 0, "page_bytes");
	budget = csv_u64(&csv, 0, "resident_pages");
	faults = csv_u64(&csv, 0, "sim_faults");
	accesses = csv_u64(&csv, 0, "accesses");
	ck_assert_uint_eq(budget, 7);
	memset(&r, 0, sizeof(r));
	/* Slot 0 of the array is mapped too: items + 1 pointers. */
	r.limit[TRACE_HEAP] = pages_of((items + 1) *
	    csv_u64(&csv, 0, "ptr_bytes"), page_bytes);
	r.limit[TRACE_ITEMS] = full ? pages_of(items *
	    csv_u64(&csv, 0, "item_bytes"), page_bytes) : 0;
	replay_trace(trace, budget, &r);
	ck_assert_msg(faults >= 1000, "%s: only %" PRIu64 " faults, too few "
	    "to test the model", o.command, faults);
	/* Fill touched every page, so the set it left was full. */
	ck_assert_msg(r.resident == budget, "%s: the trace lists %" PRIu64
	    " resident pages, not %" PRIu64, o.command, r.resident, budget);
	ck_assert_msg(r.accesses == accesses, "%s: the trace has %" PRIu64
	    " accesses, the report %" PRIu64, o.command, r.accesses, accesses);
	ck_assert_msg(r.misses == faults, "%s: the trace replays to %" PRIu64
	    " faults, the report says %" PRIu64, o.command, r.misses, faults);
	/* Each operation places an item; most accesses read. */
	ck_assert_msg(r.writes >= 5000 && 2 * r.writes < r.accesses, "%s: %"
	    PRIu64 " of %" PRIu64 " accesses write", o.command, r.writes,
	    r.accesses);
	ck_assert_msg(!full || r.unpaired == 0, "%s: %" PRIu64 " slot writes "
	    "not followed by their item's index's", o.command, r.unpaired);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* Kamp's setting --------------------------------------------------------- */

/*
 * A million items, 4 KiB pages, 10 resident pages: Kamp reports the
 * B-heap taking roughly a tenth of the binary heap's faults.  At least
 * 8 times fewer is the claim this program exists to show.
 */
START_TEST(kamp_ratio)
{
	struct outcome o;
	struct csv csv;
	double bin, b;

	/* Pages alone: the caches and the time model would only slow it. */
	run(&o, "--items", "1M", "--page-size", "4096", "--model", "array",
	    "--resident", "10", "--workload", "replace", "--format", "csv",
	    "--cache", "off", NULL);
	expect_success(&o);
	parse_csv(&csv, &o);
	ck_assert_msg(csv.nrows == 3, "%s: %zu rows, not 3", o.command,
	    csv.nrows);
	if (csv_u64(&csv, 0, "ptr_bytes") != 8) {
		fprintf(stderr, "note: kamp_ratio skipped: Kamp's figures are "
		    "for 8-byte pointers, this is %s\n",
		    csv_get(&csv, 0, "abi"));
		outcome_free(&o);
		return;
	}
	bin = csv_real(&csv, csv_find(&csv, "layout", "binheap"),
	    "faults_per_op");
	b = csv_real(&csv, csv_find(&csv, "layout", "bheap"),
	    "faults_per_op");
	ck_assert_msg(b > 0, "%s: the B-heap took no faults at all",
	    o.command);
	ck_assert_msg(bin / b >= 8, "%s: binheap %.4f, bheap %.4f faults/op: "
	    "only %.2f times fewer", o.command, bin, b, bin / b);
	outcome_free(&o);
}
END_TEST

/* Determinism ------------------------------------------------------------ */

START_TEST(same_seed_same_counts)
{
	struct outcome o[3];
	struct csv csv[3];
	size_t row, i;
	bool differs = false;

	run(&o[0], "--items", "20000", "--workload", "replace,mix",
	    "--format", "csv", NULL);
	run(&o[1], "--items", "20000", "--workload", "replace,mix",
	    "--format", "csv", NULL);
	run(&o[2], "--items", "20000", "--workload", "replace,mix",
	    "--format", "csv", "--seed", "2", NULL);
	for (i = 0; i < 3; i++) {
		expect_success(&o[i]);
		parse_csv(&csv[i], &o[i]);
		ck_assert_msg(csv[i].nrows == 6, "%s: %zu rows, not 6",
		    o[i].command, csv[i].nrows);
	}
	for (row = 0; row < 6; row++) {
		const char *what = csv_get(&csv[0], row, "workload");

		for (i = 1; i < 3; i++) {
			ck_assert_str_eq(csv_get(&csv[i], row, "layout"),
			    csv_get(&csv[0], row, "layout"));
			ck_assert_str_eq(csv_get(&csv[i], row, "workload"),
			    what);
		}
		ck_assert_msg(csv_u64(&csv[1], row, "accesses") ==
		    csv_u64(&csv[0], row, "accesses") &&
		    csv_u64(&csv[1], row, "sim_faults") ==
		    csv_u64(&csv[0], row, "sim_faults"), "row %zu (%s %s): "
		    "two runs with one seed disagree", row,
		    csv_get(&csv[0], row, "layout"), what);
		if (csv_u64(&csv[2], row, "accesses") !=
		    csv_u64(&csv[0], row, "accesses") ||
		    csv_u64(&csv[2], row, "sim_faults") !=
		    csv_u64(&csv[0], row, "sim_faults"))
			differs = true;
	}
	ck_assert_msg(differs, "--seed 2 counts exactly what --seed 1 does: "
	    "is the seed used?");
	for (i = 0; i < 3; i++)
		outcome_free(&o[i]);
}
END_TEST

/* The kernel agrees ---------------------------------------------------- */

/*
 * With --vm kernel each eviction drops the real page, so the kernel's
 * minor faults in the phase must match the model's: the issue allows 2%
 * for the process's own faults (stack, stdio).  Whatever the policy
 * evicts goes: LRU's, CLOCK's and FIFO's victims alike.
 */
START_TEST(kernel_faults_match_model)
{
	static const char *const models[] = { "array", "full" };
	static const char *const policies[] = { "lru", "clock", "fifo" };
	struct outcome o;
	struct csv csv;
	size_t row;

	/* 5000 operations: 10^5 real faults, seconds even under ASan. */
	run(&o, "--items", "50000", "--ops", "5000", "--resident", "16",
	    "--workload", "replace", "--vm", "kernel", "--model", models[_i % 2],
	    "--policy", policies[_i / 2], "--layout", "binheap,bheap",
	    "--format", "csv", NULL);
	expect_success(&o);
	parse_csv(&csv, &o);
	ck_assert_uint_eq(csv.nrows, 2);
	for (row = 0; row < csv.nrows; row++) {
		double sim = (double)csv_u64(&csv, row, "sim_faults");
		double kernel = (double)csv_u64(&csv, row, "minflt");

		/* The B-heap of the array model takes the fewest: 4,160. */
		ck_assert_msg(sim > 4000, "%s: only %.0f faults", o.command,
		    sim);
		ck_assert_msg(kernel >= sim * 0.98 && kernel <= sim * 1.02,
		    "%s: %s: kernel %.0f minor faults, model %.0f", o.command,
		    csv_get(&csv, row, "layout"), kernel, sim);
		ck_assert_str_eq(csv_get(&csv, row, "vm"), "kernel");
		ck_assert_str_eq(csv_get(&csv, row, "policy"),
		    policies[_i / 2]);
	}
	outcome_free(&o);
}
END_TEST

/* The disk file is never left behind: not after a run, not after SIGINT. */
START_TEST(disk_file_removed)
{
	char dir[PATH_MAX], list[256];
	struct outcome o;

	scratch_make(dir);
	run(&o, "--items", "5000", "--ops", "500", "--resident", "4",
	    "--workload", "replace", "--layout", "bheap", "--vm", "disk",
	    "--vm-dir", dir, "--format", "csv", NULL);
	if (o.status == EXIT_USAGE && strstr(o.err.data, "in memory") != NULL) {
		fprintf(stderr, "note: disk_file_removed skipped: %s", o.err.data);
		outcome_free(&o);
		scratch_remove(dir);
		return;
	}
	expect_success(&o);
	ck_assert_msg(list_dir(dir, list, sizeof(list)) == 0,
	    "%s left '%s' behind", o.command, list);
	outcome_free(&o);

	/* A run long enough to be interrupted in the middle. */
	ck_assert_int_eq(signal_run((const char *const[]){ "--items",
	    "200000", "--resident", "4", "--workload", "all", "--vm", "disk",
	    "--vm-dir", dir, NULL }, SIGINT, 500000), 128 + SIGINT);
	ck_assert_msg(list_dir(dir, list, sizeof(list)) == 0,
	    "an interrupted run left '%s' behind", list);
	scratch_remove(dir);
}
END_TEST

/* A $TMPDIR --vm disk cannot use is blamed on it, not on --vm-dir. */
START_TEST(tmpdir_refusal_names_tmpdir)
{
	const char *was = getenv("TMPDIR");
	char saved[PATH_MAX];
	struct outcome o;

	snprintf(saved, sizeof(saved), "%s", was != NULL ? was : "");
	ck_assert(setenv("TMPDIR", "/nonexistent-tmpdir", 1) == 0);
	run(&o, "--items", "1000", "--vm", "disk", NULL);
	ck_assert((was != NULL ? setenv("TMPDIR", saved, 1) :
	    unsetenv("TMPDIR")) == 0);
	ck_assert_msg(o.status == EXIT_USAGE && one_line(&o.err) &&
	    strstr(o.err.data, "$TMPDIR") != NULL &&
	    strstr(o.err.data, "'/nonexistent-tmpdir'") != NULL &&
	    strncmp(o.err.data, "bheapsim: --vm-dir", 18) != 0,
	    "%s: status %d, '%s'", o.command, o.status, o.err.data);
	outcome_free(&o);
}
END_TEST

/*
 * SIGINT in the middle of a sweep: exit 130, and the report holds the
 * rows finished before it, each one whole, and nothing else is left.
 */
START_TEST(sweep_interrupted)
{
	char dir[PATH_MAX], output[PATH_MAX], left[256];
	size_t lines = 0, header_commas = 0, size = 0;
	char *line = NULL;
	ssize_t len;
	FILE *report;

	scratch_make(dir);
	path_in(output, sizeof(output), dir, "out.csv");
	/* Tens of seconds in all: the signal comes well inside it. */
	ck_assert_int_eq(signal_run((const char *const[]){ "--sweep",
	    "items=100K,200K,400K,800K,1600K,3200K", "--workload", "all",
	    "--output", output, NULL }, SIGINT, 1500000), 128 + SIGINT);
	/* Interrupted before the first row, there is no report at all. */
	if (list_dir(dir, left, sizeof(left)) == 0) {
		scratch_remove(dir);
		return;
	}
	ck_assert_msg(strcmp(left, "out.csv") == 0,
	    "an interrupted sweep left '%s' behind", left);
	report = fopen(output, "r");
	ck_assert_msg(report != NULL, "cannot read %s", output);
	while ((len = getline(&line, &size, report)) > 0) {
		size_t commas = 0, i;

		ck_assert_msg(line[len - 1] == '\n',
		    "line %zu of an interrupted sweep is cut short", lines + 1);
		for (i = 0; i < (size_t)len; i++)
			commas += line[i] == ',';
		if (lines++ == 0)
			header_commas = commas;
		ck_assert_msg(commas == header_commas, "line %zu of an "
		    "interrupted sweep has %zu fields, the header %zu", lines,
		    commas + 1, header_commas + 1);
	}
	/* 6 sizes, 3 layouts, 5 workloads, and the header. */
	ck_assert_msg(lines >= 1 && lines < 6 * 3 * 5 + 1, "an interrupted "
	    "sweep's report has %zu lines", lines);
	free(line);
	fclose(report);
	scratch_remove(dir);
}
END_TEST

/* Suite ------------------------------------------------------------------ */

Suite *
cli_suite(void)
{
	Suite *suite = suite_create("cli");
	TCase *tc;

	tc = scratch_tcase("bad input", 60);
	tcase_add_loop_test(tc, bad_input_refused, 0, (int)NBAD);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("help", 30);
	tcase_add_test(tc, help_names_every_option);
	tcase_add_test(tc, version_names_abi);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("reports", 60);
	tcase_add_test(tc, csv_contract);
	tcase_add_test(tc, format_from_output_name);
	tcase_add_test(tc, markdown_table);
	tcase_add_test(tc, report_written_whole);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("trace", 60);
	tcase_add_loop_test(tc, trace_replays_to_same_faults, 0, (int)NREPLAY);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("determinism", 60);
	tcase_add_test(tc, same_seed_same_counts);
	suite_add_tcase(suite, tc);

	/* A million items, twice: seconds normally, more under sanitizers. */
	tc = scratch_tcase("kamp", 120);
	tcase_add_test(tc, kamp_ratio);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("kernel", 120);
	tcase_add_loop_test(tc, kernel_faults_match_model, 0, 6);
	tcase_add_test(tc, disk_file_removed);
	tcase_add_test(tc, tmpdir_refusal_names_tmpdir);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("interrupt", 60);
	tcase_add_test(tc, sweep_interrupted);
	suite_add_tcase(suite, tc);
	return suite;
}
