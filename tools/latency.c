/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * latency.c: this machine's load-to-use latencies, by pointer chasing
 * (lmbench's lat_mem_rd): one dependent load per step over a random
 * cyclic permutation of lines, so the time per step is the latency of
 * the level the set fits in, timed in CPU time (on a shared machine the
 * wall clock runs on while the process waits).  Prints NAME=TIME pairs
 * in --latency's grammar: l1 and l2 (sets half the level's size), llc
 * (4x the L2, at most a quarter of the LLC: where an LLC is shared with
 * other tenants, larger sets see more and more of memory's latency;
 * results/time-model.md says what that costs), mem (a set 8x the LLC),
 * each on huge pages where the kernel gives them (madvise), so that no
 * walk is in them; and tlb: the translation of a load whose line and
 * page were both last touched WALK_PAGES pages ago.  That is a chase
 * over every line of WALK_PAGES pages in rounds, each round one line of
 * every page with the pages in one order, on small pages, less the same
 * chase on huge pages; the median of WALK_PAIRS such pairs.  The two
 * load every line of the set in orders drawn alike (each arm draws its
 * own), so the lines' own latency is the same in both, and so is what
 * the memory beneath costs (on a VM, the host's translation): they
 * differ in the guest's page size alone, which is what the heap's small
 * pages add to a latency curve measured on huge ones.  (One line a page
 * less as many lines side by side, the measure before, differed in the
 * caches too: results/time-model.md.)
 *
 * With --curve, instead the latency at every power-of-two set from
 * CURVE_FIRST to CURVE_LAST bytes, on huge pages, in --latency-curve's
 * grammar (SIZE=TIME,...): the time model's lat(D) (issue 40).  With
 * --walk-curve, the translation of a load whose page and line were last
 * touched SIZE bytes of pages ago, for 16 to WALK_CURVE_PAGES pages,
 * measured as tlb= above.  With --mixed COLD HOT (KiB), two chases in
 * turn, of COLD and HOT bytes, against what their reuse distances would
 * take each alone: mixed() says how.  With --aging, the latency at a
 * few reuse distances when each step also does some dependent work, so
 * that a line's last touch lies further back in time at the same
 * distance: aging() says why.
 *
 *	cc -O2 -o latency tools/latency.c && ./latency [L1 L2 LLC bytes]
 *	./latency --curve
 *	./latency --walk-curve
 *	./latency --mixed COLD HOT
 *	./latency --aging
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sys/mman.h>

#define LINE	64u
#define PAGE	4096u
#define STEPS	1000000u
#define HUGE	((size_t)2 << 20)
#define WALK_PAGES	16384u	/* 8x a 2,048-entry L2 TLB */
#define CURVE_FIRST	((size_t)16 << 10)
#define CURVE_LAST	((size_t)512 << 20)
#define WALK_CURVE_PAGES	65536u	/* 256 MiB of small pages */
#define WALK_PAIRS	5u	/* a walk's measurements, odd: the median's */
#define MIXED_MAX_KIB	(1u << 20)	/* --mixed: 1 GiB a set */
#define SIZE_MAX_BYTES	((size_t)1 << 34)	/* L1 L2 LLC: mem's set is 8x */
#define AGING_STEPS	200000u	/* --aging: loads a run, 3 laps of 4 MiB */
#define AGING_L1	((size_t)8 << 10)	/* --aging: the set its work is timed on */

static uint64_t state = 88172645463325252u;

static uint64_t
next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* at[] in a random order. */
static void
shuffle(size_t *at, size_t n)
{
	size_t i, j, tmp;

	for (i = n - 1; i > 0; i--) {
		j = (size_t)(next() % (i + 1));
		tmp = at[i], at[i] = at[j], at[j] = tmp;
	}
}

/* v[k] into its place among v[0..k-1], sorted: an insertion sort's step. */
static void
sort_last(double *v, unsigned k)
{
	double swap;

	for (; k > 0 && v[k - 1] > v[k]; k--)
		swap = v[k], v[k] = v[k - 1], v[k - 1] = swap;
}

/*
 * Each of the n lines at[] (offsets in bytes) linked to the next, in a
 * cycle: the first link.
 */
static void **
link_lines(char *base, const size_t *at, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		*(void **)(base + at[i]) = base + at[(i + 1) % n];
	return (void **)(base + at[0]);
}

/*
 * ns per step over a cycle of n linked lines from `p`: the best of three
 * runs of STEPS loads, each going on where the last stopped, so that
 * every load's line was last touched n lines before (by the links'
 * writing, or by the chase a lap before) however large the set.
 */
static double
chase(void **p, size_t n)
{
	size_t i;
	double start, ns, best = 1e30;
	unsigned r;

	/* A lap, or STEPS, first: the caches and TLB as the chase keeps them. */
	for (i = 0; i < n && i < STEPS; i++)
		p = *p;
	for (r = 0; r < 3; r++) {
		start = now();
		for (i = 0; i < STEPS; i++)
			p = *p;
		ns = (now() - start) / STEPS;
		if (ns < best)
			best = ns;
		if (p == NULL)
			abort();
	}
	return best;
}

enum page_size { SMALL_PAGES, HUGE_PAGES };

/*
 * A mapping of `bytes` of its own, aligned to a huge page, on small or
 * huge pages, so that no set takes pages an earlier one faulted in at
 * another size: its base; unmap() takes it back.
 */
struct mapping {
	char	*map;
	size_t	 bytes;
};

static char *
map_set(size_t bytes, enum page_size page_size, struct mapping *m)
{
	size_t mapped = (bytes + HUGE - 1) / HUGE * HUGE;
	char *base;

	m->bytes = mapped + HUGE;
	m->map = mmap(NULL, m->bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m->map == MAP_FAILED)
		abort();
	base = m->map + (HUGE - (uintptr_t)m->map % HUGE) % HUGE;
	(void)madvise(base, mapped, page_size == SMALL_PAGES ? MADV_NOHUGEPAGE :
	    MADV_HUGEPAGE);
	return base;
}

static void
unmap(const struct mapping *m)
{
	(void)munmap(m->map, m->bytes);
}

/*
 * Every line of `bytes` linked in a cycle in the order order() puts
 * them, on small or huge pages, in a mapping of its own: the first link.
 */
static void **
cycle(size_t bytes, enum page_size page_size,
    void (*order)(size_t *, size_t), struct mapping *m)
{
	size_t n = bytes / LINE;
	char *base = map_set(bytes, page_size, m);
	size_t *at = malloc(n * sizeof(*at));
	void **first;

	if (at == NULL)
		abort();
	order(at, n);
	first = link_lines(base, at, n);
	free(at);
	return first;
}

/* ns per load over every line of `bytes` as cycle() links them. */
static double
set(size_t bytes, enum page_size page_size, void (*order)(size_t *, size_t))
{
	struct mapping m;
	double ns = chase(cycle(bytes, page_size, order, &m), bytes / LINE);

	unmap(&m);
	return ns;
}

/* Every line once, in a random order: a line's last touch n lines ago. */
static void
random_lines(size_t *at, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		at[i] = i * LINE;
	shuffle(at, n);
}

/*
 * Every line once, a round at a time: each round takes one line of every
 * page, the pages in one random order, the same in every round, and each
 * page its lines in a random order of its own.  A line's last touch is
 * n lines ago, as in random_lines(), and its page's a round (every
 * other page) ago.
 */
static void
rounds_of_pages(size_t *at, size_t n)
{
	size_t lines = PAGE / LINE, pages = n / lines, *page, i;
	size_t line[PAGE / LINE];
	unsigned r;

	assert(n % lines == 0);
	page = malloc(pages * sizeof(*page));
	if (page == NULL)
		abort();
	for (i = 0; i < pages; i++)
		page[i] = i * PAGE;
	shuffle(page, pages);
	for (i = 0; i < pages; i++) {
		for (r = 0; r < lines; r++)
			line[r] = r * LINE;
		shuffle(line, lines);
		for (r = 0; r < lines; r++)
			at[r * pages + i] = page[i] + line[r];
	}
	free(page);
}

/* The latency of a line last touched `bytes` of lines ago. */
static double
latency(size_t bytes)
{
	return set(bytes, HUGE_PAGES, random_lines);
}

/*
 * The translation of a load whose page and line were last touched
 * `bytes` ago: rounds of pages on small pages less the same on huge
 * pages, the median of WALK_PAIRS such pairs, since near a cache's edge
 * one pair moves by tens of ns with the other tenants.
 */
static double
walk(size_t bytes)
{
	double pair[WALK_PAIRS];
	unsigned k;

	for (k = 0; k < WALK_PAIRS; k++) {
		pair[k] = set(bytes, SMALL_PAGES, rounds_of_pages) -
		    set(bytes, HUGE_PAGES, rounds_of_pages);
		sort_last(pair, k);
	}
	return pair[WALK_PAIRS / 2];
}

/*
 * ns per pair of loads from two chases taken in turn, one over `cold`
 * bytes and one over `hot` (at most `cold`), each load's address
 * waiting for the other chase's last load (an AND with a zero the
 * compiler cannot see): so a hot line was last touched 2 x hot bytes
 * before (every hot line and as many cold ones), a cold one cold + hot.
 * Whether a machine prices such a mixture by reuse distance, as the time
 * model does: latency(2 x hot) + latency(cold + hot) is what it would
 * take then (results/time-model.md).
 */
static double
mixed(size_t cold, size_t hot)
{
	static volatile uintptr_t zero;
	struct mapping mc, mh;
	void **p = cycle(cold, HUGE_PAGES, random_lines, &mc);
	void **q = cycle(hot, HUGE_PAGES, random_lines, &mh);
	uintptr_t z = zero;
	double start, ns, best = 1e30;
	size_t i;
	unsigned r;

	for (i = 0; i < cold / LINE + STEPS; i++) {
		q = *(void ***)((char *)q + ((uintptr_t)p & z));
		p = *(void ***)((char *)p + ((uintptr_t)q & z));
	}
	for (r = 0; r < 3; r++) {
		start = now();
		for (i = 0; i < STEPS; i++) {
			q = *(void ***)((char *)q + ((uintptr_t)p & z));
			p = *(void ***)((char *)p + ((uintptr_t)q & z));
		}
		ns = (now() - start) / STEPS;
		if (ns < best)
			best = ns;
		if (p == NULL || q == NULL)
			abort();
	}
	unmap(&mc);
	unmap(&mh);
	return best;
}

/*
 * `work` rounds of dependent arithmetic on a chase's pointer that leave
 * it as it was (the empty asm hides that from the compiler): time
 * between one load and the next that is not a load.
 */
static void **
work_on(void **p, unsigned work)
{
	uintptr_t x = (uintptr_t)p;
	unsigned k;

	for (k = 0; k < work; k++) {
		x += k;
		__asm__ volatile("" : "+r"(x));
		x -= k;
	}
	return (void **)x;
}

/*
 * ns per step of a chase over every line of `bytes` on huge pages, in
 * a random cycle, with `work` rounds of work_on() after each load: the
 * median of three runs of AGING_STEPS loads, after a lap (not the best,
 * as chase() takes: the lines that others evict between runs are what
 * this measures).
 */
static double
aged_step(size_t bytes, unsigned work)
{
	struct mapping m;
	void **p = cycle(bytes, HUGE_PAGES, random_lines, &m);
	size_t n = bytes / LINE, i;
	double start, run[3];
	unsigned r;

	for (i = 0; i < n; i++)
		p = work_on(*p, work);
	for (r = 0; r < 3; r++) {
		start = now();
		for (i = 0; i < AGING_STEPS; i++)
			p = work_on(*p, work);
		run[r] = (now() - start) / AGING_STEPS;
		if (p == NULL)
			abort();
		sort_last(run, r);
	}
	unmap(&m);
	return run[1];
}

/*
 * Whether a line's latency is a function of its reuse distance alone,
 * as the time model's curve takes it.  A chase at one distance with
 * more and more work between its loads: each row a measure of work
 * (its ns a step over an L1-sized set, less that set's latency), each
 * cell the latency at that distance (the step less the work) and the
 * time since the line's last touch (a lap).  In a cache of its own, a
 * row would repeat the first; where others share the caches (a VM's
 * neighbours on the same core and LLC), lines last touched longer ago
 * are gone more often, whatever the distance: results/time-model.md.
 */
static void
aging(void)
{
	static const size_t sizes_kib[] = { 256, 1024, 2048, 4096 };
	static const unsigned works[] = { 0, 16, 48, 128, 384 };
	double l1 = aged_step(AGING_L1, 0), alone, step;
	size_t bytes;
	unsigned w, k;

	printf("work/step");
	for (k = 0; k < sizeof(sizes_kib) / sizeof(sizes_kib[0]); k++)
		printf("  %7zuK ns (lap ms)", sizes_kib[k]);
	printf("\n");
	for (w = 0; w < sizeof(works) / sizeof(works[0]); w++) {
		alone = works[w] > 0 ? aged_step(AGING_L1, works[w]) - l1 : 0;
		printf("%7.1fns", alone);
		for (k = 0; k < sizeof(sizes_kib) / sizeof(sizes_kib[0]); k++) {
			bytes = sizes_kib[k] << 10;
			step = aged_step(bytes, works[w]);
			printf("  %10.1f (%7.3f)", step - alone,
			    step * (double)(bytes / LINE) / 1e6);
		}
		printf("\n");
	}
}

/* One point of a curve, "16K=1.2ns", after a comma but the first. */
static void
point(size_t bytes, double ns, int first)
{
	printf("%s%zu%c=%.1fns", first ? "" : ",",
	    bytes >= (1u << 20) ? bytes >> 20 : bytes >> 10,
	    bytes >= (1u << 20) ? 'M' : 'K', ns > 0 ? ns : 0);
}

static void
curve(void)
{
	size_t bytes;

	for (bytes = CURVE_FIRST; bytes <= CURVE_LAST; bytes *= 2)
		point(bytes, latency(bytes), bytes == CURVE_FIRST);
	printf("\n");
}

static void
walk_curve(void)
{
	size_t pages;

	for (pages = 16; pages <= WALK_CURVE_PAGES; pages *= 2)
		point(pages * PAGE, walk(pages * PAGE), pages == 16);
	printf("\n");
}

/* A whole word, a number in `base` from least to most; else 0. */
static unsigned long long
count_of(const char *word, int base, unsigned long long least,
    unsigned long long most)
{
	char *end;
	unsigned long long n;

	if (word[0] < '0' || word[0] > '9')
		return 0;
	n = strtoull(word, &end, base);
	if (*end != '\0' || n < least || n > most)
		return 0;
	return n;
}

/* A size in bytes (decimal, or 0x hex), 2 lines to SIZE_MAX_BYTES; else 0. */
static size_t
bytes_of(const char *word)
{
	return (size_t)count_of(word, 0, 2 * LINE, SIZE_MAX_BYTES);
}

/* A count of KiB, 1 to MIXED_MAX_KIB, in bytes; else 0. */
static size_t
kib(const char *word)
{
	return (size_t)count_of(word, 10, 1, MIXED_MAX_KIB) << 10;
}

int
main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--curve") == 0) {
		curve();
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--walk-curve") == 0) {
		walk_curve();
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--aging") == 0) {
		aging();
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "--mixed") == 0) {
		size_t cold, hot;

		if (argc != 4 || (cold = kib(argv[2])) == 0 ||
		    (hot = kib(argv[3])) == 0 || cold < hot) {
			fprintf(stderr, "latency: --mixed COLD HOT: KiB, "
			    "1 to %u, HOT at most COLD\n", MIXED_MAX_KIB);
			return 2;
		}
		printf("cold=%zuK hot=%zuK pair=%.1fns by-distance=%.1fns\n",
		    cold >> 10, hot >> 10, mixed(cold, hot),
		    latency(2 * hot) + latency(cold + hot));
		return 0;
	}
	size_t l1 = argc == 4 ? bytes_of(argv[1]) : 32768;
	size_t l2 = argc == 4 ? bytes_of(argv[2]) : 524288;
	size_t llc = argc == 4 ? bytes_of(argv[3]) : 33554432;

	if ((argc != 1 && argc != 4) || l1 == 0 || l2 == 0 || llc == 0) {
		fprintf(stderr, "latency: '%s'%s: give L1 L2 LLC (bytes, %u to "
		    "%zu), or one of --curve, --walk-curve, --mixed COLD HOT, "
		    "--aging\n", argv[1], argc > 2 ? " ..." : "", 2 * LINE,
		    SIZE_MAX_BYTES);
		return 2;
	}
	double ns_l1 = latency(l1 / 2), ns_l2 = latency(l2 / 2);
	double ns_llc = latency(l2 * 4 < llc / 4 ? l2 * 4 : llc / 4);
	double ns_walk = walk((size_t)WALK_PAGES * PAGE);
	double ns_mem = latency(llc * 8);

	printf("l1=%.1fns,l2=%.1fns,llc=%.1fns,mem=%.1fns,tlb=%.1fns\n",
	    ns_l1, ns_l2, ns_llc, ns_mem, ns_walk > 0 ? ns_walk : 0);
	return 0;
}
