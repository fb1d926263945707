/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stackdist-bench.c: ns per access of the stack-distance curve against
 * one fixed-budget vmsim, over the same recorded accesses.
 *
 *	build/stackdist-bench TRACE		accesses from bheapsim --trace
 *	build/stackdist-bench PAGES ACCESSES	random ones (locality + skew)
 *
 * `make build/stackdist-bench` builds it.  The accesses are read (or
 * drawn) into memory first, so the timed loops only model.  Each loop
 * runs REPEATS times and the best time is printed: on a shared machine
 * the best run is the one least disturbed.  It prints; it checks nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prng.h"
#include "stackdist.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

/*
 * A trace has no operation boundaries; an operation is closed every
 * OP_ACCESSES accesses, about what bheapsim's replace operation makes on
 * a 1M-item heap with --model full (12.3M accesses per 100K operations).
 */
#define OP_ACCESSES	123
#define REPEATS		5
/* The fixed budget vmsim runs with; the curve lists 64 budgets. */
#define VMSIM_BUDGET	1000
#define SEED		42

struct accesses {
	uint32_t	*page;
	size_t		 n;
	size_t		 size;
	uint32_t	 heap_pages;
	uint32_t	 pages;
};

static void
push(struct accesses *a, uint32_t page)
{
	if (a->n == a->size) {
		a->size = a->size ? 2 * a->size : 1 << 20;
		a->page = realloc(a->page, a->size * sizeof(*a->page));
		if (a->page == NULL) {
			perror("stackdist-bench");
			exit(1);
		}
	}
	a->page[a->n++] = page;
}

/* Heap pages keep their ids; item pages follow the highest heap page. */
static void
read_trace(struct accesses *a, const char *path)
{
	FILE *f = fopen(path, "r");
	char kind[16];
	unsigned id;
	uint32_t item_pages = 0;
	size_t i;

	if (f == NULL) {
		perror(path);
		exit(1);
	}
	while (fscanf(f, "%15s", kind) == 1) {
		/* "resident heap 3": the starting set, not an access. */
		if (strcmp(kind, "resident") == 0 &&
		    fscanf(f, "%15s %u", kind, &id) == 2)
			continue;
		if (fscanf(f, "%u", &id) != 1) {
			fprintf(stderr, "%s: not a bheapsim trace\n", path);
			exit(2);
		}
		if (strcmp(kind, "heap") == 0) {
			if (id >= a->heap_pages)
				a->heap_pages = id + 1;
			push(a, id);
		} else {
			if (id >= item_pages)
				item_pages = id + 1;
			/* Marked, until heap_pages is known. */
			push(a, id | 0x80000000u);
		}
	}
	fclose(f);
	for (i = 0; i < a->n; i++)
		if (a->page[i] & 0x80000000u)
			a->page[i] = a->heap_pages + (a->page[i] & 0x7fffffffu);
	a->pages = a->heap_pages + item_pages;
}

/* Short steps, a hot set of low ids, and jumps anywhere. */
static void
draw(struct accesses *a, uint32_t pages, size_t n)
{
	uint64_t rng = SEED;
	uint32_t page = 0;

	a->pages = pages;
	a->heap_pages = pages / 3;
	while (a->n < n) {
		uint64_t r = prng_below(&rng, 4);

		if (r == 0)
			page = (uint32_t)prng_below(&rng, pages);
		else if (r == 1)
			page = (uint32_t)prng_below(&rng,
			    prng_below(&rng, pages) + 1);
		else
			page = (uint32_t)((page + 4ull * pages - 3 +
			    prng_below(&rng, 7)) % pages);
		push(a, page);
	}
}

static double
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static double
time_stackdist(const struct accesses *a, uint64_t *faults)
{
	struct stackdist *sd = stackdist_create(a->pages);
	uint32_t budgets[STACKDIST_MAX_BUDGETS];
	double start, ns;
	size_t i;
	unsigned k;

	if (sd == NULL) {
		perror("stackdist_create");
		exit(1);
	}
	/* 64 budgets spread up to the page count, as a curve would list. */
	for (k = 0; k < STACKDIST_MAX_BUDGETS; k++)
		budgets[k] = (uint32_t)((uint64_t)(k + 1) * a->pages /
		    STACKDIST_MAX_BUDGETS);
	stackdist_budgets(sd, budgets, STACKDIST_MAX_BUDGETS);
	stackdist_phase(sd);
	start = now_ns();
	for (i = 0; i < a->n; i++) {
		stackdist_access(sd, a->page[i]);
		if (i % OP_ACCESSES == OP_ACCESSES - 1)
			stackdist_op_end(sd);
	}
	stackdist_phase_end(sd);
	ns = now_ns() - start;
	*faults = stackdist_faults(sd, VMSIM_BUDGET);
	stackdist_destroy(sd);
	return ns;
}

static double
time_vmsim(const struct accesses *a, uint64_t *faults)
{
	struct vmsim *vm = vmsim_create(a->heap_pages,
	    a->pages - a->heap_pages, VMSIM_BUDGET);
	double start, ns;
	size_t i;

	if (vm == NULL) {
		perror("vmsim_create");
		exit(1);
	}
	vmsim_phase(vm, NULL);
	start = now_ns();
	for (i = 0; i < a->n; i++) {
		vmsim_access(vm, a->page[i]);
		if (i % OP_ACCESSES == OP_ACCESSES - 1)
			vmsim_op_end(vm);
	}
	ns = now_ns() - start;
	*faults = vmsim_counts(vm).faults;
	vmsim_destroy(vm);
	return ns;
}

int
main(int argc, char **argv)
{
	struct accesses a = { NULL, 0, 0, 0, 0 };
	double best_sd = 0, best_vm = 0;
	uint64_t faults_sd = 0, faults_vm = 0;
	unsigned r;

	if (argc == 2) {
		read_trace(&a, argv[1]);
	} else if (argc == 3) {
		draw(&a, (uint32_t)strtoul(argv[1], NULL, 0),
		    (size_t)strtoull(argv[2], NULL, 0));
	} else {
		fprintf(stderr, "usage: stackdist-bench TRACE\n"
		    "       stackdist-bench PAGES ACCESSES\n");
		return 2;
	}
	if (a.n == 0 || a.pages <= VMSIM_BUDGET) {
		fprintf(stderr, "stackdist-bench: need accesses over more "
		    "than %u pages\n", VMSIM_BUDGET);
		return 2;
	}
	for (r = 0; r < REPEATS; r++) {
		double sd = time_stackdist(&a, &faults_sd);
		double vm = time_vmsim(&a, &faults_vm);

		if (r == 0 || sd < best_sd)
			best_sd = sd;
		if (r == 0 || vm < best_vm)
			best_vm = vm;
	}
	printf("%zu accesses over %u pages, an operation per %u, best of %u\n",
	    a.n, a.pages, OP_ACCESSES, REPEATS);
	printf("stackdist (64 budgets)  %6.2f ns/access\n", best_sd / a.n);
	printf("vmsim (budget %u)     %6.2f ns/access\n", VMSIM_BUDGET,
	    best_vm / a.n);
	/* The same faults, or the comparison is of different work. */
	printf("faults at budget %u: %ju and %ju%s\n", VMSIM_BUDGET,
	    (uintmax_t)faults_sd, (uintmax_t)faults_vm,
	    faults_sd == faults_vm ? "" : "  DIFFERENT");
	free(a.page);
	return faults_sd == faults_vm ? 0 : 1;
}
