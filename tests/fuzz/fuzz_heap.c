/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * fuzz_heap.c: libFuzzer target that reads its input as heap operations.
 *
 * Input layout:
 *   byte 0   layout (binheap, bheap, dary: value % 3) and entries per
 *            page (8 << (value / 3 % 8): 8 .. 1024)
 *   byte 1   the d-ary heap's arity, 2 + value % 63 (2 .. 64)
 *   byte 2   bit 0: count pages in a small page model (vmsim.c);
 *            bit 1: keys spread over 64 bits, not 0 .. 255;
 *            bits 2-7 with byte 3: capacity, 1 .. 300
 *   then 3 bytes per operation: kind and item high bits, item low
 *            bits, key.  Kinds: insert (twice as likely), pop, delete,
 *            rekey, root.  An item named that cannot take the operation
 *            (already in the heap, say) passes it to the next one that
 *            can; an operation that nothing can take is skipped.
 *
 * After every operation the heap is compared with an oracle that knows
 * nothing of layouts: which items are in, with which keys.  Every slot
 * 1 .. size must hold a distinct item of the oracle's, whose back-index
 * names the slot and whose key is not below its parent's, the parent
 * being computed by the rules of tests/reference.c rather than by the
 * layout's own function; every item outside the heap must have index 0;
 * pop and root must give a minimum.  Arrays are allocated to their exact
 * size, so ASan catches any slot or item access out of range, and with
 * the page model on, any page id out of range; each operation is then
 * closed with heap_op_end() and the model's per-operation summaries
 * must come out ordered and bounded.
 *
 * Build: make fuzz (clang, -fsanitize=fuzzer,address,undefined).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heap.h"
#include "pages.h"
#include "stream.h"
#include "tests.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

#define MAX_ITEMS	300
#define HEADER		4
#define OP_BYTES	3

enum op { OP_INSERT, OP_POP, OP_DELETE, OP_REKEY, OP_ROOT, OP_INSERT2,
	OP_KINDS };

struct fuzz {
	struct heap	 heap;
	struct item	*items;
	struct item	**slots;
	struct vmsim	*vm;
	/* A batch of one: the model's counts are current at every check. */
	struct access_stream stream;
	struct page_map	 pages;		/* the page model's */
	unsigned	 capacity;
	bool		 in[MAX_ITEMS];
	uint64_t	 key[MAX_ITEMS];
	unsigned	 count;
	unsigned	 seen[MAX_ITEMS];
	unsigned	 stamp;
	size_t		 at;		/* input offset of the operation */
};

/* Checks ------------------------------------------------------------- */

/* Not "fail": tests.h brings in check.h, which defines that. */
static void
broken(const struct fuzz *fz, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));

static void
broken(const struct fuzz *fz, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz_heap: %s, %u entries per page, arity %u, "
	    "capacity %u, %s, operation at byte %zu: ",
	    fz->heap.layout->name, 1u << fz->heap.shape.page_shift,
	    fz->heap.shape.arity, fz->capacity,
	    fz->vm != NULL ? "tracked" : "untracked", fz->at);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static unsigned
item_number(const struct fuzz *fz, const struct item *it)
{
	if (it == NULL || it < fz->items || it >= fz->items + fz->capacity)
		broken(fz, "%p is not an item", (const void *)it);
	return (unsigned)(it - fz->items);
}

static uint64_t
oracle_min(const struct fuzz *fz)
{
	uint64_t min = UINT64_MAX;
	unsigned i;

	for (i = 0; i < fz->capacity; i++)
		if (fz->in[i] && fz->key[i] < min)
			min = fz->key[i];
	return min;
}

static void
check(struct fuzz *fz)
{
	const struct heap *heap = &fz->heap;
	heap_index u, size = heap_size(heap);
	unsigned i;

	if (size != fz->count)
		broken(fz, "size %u, oracle %u", size, fz->count);
	fz->stamp++;
	for (u = 1; u <= size; u++) {
		const struct item *it = fz->slots[u];
		uint64_t p;

		i = item_number(fz, it);
		if (!fz->in[i])
			broken(fz, "slot %u holds item %u, not in the heap", u,
			    i);
		if (fz->seen[i] == fz->stamp)
			broken(fz, "item %u is in two slots", i);
		fz->seen[i] = fz->stamp;
		if (it->index != u)
			broken(fz, "item in slot %u says %u", u, it->index);
		if (it->key != fz->key[i])
			broken(fz, "item %u has key %" PRIu64 ", oracle %" PRIu64,
			    i, it->key, fz->key[i]);
		if (u == 1)
			continue;
		p = ref_parent(heap->layout, &heap->shape, u);
		if (p < 1 || p >= u)
			broken(fz, "reference parent of %u is %" PRIu64, u, p);
		if (fz->slots[p]->key > it->key)
			broken(fz, "slot %u (key %" PRIu64 ") is below its "
			    "parent %" PRIu64 " (key %" PRIu64 ")", u, it->key,
			    p, fz->slots[p]->key);
	}
	for (i = 0; i < fz->capacity; i++)
		if (!fz->in[i] && fz->items[i].index != 0)
			broken(fz, "item %u is out but has index %u", i,
			    fz->items[i].index);
	if (heap_check(heap) != 0)
		broken(fz, "heap_check fails at %u", heap_check(heap));
	/* The counters themselves: vmsim_counts() summarizes, and costs. */
	if (fz->vm != NULL && (fz->vm->faults > fz->vm->accesses ||
	    fz->vm->resident > fz->vm->budget))
		broken(fz, "model: %" PRIu64 " faults in %" PRIu64 " accesses, "
		    "%u resident of %u", fz->vm->faults, fz->vm->accesses,
		    fz->vm->resident, fz->vm->budget);
}

/* The model's per-operation summaries are ordered and bounded. */
static void
check_dist(const struct fuzz *fz, const char *what,
    const struct vmsim_dist *d, uint64_t bound)
{
	if (d->min > d->median || d->median > d->p99 || d->p99 > d->max ||
	    d->max > bound)
		broken(fz, "%s per operation: min %" PRIu64 ", median %"
		    PRIu64 ", p99 %" PRIu64 ", max %" PRIu64 ", bound %" PRIu64,
		    what, d->min, d->median, d->p99, d->max, bound);
}

static void
check_model(const struct fuzz *fz)
{
	struct vmsim_counts c = vmsim_counts(fz->vm);

	check_dist(fz, "faults", &c.faults_per_op, c.faults);
	check_dist(fz, "pages", &c.pages_per_op,
	    (uint64_t)fz->vm->heap_pages + fz->vm->item_pages);
}

/* Operations --------------------------------------------------------- */

/* Item i, or the next after it that is (or is not) in the heap. */
static int
pick(const struct fuzz *fz, unsigned i, bool in_heap)
{
	unsigned n;

	for (n = 0; n < fz->capacity; n++, i = (i + 1) % fz->capacity)
		if (fz->in[i] == in_heap)
			return (int)i;
	return -1;
}

static void
pop(struct fuzz *fz)
{
	uint64_t min = oracle_min(fz);
	struct item *it = heap_pop(&fz->heap);
	unsigned i;

	if (fz->count == 0) {
		if (it != NULL)
			broken(fz, "an empty heap popped an item");
		return;
	}
	i = item_number(fz, it);
	if (!fz->in[i] || it->key != min)
		broken(fz, "popped item %u, key %" PRIu64 ", minimum %" PRIu64,
		    i, it->key, min);
	if (it->index != 0 || heap_contains(&fz->heap, it))
		broken(fz, "popped item %u keeps index %u", i, it->index);
	fz->in[i] = false;
	fz->count--;
}

static void
operate(struct fuzz *fz, const uint8_t op[OP_BYTES], bool wide)
{
	enum op kind = (enum op)(op[0] % OP_KINDS);
	unsigned named = ((unsigned)(op[0] >> 3) << 8 | op[1]) % fz->capacity;
	uint64_t key = wide ? op[2] * UINT64_C(0x0101010101010101) : op[2];
	struct item *root;
	int i;

	switch (kind) {
	case OP_INSERT:
	case OP_INSERT2:
		if ((i = pick(fz, named, false)) < 0)
			return;
		if (heap_contains(&fz->heap, &fz->items[i]))
			broken(fz, "item %d is out but the heap has it", i);
		heap_insert(&fz->heap, &fz->items[i], key);
		fz->in[i] = true;
		fz->key[i] = key;
		fz->count++;
		break;
	case OP_POP:
		pop(fz);
		break;
	case OP_DELETE:
		if ((i = pick(fz, named, true)) < 0)
			return;
		heap_delete(&fz->heap, &fz->items[i]);
		if (fz->items[i].index != 0)
			broken(fz, "deleted item %d keeps index %u", i,
			    fz->items[i].index);
		fz->in[i] = false;
		fz->count--;
		break;
	case OP_REKEY:
		if ((i = pick(fz, named, true)) < 0)
			return;
		if (heap_key(&fz->heap, &fz->items[i]) != fz->key[i])
			broken(fz, "item %d reads key %" PRIu64 ", oracle %"
			    PRIu64, i, heap_key(&fz->heap, &fz->items[i]),
			    fz->key[i]);
		heap_rekey(&fz->heap, &fz->items[i], key);
		fz->key[i] = key;
		break;
	case OP_ROOT:
		root = heap_root(&fz->heap);
		if (fz->count == 0 ? root != NULL :
		    root == NULL || root->key != oracle_min(fz))
			broken(fz, "root is not a minimum");
		break;
	case OP_KINDS:
		break;
	}
}

/* Setup -------------------------------------------------------------- */

static const struct layout *const layouts_fuzzed[] = {
	&binheap_layout, &bheap_layout, &dary_layout,
};

static size_t
pages_of(size_t bytes, size_t page_bytes)
{
	return (bytes + page_bytes - 1) / page_bytes;
}

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/*
 * The array's accesses into the page model, as the registry's page
 * model takes them (vmsim_model.c), but into fz->vm, whose counters
 * check() reads.
 */
static void
take_pages(void *context, const uint64_t *record, size_t n)
{
	struct fuzz *fz = context;
	size_t i;

	for (i = 0; i < n; i++)
		if (stream_is_counted(record[i], false))
			vmsim_access(fz->vm, page_of_address(&fz->pages,
			    stream_address_of(record[i])));
		else if (stream_kind_of(record[i]) == STREAM_OP_END)
			vmsim_op_end(fz->vm);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz fz;
	struct shape shape = { 0 };
	struct page_map pages;
	const struct layout *layout;
	unsigned ptr_shift = sizeof(void *) == 8 ? 3 : 2;
	size_t off;
	bool wide;

	if (size < HEADER)
		return 0;
	memset(&fz, 0, sizeof(fz));
	layout = layouts_fuzzed[data[0] % 3];
	shape.page_shift = 3 + data[0] / 3 % 8;
	shape.arity = 2 + data[1] % 63;
	wide = data[2] & 2;
	fz.capacity = 1 + ((unsigned)(data[2] >> 2) << 8 | data[3]) % MAX_ITEMS;
	/* Exact sizes: one slot or item too many read is an ASan report. */
	fz.items = calloc(fz.capacity, sizeof(*fz.items));
	fz.slots = calloc(fz.capacity + 1, sizeof(*fz.slots));
	if (fz.items == NULL || fz.slots == NULL)
		abort();
	if (data[2] & 1) {
		size_t page_bytes = (size_t)1 << (shape.page_shift + ptr_shift);

		fz.vm = vmsim_create((uint32_t)pages_of((fz.capacity + 1) *
		    sizeof(*fz.slots), page_bytes), (uint32_t)pages_of(
		    fz.capacity * sizeof(*fz.items), page_bytes),
		    1 + data[1] % 4);
		if (fz.vm == NULL)
			abort();
		vmsim_phase(fz.vm, NULL);
	}
	pages.entry_shift = shape.page_shift;
	pages.byte_shift = shape.page_shift + ptr_shift;
	pages.heap_pages = fz.vm != NULL ? fz.vm->heap_pages : 0;
	pages.items_base = (const char *)fz.items;
	stream_init(&fz.stream, 1, false);
	fz.pages = pages;
	stream_subscribe(&fz.stream, (struct stream_taker){
	    .take = take_pages, .model = &fz });
	heap_init(&fz.heap, layout, shape, fz.slots, fz.capacity,
	    fz.vm != NULL ? &fz.stream : NULL, &pages);
	check(&fz);
	for (off = HEADER; off + OP_BYTES <= size; off += OP_BYTES) {
		fz.at = off;
		operate(&fz, data + off, wide);
		heap_op_end(&fz.heap);
		check(&fz);
	}
	/* Whatever is left must come out in order. */
	fz.at = size;
	while (fz.count > 0) {
		pop(&fz);
		check(&fz);
	}
	if (heap_pop(&fz.heap) != NULL)
		broken(&fz, "an empty heap popped an item");
	if (fz.vm != NULL)
		check_model(&fz);
	vmsim_destroy(fz.vm);
	free(fz.slots);
	free(fz.items);
	return 0;
}
