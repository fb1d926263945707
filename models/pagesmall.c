/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * pagesmall.c: LRU for the page model (vmsim.h) when at most
 * VMSIM_FRAMES pages can be resident.  Each resident page has a frame,
 * which its record names, and each frame a 16-bit key whose low bits are
 * its number: a free frame's key is its number alone, a resident page's
 * adds its last use's tick, counted in steps of VMSIM_FRAMES, and the
 * frames past the budget hold UINT16_MAX.  A hit sets its frame's key.
 * A fault takes the frame of the least key: the first free one while
 * there is one, else the least recently used page's, which leaves.  As
 * ticks are distinct, so are keys: no tie can arise.  A free frame holds
 * the sentinel record past the last page, which LRU leaves alone
 * otherwise, so that taking it clears that record's frame like a
 * victim's, without a branch.
 *
 * The keys fill one 256-bit vector: where the host has the models'
 * vectors (vectors.h, asked once) a batch keeps them in a register, and
 * the least is a min of the halves and one phminposuw; other hosts and
 * ABIs, and single accesses, keep them in vm->key and scan them in C, to
 * the same frame.  The ticks run out every few thousand accesses; the
 * keys then drop to their ranks, which keeps their order.
 */
#include <assert.h>
#include <string.h>

#include "pages.h"
#include "vmsim.h"
#include "vectors.h"


/* A key's frame, in its low bits below the tick. */
#define FRAME_MASK	(VMSIM_FRAMES - 1u)
/* The last tick, whose keys stay below the unused frames' UINT16_MAX. */
#define TICK_LAST	(UINT16_MAX + 1u - 2 * VMSIM_FRAMES)

_Static_assert((VMSIM_FRAMES & FRAME_MASK) == 0 && VMSIM_FRAMES <= 16,
    "a key holds its frame in its low bits; two vectors hold the keys");

void
vmsim_small_init(struct vmsim *vm, uint32_t frames)
{
	uint32_t f;

	assert(frames <= VMSIM_FRAMES);
	vm->frames = frames;
	vm->tick = 0;
	for (f = 0; f < VMSIM_FRAMES; f++) {
		vm->key[f] = f < frames ? (uint16_t)f : UINT16_MAX;
		vm->frame[f] = &vm->pages[vm->heap_pages + vm->item_pages];
	}
	vm->vectors = vectors_avx2();
}

void
vmsim_small_portable(struct vmsim *vm)
{
	vm->vectors = false;
}

/* The resident pages' keys down to their ranks among the keys. */
static void
renumber(struct vmsim *vm)
{
	uint16_t was[VMSIM_FRAMES];
	uint32_t f, g;

	memcpy(was, vm->key, sizeof(was));
	for (f = 0; f < vm->frames; f++) {
		uint32_t rank = 1;

		if (was[f] < VMSIM_FRAMES)
			continue;
		for (g = 0; g < vm->frames; g++)
			rank += was[g] < was[f];
		vm->key[f] = (uint16_t)(rank * VMSIM_FRAMES + f);
	}
	vm->tick = vm->frames * VMSIM_FRAMES;
}

/*
 * Where a batch keeps the frames' keys while it runs, and how it finds
 * the least: in C, vm->key itself; with the vectors, a register, so that
 * a fault's search never loads what a hit has just stored (a narrow
 * store does not forward to a wide load: the load would wait for it).
 */
struct keys_way {
	void		(*open)(void *keys, const uint16_t *key, uint32_t tick);
	void		(*close)(const void *keys, uint16_t *key);
	uint32_t	(*least)(const void *keys, uint32_t frames);
	void		(*set)(void *keys, size_t f, uint16_t key);
};

/* A batch's state, in locals: the frames', and the stamps' counts. */
struct small {
	struct vmsim_page *pages;
	uint32_t	 frames;
	uint32_t	 tick;
	uint64_t	 faults;
	uint32_t	 phase;
	uint32_t	 op;
	uint64_t	 distinct;
	uint64_t	 op_pages;
};

static inline struct small
small_of(const struct vmsim *vm)
{
	struct small s = { vm->pages, vm->frames, vm->tick, 0, vm->phase,
	    vm->op, 0, 0 };

	return s;
}

static inline void
small_keep(struct vmsim *vm, const struct small *s)
{
	vm->tick = s->tick;
	vm->resident = s->faults < vm->frames - vm->resident ?
	    vm->resident + (uint32_t)s->faults : vm->frames;
	vm->faults += s->faults;
	vm->distinct += s->distinct;
	vm->op_pages += s->op_pages;
}

/*
 * The access to the page of pg, its stamps aside: on a fault the frame
 * of the least key, with vm->evict told of its page if `told`; then the
 * page's key is the next tick.
 */
static inline __attribute__((always_inline)) void
step(struct vmsim *vm, struct small *s, struct vmsim_page *pg, void *keys,
    const struct keys_way *way, bool told)
{
	size_t f = pg->prev;	/* 32-bit, GCC copies it for the key */

	if (f == VMSIM_NONE) {
		struct vmsim_page *victim;

		s->faults++;
		f = way->least(keys, s->frames);
		victim = vm->frame[f];
		victim->prev = VMSIM_NONE;
		if (told && victim != &s->pages[vm->heap_pages +
		    vm->item_pages])
			vm->evict(vm->evict_context,
			    (uint32_t)(victim - s->pages));
		vm->frame[f] = pg;
		pg->prev = (uint32_t)f;
	}
	s->tick += VMSIM_FRAMES;
	way->set(keys, f, (uint16_t)(s->tick + f));
}

/* The keys in vm->key, searched in C. */
static inline void
open_portable(void *keys, const uint16_t *key, uint32_t tick)
{
	(void)keys;
	(void)key;
	(void)tick;
}

static inline void
close_portable(const void *keys, uint16_t *key)
{
	(void)keys;
	(void)key;
}

static inline uint32_t
least_portable(const void *keys, uint32_t frames)
{
	const uint16_t *key = keys;
	uint32_t f, least = key[0];

	for (f = 1; f < frames; f++)
		if (key[f] < least)
			least = key[f];
	return least & FRAME_MASK;
}

static inline void
set_portable(void *keys, size_t f, uint16_t key)
{
	((uint16_t *)keys)[f] = key;
}

static const struct keys_way portable = {
	open_portable, close_portable, least_portable, set_portable,
};

void
vmsim_small_access(struct vmsim *vm, uint32_t id)
{
	struct small s;

	if (vm->tick == TICK_LAST)
		renumber(vm);
	s = small_of(vm);
	if (vm->evict != NULL)
		step(vm, &s, &s.pages[id], vm->key, &portable, true);
	else
		step(vm, &s, &s.pages[id], vm->key, &portable, false);
	small_keep(vm, &s);
}

/* The access to the page of an address, its stamps too. */
static inline __attribute__((always_inline)) void
visit(struct vmsim *vm, struct small *s, uint64_t address, unsigned shift,
    void *keys, const struct keys_way *way, bool told)
{
	struct vmsim_page *pg = &s->pages[address >> shift];

	vmsim_stamp(pg, s->phase, s->op, &s->distinct, &s->op_pages);
	step(vm, s, pg, keys, way, told);
}

/*
 * The batch in chunks that the ticks left cover, four accesses a round
 * (a quarter of the loop's own instructions), the keys where `way` keeps
 * them (`keys`: room for them) between a chunk's start and its end.  Its
 * page ids are not asserted: an id past the pages would read past their
 * records, which the sanitizers' builds catch (vmsim_access() asserts
 * its own).
 */
static inline __attribute__((always_inline)) void
take(struct vmsim *vm, const uint64_t *address, size_t n, unsigned shift,
    void *keys, const struct keys_way *way, bool told)
{
	const uint64_t *end = address + n;

	if (n == 0)
		return;
	while (address != end) {
		const uint64_t *stop, *rounds;
		struct small s;
		size_t left;

		if (vm->tick == TICK_LAST)
			renumber(vm);
		s = small_of(vm);
		way->open(keys, vm->key, s.tick);
		left = (TICK_LAST - s.tick) / VMSIM_FRAMES;
		stop = (size_t)(end - address) < left ? end : address + left;
		for (rounds = stop - ((stop - address) & 3); address != rounds;
		    address += 4) {
			visit(vm, &s, address[0], shift, keys, way, told);
			visit(vm, &s, address[1], shift, keys, way, told);
			visit(vm, &s, address[2], shift, keys, way, told);
			visit(vm, &s, address[3], shift, keys, way, told);
		}
		for (; address != stop; address++)
			visit(vm, &s, *address, shift, keys, way, told);
		way->close(keys, vm->key);
		small_keep(vm, &s);
	}
	vm->mru = (uint32_t)(end[-1] >> shift);
}

/* take(), its evictions told where --vm kernel or disk listens. */
static inline __attribute__((always_inline)) void
take_told(struct vmsim *vm, const uint64_t *address, size_t n,
    unsigned shift, void *keys, const struct keys_way *way)
{
	if (vm->evict != NULL)
		take(vm, address, n, shift, keys, way, true);
	else
		take(vm, address, n, shift, keys, way, false);
}

#if VECTOR_PATHS

/*
 * The keys in one AVX2 register, lane f frame f's, and beside them the
 * keys the next tick gives each frame.  The least is the min of the
 * halves, then phminposuw.  A key is set by the max of the keys and the
 * next keys masked to its lane: a frame's new key is above its old one,
 * as ticks only grow (and renumber() keeps their order).
 */
struct keys_vector {
	__m256i		 key;
	__m256i		 next;
};

#define LANE(f)	[f] = { [f] = UINT16_MAX }
static const uint16_t lane_mask[VMSIM_FRAMES][16]
    __attribute__((aligned(32))) = {
	LANE(0), LANE(1), LANE(2), LANE(3), LANE(4), LANE(5), LANE(6),
	LANE(7), LANE(8), LANE(9), LANE(10), LANE(11), LANE(12), LANE(13),
	LANE(14), LANE(15),
};
#undef LANE

INLINE_VECTOR __m256i
lanes(void)
{
	return _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
	    14, 15);
}

INLINE_VECTOR void
open_vector(void *keys, const uint16_t *key, uint32_t tick)
{
	struct keys_vector *k = keys;

	k->key = _mm256_loadu_si256((const __m256i *)(const void *)key);
	k->next = _mm256_add_epi16(_mm256_set1_epi16((short)tick), lanes());
}

INLINE_VECTOR void
close_vector(const void *keys, uint16_t *key)
{
	const struct keys_vector *k = keys;

	_mm256_storeu_si256((__m256i *)(void *)key, k->key);
}

INLINE_VECTOR uint32_t
least_vector(const void *keys, uint32_t frames)
{
	const struct keys_vector *k = keys;

	(void)frames;
	return (uint32_t)_mm_cvtsi128_si32(_mm_minpos_epu16(_mm_min_epu16(
	    _mm256_castsi256_si128(k->key), _mm256_extracti128_si256(k->key,
	    1)))) & FRAME_MASK;
}

/* Frame f's key is the next tick's: the key given, which step() made. */
INLINE_VECTOR void
set_vector(void *keys, size_t f, uint16_t key)
{
	struct keys_vector *k = keys;

	(void)key;
	k->next = _mm256_add_epi16(k->next, _mm256_set1_epi16(VMSIM_FRAMES));
	k->key = _mm256_max_epu16(k->key, _mm256_and_si256(k->next,
	    _mm256_load_si256((const __m256i *)(const void *)lane_mask[f])));
}

/* With the vectors (and BMI2's shift, which leaves the count's register). */
static VECTOR_TARGET void
take_vector(struct vmsim *vm, const uint64_t *address, size_t n,
    unsigned shift)
{
	static const struct keys_way way = {
		open_vector, close_vector, least_vector, set_vector,
	};
	struct keys_vector keys;

	take_told(vm, address, n, shift, &keys, &way);
}
#endif

/* In C, out of line: the vectors' batches skip its prologue. */
static __attribute__((noinline)) void
take_portable(struct vmsim *vm, const uint64_t *address, size_t n,
    unsigned shift)
{
	take_told(vm, address, n, shift, vm->key, &portable);
}

void
vmsim_small_take(struct vmsim *vm, const uint64_t *address, size_t n,
    unsigned shift)
{
#if VECTOR_PATHS
	if (vm->vectors) {
		take_vector(vm, address, n, shift);
		return;
	}
#endif
	take_portable(vm, address, n, shift);
}

void
vmsim_small_trace(const struct vmsim *vm, FILE *trace)
{
	uint32_t f, after = VMSIM_FRAMES;

	for (;;) {
		uint32_t next = VMSIM_FRAMES;

		for (f = 0; f < vm->frames; f++)
			if (vm->key[f] >= after && (next == VMSIM_FRAMES ||
			    vm->key[f] < vm->key[next]))
				next = f;
		if (next == VMSIM_FRAMES)
			return;
		after = vm->key[next] + 1u;
		pages_trace(trace, vm->heap_pages, "resident ",
		    (uint32_t)(vm->frame[next] - vm->pages));
	}
}
