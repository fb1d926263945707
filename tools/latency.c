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
 * walk is in them; and tlb: the translation, a chase over one line in
 * each of WALK_PAGES small pages less a chase over as many lines side by
 * side, the median of three such pairs.  The lines' own latency, by
 * their reuse distance, is the same in both; what differs is every
 * translation the sparse lines take (the TLB's misses, the guest's
 * walks and the hypervisor's beneath them), and what lines side by side
 * gain from sharing DRAM rows and the adjacent-line prefetch, which the
 * heap's spread lines do not have either.  Huge pages do not take the
 * last away: on this project's VM the same sparse lines on huge pages
 * cost what they cost on small ones up to 8 MiB of pages, as if the
 * host mapped the guest's memory in 4 KiB pages, and 2 to 4 ns a load
 * more than the lines side by side from 512 KiB to 8 MiB of pages, 11
 * to 14 at 16 MiB (results/time-model.md): the heap, on small pages,
 * pays all of it.
 * The line in each page is a random one, so that no few sets of the
 * caches take them all.
 *
 * With --curve, instead the latency at every power-of-two set from
 * CURVE_FIRST to CURVE_LAST bytes, on huge pages, in --latency-curve's
 * grammar (SIZE=TIME,...): the time model's lat(D) (issue 40).  With
 * --walk-curve, the translation of a load whose page was last touched
 * SIZE bytes of pages ago, for 16 to WALK_CURVE_PAGES small pages,
 * measured as tlb= above.
 *
 *	cc -O2 -o latency tools/latency.c && ./latency [L1 L2 LLC bytes]
 *	./latency --curve
 *	./latency --walk-curve
 */
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
#define WALK_PAIRS	3u	/* a walk's measurements, odd: the median's */

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

/* ns per step over n lines whose offsets (in bytes) are at[]. */
static double
chase(char *base, size_t *at, size_t n)
{
	size_t i, j, tmp;
	void **p;
	double start, best = 1e30;
	unsigned r;

	for (i = n - 1; i > 0; i--) {
		j = (size_t)(next() % (i + 1));
		tmp = at[i], at[i] = at[j], at[j] = tmp;
	}
	for (i = 0; i < n; i++)
		*(void **)(base + at[i]) = base + at[(i + 1) % n];
	for (r = 0; r < 3; r++) {
		p = (void **)(base + at[0]);
		for (i = 0; i < n && i < STEPS; i++)
			p = *p;
		start = now();
		for (i = 0; i < STEPS; i++)
			p = *p;
		if ((now() - start) / STEPS < best)
			best = (now() - start) / STEPS;
		if (p == NULL)
			abort();
	}
	return best;
}

enum spread { PACKED, SMALL_PAGES };

/*
 * ns per load over every line of `bytes` on huge pages, or over one
 * random line in each page of `bytes` on small pages.  Each set is a
 * mapping of its own, aligned to a huge page, so that no set takes pages
 * an earlier one faulted in at another size.
 */
static double
set(size_t bytes, enum spread spread)
{
	size_t n = spread == PACKED ? bytes / LINE : bytes / PAGE, i;
	size_t mapped = (bytes + HUGE - 1) / HUGE * HUGE;
	char *map = mmap(NULL, mapped + HUGE, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *base = map + (HUGE - (uintptr_t)map % HUGE) % HUGE;
	size_t *at = malloc(n * sizeof(*at));
	double ns;

	if (map == MAP_FAILED || at == NULL)
		abort();
	(void)madvise(base, mapped, spread == SMALL_PAGES ? MADV_NOHUGEPAGE :
	    MADV_HUGEPAGE);
	for (i = 0; i < n; i++)
		at[i] = spread == PACKED ? i * LINE :
		    i * PAGE + next() % (PAGE / LINE) * LINE;
	ns = chase(base, at, n);
	free(at);
	(void)munmap(map, mapped + HUGE);
	return ns;
}

/*
 * The translation over `pages` small pages: one line in each less as
 * many lines side by side, the median of WALK_PAIRS such pairs, since
 * near a cache's edge one pair moves by tens of ns with the other
 * tenants.
 */
static double
walk(size_t pages)
{
	double pair[WALK_PAIRS], swap;
	unsigned k, j;

	for (k = 0; k < WALK_PAIRS; k++) {
		pair[k] = set(pages * PAGE, SMALL_PAGES) -
		    set(pages * LINE, PACKED);
		for (j = k; j > 0 && pair[j - 1] > pair[j]; j--)
			swap = pair[j], pair[j] = pair[j - 1], pair[j - 1] = swap;
	}
	return pair[WALK_PAIRS / 2];
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
		point(bytes, set(bytes, PACKED), bytes == CURVE_FIRST);
	printf("\n");
}

static void
walk_curve(void)
{
	size_t pages;

	for (pages = 16; pages <= WALK_CURVE_PAGES; pages *= 2)
		point(pages * PAGE, walk(pages), pages == 16);
	printf("\n");
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
	size_t l1 = argc > 3 ? strtoull(argv[1], NULL, 0) : 32768;
	size_t l2 = argc > 3 ? strtoull(argv[2], NULL, 0) : 524288;
	size_t llc = argc > 3 ? strtoull(argv[3], NULL, 0) : 33554432;
	double ns_l1 = set(l1 / 2, PACKED), ns_l2 = set(l2 / 2, PACKED);
	double ns_llc = set(l2 * 4 < llc / 4 ? l2 * 4 : llc / 4, PACKED);
	double ns_walk = walk(WALK_PAGES);
	double ns_mem = set(llc * 8, PACKED);

	printf("l1=%.1fns,l2=%.1fns,llc=%.1fns,mem=%.1fns,tlb=%.1fns\n",
	    ns_l1, ns_l2, ns_llc, ns_mem, ns_walk > 0 ? ns_walk : 0);
	return 0;
}
