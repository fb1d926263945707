/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * textbook.c: a plain array binary heap, the yardstick for make bench.
 *
 *   textbook [--items N] [--ops M] [--seed S]
 *
 * An indexed min-priority queue as the textbooks write it (Sedgewick and
 * Wayne, "Algorithms", 4th ed., 2.4): an array of item pointers with the
 * root at 1 and the children of u at 2u and 2u + 1, every item holding
 * its own index so that it can be deleted or re-keyed in place.  Sifts
 * move a hole rather than swapping, the usual refinement, so that this
 * does no more stores than heap.c does.
 *
 * It runs exactly bheapsim's workloads (workload.c): the same SplitMix64
 * (prng.h) from the same seed, the same items in an arena of the same
 * 16-byte stride, the same key for every operation and the same random
 * picks, phase by phase: fill, replace, reorder, mix, drain.  Ties are
 * broken as heap.c breaks them, so even the drain count matches.  What
 * it leaves out is bheapsim's generality: no layout function pointers,
 * no page-model hooks.  The difference in ns/op is their cost.
 *
 * Prints CSV: layout,workload,items,ops,wall_s,ns_per_op,cpu_s, wall
 * time from CLOCK_MONOTONIC and the process's CPU time, which a busy
 * machine inflates less.  Exits 1 if a pop comes out of order, 2 on a
 * bad argument.
 */
#include <sys/mman.h>

#include <err.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prng.h"

/* Parameters -------------------------------------------------------- */

#define EXIT_USAGE	2
#define KEY_SPAN	((uint64_t)1 << 32)	/* as workload.c */
#define MAX_ITEMS	((uint64_t)UINT32_MAX - 1)
#define MAX_OPS		((uint64_t)1 << 40)

/* bheapsim's struct item: same size, so the same cache behaviour. */
struct item {
	uint64_t	key;
	uint32_t	index;		/* 0 while not in the heap */
};

struct pq {
	struct item	**pq;		/* pq[1 .. n] */
	uint32_t	n;
};

/* The heap ----------------------------------------------------------- */

/* The hole at u rises while its parent is larger than key. */
static uint32_t
swim(struct pq *h, uint32_t u, uint64_t key)
{
	while (u > 1 && h->pq[u / 2]->key > key) {
		h->pq[u] = h->pq[u / 2];
		h->pq[u]->index = u;
		u /= 2;
	}
	return u;
}

/* The hole at u sinks while its smaller child is smaller than key. */
static uint32_t
sink(struct pq *h, uint32_t u, uint64_t key)
{
	uint64_t j;

	while ((j = 2 * (uint64_t)u) <= h->n) {
		if (j < h->n && h->pq[j + 1]->key < h->pq[j]->key)
			j++;
		if (h->pq[j]->key >= key)
			break;
		h->pq[u] = h->pq[j];
		h->pq[u]->index = u;
		u = (uint32_t)j;
	}
	return u;
}

static void
put(struct pq *h, uint32_t u, struct item *it)
{
	h->pq[u] = it;
	it->index = u;
}

static void
insert(struct pq *h, struct item *it, uint64_t key)
{
	it->key = key;
	h->n++;
	put(h, swim(h, h->n, key), it);
}

/* Puts it into the hole at u, up or down as its key requires. */
static void
fix(struct pq *h, uint32_t u, struct item *it)
{
	uint32_t to = swim(h, u, it->key);

	if (to == u)
		to = sink(h, u, it->key);
	put(h, to, it);
}

static void
delete(struct pq *h, struct item *it)
{
	uint32_t u = it->index;
	struct item *last = h->pq[h->n--];

	it->index = 0;
	if (last != it)
		fix(h, u, last);
}

static struct item *
pop(struct pq *h)
{
	struct item *min;

	if (h->n == 0)
		return NULL;
	min = h->pq[1];
	delete(h, min);
	return min;
}

static void
rekey(struct pq *h, struct item *it, uint64_t key)
{
	it->key = key;
	fix(h, it->index, it);
}

/* The workloads, as workload.c runs them ---------------------------- */

struct run {
	struct pq	 heap;
	struct item	*items;
	uint64_t	 nitems;
	uint64_t	 ops;
	uint64_t	 rng;
	uint64_t	 clock;
};

static struct item *
random_item(struct run *r)
{
	return &r->items[prng_below(&r->rng, r->nitems)];
}

static uint64_t
fill(struct run *r)
{
	uint64_t i;

	for (i = 0; i < r->nitems; i++)
		insert(&r->heap, &r->items[i], prng_below(&r->rng, KEY_SPAN));
	return r->nitems;
}

static uint64_t
replace(struct run *r)
{
	uint64_t op;

	for (op = 0; op < r->ops; op++) {
		struct item *it = pop(&r->heap);

		r->clock = it->key;
		insert(&r->heap, it,
		    r->clock + 1 + prng_below(&r->rng, KEY_SPAN));
	}
	return r->ops;
}

static uint64_t
reorder(struct run *r)
{
	uint64_t op;

	for (op = 0; op < r->ops; op++) {
		struct item *it = random_item(r);
		uint64_t key = r->clock + prng_below(&r->rng, KEY_SPAN);

		rekey(&r->heap, it, key);
	}
	return r->ops;
}

static uint64_t
mix(struct run *r)
{
	uint64_t op;

	for (op = 0; op < r->ops; op++) {
		struct item *it = random_item(r);
		uint64_t key = r->clock + prng_below(&r->rng, KEY_SPAN);

		if (it->index == 0)
			insert(&r->heap, it, key);
		else if (prng_next(&r->rng) & 1)
			delete(&r->heap, it);
		else
			rekey(&r->heap, it, key);
	}
	return r->ops;
}

static uint64_t
drain(struct run *r)
{
	uint64_t popped = 0, previous = 0;
	struct item *it;

	while ((it = pop(&r->heap)) != NULL) {
		if (it->key < previous)
			errx(1, "drain: key %" PRIu64 " after %" PRIu64,
			    it->key, previous);
		previous = it->key;
		popped++;
	}
	return popped;
}

static const struct {
	const char	*name;
	uint64_t	(*run)(struct run *);
} phases[] = {
	{ "fill", fill }, { "replace", replace }, { "reorder", reorder },
	{ "mix", mix }, { "drain", drain },
};

/* Setup -------------------------------------------------------------- */

static uint64_t
clock_ns(clockid_t clock)
{
	struct timespec ts;

	if (clock_gettime(clock, &ts) != 0)
		err(1, "clock_gettime %d", (int)clock);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Anonymous memory with huge pages refused, as bheapsim's arenas are
 * (arena.c): where THP is "always", malloc'd memory would get 2 MiB
 * pages and fewer TLB misses, and the comparison would be unfair.
 */
static void *
map(uint64_t bytes, const char *what)
{
	void *p = mmap(NULL, (size_t)bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		err(1, "%s: %" PRIu64 " bytes", what, bytes);
	(void)madvise(p, (size_t)bytes, MADV_NOHUGEPAGE);
	return p;
}

/* Digits with an optional K, M or G (10^3, 10^6, 10^9), as bheapsim's. */
static uint64_t
count(const char *option, const char *text, uint64_t min, uint64_t max)
{
	uint64_t value = 0, unit = 1;
	const char *p = text;

	for (; *p >= '0' && *p <= '9'; p++) {
		if (value > (UINT64_MAX - 9) / 10)
			errx(EXIT_USAGE, "%s: '%s' is too large", option, text);
		value = value * 10 + (uint64_t)(*p - '0');
	}
	if (*p == 'K' || *p == 'k')
		unit = 1000;
	else if (*p == 'M' || *p == 'm')
		unit = 1000000;
	else if (*p == 'G' || *p == 'g')
		unit = 1000000000;
	if (p == text || (unit != 1 && *++p != '\0') || *p != '\0' ||
	    value > max / unit || value * unit < min)
		errx(EXIT_USAGE, "%s: '%s' is not a count from %" PRIu64
		    " to %" PRIu64, option, text, min, max);
	return value * unit;
}

int
main(int argc, char *argv[])
{
	struct run r;
	uint64_t seed = 1;
	size_t w;
	int i;

	memset(&r, 0, sizeof(r));
	r.nitems = 1000000;
	for (i = 1; i < argc; i++) {
		if (i + 1 == argc)
			errx(EXIT_USAGE, "'%s' needs a value; usage: textbook "
			    "[--items N] [--ops M] [--seed S]", argv[i]);
		if (strcmp(argv[i], "--items") == 0)
			r.nitems = count("--items", argv[++i], 1, MAX_ITEMS);
		else if (strcmp(argv[i], "--ops") == 0)
			r.ops = count("--ops", argv[++i], 1, MAX_OPS);
		else if (strcmp(argv[i], "--seed") == 0)
			seed = count("--seed", argv[++i], 0, UINT64_MAX);
		else
			errx(EXIT_USAGE, "unknown option '%s'", argv[i]);
	}
	if (r.ops == 0)
		r.ops = r.nitems;
	r.rng = seed;
	r.items = map(r.nitems * sizeof(struct item), "items");
	r.heap.pq = map((r.nitems + 1) * sizeof(struct item *), "heap array");

	printf("layout,workload,items,ops,wall_s,ns_per_op,cpu_s\n");
	for (w = 0; w < sizeof(phases) / sizeof(phases[0]); w++) {
		uint64_t start = clock_ns(CLOCK_MONOTONIC);
		uint64_t cpu_start = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
		uint64_t ops, ns, cpu_ns;

		ops = phases[w].run(&r);
		ns = clock_ns(CLOCK_MONOTONIC) - start;
		cpu_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
		printf("textbook,%s,%" PRIu64 ",%" PRIu64 ",%.6f,%.1f,%.6f\n",
		    phases[w].name, r.nitems, ops, (double)ns / 1e9,
		    ops != 0 ? (double)ns / (double)ops : 0.0,
		    (double)cpu_ns / 1e9);
	}
	return 0;
}
