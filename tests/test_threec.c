/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_threec.c: the three-C classes of misses (threec.h), against a
 * naive reference written here: per level a set-associative LRU cache
 * and a fully associative one, each a list searched from the top, and a
 * list of every block the level ever saw.
 *
 * - threec.c on long random streams, phase after phase, at every level;
 * - the program's --three-c fields against that reference replaying the
 *   program's own --trace of a phase that starts cold, where compulsory
 *   must also be the distinct blocks reaching the level;
 * - for every layout, workload, policy and both models, the classes sum
 *   to each level's misses exactly;
 * - a reference CSV of the fields at a fixed geometry
 *   (tests/threec-reference.csv).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "tests.h"
#include "threec.h"

/* Parameters -------------------------------------------------------- */

/* A hierarchy small enough that every level misses in every way. */
#define CACHE_SPEC	"l1=1K/4,l2=4K/8/64,llc=16K/16"
#define TLB_SPEC	"4/2,16/4"
#define PAGE_BYTES	256
#define REFERENCE	"tests/threec-reference.csv"	/* in $BHEAPSIM_SRC */
#define TEXT(x)		#x
#define VALUE_OF(x)	TEXT(x)

static const struct hier_geometry small = { { { 16, 4, 64 }, { 64, 8, 64 },
    { 256, 16, 64 }, { 4, 2, PAGE_BYTES }, { 16, 4, PAGE_BYTES } } };

static const char *const level_prefix[] = { "l1", "l2", "llc", "tlb" };
static const char *const class_suffix[] = { "_compulsory", "_capacity",
    "_conflict" };

/* The naive reference ------------------------------------------------ */

/* Blocks most recent first; a miss when full drops the last. */
struct lru_list {
	uint64_t	*block;
	uint64_t	 n;
	uint64_t	 capacity;
};

/* Whether block was in the list; it is at the top afterwards. */
static bool
lru_touch(struct lru_list *l, uint64_t block)
{
	uint64_t i;
	bool hit;

	for (i = 0; i < l->n && l->block[i] != block; i++)
		continue;
	hit = i < l->n;
	if (!hit && l->n < l->capacity)
		l->n++;
	if (i == l->n)
		i = l->n - 1;
	memmove(l->block + 1, l->block, i * sizeof(l->block[0]));
	l->block[0] = block;
	return hit;
}

struct naive_level {
	bool		 present;
	unsigned	 line;
	uint64_t	 nsets;
	struct lru_list	*set;		/* the real cache, set by set */
	struct lru_list	 full;		/* fully associative, as many blocks */
	struct lru_list	 seen;		/* every block, ever */
	struct threec_level_counts counts;
};

static void
naive_init(struct naive_level *nl, const struct cache_geometry *g)
{
	uint64_t s;

	memset(nl, 0, sizeof(*nl));
	if (g->blocks == 0)
		return;
	nl->present = true;
	nl->line = g->line_bytes;
	nl->nsets = g->blocks / g->ways;
	nl->set = calloc(nl->nsets, sizeof(*nl->set));
	for (s = 0; s < nl->nsets; s++) {
		nl->set[s].capacity = g->ways;
		nl->set[s].block = calloc(g->ways, sizeof(uint64_t));
	}
	nl->full.capacity = g->blocks;
	nl->full.block = calloc(g->blocks, sizeof(uint64_t));
	nl->seen.capacity = UINT64_MAX;
	nl->seen.block = calloc(1 << 20, sizeof(uint64_t));
}

static void
naive_fini(struct naive_level *nl)
{
	uint64_t s;

	for (s = 0; s < nl->nsets; s++)
		free(nl->set[s].block);
	free(nl->set);
	free(nl->full.block);
	free(nl->seen.block);
}

/* Whether the real cache missed. */
static bool
naive_access(struct naive_level *nl, uint64_t address)
{
	uint64_t block = address / nl->line;
	bool cold = !lru_touch(&nl->seen, block);
	bool full_miss = !lru_touch(&nl->full, block);
	bool miss = !lru_touch(&nl->set[block % nl->nsets], block);

	ck_assert_uint_lt(nl->seen.n, 1 << 20);
	nl->counts.misses += miss;
	nl->counts.compulsory += cold;
	nl->counts.capacity += full_miss && !cold;
	nl->counts.conflict += (int64_t)miss - (int64_t)full_miss;
	return miss;
}

struct naive_hier {
	struct naive_level level[HIER_LEVELS];
};

static void
naive_hier_access(struct naive_hier *h, uint64_t address)
{
	unsigned k;

	for (k = HIER_L1; k < HIER_FIRST_TLB; k++)
		if (h->level[k].present && !naive_access(&h->level[k], address))
			break;
	for (k = HIER_FIRST_TLB; k < HIER_LEVELS; k++)
		if (h->level[k].present && !naive_access(&h->level[k], address))
			break;
}

static void
naive_hier_phase(struct naive_hier *h)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		memset(&h->level[k].counts, 0, sizeof(h->level[k].counts));
}

/* threec.c against the reference -------------------------------------- */

static void
expect_level(const struct threec_level_counts *got,
    const struct naive_level *want, unsigned k, int phase)
{
	ck_assert_msg(got->misses == want->counts.misses &&
	    got->compulsory == want->counts.compulsory &&
	    got->capacity == want->counts.capacity &&
	    got->conflict == want->counts.conflict,
	    "phase %d, level %u: %" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRId64
	    ", the reference %" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRId64,
	    phase, k, got->misses, got->compulsory, got->capacity,
	    got->conflict, want->counts.misses, want->counts.compulsory,
	    want->counts.capacity, want->counts.conflict);
}

/*
 * Random streams with locality: mostly near the last address, sometimes
 * anywhere in 64 KiB, over four phases whose state carries over.
 */
START_TEST(classes_match_reference)
{
	struct threec t;
	struct naive_hier h;
	struct threec_counts c;
	uint64_t rng = 1000 + (uint64_t)_i, address = 0, limit = 1 << 16;
	int phase, i;
	unsigned k;
	int64_t conflicts = 0;

	ck_assert_int_eq(threec_init(&t, &small, limit), 0);
	for (k = 0; k < HIER_LEVELS; k++)
		naive_init(&h.level[k], &small.level[k]);
	for (phase = 0; phase < 4; phase++) {
		threec_phase(&t);
		naive_hier_phase(&h);
		for (i = 0; i < 10000; i++) {
			uint64_t r = prng_next(&rng);

			address = r % 4 == 0 ? prng_below(&rng, limit) :
			    (address + prng_below(&rng, 1024)) % limit;
			threec_access(&t, address);
			naive_hier_access(&h, address);
		}
		c = threec_counts(&t);
		for (k = 0; k < HIER_LEVELS; k++) {
			ck_assert(c.present[k]);
			expect_level(&c.level[k], &h.level[k], k, phase);
			ck_assert_int_eq((int64_t)c.level[k].misses,
			    (int64_t)(c.level[k].compulsory +
			    c.level[k].capacity) + c.level[k].conflict);
			conflicts += c.level[k].conflict != 0;
		}
	}
	/* A stream that never conflicts would test half the model. */
	ck_assert_int_gt(conflicts, 0);
	for (k = 0; k < HIER_LEVELS; k++)
		naive_fini(&h.level[k]);
	threec_fini(&t);
}
END_TEST

/* An absent level counts nothing and the others go on. */
START_TEST(absent_levels)
{
	struct hier_geometry g = small;
	struct threec t;
	struct threec_counts c;
	uint64_t a;

	g.level[HIER_L2].blocks = 0;
	g.level[HIER_TLB2].blocks = 0;
	ck_assert_int_eq(threec_init(&t, &g, 1 << 16), 0);
	threec_phase(&t);
	for (a = 0; a < 1 << 16; a += 64)
		threec_access(&t, a);
	c = threec_counts(&t);
	ck_assert(!c.present[HIER_L2] && !c.present[HIER_TLB2]);
	ck_assert_uint_eq(c.level[HIER_L2].misses, 0);
	/* Every line once: all compulsory, at L1 and at the LLC below it. */
	ck_assert_uint_eq(c.level[HIER_L1].compulsory, 1024);
	ck_assert_uint_eq(c.level[HIER_LLC].compulsory, 1024);
	ck_assert_uint_eq(c.level[HIER_TLB1].compulsory, 256);
	threec_fini(&t);
}
END_TEST

/* The program against the reference ------------------------------------ */

/* The misses the report gives for a level, as tlb_misses does. */
static void
expect_row(const struct table *t, size_t row, const struct naive_hier *h)
{
	const struct naive_level *nl;
	char name[64];
	unsigned k;

	for (k = 0; k < 4; k++) {
		nl = k < 3 ? &h->level[k] : h->level[HIER_TLB2].present ?
		    &h->level[HIER_TLB2] : &h->level[HIER_TLB1];
		snprintf(name, sizeof(name), "%s_misses", level_prefix[k]);
		ck_assert_uint_eq(table_get_u64(t, row, name),
		    nl->counts.misses);
		snprintf(name, sizeof(name), "%s_compulsory", level_prefix[k]);
		ck_assert_uint_eq(table_get_u64(t, row, name),
		    nl->counts.compulsory);
		/* Cold: every block reaching the level is new to it. */
		ck_assert_uint_eq(nl->counts.compulsory, nl->seen.n);
		snprintf(name, sizeof(name), "%s_capacity", level_prefix[k]);
		ck_assert_uint_eq(table_get_u64(t, row, name),
		    nl->counts.capacity);
		snprintf(name, sizeof(name), "%s_conflict", level_prefix[k]);
		ck_assert_int_eq(strtoll(table_get(t, row, name), NULL, 10),
		    nl->counts.conflict);
	}
}

/* Fill, from empty caches, replayed access by access from the trace. */
START_TEST(trace_replays_to_same_classes)
{
	static const char *const layouts[] = { "binheap", "bheap", "dary",
	    "veb" };
	char dir[PATH_MAX], trace[PATH_MAX], *line = NULL;
	struct naive_hier h;
	struct outcome o;
	struct table t;
	size_t cap = 0;
	ssize_t len;
	unsigned k;
	FILE *f;

	scratch_make(dir);
	path_in(trace, sizeof(trace), dir, "t.txt");
	run(&o, "--items", "3000", "--page-size", VALUE_OF(PAGE_BYTES),
	    "--layout", layouts[_i % 4], "--model", _i < 4 ? "array" : "full",
	    "--workload", "fill", "--cache", CACHE_SPEC, "--tlb", TLB_SPEC,
	    "--three-c", "--trace", trace, "--format", "csv", NULL);
	expect_success(&o);
	table_parse(&t, o.out.data, o.command);
	for (k = 0; k < HIER_LEVELS; k++)
		naive_init(&h.level[k], &small.level[k]);
	f = fopen(trace, "r");
	ck_assert_msg(f != NULL, "%s: %s", trace, strerror(errno));
	while ((len = getline(&line, &cap, f)) > 0) {
		struct trace_line tl;

		line[len - 1] = '\0';
		need(trace_parse(line, &tl), "%s: '%s'", trace, line);
		/* Fill starts empty: nothing cached, nothing resident. */
		ck_assert(!tl.cached && !tl.resident);
		naive_hier_access(&h, tl.address);
	}
	fclose(f);
	free(line);
	expect_row(&t, 0, &h);
	for (k = 0; k < HIER_LEVELS; k++)
		naive_fini(&h.level[k]);
	table_free(&t);
	outcome_free(&o);
	scratch_remove(dir);
}
END_TEST

/* The classes of a row sum to its level's misses, for every field pair. */
static void
expect_sums(const struct table *t)
{
	char name[64];
	size_t r;
	unsigned k, c;

	ck_assert_uint_gt(t->nrows, 0);
	for (r = 0; r < t->nrows; r++)
		for (k = 0; k < 4; k++) {
			int64_t sum = 0;

			for (c = 0; c < 3; c++) {
				snprintf(name, sizeof(name), "%s%s",
				    level_prefix[k], class_suffix[c]);
				sum += strtoll(table_get(t, r, name), NULL, 10);
			}
			snprintf(name, sizeof(name), "%s_misses",
			    level_prefix[k]);
			ck_assert_msg(sum == (int64_t)table_get_u64(t, r, name),
			    "%s: row %zu: %s's classes sum to %" PRId64
			    ", misses %s", t->what, r, level_prefix[k], sum,
			    table_get(t, r, name));
		}
}

/* Every layout, workload and policy, both models. */
START_TEST(classes_sum_to_misses)
{
	static const char *const policies[] = { "lru", "clock", "fifo",
	    "opt" };
	struct outcome o;
	struct table t;

	run(&o, "--items", "4000", "--ops", "2000", "--page-size",
	    VALUE_OF(PAGE_BYTES), "--layout", "all", "--workload", "all",
	    "--policy", policies[_i % 4], "--model", _i < 4 ? "array" :
	    "full", "--cache", CACHE_SPEC, "--tlb", TLB_SPEC, "--three-c",
	    "--format", "csv", NULL);
	expect_success(&o);
	table_parse(&t, o.out.data, o.command);
	expect_sums(&t);
	table_free(&t);
	outcome_free(&o);
}
END_TEST

/* Without --three-c the fields are empty; with --vm off it is refused. */
START_TEST(asked_for_only)
{
	struct outcome o;
	struct table t;

	run(&o, "--items", "2000", "--format", "csv", NULL);
	expect_success(&o);
	table_parse(&t, o.out.data, o.command);
	ck_assert_str_eq(table_get(&t, 0, "l1_compulsory"), "");
	ck_assert_str_eq(table_get(&t, 0, "tlb_conflict"), "");
	table_free(&t);
	outcome_free(&o);
	run(&o, "--items", "2000", "--vm", "off", "--three-c", NULL);
	ck_assert_int_eq(o.status, 2);
	ck_assert(one_line(&o.err));
	ck_assert_ptr_nonnull(strstr(o.err.data, "--three-c"));
	outcome_free(&o);
	run(&o, "--items", "2000", "--cache", "off", "--tlb", "off",
	    "--three-c", NULL);
	ck_assert_int_eq(o.status, 2);
	ck_assert(one_line(&o.err));
	outcome_free(&o);
}
END_TEST

/*
 * The reference CSV, made by the command in its first line (a comment
 * the test skips): the fields that identify a row and the classes.
 */
START_TEST(reference_csv_holds)
{
	static const char *const keys[] = { "layout", "workload", "model" };
	char path[PATH_MAX], *text, *body;
	struct table ref, now;
	struct outcome o;
	size_t r, i;
	unsigned k, c;
	FILE *f;
	long size;

	ck_assert_msg(getenv("BHEAPSIM_SRC") != NULL, "BHEAPSIM_SRC: unset; "
	    "make check sets it to the source tree");
	snprintf(path, sizeof(path), "%s/" REFERENCE, getenv("BHEAPSIM_SRC"));
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)size + 1);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	body = strchr(text, '\n') + 1;
	table_parse(&ref, body, path);
	run(&o, "--items", "4000", "--ops", "2000", "--page-size",
	    VALUE_OF(PAGE_BYTES), "--layout", "all", "--workload",
	    "fill,replace,mix", "--model", "full", "--cache", CACHE_SPEC,
	    "--tlb", TLB_SPEC, "--three-c", "--format", "csv", NULL);
	expect_success(&o);
	table_parse(&now, o.out.data, o.command);
	ck_assert_uint_eq(ref.nrows, now.nrows);
	for (r = 0; r < ref.nrows; r++) {
		char name[64];

		for (i = 0; i < 3; i++)
			ck_assert_str_eq(table_get(&ref, r, keys[i]),
			    table_get(&now, r, keys[i]));
		for (k = 0; k < 4; k++)
			for (c = 0; c < 3; c++) {
				snprintf(name, sizeof(name), "%s%s",
				    level_prefix[k], class_suffix[c]);
				ck_assert_msg(strcmp(table_get(&ref, r, name),
				    table_get(&now, r, name)) == 0,
				    "%s row %zu: %s %s, now %s", path, r, name,
				    table_get(&ref, r, name),
				    table_get(&now, r, name));
			}
	}
	table_free(&ref);
	table_free(&now);
	outcome_free(&o);
	free(text);
}
END_TEST

Suite *
threec_suite(void)
{
	Suite *s = suite_create("threec");
	TCase *tc = tcase_create("classes");
	TCase *runs = scratch_tcase("runs", 300);

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, classes_match_reference, 0, 3);
	tcase_add_test(tc, absent_levels);
	suite_add_tcase(s, tc);
	tcase_add_loop_test(runs, trace_replays_to_same_classes, 0, 8);
	tcase_add_loop_test(runs, classes_sum_to_misses, 0, 8);
	tcase_add_test(runs, asked_for_only);
	tcase_add_test(runs, reference_csv_holds);
	suite_add_tcase(s, runs);
	return s;
}
