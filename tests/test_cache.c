/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_cache.c: the modeled memory hierarchy (cache.h, hier.h) against
 * caches written here, apart from cache.c and hier.c, inside and from
 * outside the program.
 *
 * - cache.c against a naive LRU that keeps each way's block and the time
 *   of its last use and evicts the oldest: slow, and obviously right.
 *   Both see a million random accesses per geometry, in stints with
 *   locality (a walk), without (uniform), and crowded into one set
 *   (conflicts), over direct-mapped, set-associative and fully
 *   associative shapes, set counts that are and are not powers of two,
 *   and lines of 8 bytes to 4 KiB; they must agree on every hit and miss
 *   and on each phase's counts.  Half way, cache_trace() must list what
 *   the naive cache holds, in its order, and a fresh cache loaded from
 *   that list must agree with both on every access of the rest.
 * - hier.c: its levels chained against naive caches chained the same way
 *   (a miss goes on to the next present level), the modeled time on
 *   counts worked out by hand, and geometries it refuses.
 * - The program's --trace, end to end: its cached lines loaded into naive
 *   caches of the run's geometry and its accesses replayed through them
 *   give the row's l1_misses to tlb_misses exactly (the man page's
 *   Traces), for every layout, workload fill, replace and mix, and both
 *   models; each access's address lies on the page it names.
 * - The line curve of --resident all is, budget for budget, the misses
 *   of a fixed run whose first cache is one fully associative set as
 *   large as the budget.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "hier.h"
#include "prng.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define ACCESSES	(1u << 20)	/* per geometry */
#define PHASE_LENGTH	(1u << 18)	/* accesses between counter checks */
#define STINT		4096		/* accesses of one address pattern */
#define HIER_ACCESSES	(1u << 18)
#define HIER_PHASES	4

/* The naive cache ----------------------------------------------------- */

/*
 * Per set, `ways` blocks, each with the time of its last use; 0 is never
 * a time, so an empty way is older than every full one and fills first.
 */
struct naive {
	uint64_t	line;
	uint64_t	sets;
	uint64_t	ways;
	uint64_t	*block;		/* [set * ways + way] */
	uint64_t	*last_use;	/* the same way's; 0: empty */
	uint64_t	now;
	uint64_t	accesses;	/* this phase's */
	uint64_t	misses;
};

static void
naive_init(struct naive *nc, const struct cache_geometry *g)
{
	memset(nc, 0, sizeof(*nc));
	nc->line = g->line_bytes;
	nc->ways = g->ways;
	nc->sets = g->blocks / g->ways;
	nc->block = calloc(g->blocks, sizeof(*nc->block));
	nc->last_use = calloc(g->blocks, sizeof(*nc->last_use));
	ck_assert(nc->block != NULL && nc->last_use != NULL);
}

static void
naive_fini(struct naive *nc)
{
	free(nc->block);
	free(nc->last_use);
}

static void
naive_phase(struct naive *nc)
{
	nc->accesses = 0;
	nc->misses = 0;
}

/* The first way of the set that the block of `address` maps to. */
static uint64_t
naive_set(const struct naive *nc, uint64_t address)
{
	return address / nc->line % nc->sets * nc->ways;
}

/* One access; true on a hit.  A miss replaces the set's oldest way. */
static bool
naive_access(struct naive *nc, uint64_t address)
{
	uint64_t first = naive_set(nc, address), block = address / nc->line;
	uint64_t *used = nc->last_use + first, i, victim = 0;

	nc->now++;
	nc->accesses++;
	for (i = 0; i < nc->ways; i++) {
		if (used[i] != 0 && nc->block[first + i] == block) {
			used[i] = nc->now;
			return true;
		}
		if (used[i] < used[victim])
			victim = i;
	}
	nc->misses++;
	nc->block[first + victim] = block;
	used[victim] = nc->now;
	return false;
}

/* Whether loading `address` takes an empty way: new, and the set not full. */
static bool
naive_fits(const struct naive *nc, uint64_t address)
{
	uint64_t first = naive_set(nc, address), i;
	bool room = false;

	for (i = 0; i < nc->ways; i++) {
		if (nc->last_use[first + i] == 0)
			room = true;
		else if (nc->block[first + i] == address / nc->line)
			return false;
	}
	return room;
}

/* The contents as cache_trace() writes them: set by set, oldest first. */
static void
naive_trace(const struct naive *nc, FILE *f, const char *prefix)
{
	uint64_t set, i;

	for (set = 0; set < nc->sets; set++) {
		const uint64_t *used = nc->last_use + set * nc->ways;
		uint64_t after = 0;

		for (;;) {
			uint64_t next = nc->ways;

			for (i = 0; i < nc->ways; i++)
				if (used[i] > after && (next == nc->ways ||
				    used[i] < used[next]))
					next = i;
			if (next == nc->ways)
				break;
			fprintf(f, "%s%" PRIu64 "\n", prefix,
			    nc->block[set * nc->ways + next] * nc->line);
			after = used[next];
		}
	}
}

/* What a writer of contents writes, as a string to free. */
static char *
naive_text(const struct naive *nc)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	naive_trace(nc, f, "");
	fclose(f);
	return text;
}

static char *
cache_text(const struct cache *cache)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	cache_trace(cache, f, "");
	fclose(f);
	return text;
}

/* Where two texts first differ, for a message that fits on a screen. */
static const char *
first_difference(const char *a, const char *b)
{
	size_t i = 0;

	while (a[i] != '\0' && a[i] == b[i])
		i++;
	while (i > 0 && a[i - 1] != '\n')
		i--;
	return a + i;
}

/* Random addresses ---------------------------------------------------- */

enum pattern { WALK, UNIFORM, CONFLICT, PATTERNS };

/* Addresses for a cache of one geometry, in stints of one pattern each. */
struct addresses {
	uint64_t	rng;
	uint64_t	line;
	uint64_t	capacity;	/* bytes the cache holds */
	uint64_t	set_span;	/* bytes from a block to the next of its set */
	uint64_t	sets;
	uint64_t	ways;
	enum pattern	pattern;
	uint64_t	left;		/* accesses left in the stint */
	uint64_t	base;		/* the stint's region */
	uint64_t	at;		/* the walk's place */
	uint64_t	set;		/* the set a conflict stint crowds */
};

static void
addresses_init(struct addresses *a, const struct cache_geometry *g,
    uint64_t seed)
{
	memset(a, 0, sizeof(*a));
	a->rng = seed;
	a->line = g->line_bytes;
	a->capacity = g->blocks * g->line_bytes;
	a->sets = g->blocks / g->ways;
	a->ways = g->ways;
	a->set_span = a->sets * a->line;
}

static uint64_t
next_address(struct addresses *a)
{
	uint64_t walk_span = 8 * a->capacity;

	if (a->left == 0) {
		a->left = STINT;
		a->pattern = (enum pattern)prng_below(&a->rng, PATTERNS);
		/* Now and then a region far up, where blocks and tags are large. */
		a->base = prng_below(&a->rng, 4) != 0 ? 0 :
		    (prng_below(&a->rng, 1u << 20) + 1) << 32;
		a->set = prng_below(&a->rng, a->sets);
	}
	a->left--;
	if (a->pattern == WALK) {
		/* Steps of under three lines, so often the same line again. */
		if (prng_below(&a->rng, 32) == 0)
			a->at = prng_below(&a->rng, walk_span);
		else
			a->at = (a->at + walk_span - 3 * a->line +
			    prng_below(&a->rng, 6 * a->line)) % walk_span;
		return a->base + a->at;
	}
	if (a->pattern == UNIFORM)
		return a->base + prng_below(&a->rng, 2 * a->capacity);
	/* 2 x ways + 1 blocks of one set: LRU order decides every hit. */
	return a->base + prng_below(&a->rng, 2 * a->ways + 1) * a->set_span +
	    a->set * a->line + prng_below(&a->rng, a->line);
}

/* cache.c against the naive cache --------------------------------------- */

static const struct cache_geometry geometries[] = {
	{ 1, 1, 8 },		/* one block */
	{ 3, 1, 8 },		/* direct-mapped, 3 sets */
	{ 64, 1, 64 },		/* direct-mapped, 64 sets */
	{ 256, 2, 16 },
	{ 48, 4, 32 },		/* 12 sets */
	{ 512, 8, 64 },
	{ 96, 8, 128 },		/* 12 sets */
	{ 160, 5, 512 },	/* 5 ways */
	{ 20, 20, 1024 },	/* fully associative */
	{ 36, 12, 2048 },	/* 3 sets */
	{ 48, 16, 4096 },	/* 3 sets, page-sized lines */
	{ 1024, 16, 256 },
	{ 8192, 2, 8 },		/* 4096 sets */
	{ 136, 17, 32 },	/* 8 sets of just over 16 ways */
	{ 96, 32, 64 },		/* 3 sets of 32 ways */
	{ 64, 64, 64 },		/* fully associative */
	{ 640, 640, 16 },	/* fully associative, wide */
	{ 64, 4, 4096 },	/* 16 sets of 4: a first TLB level */
	{ 192, 12, 64 },	/* 16 sets of 12: an L1 */
	{ 16, 16, 64 },		/* one set of 16 */
	{ 56, 7, 32 },		/* 8 sets of 7 */
};

#define NGEOMETRIES (sizeof(geometries) / sizeof(geometries[0]))

/* A fresh cache of the model's geometry, loaded from its contents. */
static void
reload(struct cache *fresh, const struct cache *model, const char *text)
{
	const char *p;

	ck_assert_int_eq(cache_init(fresh, &model->geometry), 0);
	cache_limit_vectors(fresh, model->vectors);
	for (p = text; *p != '\0'; p = strchr(p, '\n') + 1)
		need(!cache_access(fresh, strtoull(p, NULL, 10)), "'%.20s' "
		    "is listed twice", p);
	/* The loads are not the phase's. */
	cache_phase(fresh);
}

/*
 * The path a cache of this geometry should take: vector compares for 4,
 * 8, 12 or 16 ways where the host has them and they are allowed.
 */
static void
check_path(const struct cache *model)
{
	const struct cache_geometry *g = &model->geometry;

	if (g->ways > CACHE_SCAN_WAYS)
		ck_assert_int_eq(model->path, CACHE_LINKED);
	else if (model->vectors != CACHE_VECTORS_NONE && g->ways % 4 == 0)
		ck_assert_int_eq(model->path, CACHE_ORDERED_VECTOR);
	else
		ck_assert_int_eq(model->path, CACHE_ORDERED);
}

static void
match_naive(const struct cache_geometry *g, int seed,
    enum cache_vectors most)
{
	struct cache model, reloaded;
	struct naive nc;
	struct addresses gen;
	uint64_t i;

	/* Set up half way; until then its counters are all it has. */
	memset(&reloaded, 0, sizeof(reloaded));
	ck_assert_int_eq(cache_init(&model, g), 0);
	cache_limit_vectors(&model, most);
	check_path(&model);
	naive_init(&nc, g);
	addresses_init(&gen, g, 7000 + (uint64_t)seed);
	for (i = 0; i < ACCESSES; i++) {
		uint64_t address;
		bool hit;

		if (i == ACCESSES / 2) {
			char *expected = naive_text(&nc);
			char *got = cache_text(&model);
			char *again;

			need(strcmp(got, expected) == 0, "%" PRIu64 " blocks, %"
			    PRIu32 " ways, %" PRIu32 "-byte lines: "
			    "cache_trace() writes '%.60s', the naive cache "
			    "holds '%.60s'", g->blocks, g->ways, g->line_bytes,
			    first_difference(got, expected),
			    first_difference(expected, got));
			reload(&reloaded, &model, got);
			again = cache_text(&reloaded);
			need(strcmp(again, got) == 0, "the contents reloaded "
			    "are '%.60s', not '%.60s'",
			    first_difference(again, got),
			    first_difference(got, again));
			free(expected);
			free(got);
			free(again);
		}
		address = next_address(&gen);
		hit = cache_access(&model, address);
		need(hit == naive_access(&nc, address), "%" PRIu64 " blocks, "
		    "%" PRIu32 " ways, %" PRIu32 "-byte lines: access %" PRIu64
		    " to %" PRIu64 " %s in the model, not in the naive cache",
		    g->blocks, g->ways, g->line_bytes, i, address,
		    hit ? "hits" : "misses");
		if (i >= ACCESSES / 2)
			need(cache_access(&reloaded, address) == hit, "access %"
			    PRIu64 " to %" PRIu64 ": the reloaded cache "
			    "differs", i, address);
		if ((i + 1) % PHASE_LENGTH != 0)
			continue;
		ck_assert_uint_eq(model.accesses, PHASE_LENGTH);
		ck_assert_uint_eq(model.misses, nc.misses);
		if (i >= ACCESSES / 2)
			ck_assert_uint_eq(reloaded.misses, nc.misses);
		/* Some of both, or the pattern tests nothing. */
		ck_assert_uint_gt(nc.misses, 0);
		ck_assert_uint_lt(nc.misses, PHASE_LENGTH);
		cache_phase(&model);
		cache_phase(&reloaded);
		naive_phase(&nc);
	}
	cache_fini(&model);
	cache_fini(&reloaded);
	naive_fini(&nc);
}

/* Where the host has vector compares, they serve the sets they can. */
START_TEST(cache_matches_naive)
{
	match_naive(&geometries[_i], _i, CACHE_VECTORS_AVX512);
}
END_TEST

/* The portable path, which other hosts and ABIs take, counts the same. */
START_TEST(portable_cache_matches_naive)
{
	match_naive(&geometries[_i], _i, CACHE_VECTORS_NONE);
}
END_TEST

/*
 * How a cache is bound: not at all; to addresses it holds without
 * evicting (a bit per block); to 64 times as many (a cache of 4 to 16
 * ways whose sets are a power of two then packs its tags in 32 bits).
 */
enum bound { UNBOUND, BOUND_HELD, BOUND_PACKED, BOUNDS };

static uint64_t
bound_limit(const struct cache_geometry *g, enum bound bound)
{
	return (bound == BOUND_HELD ? 1 : 64) * g->blocks * g->line_bytes;
}

/* Whether a cache bound so should have packed its sets. */
static bool
packs(const struct cache_geometry *g, enum bound bound)
{
	uint64_t sets = g->blocks / g->ways;

	return bound == BOUND_PACKED && g->ways >= 4 &&
	    g->ways <= CACHE_SCAN_WAYS && (sets & (sets - 1)) == 0;
}

/*
 * cache_take() in chunks of 1 to 300 addresses, and cache_access() one
 * by one, against the naive cache: the misses listed in order, the
 * counts the same, the contents written as the naive cache holds them
 * and reloading into a fresh cache with the same future.
 */
static void
take_matches_naive(const struct cache_geometry *g, int seed, enum bound bound,
    enum cache_vectors most)
{
	uint64_t in[300], out[300], rng = 31 + (uint64_t)seed, done = 0;
	uint64_t limit = bound_limit(g, bound);
	struct cache model, reloaded;
	struct naive nc;
	struct addresses gen;
	char *got, *expected;

	ck_assert_int_eq(cache_init(&model, g), 0);
	cache_limit_vectors(&model, most);
	if (bound != UNBOUND)
		ck_assert_int_eq(cache_bound(&model, limit), 0);
	ck_assert_int_eq(model.packed != NULL, packs(g, bound));
	naive_init(&nc, g);
	addresses_init(&gen, g, 9000 + (uint64_t)seed);
	while (done < ACCESSES / 8) {
		size_t n = 1 + prng_below(&rng, 300), i, m, k = 0;

		for (i = 0; i < n; i++)
			in[i] = bound == UNBOUND ? next_address(&gen) :
			    next_address(&gen) % limit;
		if (prng_below(&rng, 4) == 0) {
			for (i = 0; i < n; i++)
				need(cache_access(&model, in[i]) ==
				    naive_access(&nc, in[i]), "access %"
				    PRIu64 " to %" PRIu64 " differs",
				    done + i, in[i]);
			done += n;
			continue;
		}
		m = cache_take(&model, in, n, out);
		for (i = 0; i < n; i++)
			if (!naive_access(&nc, in[i]))
				need(k < m && out[k++] == in[i], "access %"
				    PRIu64 " to %" PRIu64 " missed in the "
				    "naive cache, not in the list",
				    done + i, in[i]);
		ck_assert_uint_eq(k, m);
		done += n;
	}
	ck_assert_uint_eq(model.accesses, done);
	ck_assert_uint_eq(model.misses, nc.misses);
	ck_assert_uint_gt(nc.misses, 0);
	/* One that never evicts writes its blocks in address order. */
	got = cache_text(&model);
	expected = naive_text(&nc);
	need(bound == BOUND_HELD || strcmp(got, expected) == 0, "the "
	    "contents are '%.60s', not '%.60s'", first_difference(got,
	    expected), first_difference(expected, got));
	reload(&reloaded, &model, got);
	for (done = 0; done < ACCESSES / 64; done++) {
		uint64_t address = bound == UNBOUND ? next_address(&gen) :
		    next_address(&gen) % limit;

		need(cache_access(&reloaded, address) ==
		    naive_access(&nc, address), "reloaded: access %" PRIu64
		    " differs", done);
	}
	free(got);
	free(expected);
	cache_fini(&model);
	cache_fini(&reloaded);
	naive_fini(&nc);
}

START_TEST(take_matches_naive_vector)
{
	take_matches_naive(&geometries[_i / BOUNDS], _i,
	    (enum bound)(_i % BOUNDS), CACHE_VECTORS_AVX512);
}
END_TEST

/* Where the host has AVX-512, its AVX2 paths count the same. */
START_TEST(take_matches_naive_avx2)
{
	take_matches_naive(&geometries[_i / BOUNDS], _i,
	    (enum bound)(_i % BOUNDS), CACHE_VECTORS_AVX2);
}
END_TEST

START_TEST(take_matches_naive_portable)
{
	take_matches_naive(&geometries[_i / BOUNDS], _i,
	    (enum bound)(_i % BOUNDS), CACHE_VECTORS_NONE);
}
END_TEST

/*
 * A cache bound to addresses it can hold without evicting (cache_bound())
 * against the naive cache: the same hits, and contents that reload into
 * an unbound cache with the same future.  8 sets of 4 ways of 64-byte
 * lines hold 32 blocks; addresses below 32 x 64 bytes, and one past the
 * last whole line, which the bound rounds up to 32 blocks too.
 */
START_TEST(bound_cache_matches_naive)
{
	static const struct cache_geometry g = { 32, 4, 64 };
	static const uint64_t limits[] = { 32 * 64, 31 * 64 + 1, 5 * 64 };
	uint64_t limit = limits[_i], rng = 99 + (uint64_t)_i, i;
	struct cache model, reloaded;
	struct naive nc;
	char *text;

	ck_assert_int_eq(cache_init(&model, &g), 0);
	ck_assert_int_eq(cache_bound(&model, limit), 0);
	ck_assert_ptr_nonnull(model.seen);
	naive_init(&nc, &g);
	for (i = 0; i < ACCESSES / 16; i++) {
		uint64_t address = prng_below(&rng, limit);

		need(cache_access(&model, address) == naive_access(&nc, address),
		    "access %" PRIu64 " to %" PRIu64 " differs", i, address);
	}
	ck_assert_uint_eq(model.misses, nc.misses);
	text = cache_text(&model);
	memset(&reloaded, 0, sizeof(reloaded));
	reload(&reloaded, &model, text);
	for (i = 0; i < ACCESSES / 16; i++) {
		uint64_t address = prng_below(&rng, limit);

		need(cache_access(&reloaded, address) ==
		    naive_access(&nc, address), "reloaded: access %" PRIu64
		    " differs", i);
	}
	free(text);
	cache_fini(&model);
	cache_fini(&reloaded);
	naive_fini(&nc);
}
END_TEST

/*
 * One set of many ways bound to addresses it cannot all hold stamps
 * each block with a tick, in a ring of 32 ticks per way; a block left
 * alone for longer than the ring holds while others are hit makes the
 * ring renumber its live ticks.  Block after block left so, each for a
 * stretch of its own, then evicted in LRU order: the hits and the
 * contents stay the naive cache's throughout, and the contents reload
 * into an unbound cache with the same future.  Every other round goes
 * through cache_take() in chunks of 1 to 300, whose loop keeps the ticks
 * in locals across the renumbering: its misses are the naive cache's.
 */
START_TEST(stamped_set_matches_naive)
{
	static const struct cache_geometry one_set[] = {
		{ 64, 64, 64 }, { 72, 72, 4096 }, { 17, 17, 8 },
	};
	const struct cache_geometry *g = &one_set[_i];
	/* Blocks 0 to 5 x ways - 1, and a last partial one. */
	uint64_t limit = (5 * g->blocks - 1) * g->line_bytes + 1;
	struct cache model, reloaded;
	struct naive nc;
	uint64_t rng = 5 + (uint64_t)_i, round, i;

	ck_assert_int_eq(cache_init(&model, g), 0);
	ck_assert_int_eq(cache_bound(&model, limit), 0);
	ck_assert_int_eq(model.path, CACHE_STAMPED);
	naive_init(&nc, g);
	for (round = 0; round < 40; round++) {
		/* A few blocks hit over and over, far beyond the ring. */
		uint64_t hot = 1 + prng_below(&rng, g->ways - 2);
		uint64_t stretch = 64 * g->ways * (1 + prng_below(&rng, 3));
		bool batched = round % 2 == 1;
		char *got, *expected, *again;
		size_t n;

		for (i = 0; i < stretch; i += n) {
			uint64_t in[300], out[300];
			size_t j, m, k = 0;

			n = 1 + prng_below(&rng, 300);
			for (j = 0; j < n; j++) {
				uint64_t block = prng_below(&rng, 64) < 62 ?
				    prng_below(&rng, hot) : prng_below(&rng,
				    5 * g->blocks);

				in[j] = block * g->line_bytes +
				    prng_below(&rng, g->line_bytes);
			}
			m = batched ? cache_take(&model, in, n, out) : 0;
			for (j = 0; j < n; j++) {
				bool naive = naive_access(&nc, in[j]), same;

				/* A batch lists its misses in order. */
				if (batched)
					same = naive || (k < m && out[k++] ==
					    in[j]);
				else
					same = naive == cache_access(&model,
					    in[j]);
				need(same, "%" PRIu32 " ways, round %" PRIu64
				    ", access %" PRIu64 " to %" PRIu64 ": not "
				    "the naive cache's", g->ways, round, i + j,
				    in[j]);
			}
			ck_assert_uint_eq(k, m);
		}
		got = cache_text(&model);
		expected = naive_text(&nc);
		need(strcmp(got, expected) == 0, "round %" PRIu64 ": the "
		    "contents are '%.60s', not '%.60s'", round,
		    first_difference(got, expected),
		    first_difference(expected, got));
		reload(&reloaded, &model, got);
		again = cache_text(&reloaded);
		ck_assert_str_eq(again, got);
		cache_fini(&reloaded);
		free(got);
		free(expected);
		free(again);
	}
	ck_assert_uint_eq(model.misses, nc.misses);
	ck_assert_uint_eq(model.accesses, nc.accesses);
	ck_assert_uint_gt(nc.misses, 40);
	cache_fini(&model);
	naive_fini(&nc);
}
END_TEST

/* A bound the cache cannot hold leaves it as it was: sets it scans. */
START_TEST(bound_too_large_is_ignored)
{
	static const struct cache_geometry g = { 32, 4, 64 };
	struct cache model;

	ck_assert_int_eq(cache_init(&model, &g), 0);
	ck_assert_int_eq(cache_bound(&model, 32 * 64 + 1), 0);
	ck_assert_ptr_null(model.seen);
	cache_fini(&model);
}
END_TEST

/* Each refused shape with a word of its reason; accepted ones with none. */
START_TEST(geometry_refused)
{
	static const struct {
		struct cache_geometry	g;
		const char		*reason;	/* NULL: accepted */
	} cases[] = {
		{ { 1, 1, 8 }, NULL },
		{ { 48, 16, 64 }, NULL },		/* 3 sets */
		{ { 65536, 65536, 64 }, NULL },		/* the most ways */
		{ { (uint64_t)1 << 32, 1, 8 }, NULL },	/* the most lines */
		{ { 1, 1, (uint32_t)1 << 30 }, NULL },	/* 1 GiB pages */
		{ { 64, 8, 0 }, "power of two" },	/* a TLB's, unset */
		{ { 64, 8, 4 }, "power of two" },
		{ { 64, 8, 48 }, "power of two" },
		{ { 1, 1, (uint32_t)1 << 31 }, "power of two" },
		{ { 0, 1, 64 }, "lines" },
		{ { (uint64_t)1 << 33, 1, 64 }, "2^32" },
		{ { 64, 0, 64 }, "ways" },
		{ { 2 * 65537, 65537, 64 }, "65536" },
		{ { 1, 2, 64 }, "more ways than lines" },
		{ { 48, 5, 64 }, "whole number of sets" },
		{ { 63, 4, 4096 }, "whole number of sets" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct cache_geometry *g = &cases[i].g;
		const char *why = cache_geometry_refused(g);
		struct cache cache;

		if (cases[i].reason == NULL) {
			ck_assert_msg(why == NULL, "%" PRIu64 "/%" PRIu32 "/%"
			    PRIu32 " is refused: %s", g->blocks, g->ways,
			    g->line_bytes, why);
			continue;
		}
		ck_assert_msg(why != NULL && strstr(why, cases[i].reason) !=
		    NULL, "%" PRIu64 "/%" PRIu32 "/%" PRIu32 ": '%s' does not "
		    "say %s", g->blocks, g->ways, g->line_bytes,
		    why != NULL ? why : "(accepted)", cases[i].reason);
		errno = 0;
		ck_assert_int_eq(cache_init(&cache, g), -1);
		ck_assert_int_eq(errno, EINVAL);
	}
}
END_TEST

/* hier.c against naive caches chained ------------------------------------ */

/* The levels of a hierarchy, l1 to tlb2; absent where blocks is 0. */
struct chain {
	struct naive	level[HIER_LEVELS];
	bool		present[HIER_LEVELS];
};

static void
chain_init(struct chain *c, const struct hier_geometry *g)
{
	unsigned k;

	memset(c, 0, sizeof(*c));
	for (k = 0; k < HIER_LEVELS; k++) {
		c->present[k] = g->level[k].blocks != 0;
		if (c->present[k])
			naive_init(&c->level[k], &g->level[k]);
	}
}

static void
chain_fini(struct chain *c)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		if (c->present[k])
			naive_fini(&c->level[k]);
}

static void
chain_phase(struct chain *c)
{
	unsigned k;

	for (k = 0; k < HIER_LEVELS; k++)
		naive_phase(&c->level[k]);
}

/* The data caches from the top until one hits, then the TLB's the same. */
static void
chain_access(struct chain *c, uint64_t address)
{
	unsigned k;

	for (k = HIER_L1; k < HIER_FIRST_TLB; k++)
		if (c->present[k] && naive_access(&c->level[k], address))
			break;
	for (k = HIER_FIRST_TLB; k < HIER_LEVELS; k++)
		if (c->present[k] && naive_access(&c->level[k], address))
			break;
}

/* The names traces give the levels (the man page's Traces), in order. */
static const char *const level_names[HIER_LEVELS] = {
	"l1", "l2", "llc", "tlb1", "tlb2",
};

static char *
chain_text(const struct chain *c)
{
	char *text = NULL, prefix[32];
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	unsigned k;

	ck_assert_ptr_nonnull(f);
	for (k = 0; k < HIER_LEVELS; k++) {
		if (!c->present[k])
			continue;
		snprintf(prefix, sizeof(prefix), "cached %s ", level_names[k]);
		naive_trace(&c->level[k], f, prefix);
	}
	fclose(f);
	return text;
}

static char *
hier_text(const struct hier *hier)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(f);
	hier_trace(hier, f);
	fclose(f);
	return text;
}

#define PAGE_BYTES	256	/* the TLB's blocks in the hierarchy tests */

/* Hierarchies, TLB lines unset until hier_for_page(). */
static const struct hier_geometry hierarchies[] = {
	/* No L2: L1's misses go to the LLC, of 12 sets; two TLB levels. */
	{ { { 16, 4, 64 }, { 0, 0, 0 }, { 192, 16, 64 }, { 4, 4, 0 },
	    { 12, 4, 0 } } },
	/* Three levels of three line sizes, and no TLB. */
	{ { { 32, 2, 32 }, { 24, 8, 128 }, { 256, 16, 64 }, { 0, 0, 0 },
	    { 0, 0, 0 } } },
	/* A TLB alone, direct-mapped. */
	{ { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 8, 1, 0 },
	    { 0, 0, 0 } } },
	/* The LLC alone and the second TLB level alone. */
	{ { { 0, 0, 0 }, { 0, 0, 0 }, { 40, 10, 64 }, { 0, 0, 0 },
	    { 6, 2, 0 } } },
};

#define NHIERARCHIES (sizeof(hierarchies) / sizeof(hierarchies[0]))

START_TEST(hier_matches_naive_chain)
{
	struct hier_geometry g = hier_for_page(&hierarchies[_i], PAGE_BYTES);
	struct cache_geometry span = { 4096, 1, 16 };
	static uint64_t list[3000];
	struct hier *hier;
	struct addresses gen;
	struct chain c;
	unsigned phase, k;
	uint64_t i;

	for (k = 0; k < HIER_LEVELS; k++)
		ck_assert_uint_eq(g.level[k].line_bytes, k < HIER_FIRST_TLB ?
		    hierarchies[_i].level[k].line_bytes : PAGE_BYTES);
	ck_assert(hier_any(&g));
	hier = hier_create(&g);
	ck_assert_ptr_nonnull(hier);
	chain_init(&c, &g);
	/* Addresses over 512 KiB, more than any level holds. */
	addresses_init(&gen, &span, 500 + (uint64_t)_i);
	for (phase = 0; phase < HIER_PHASES; phase++) {
		struct hier_counts counts;
		char *expected = chain_text(&c), *got = hier_text(hier);

		need(strcmp(got, expected) == 0, "phase %u: hier_trace() "
		    "writes '%.60s', the naive caches hold '%.60s'", phase,
		    first_difference(got, expected),
		    first_difference(expected, got));
		free(expected);
		free(got);
		hier_phase(hier);
		chain_phase(&c);
		/* One by one, then in lists of up to 3000 (odd phases). */
		for (i = 0; i < HIER_ACCESSES; i++) {
			uint64_t address = next_address(&gen);

			if (phase % 2 == 0)
				hier_access(hier, address);
			chain_access(&c, address);
			list[i % 3000] = address;
			if (phase % 2 == 1 && (i % 3000 == 2999 ||
			    i + 1 == HIER_ACCESSES))
				hier_take(hier, list, i % 3000 + 1);
		}
		counts = hier_counts(hier);
		ck_assert_uint_eq(counts.accesses, HIER_ACCESSES);
		ck_assert(hier_any_present(&counts));
		for (k = 0; k < HIER_LEVELS; k++) {
			ck_assert_msg(counts.present[k] == c.present[k],
			    "%s: present %d", level_names[k], counts.present[k]);
			ck_assert_msg(counts.misses[k] == c.level[k].misses,
			    "phase %u, %s: %" PRIu64 " misses, the naive "
			    "caches %" PRIu64, phase, level_names[k],
			    counts.misses[k], c.level[k].misses);
			/* A level that never misses would test nothing. */
			if (c.present[k])
				ck_assert_uint_gt(c.level[k].misses, 0);
		}
	}
	hier_destroy(hier);
	chain_fini(&c);
}
END_TEST

/* A refused level fails the whole; TLB levels need their page size. */
START_TEST(hier_create_refused)
{
	static const struct hier_geometry no_caches;
	struct hier_geometry g = hierarchies[0];
	struct hier_counts counts;
	struct hier *hier;

	errno = 0;
	ck_assert_ptr_null(hier_create(&g));
	ck_assert_int_eq(errno, EINVAL);
	g = hier_for_page(&hierarchies[0], PAGE_BYTES);
	g.level[HIER_L2] = (struct cache_geometry){ 48, 5, 64 };
	errno = 0;
	ck_assert_ptr_null(hier_create(&g));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert(!hier_any(&no_caches));
	hier = hier_create(&no_caches);
	ck_assert_ptr_nonnull(hier);
	hier_access(hier, 4096);
	counts = hier_counts(hier);
	ck_assert(!hier_any_present(&counts));
	hier_destroy(hier);
}
END_TEST

/*
 * Costs 1, 4, 16, 90 and 30 ns: every access pays the first present
 * cache's, each miss the next present level's or memory's, and each miss
 * of the last present TLB level a walk.
 */
START_TEST(time_by_hand)
{
	static const struct hier_latency latency = { { 1, 4, 16, 90, 30 } };
	static const struct {
		bool		present[HIER_LEVELS];
		uint64_t	accesses;
		uint64_t	misses[HIER_LEVELS];
		double		ns;
	} cases[] = {
		/* 1000 + 100 x 4 + 40 x 16 + 10 x 90 + 5 x 30 */
		{ { 1, 1, 1, 1, 1 }, 1000, { 100, 40, 10, 50, 5 }, 3090 },
		/* No L2: L1's misses pay the LLC's 16. */
		{ { 1, 0, 1, 1, 1 }, 1000, { 100, 0, 10, 50, 5 }, 3650 },
		/* No L1: every access pays L2's 4. */
		{ { 0, 1, 1, 1, 1 }, 1000, { 0, 40, 10, 50, 5 }, 5690 },
		/* L1 alone, and tlb1 the last TLB level: 50 walks. */
		{ { 1, 0, 0, 1, 0 }, 1000, { 100, 0, 0, 50, 0 }, 11500 },
		/* No caches: the TLB's 5 walks alone, nothing for memory. */
		{ { 0, 0, 0, 1, 1 }, 1000, { 0, 0, 0, 50, 5 }, 150 },
		/* No TLB: no walks. */
		{ { 1, 1, 1, 0, 0 }, 1000, { 100, 40, 10, 0, 0 }, 2940 },
		/* The LLC alone. */
		{ { 0, 0, 1, 0, 0 }, 1000, { 0, 0, 10, 0, 0 }, 16900 },
		{ { 1, 1, 1, 1, 1 }, 0, { 0, 0, 0, 0, 0 }, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct hier_counts counts = { .accesses = cases[i].accesses };
		unsigned k;

		for (k = 0; k < HIER_LEVELS; k++) {
			counts.present[k] = cases[i].present[k];
			counts.misses[k] = cases[i].misses[k];
		}
		/* Sums of products of small integers: exact in a double. */
		ck_assert_double_eq_tol(hier_time_ns(&counts, &latency),
		    cases[i].ns, 1e-9);
	}
}
END_TEST

/*
 * A cost is priced, for --latency's check, iff changing it changes
 * hier_time_ns() of counts where every present level has misses: over
 * every pattern of present levels.
 */
START_TEST(cost_priced_iff_it_moves_the_time)
{
	static const uint64_t misses[HIER_LEVELS] = { 100, 40, 10, 50, 5 };
	unsigned pattern, k, cost;

	for (pattern = 0; pattern < 1u << HIER_LEVELS; pattern++) {
		struct hier_geometry g = { 0 };
		struct hier_counts counts = { .accesses = 1000 };

		for (k = 0; k < HIER_LEVELS; k++) {
			counts.present[k] = (pattern >> k & 1) != 0;
			counts.misses[k] = counts.present[k] ? misses[k] : 0;
			g.level[k].blocks = counts.present[k] ? 64 : 0;
		}
		for (cost = 0; cost < HIER_COSTS; cost++) {
			struct hier_latency base = { { 1, 4, 16, 90, 30 } };
			struct hier_latency moved = base;
			bool moves;

			moved.ns[cost] += 1000;
			moves = hier_time_ns(&counts, &moved) !=
			    hier_time_ns(&counts, &base);
			ck_assert_msg(hier_cost_priced(&g, cost) == moves,
			    "levels %#x, cost %s", pattern,
			    hier_cost_names[cost]);
		}
	}
}
END_TEST

/* The row of that layout, workload and budget. */
static size_t
find_row(const struct table *t, const char *layout, const char *workload,
    uint64_t resident)
{
	size_t row;

	for (row = 0; row < t->nrows; row++)
		if (strcmp(table_get(t, row, "layout"), layout) == 0 &&
		    strcmp(table_get(t, row, "workload"), workload) == 0 &&
		    table_get_u64(t, row, "resident_pages") == resident)
			return row;
	ck_abort_msg("%s: no row of %s %s at %" PRIu64 " pages", t->what,
	    layout, workload, resident);
	return 0;
}

static unsigned
log2_of(uint64_t v)
{
	unsigned shift = 0;

	while ((v >>= 1) != 0)
		shift++;
	return shift;
}

/* --trace replayed through naive caches ----------------------------------- */

/* The columns of the data caches' misses. */
static const char *const miss_columns[HIER_FIRST_TLB] = {
	"l1_misses", "l2_misses", "llc_misses",
};

/* Options for a hierarchy, and the geometry they give (TLB lines unset). */
struct hierarchy {
	const char		*cache;
	const char		*tlb;
	struct hier_geometry	 geometry;
};

/* The brief's hierarchy: 16, 64 and 256 lines of 64 bytes; 4 + 16 pages. */
static const struct hierarchy three_levels = {
	"l1=1K/4,l2=4K/8/64,llc=16K/16", "4/2,16/4",
	{ { { 16, 4, 64 }, { 64, 8, 64 }, { 256, 16, 64 }, { 4, 2, 0 },
	    { 16, 4, 0 } } },
};

static const struct hierarchy other_hierarchies[] = {
	/* L2 off: L1's misses go to the LLC; one TLB level. */
	{ "l1=1K/4,l2=off,llc=16K/16", "8/2",
	    { { { 16, 4, 64 }, { 0, 0, 0 }, { 256, 16, 64 }, { 8, 2, 0 },
	    { 0, 0, 0 } } } },
	/* 3, 4 and 12 sets, lines of 64 and 128 bytes, and no TLB. */
	{ "l1=3K/16,l2=4K/8/128,llc=12K/16", "off",
	    { { { 48, 16, 64 }, { 32, 8, 128 }, { 192, 16, 64 }, { 0, 0, 0 },
	    { 0, 0, 0 } } } },
	/* The TLB alone: one fully associative set, then 3 sets. */
	{ "off", "4/full,12/4",
	    { { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 }, { 4, 4, 0 },
	    { 12, 4, 0 } } } },
	/* 32-byte lines over 256-byte ones, direct-mapped, no LLC. */
	{ "l1=512/2/32,l2=2K/1/256,llc=off", "16/1",
	    { { { 16, 2, 32 }, { 8, 1, 256 }, { 0, 0, 0 }, { 16, 1, 0 },
	    { 0, 0, 0 } } } },
};

#define NOTHER (sizeof(other_hierarchies) / sizeof(other_hierarchies[0]))

/* --layout all: the replays run the first three, the line curve all four. */
static const char *const layout_names[] = { "binheap", "bheap", "dary",
    "veb" };

#define NLAYOUTS (sizeof(layout_names) / sizeof(layout_names[0]))
static const char *const replay_workloads[] = { "fill", "replace", "mix" };
static const char *const models[] = { "array", "full" };

/* What replaying a trace found. */
struct replay {
	uint64_t	accesses;
	uint64_t	cached[HIER_LEVELS];	/* lines listed per level */
};

/* The parts of a trace, in the order the man page gives them. */
enum trace_part { CACHED_LINES, RESIDENT_LINES, ACCESS_LINES };

/*
 * The cached lines loaded into empty naive caches, then, after the
 * resident lines, the accesses, each on its page, replayed through them.
 */
static void
replay_trace(const char *path, const struct table *t, struct chain *c,
    struct replay *r)
{
	uint64_t page_bytes = table_get_u64(t, 0, "page_bytes");
	uint64_t items = table_get_u64(t, 0, "items");
	/* Slot 0 of the array is mapped too: items + 1 pointers. */
	uint64_t array_bytes = (items + 1) * table_get_u64(t, 0, "ptr_bytes");
	uint64_t heap_pages = (array_bytes + page_bytes - 1) / page_bytes;
	unsigned page_shift = log2_of(page_bytes);
	enum trace_part part = CACHED_LINES;
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	ssize_t len;
	FILE *f = fopen(path, "r");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	memset(r, 0, sizeof(*r));
	while ((len = getline(&line, &cap, f)) > 0) {
		struct trace_line tl;
		unsigned k;

		lineno++;
		need(line[len - 1] == '\n', "%s:%zu: no newline", path, lineno);
		line[len - 1] = '\0';
		need(trace_parse(line, &tl), "%s:%zu: '%s'", path, lineno,
		    line);
		if (tl.cached) {
			need(part == CACHED_LINES, "%s:%zu: a cached line "
			    "after the others", path, lineno);
			for (k = 0; k < HIER_LEVELS &&
			    strcmp(tl.level, level_names[k]) != 0; k++)
				continue;
			need(k < HIER_LEVELS && c->present[k], "%s:%zu: no "
			    "level %s", path, lineno, tl.level);
			need(tl.address % c->level[k].line == 0, "%s:%zu: not "
			    "the first byte of a line", path, lineno);
			/* Loading them in order rebuilds the cache. */
			need(naive_fits(&c->level[k], tl.address), "%s:%zu: "
			    "listed twice, or more than a set holds", path,
			    lineno);
			(void)naive_access(&c->level[k], tl.address);
			r->cached[k]++;
			continue;
		}
		if (tl.resident) {
			need(part != ACCESS_LINES, "%s:%zu: a resident page "
			    "after the accesses began", path, lineno);
			part = RESIDENT_LINES;
			continue;
		}
		/* The loads are not the phase's misses. */
		if (part != ACCESS_LINES)
			chain_phase(c);
		part = ACCESS_LINES;
		need((tl.address >> page_shift) == (tl.arena == TRACE_HEAP ?
		    tl.page : heap_pages + tl.page), "%s:%zu: '%s' is not on "
		    "its page (%" PRIu64 " heap pages of %" PRIu64 " bytes)",
		    path, lineno, line, heap_pages, page_bytes);
		need(tl.arena == TRACE_ITEMS || tl.page < heap_pages,
		    "%s:%zu: '%s' is past the heap array", path, lineno, line);
		chain_access(c, tl.address);
		r->accesses++;
	}
	ck_assert_msg(!ferror(f), "%s: %s", path, strerror(errno));
	fclose(f);
	free(line);
}

/* A column of misses is the naive level's, or empty for an absent one. */
static void
expect_misses(const struct table *t, const char *column,
    const struct naive *level)
{
	const char *reported = table_get(t, 0, column);

	if (level == NULL) {
		ck_assert_msg(*reported == '\0', "%s: %s is '%s' for an "
		    "absent level", t->what, column, reported);
		return;
	}
	ck_assert_msg(table_get_u64(t, 0, column) == level->misses, "%s: the trace "
	    "replays to %" PRIu64 " misses, the report's %s is %s",
	    t->what, level->misses, column, reported);
	/* A level that never misses would test nothing. */
	ck_assert_uint_gt(level->misses, 0);
}

static void
replay_run(const char *layout, const char *workload, const char *model,
    const struct hierarchy *h)
{
	char dir[PATH_MAX], trace[PATH_MAX];
	struct hier_geometry g;
	struct outcome o;
	struct table t;
	struct replay r;
	struct chain c;
	unsigned k, last_tlb = HIER_LEVELS;

	scratch_make(dir);
	path_in(trace, sizeof(trace), dir, "t.txt");
	/*
	 * 5000 items: the array, 20 KiB even of 4-byte pointers, outgrows
	 * the largest LLC here, so that every level misses.
	 */
	run(&o, "--items", "5000", "--page-size", "256", "--resident", "6",
	    "--layout", layout, "--workload", workload, "--model", model,
	    "--cache", h->cache, "--tlb", h->tlb, "--trace", trace,
	    "--format", "csv", NULL);
	expect_success(&o);
	table_parse(&t, o.out.data, o.command);
	ck_assert_uint_eq(t.nrows, 1);
	g = hier_for_page(&h->geometry, table_get_u64(&t, 0, "page_bytes"));
	chain_init(&c, &g);
	replay_trace(trace, &t, &c, &r);
	ck_assert_msg(r.accesses == table_get_u64(&t, 0, "accesses"), "%s: the "
	    "trace has %" PRIu64 " accesses, the report %" PRIu64, o.command,
	    r.accesses, table_get_u64(&t, 0, "accesses"));
	for (k = 0; k < HIER_LEVELS; k++) {
		/* Fill starts the caches empty; later phases find them full. */
		ck_assert_msg(strcmp(workload, "fill") == 0 ?
		    r.cached[k] == 0 : r.cached[k] > 0 || !c.present[k],
		    "%s: %" PRIu64 " cached lines of %s", o.command,
		    r.cached[k], level_names[k]);
		if (k >= HIER_FIRST_TLB && c.present[k])
			last_tlb = k;
	}
	for (k = HIER_L1; k < HIER_FIRST_TLB; k++)
		expect_misses(&t, miss_columns[k], c.present[k] ?
		    &c.level[k] : NULL);
	expect_misses(&t, "tlb_misses", last_tlb < HIER_LEVELS ?
	    &c.level[last_tlb] : NULL);
	chain_fini(&c);
	table_free(&t);
	outcome_free(&o);
	scratch_remove(dir);
}

/* Every layout, workload and model, through the three-level hierarchy. */
START_TEST(trace_replays_to_same_misses)
{
	replay_run(layout_names[_i % 3], replay_workloads[_i / 3 % 3],
	    models[_i / 9], &three_levels);
}
END_TEST

/* Levels off, sets not powers of two, lines of several sizes. */
START_TEST(other_hierarchies_replay)
{
	replay_run(layout_names[_i % 3], "mix", "full",
	    &other_hierarchies[_i]);
}
END_TEST

/* The line curve against fixed runs --------------------------------------- */

/*
 * A curve pass's caches, and the fixed runs' first level: the curve's
 * line is that of the first cache present.
 */
static const struct line_case {
	const char	*model;
	const char	*curve_cache;
	const char	*before;	/* the fixed runs' --cache ... */
	const char	*level;		/* ... this level, one set ... */
	unsigned	 line;		/* ... of these lines ... */
	const char	*after;		/* ... and these */
} line_cases[] = {
	{ "array", "l1=1K/4,l2=off,llc=off", "", "l1", 64, ",l2=off,llc=off" },
	{ "full", "l1=1K/4,l2=off,llc=off", "", "l1", 64, ",l2=off,llc=off" },
	/* L2 first, though the LLC's lines are 64 bytes. */
	{ "full", "l1=off,l2=4K/4/128,llc=16K/16", "l1=off,", "l2", 128,
	    ",llc=off" },
};

#define NLINE (sizeof(line_cases) / sizeof(line_cases[0]))

static void
curve_run(struct table *t, const char *model, const char *resident,
    const char *cache)
{
	struct outcome o;

	run(&o, "--items", "5000", "--page-size", "256", "--layout", "all",
	    "--workload", "replace,mix", "--model", model, "--resident",
	    resident, "--cache", cache, "--tlb", "off", "--format", "csv",
	    NULL);
	expect_success(&o);
	table_parse(t, o.out.data, o.command);
	outcome_free(&o);
}

/*
 * A curve's line_misses by layout, workload and budget, read in one pass:
 * [(layout * 2 + workload) * (most + 1) + budget].
 */
struct curve {
	struct table	 table;
	uint64_t	 most;		/* the largest budget */
	uint64_t	*line_misses;
	uint64_t	*accesses;
};

static size_t
name_index(const char *const names[], size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n && strcmp(names[i], name) != 0; i++)
		continue;
	ck_assert_msg(i < n, "no %s here", name);
	return i;
}

static const char *const curve_workloads[] = { "replace", "mix" };

static size_t
curve_slot(const struct curve *cv, size_t layout, size_t workload,
    uint64_t budget)
{
	return (layout * 2 + workload) * (size_t)(cv->most + 1) +
	    (size_t)budget;
}

static void
curve_read(struct curve *cv, const char *model, const char *cache)
{
	const struct table *t = &cv->table;
	size_t row, slots;

	curve_run(&cv->table, model, "all", cache);
	/* Each budget from 1 has a row per layout and workload. */
	cv->most = t->nrows / (NLAYOUTS * 2);
	ck_assert_uint_eq(cv->most * NLAYOUTS * 2, t->nrows);
	slots = curve_slot(cv, NLAYOUTS, 0, 0);
	cv->line_misses = calloc(slots, sizeof(*cv->line_misses));
	cv->accesses = calloc(slots, sizeof(*cv->accesses));
	ck_assert(cv->line_misses != NULL && cv->accesses != NULL);
	for (row = 0; row < t->nrows; row++) {
		uint64_t budget = table_get_u64(t, row, "resident_pages");
		size_t at = curve_slot(cv, name_index(layout_names, NLAYOUTS, table_get(t,
		    row, "layout")), name_index(curve_workloads, 2, table_get(t, row,
		    "workload")), budget);

		ck_assert(budget >= 1 && budget <= cv->most);
		ck_assert_msg(cv->accesses[at] == 0, "%s: row %zu repeats "
		    "one before it", t->what, row);
		cv->line_misses[at] = table_get_u64(t, row, "line_misses");
		cv->accesses[at] = table_get_u64(t, row, "accesses");
	}
}

static void
curve_free(struct curve *cv)
{
	table_free(&cv->table);
	free(cv->line_misses);
	free(cv->accesses);
}

START_TEST(line_curve_equals_fixed_runs)
{
	const struct line_case *c = &line_cases[_i];
	char column[32];
	struct curve cv;
	uint64_t budgets[] = { 1, 2, 5, 10, 0 }, page_bytes, r;
	size_t b, l, w;

	curve_read(&cv, c->model, c->curve_cache);
	page_bytes = table_get_u64(&cv.table, 0, "page_bytes");
	budgets[4] = cv.most;
	/* A stack algorithm: more memory, never more misses. */
	for (l = 0; l < NLAYOUTS; l++)
		for (w = 0; w < 2; w++)
			for (r = 2; r <= cv.most; r++)
				need(cv.line_misses[curve_slot(&cv, l, w, r)] <=
				    cv.line_misses[curve_slot(&cv, l, w, r - 1)],
				    "%s: %s %s has more line misses at %" PRIu64
				    " pages than at one fewer", cv.table.what,
				    layout_names[l], curve_workloads[w], r);
	snprintf(column, sizeof(column), "%s_misses", c->level);
	for (b = 0; b < sizeof(budgets) / sizeof(budgets[0]); b++) {
		char resident[32], cache[128];
		struct table fixed;

		snprintf(resident, sizeof(resident), "%" PRIu64, budgets[b]);
		snprintf(cache, sizeof(cache), "%s%s=%" PRIu64 "/full/%u%s",
		    c->before, c->level, budgets[b] * page_bytes, c->line,
		    c->after);
		curve_run(&fixed, c->model, resident, cache);
		ck_assert_uint_eq(fixed.nrows, NLAYOUTS * 2);
		for (l = 0; l < NLAYOUTS; l++)
			for (w = 0; w < 2; w++) {
				size_t at = curve_slot(&cv, l, w, budgets[b]);
				size_t row = find_row(&fixed, layout_names[l],
				    curve_workloads[w], budgets[b]);

				ck_assert_uint_eq(table_get_u64(&fixed, row,
				    "accesses"), cv.accesses[at]);
				ck_assert_msg(table_get_u64(&fixed, row, column) ==
				    cv.line_misses[at], "%s %s, %" PRIu64
				    " pages: --cache %s gives %s %s, the curve %"
				    PRIu64 " line_misses", layout_names[l],
				    curve_workloads[w], budgets[b], cache,
				    table_get(&fixed, row, column), column,
				    cv.line_misses[at]);
			}
		table_free(&fixed);
	}
	curve_free(&cv);
}
END_TEST

/*
 * Lines larger than the page: a budget of R pages holds R x 256 / 512
 * lines, which a division of the page by the line first made 0, so that
 * every access missed at every budget.
 */
START_TEST(line_curve_of_lines_larger_than_pages)
{
	static const char curve_cache[] = "l1=4K/4/512,l2=off,llc=off";
	static const uint64_t budgets[] = { 2, 10 };
	struct curve cv;
	size_t b, l, w;

	curve_read(&cv, "array", curve_cache);
	for (b = 0; b < sizeof(budgets) / sizeof(budgets[0]); b++) {
		char resident[32], cache[128];
		struct table fixed;

		snprintf(resident, sizeof(resident), "%" PRIu64, budgets[b]);
		snprintf(cache, sizeof(cache), "l1=%" PRIu64 "/full/512,"
		    "l2=off,llc=off", budgets[b] * 256);
		curve_run(&fixed, "array", resident, cache);
		for (l = 0; l < NLAYOUTS; l++)
			for (w = 0; w < 2; w++) {
				size_t at = curve_slot(&cv, l, w, budgets[b]);
				size_t row = find_row(&fixed, layout_names[l],
				    curve_workloads[w], budgets[b]);

				ck_assert_uint_lt(cv.line_misses[at],
				    cv.accesses[at]);
				ck_assert_uint_eq(table_get_u64(&fixed, row,
				    "l1_misses"), cv.line_misses[at]);
			}
		table_free(&fixed);
	}
	curve_free(&cv);
}
END_TEST

/* Suite ------------------------------------------------------------------ */

Suite *
cache_suite(void)
{
	Suite *suite = suite_create("cache");
	TCase *tc;

	tc = tcase_create("cache");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, cache_matches_naive, 0, (int)NGEOMETRIES);
	tcase_add_loop_test(tc, portable_cache_matches_naive, 0,
	    (int)NGEOMETRIES);
	tcase_add_loop_test(tc, bound_cache_matches_naive, 0, 3);
	tcase_add_loop_test(tc, take_matches_naive_vector, 0,
	    (int)NGEOMETRIES * BOUNDS);
	tcase_add_loop_test(tc, take_matches_naive_avx2, 0,
	    (int)NGEOMETRIES * BOUNDS);
	tcase_add_loop_test(tc, take_matches_naive_portable, 0,
	    (int)NGEOMETRIES * BOUNDS);
	tcase_add_test(tc, bound_too_large_is_ignored);
	tcase_add_loop_test(tc, stamped_set_matches_naive, 0, 3);
	tcase_add_test(tc, geometry_refused);
	suite_add_tcase(suite, tc);

	tc = tcase_create("hierarchy");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, hier_matches_naive_chain, 0,
	    (int)NHIERARCHIES);
	tcase_add_test(tc, hier_create_refused);
	tcase_add_test(tc, time_by_hand);
	tcase_add_test(tc, cost_priced_iff_it_moves_the_time);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("trace replay", 120);
	tcase_add_loop_test(tc, trace_replays_to_same_misses, 0, 3 * 3 * 2);
	tcase_add_loop_test(tc, other_hierarchies_replay, 0, (int)NOTHER);
	suite_add_tcase(suite, tc);

	tc = scratch_tcase("line curve", 120);
	tcase_add_loop_test(tc, line_curve_equals_fixed_runs, 0, (int)NLINE);
	tcase_add_test(tc, line_curve_of_lines_larger_than_pages);
	suite_add_tcase(suite, tc);
	return suite;
}
