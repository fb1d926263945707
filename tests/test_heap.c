/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_heap.c: long random operation sequences on every layout, each
 * operation checked against an oracle that knows nothing of layouts.
 *
 * The oracle keeps, per item, whether it is in the heap and its key, and
 * finds the minimum by scanning.  After every operation the heap must
 * hold exactly the oracle's items with the oracle's keys, every item's
 * back-index must name its slot, every slot must obey the heap order
 * under the parent rule of reference.c (not the layout's own), and every
 * pop must return a minimum.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "heap.h"
#include "prng.h"
#include "tests.h"
#include "model.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

#define ITEMS		2500	/* 313 pages at 8 entries, 3 at 1024 */
#define OPS		20000
#define SHIFTS		8	/* 8, 16, ... 1024 entries per page */

/* d = 2 must behave as the binary heap; 3 is not a power of two. */
static const unsigned arities[] = { 2, 3, 4, 8, 16, 64 };

#define NARITIES (sizeof(arities) / sizeof(arities[0]))

struct oracle {
	bool		in[ITEMS];
	uint64_t	key[ITEMS];
	unsigned	count;
	unsigned	seen[ITEMS];	/* stamp of the last full check */
	unsigned	stamp;
};

struct fixture {
	struct heap	 heap;
	struct item	*items;
	struct item	**slots;
	/* veb: each position's slot by reference.c; NULL: the position. */
	uint64_t	*slot_of;
	struct oracle	 oracle;
	uint64_t	 rng;
	uint64_t	 key_span;	/* small spans force equal keys */
};

static size_t
item_number(const struct fixture *fx, const struct item *it)
{
	need(it != NULL && it >= fx->items && it < fx->items + ITEMS,
	    "%p is not an item", (const void *)it);
	return (size_t)(it - fx->items);
}

static uint64_t
oracle_min(const struct oracle *oracle)
{
	uint64_t min = UINT64_MAX;
	size_t i;

	for (i = 0; i < ITEMS; i++)
		if (oracle->in[i] && oracle->key[i] < min)
			min = oracle->key[i];
	return min;
}

static const struct item *
at(const struct fixture *fx, uint64_t u)
{
	return fx->slots[fx->slot_of != NULL ? fx->slot_of[u] : u];
}

static void
check_against_oracle(struct fixture *fx)
{
	struct oracle *oracle = &fx->oracle;
	const struct heap *heap = &fx->heap;
	heap_index u;

	need(heap_size(heap) == oracle->count, "size %u, oracle %u",
	    heap_size(heap), oracle->count);
	oracle->stamp++;
	for (u = 1; u <= heap_size(heap); u++) {
		const struct item *it = at(fx, u);
		size_t i = item_number(fx, it);

		need(oracle->in[i], "slot %u holds item %zu, which is not in "
		    "the heap", u, i);
		need(oracle->seen[i] != oracle->stamp, "item %zu is in two "
		    "slots", i);
		oracle->seen[i] = oracle->stamp;
		need(it->index == u, "item in slot %u says %u", u, it->index);
		need(it->key == oracle->key[i], "item %zu has key %" PRIu64
		    ", oracle %" PRIu64, i, it->key, oracle->key[i]);
		need(u == 1 || at(fx, ref_parent(heap->layout,
		    &heap->shape, u))->key <= it->key,
		    "slot %u is smaller than its parent", u);
	}
	need(heap_check(heap) == 0, "heap_check fails at %u",
	    heap_check(heap));
}

/* A random item that is (or is not) in the heap; one must exist. */
static struct item *
pick(struct fixture *fx, bool in_heap)
{
	size_t i = (size_t)prng_below(&fx->rng, ITEMS);

	while (fx->oracle.in[i] != in_heap)
		i = (i + 1) % ITEMS;
	return &fx->items[i];
}

static uint64_t
random_key(struct fixture *fx)
{
	return prng_below(&fx->rng, fx->key_span);
}

static void
do_insert(struct fixture *fx)
{
	struct item *it = pick(fx, false);
	size_t i = item_number(fx, it);
	uint64_t key = random_key(fx);

	heap_insert(&fx->heap, it, key);
	fx->oracle.in[i] = true;
	fx->oracle.key[i] = key;
	fx->oracle.count++;
}

static void
do_pop(struct fixture *fx)
{
	uint64_t min = oracle_min(&fx->oracle);
	struct item *it = heap_pop(&fx->heap);
	size_t i = item_number(fx, it);

	need(it->key == min, "popped %" PRIu64 ", minimum %" PRIu64, it->key,
	    min);
	need(fx->oracle.in[i], "popped item %zu was not in the heap", i);
	need(it->index == 0, "popped item keeps index %u", it->index);
	fx->oracle.in[i] = false;
	fx->oracle.count--;
}

static void
do_delete(struct fixture *fx)
{
	struct item *it = pick(fx, true);

	heap_delete(&fx->heap, it);
	need(it->index == 0, "deleted item keeps index %u", it->index);
	fx->oracle.in[item_number(fx, it)] = false;
	fx->oracle.count--;
}

static void
do_rekey(struct fixture *fx)
{
	struct item *it = pick(fx, true);
	uint64_t key = random_key(fx);

	heap_rekey(&fx->heap, it, key);
	fx->oracle.key[item_number(fx, it)] = key;
}

static void
do_root(struct fixture *fx)
{
	struct item *root = heap_root(&fx->heap);

	if (fx->oracle.count == 0) {
		need(root == NULL, "an empty heap has a root");
		return;
	}
	need(root->key == oracle_min(&fx->oracle), "root %" PRIu64
	    " is not the minimum", root->key);
}

/*
 * Inserts dominate early and pops and deletes later, so the heap grows
 * to fill several pages, shrinks to nothing and grows again.
 */
static void
random_operation(struct fixture *fx, unsigned op)
{
	unsigned roll = (unsigned)prng_below(&fx->rng, 100);
	unsigned insert_share = (op / 5000) % 2 == 0 ? 60 : 25;

	if (fx->oracle.count == 0 ||
	    (roll < insert_share && fx->oracle.count < ITEMS))
		do_insert(fx);
	else if (roll < insert_share + 20)
		do_pop(fx);
	else if (roll < insert_share + 30)
		do_delete(fx);
	else if (roll < insert_share + 45 || fx->oracle.count == ITEMS)
		do_rekey(fx);
	else
		do_root(fx);
}

/*
 * The sequence with the accesses going to the page model `vm` (model.h)
 * over `pages`, if not NULL, in batches of `batch` records: 7, too few
 * for a step's, takes the operations that report one record at a time,
 * and flushes fall inside operations; STREAM_BATCH takes those that
 * report through a cursor (heap.h).  Untracked, the heap fences as
 * `serialize` says (--serialize).
 */
static void
run_sequence_in(const struct layout *layout, unsigned page_shift,
    unsigned arity, uint64_t key_span, uint64_t seed, void *vm,
    struct page_map pages, uint32_t batch, enum heap_serialize serialize)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct shape shape = { .page_shift = page_shift, .arity = arity };
	const struct model_ops *page = model_named("page");
	static struct access_stream stream;
	unsigned op;

	ck_assert_ptr_nonnull(fx);
	fx->items = calloc(ITEMS, sizeof(*fx->items));
	fx->slots = calloc(heap_slots(layout, ITEMS) + 1, sizeof(*fx->slots));
	ck_assert_ptr_nonnull(fx->items);
	ck_assert_ptr_nonnull(fx->slots);
	if (layout->slot != NULL) {
		fx->slot_of = calloc(heap_slots(layout, ITEMS) + 1,
		    sizeof(*fx->slot_of));
		ck_assert_ptr_nonnull(fx->slot_of);
		ref_veb_slots(fx->slot_of, heap_tree_height(ITEMS));
	}
	fx->rng = seed;
	fx->key_span = key_span;
	pages.items_base = (const char *)fx->items;
	stream_init(&stream, batch, false);
	if (vm != NULL)
		stream_subscribe(&stream, (struct stream_taker){
		    .take = page->take, .model = vm });
	heap_init(&fx->heap, layout, shape, fx->slots, ITEMS,
	    vm != NULL ? &stream : NULL, &pages);
	heap_serialize(&fx->heap, serialize);
	/* Only an untracked heap fences, and only as asked. */
	ck_assert_ptr_eq(fx->heap.ops, vm == NULL &&
	    (serialize == SERIALIZE_LEVEL || serialize == SERIALIZE_BOTH) ?
	    layout->fenced : fx->heap.ops);
	ck_assert(fx->heap.fence_op == (vm == NULL &&
	    (serialize == SERIALIZE_OP || serialize == SERIALIZE_BOTH)));
	for (op = 0; op < OPS; op++) {
		random_operation(fx, op);
		check_against_oracle(fx);
	}
	while (fx->oracle.count > 0) {
		do_pop(fx);
		check_against_oracle(fx);
	}
	ck_assert_ptr_null(heap_pop(&fx->heap));
	stream_flush(&stream);
	free(fx->slot_of);
	free(fx->slots);
	free(fx->items);
	free(fx);
}

static void
run_sequence(const struct layout *layout, unsigned page_shift,
    unsigned arity, uint64_t key_span, uint64_t seed)
{
	struct page_map pages = { .entry_shift = page_shift,
	    .byte_shift = 12 };

	run_sequence_in(layout, page_shift, arity, key_span, seed, NULL, pages,
	    1, SERIALIZE_NONE);
}

/* Tests -------------------------------------------------------------- */

START_TEST(binheap_random_sequences)
{
	run_sequence(&binheap_layout, 3 + (unsigned)_i, 0, UINT64_MAX,
	    11 + _i);
	run_sequence(&binheap_layout, 3 + (unsigned)_i, 0, 64, 111 + _i);
}
END_TEST

START_TEST(bheap_random_sequences)
{
	run_sequence(&bheap_layout, 3 + (unsigned)_i, 0, UINT64_MAX,
	    22 + _i);
	run_sequence(&bheap_layout, 3 + (unsigned)_i, 0, 64, 222 + _i);
}
END_TEST

/* The page size does not move a d-ary node, but it changes what is touched. */
START_TEST(dary_random_sequences)
{
	run_sequence(&dary_layout, 3 + (unsigned)_i, arities[_i], UINT64_MAX,
	    44 + _i);
	run_sequence(&dary_layout, 3 + (unsigned)_i, arities[_i], 64,
	    444 + _i);
}
END_TEST

/* The page size does not move a veb node either, but what is touched. */
START_TEST(veb_random_sequences)
{
	run_sequence(&veb_layout, 3 + (unsigned)_i, 0, UINT64_MAX, 55 + _i);
	run_sequence(&veb_layout, 3 + (unsigned)_i, 0, 64, 555 + _i);
}
END_TEST

/*
 * Counting pages must not change what the heap does, whichever copy
 * reports; and both copies give the page model the same accesses.  A
 * tracked heap asked to fence does not (the time model prices it).
 */
START_TEST(tracked_sequences)
{
	static const struct layout *const tracked[] = {
		&binheap_layout, &bheap_layout, &dary_layout, &veb_layout,
	};
	static const uint32_t batches[] = { 7, STREAM_BATCH };
	const struct layout *layout = tracked[_i];
	/* 4 KiB pages of 512 slots of 8 bytes; 2500 items of 16 bytes. */
	uint32_t heap_pages = (uint32_t)(heap_slots(layout, ITEMS) / 512 + 1);
	struct vmsim_counts counts[2];
	unsigned k;

	for (k = 0; k < 2; k++) {
		struct model_setup setup = { .paged = true, .pages = {
		    .entry_shift = 9, .byte_shift = 12,
		    .heap_pages = heap_pages }, .array_pages = heap_pages,
		    .item_pages = 10, .budget = 3, .policy = POLICY_LRU };
		struct model_results results;
		const struct model_ops *page = model_named("page");
		void *vm;

		ck_assert_ptr_nonnull(page);
		vm = page->create(&setup);

		ck_assert_ptr_nonnull(vm);
		ck_assert_int_eq(page->phase(vm, NULL), 0);
		run_sequence_in(layout, 9, DARY_DEFAULT_ARITY, 1000, 33 + _i,
		    vm, setup.pages, batches[k], SERIALIZE_BOTH);
		ck_assert_int_eq(page->phase_end(vm), 0);
		page->publish(vm, 3, &results);
		counts[k] = results.sim;
		page->destroy(vm);
	}
	ck_assert_uint_gt(counts[0].faults, 0);
	ck_assert_uint_le(counts[0].distinct, heap_pages + 10);
	ck_assert_uint_eq(counts[1].accesses, counts[0].accesses);
	ck_assert_uint_eq(counts[1].faults, counts[0].faults);
	ck_assert_uint_eq(counts[1].distinct, counts[0].distinct);
}
END_TEST

/* The fenced copies (--serialize) keep the heap as the plain ones do. */
START_TEST(fenced_sequences)
{
	struct page_map pages = { .entry_shift = 9, .byte_shift = 12 };

	run_sequence_in(layouts[_i], 9, DARY_DEFAULT_ARITY, UINT64_MAX,
	    66 + _i, NULL, pages, 1, SERIALIZE_BOTH);
	run_sequence_in(layouts[_i], 9, DARY_DEFAULT_ARITY, 64, 666 + _i,
	    NULL, pages, 1, SERIALIZE_LEVEL);
}
END_TEST

Suite *
heap_suite(void)
{
	Suite *suite = suite_create("heap");
	TCase *tc = tcase_create("oracle");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, binheap_random_sequences, 0, SHIFTS);
	tcase_add_loop_test(tc, bheap_random_sequences, 0, SHIFTS);
	tcase_add_loop_test(tc, dary_random_sequences, 0, (int)NARITIES);
	tcase_add_loop_test(tc, veb_random_sequences, 0, SHIFTS);
	tcase_add_loop_test(tc, tracked_sequences, 0, 4);
	tcase_add_loop_test(tc, fenced_sequences, 0, LAYOUT_COUNT);
	suite_add_tcase(suite, tc);
	return suite;
}
