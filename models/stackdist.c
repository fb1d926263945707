/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * stackdist.c: LRU stack distances in O(log n) per access, each
 * counted into the histogram whose curve stackcurve.c reads.
 *
 * Method (Bennett and Kruskal, "LRU stack processing", IBM J. Res. Dev.
 * 19(4), 1975; Olken, "Efficient methods for calculating the success
 * function of fixed space replacement policies", LBL-12370, 1981): every
 * access that moves a page gets the next time, 1, 2, 3, ...; a bit per
 * time is 1 at each touched page's last access time, and a Fenwick
 * (binary indexed) tree over the bits' 64-bit words (Fenwick, "A new
 * data structure for cumulative frequency tables", Software: Practice
 * and Experience 24(3), 1994) counts them.  The pages more recent than
 * page p are the 1s after last[p], so p's depth in the stack is
 *
 *	d = 1 + footprint - prefix(last[p])
 *
 * (prefix(last[p]) counts p itself and every less recent page).  Then p's
 * 1 moves to the new time.  When the times run out, the touched pages are
 * renumbered 1 .. footprint in recency order, which keeps every distance.
 *
 * Distinct pages need no stamps: a page was touched in this phase (or
 * operation) iff its last time is at or after the phase's (operation's)
 * first time, and renumbering moves those two times along with the pages.
 *
 * Each access bumps its distance's bucket (stackcurve.c says how the
 * buckets and the listed budgets' counters become the curve).
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stackdist.h"

/* Parameters -------------------------------------------------------- */

/*
 * Times per page.  A renumbering touches about 2 words per time (owner
 * read and written) and leaves times - footprint >= times - pages times
 * free, so at 2 at least `pages` moving accesses come between two
 * renumberings: at most about 4 words per access, against the
 * 2 log2(times / 64) tree cells each moving access touches anyway.
 */
#define TIMES_PER_PAGE	2
/* Tiny stacks (a page or three) renumber only every few dozen accesses. */
#define MIN_TIMES	64

/* The 1s: a bit per time, counted by a Fenwick tree of words --------- */

/*
 * A bit per time says whether some page's last access is then, and a
 * Fenwick (binary indexed) tree counts the 1s of each 64-time word:
 * cell i (1-based) holds the 1s of words i - lowbit(i) .. i - 1.  At two
 * times per page the bits are a quarter byte per page and the tree a
 * sixteenth of a word: a curve of 125K lines keeps both in 47 KiB, where
 * a tree of every time took 1 MiB and its two walks of 18 cells missed
 * the host's caches on most accesses.
 */
static inline uint32_t
lowbit(uint32_t i)
{
	return i & -i;
}

static uint32_t
word_of(uint32_t t)
{
	return t >> 6;
}

static uint64_t
bit_of(uint32_t t)
{
	return (uint64_t)1 << (t & 63);
}

/*
 * The 1s of a word.  The baseline x86-64 has no popcnt instruction, and
 * for __builtin_popcountll gcc then calls libgcc's loop over a table of
 * bytes, out of line: this is a dozen instructions in line.
 */
static uint32_t
ones_of(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555u;
	x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
	return (uint32_t)((x * 0x0101010101010101u) >> 56);
}

/* The number of 1s at times 1 .. t. */
static uint32_t
ones_upto(const struct stackdist *sd, uint32_t t)
{
	uint32_t word = word_of(t), sum = 0, i;
	/* The bits of t's word up to t's, t's included. */
	uint64_t mask = (bit_of(t) << 1) - 1;

	if ((t & 63) == 63)
		mask = ~(uint64_t)0;
	for (i = word; i > 0; i -= lowbit(i))
		sum += sd->counts[i];
	return sum + ones_of(sd->bits[word] & mask);
}

static void
count_add(struct stackdist *sd, uint32_t word, int32_t delta)
{
	uint32_t i;

	for (i = word + 1; i <= sd->words; i += lowbit(i))
		sd->counts[i] += (uint32_t)delta;
}

/*
 * Moves a 1 from time `from` to the later time `to`.  Within one word
 * only a bit moves.  Else the cells covering each word form a path to
 * the root (parent of i: i + lowbit(i)), and the two paths meet and
 * share every cell from there up, which would get -1 and +1: walking the
 * lower one until they meet touches only the cells whose count changes.
 */
static void
move_one(struct stackdist *sd, uint32_t from, uint32_t to)
{
	uint32_t a = word_of(from) + 1, b = word_of(to) + 1;

	assert(from < to);
	sd->bits[word_of(from)] &= ~bit_of(from);
	sd->bits[word_of(to)] |= bit_of(to);
	while (a != b && a <= sd->words) {
		if (a < b) {
			sd->counts[a]--;
			a += lowbit(a);
		} else {
			sd->counts[b]++;
			b += lowbit(b);
		}
	}
	/* Unless the paths met, `from`'s left the tree: the rest is `to`'s. */
	for (; a != b && b <= sd->words; b += lowbit(b))
		sd->counts[b]++;
}

static void
add_one(struct stackdist *sd, uint32_t t)
{
	sd->bits[word_of(t)] |= bit_of(t);
	count_add(sd, word_of(t), 1);
}

/* The 1s exactly at times 1 .. kept, and their counts. */
static void
ones_first(struct stackdist *sd, uint32_t kept)
{
	uint32_t w, i;

	for (w = 0; w < sd->words; w++) {
		uint32_t first = w * 64, n = 0;

		/* Times max(first, 1) .. min(first + 63, kept). */
		if (kept >= first + 63)
			sd->bits[w] = ~(uint64_t)0;
		else if (kept >= first)
			sd->bits[w] = ((uint64_t)1 << (kept - first + 1)) - 1;
		else
			sd->bits[w] = 0;
		if (w == 0)
			sd->bits[0] &= ~(uint64_t)1;	/* time 0 is "never" */
		n = ones_of(sd->bits[w]);
		sd->counts[w + 1] = n;
	}
	/* Each cell passes its sum up to its parent: a tree in O(words). */
	for (i = 1; i <= sd->words; i++)
		if (i + lowbit(i) <= sd->words)
			sd->counts[i + lowbit(i)] += sd->counts[i];
}

/*
 * Renumbers the touched pages 1 .. footprint, least recent first, and
 * rebuilds the 1s, which are then exactly the times 1 .. footprint.
 */
static void
renumber(struct stackdist *sd)
{
	uint32_t t, kept = 0, phase_start = 0, op_start = 0;

	for (t = 1; t <= sd->now; t++) {
		uint32_t page = sd->owner[t];
		bool live = (sd->bits[word_of(t)] & bit_of(t)) != 0;

		/* The first page at or after the old start starts it anew. */
		if (t == sd->phase_start)
			phase_start = kept + 1;
		if (t == sd->op_start)
			op_start = kept + 1;
		if (!live)
			continue;
		/* ++kept <= t: the compaction never overwrites an unread time. */
		sd->owner[++kept] = page;
		sd->last[page] = kept;
	}
	assert(kept == sd->footprint);
	/* A start of now + 1 (nothing accessed yet) stays just past the end. */
	sd->phase_start = phase_start != 0 ? phase_start : kept + 1;
	sd->op_start = op_start != 0 ? op_start : kept + 1;
	ones_first(sd, kept);
	sd->now = kept;
}

/* The histogram's bucket of distance d >= 1. */
static uint32_t
bucket_of(const struct stackdist *sd, uint32_t d)
{
	return ((d - 1) >> sd->grain_shift) + 1;
}

/* Life cycle --------------------------------------------------------- */

uint64_t
stackdist_bytes(uint64_t pages, uint32_t grain, unsigned listed,
    uint64_t distinct, uint64_t accesses)
{
	uint64_t buckets;

	assert(grain > 0);
	buckets = pages == 0 ? 0 : (pages - 1) / grain + 1;
	uint64_t times = pages > MIN_TIMES / TIMES_PER_PAGE ?
	    pages * TIMES_PER_PAGE : MIN_TIMES;
	uint64_t used = accesses < times ? accesses : times;
	uint64_t budgets = pages < listed ? pages : listed;

	/*
	 * hist (cleared each phase) and below (set per budget) whole, a
	 * cell per bucket of `grain` distances; last
	 * per page touched, owner per time used, and its bits and counts;
	 * a histogram per budget listed (cleared each phase) and the pages'.
	 */
	return (buckets + 1) * (sizeof(uint64_t) + 1) +
	    (distinct < pages ? distinct : pages) * sizeof(uint32_t) +
	    used * sizeof(uint32_t) + used / 8 + used / 16 +
	    (budgets + 1) * sizeof(struct vmsim_hist);
}

/* The tree of times stackdist_create() chooses for `pages`. */
static uint32_t
times_for(uint32_t pages)
{
	return pages > MIN_TIMES / TIMES_PER_PAGE ? pages * TIMES_PER_PAGE :
	    MIN_TIMES;
}

/* A stack of grain 2^shift; NULL with errno set. */
static struct stackdist *
create(uint32_t pages, uint32_t times, unsigned shift)
{
	struct stackdist *sd;

	if (pages == 0 || pages > STACKDIST_MAX_PAGES || times <= pages ||
	    times > 2 * STACKDIST_MAX_PAGES) {
		errno = EINVAL;
		return NULL;
	}
	sd = calloc(1, sizeof(*sd));
	if (sd == NULL)
		return NULL;
	sd->grain_shift = shift;
	sd->buckets = bucket_of(sd, pages);
	sd->last = calloc(pages, sizeof(*sd->last));
	sd->owner = malloc(((size_t)times + 1) * sizeof(*sd->owner));
	sd->words = times / 64 + 1;	/* the bits of times 0 .. times */
	sd->bits = calloc(sd->words, sizeof(*sd->bits));
	sd->counts = calloc((size_t)sd->words + 1, sizeof(*sd->counts));
	sd->hist = calloc((size_t)sd->buckets + 1, sizeof(*sd->hist));
	sd->below = calloc((size_t)sd->buckets + 1, sizeof(*sd->below));
	sd->page_hist = calloc(1, sizeof(*sd->page_hist));
	if (sd->last == NULL || sd->owner == NULL || sd->bits == NULL ||
	    sd->counts == NULL ||
	    sd->hist == NULL || sd->below == NULL || sd->page_hist == NULL) {
		stackdist_destroy(sd);
		return NULL;
	}
	sd->pages = pages;
	sd->times = times;
	sd->mru = STACKDIST_NONE;
	sd->phase_start = 1;
	sd->op_start = 1;
	/* No phase is open until stackdist_phase(). */
	sd->closed = true;
	return sd;
}

struct stackdist *
stackdist_create(uint32_t pages)
{
	return stackdist_create_grained(pages, 1);
}

struct stackdist *
stackdist_create_sized(uint32_t pages, uint32_t times)
{
	return create(pages, times, 0);
}

struct stackdist *
stackdist_create_grained(uint32_t pages, uint32_t grain)
{
	if (pages > STACKDIST_MAX_PAGES || grain == 0 ||
	    (grain & (grain - 1)) != 0) {
		errno = EINVAL;
		return NULL;
	}
	return create(pages, times_for(pages), (unsigned)__builtin_ctz(grain));
}

void
stackdist_destroy(struct stackdist *sd)
{
	if (sd == NULL)
		return;
	free(sd->last);
	free(sd->owner);
	free(sd->bits);
	free(sd->counts);
	free(sd->hist);
	free(sd->below);
	free(sd->fault_hist);
	free(sd->page_hist);
	free(sd);
}

/* Accesses ------------------------------------------------------------ */

uint32_t
stackdist_access_slow(struct stackdist *sd, uint32_t page)
{
	uint32_t prev, d, b;

	assert(!sd->closed);
	assert(page < sd->pages);
	/* Renumbering first leaves times free for this access. */
	if (sd->now == sd->times)
		renumber(sd);
	prev = sd->last[page];
	if (prev < sd->phase_start)
		sd->distinct++;
	if (prev < sd->op_start)
		sd->op_pages++;
	sd->now++;
	sd->last[page] = sd->now;
	sd->owner[sd->now] = page;
	sd->mru = page;
	if (prev == 0) {
		sd->footprint++;
		sd->cold++;
		sd->op_count[sd->nbudgets]++;
		add_one(sd, sd->now);
		return STACKDIST_COLD;
	}
	d = 1 + sd->footprint - ones_upto(sd, prev);
	assert(d >= 1 && d <= sd->footprint);
	b = bucket_of(sd, d);
	sd->hist[b]++;
	sd->op_count[sd->below[b]]++;
	move_one(sd, prev, sd->now);
	return d;
}

/* The stack ---------------------------------------------------------- */

uint32_t
stackdist_footprint(const struct stackdist *sd)
{
	return sd->footprint;
}

size_t
stackdist_stack(const struct stackdist *sd, uint32_t *out, size_t max)
{
	size_t n = max < sd->footprint ? max : sd->footprint, i = n;
	uint32_t t;

	/* From the most recent time down, filling `out` from its end. */
	for (t = sd->now; i > 0; t--) {
		assert(t > 0);
		if ((sd->bits[word_of(t)] & bit_of(t)) != 0)
			out[--i] = sd->owner[t];
	}
	return n;
}
