/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * config.c: defaults, names, and the sizes an experiment implies.
 */
#include <string.h>
#include <strings.h>

#include "abi.h"
#include "config.h"

/* A TLB's entries are modeled pages: every page size must be a line. */
_Static_assert(CONFIG_MAX_PAGE_BYTES <= CACHE_MAX_LINE_BYTES &&
    CONFIG_MIN_ENTRIES * 4 >= CACHE_MIN_LINE_BYTES,
    "every modeled page must be a TLB entry cache.c can model");

const char *const workload_names[WL_COUNT] = {
	"fill", "replace", "reorder", "mix", "drain",
};

const char *const model_names[] = { "array", "full", NULL };
const char *const vm_names[] = { "off", "sim", "kernel", "disk", NULL };
const char *const format_names[] = { "table", "csv", "json", "md", NULL };
const char *const policy_names[] = { "lru", "clock", "fifo", "opt", NULL };
const char *const serialize_names[] = { "none", "level", "op", "both", NULL };

unsigned
config_default_layouts(void)
{
	unsigned l, mask = 0;

	for (l = 0; l < LAYOUT_COUNT; l++)
		if (!layouts[l]->named_only)
			mask |= 1u << l;
	return mask;
}

void
config_defaults(struct config *config)
{
	/*
	 * Every field first, so that one added later starts 0, false or
	 * NULL: among them the caches, which main.c sets to this machine's,
	 * and pmu, which main.c sets once it has asked the kernel.
	 */
	memset(config, 0, sizeof(*config));
	config->items = CONFIG_DEFAULT_ITEMS;
	config->ops = 0;	/* 0: as many as items */
	config->layouts = config_default_layouts();
	config->workloads = 1u << WL_FILL | 1u << WL_REPLACE;
	config->model = MODEL_ARRAY;
	config->resident_pages = CONFIG_DEFAULT_RESIDENT;
	config->page_bytes = CONFIG_DEFAULT_PAGE_BYTES;
	config->arity = DARY_DEFAULT_ARITY;
	config->item_bytes = sizeof(struct item);
	config->disk_latency_ns = CONFIG_DEFAULT_DISK_LATENCY_NS;
	config->vm = VM_SIM;
	config->seed = CONFIG_DEFAULT_SEED;
	config->report.format = FORMAT_TABLE;
	config->sweep.param = SWEEP_NONE;
	config->policy = POLICY_LRU;
	config->sweep.policies = 1u << POLICY_LRU;
	config->latency = (struct hier_latency){ HIER_DEFAULT_LATENCY_NS };
	config->rob = TIME_ROB;
}

enum policy
config_first_policy(unsigned policies)
{
	enum policy p = POLICY_LRU;

	while (p < POLICY_COUNT - 1 && !(policies & 1u << p))
		p++;
	return p;
}

bool
config_same_but_budget(const struct config *a, const struct config *b)
{
	/* Every field that shapes a run; outputs and the budget do not. */
	return a->items == b->items && a->ops == b->ops &&
	    a->layouts == b->layouts && a->workloads == b->workloads &&
	    a->model == b->model && a->page_bytes == b->page_bytes &&
	    a->arity == b->arity && a->item_bytes == b->item_bytes &&
	    a->disk_latency_ns == b->disk_latency_ns && a->vm == b->vm &&
	    a->seed == b->seed;
}

unsigned
log2_exact(uint64_t value)
{
	unsigned shift = 0;

	while (((uint64_t)1 << shift) < value)
		shift++;
	return shift;
}

unsigned
config_entries_per_page(const struct config *config)
{
	return (unsigned)(config->page_bytes / ABI_PTR_BYTES);
}

unsigned
config_page_shift(const struct config *config)
{
	return log2_exact(config_entries_per_page(config));
}

struct shape
config_shape(const struct config *config)
{
	struct shape shape = {
		.page_shift = config_page_shift(config),
		.arity = config->arity,
	};

	return shape;
}

struct page_map
config_page_map(const struct config *config)
{
	struct page_map map = {
		.entry_shift = config_page_shift(config),
		.byte_shift = log2_exact(config->page_bytes),
		.heap_pages = (uint32_t)config_footprint(config).array_pages,
		.items_base = NULL,
	};

	return map;
}

static uint64_t
pages_of(uint64_t bytes, uint64_t page_bytes)
{
	return bytes / page_bytes + (bytes % page_bytes != 0);
}

/* The most array entries any of the config's layouts reserves. */
static uint64_t
array_entries(const struct config *config)
{
	uint64_t most = config->items, entries;
	unsigned l;

	for (l = 0; l < LAYOUT_COUNT; l++) {
		if (!(config->layouts & 1u << l))
			continue;
		entries = heap_slots(layouts[l], config->items);
		if (entries > most)
			most = entries;
	}
	return most;
}

/* Callers have bounded items and item_bytes, so nothing here overflows. */
struct footprint
config_footprint(const struct config *config)
{
	struct footprint fp;

	/* Slot 0 is unused but mapped: the root sits at index 1. */
	fp.array_bytes = (array_entries(config) + 1) * ABI_PTR_BYTES;
	fp.item_bytes = config->items * config->item_bytes;
	fp.array_pages = pages_of(fp.array_bytes, config->page_bytes);
	fp.item_pages = pages_of(fp.item_bytes, config->page_bytes);
	fp.tracked_pages = fp.array_pages;
	if (config->model == MODEL_FULL)
		fp.tracked_pages += fp.item_pages;
	return fp;
}

uint32_t
config_line_bytes(const struct config *config)
{
	unsigned k;

	for (k = 0; k < HIER_FIRST_TLB; k++)
		if (config->cache.level[k].blocks != 0)
			return config->cache.level[k].line_bytes;
	return 0;
}

bool
config_times(const struct config *config)
{
	return config->time_model && config->vm != VM_OFF &&
	    hier_any(&config->cache);
}

bool
config_reports_items(const struct config *config)
{
	return config->model == MODEL_FULL || config_times(config);
}

uint64_t
config_cache_bytes(const struct config *config)
{
	return (config_times(config) ? 2 : 1) * hier_bytes(&config->cache);
}

struct model_setup
config_model_setup(const struct config *config)
{
	struct footprint fp = config_footprint(config);
	struct model_setup setup = {
		.items_counted = config->model == MODEL_FULL,
		.paged = config->vm != VM_OFF,
		/* A resident sweep's LRU point has one, alone or not. */
		.curve = config->vm == VM_SIM && config->policy == POLICY_LRU &&
		    config->sweep.param == SWEEP_RESIDENT,
		.pages = config_page_map(config),
		.array_pages = (uint32_t)fp.array_pages,
		.item_pages = config->model == MODEL_FULL ?
		    (uint32_t)fp.item_pages : 0,
		.page_bytes = (uint32_t)config->page_bytes,
		.budget = (uint32_t)config->resident_pages,
		.policy = config->policy,
		.line_bytes = config_line_bytes(config),
		.latency = config->latency,
		.array_bytes = fp.array_bytes,
		.item_bytes = fp.item_bytes,
		.array_end = fp.array_pages * config->page_bytes,
		.arena_end = (fp.array_pages + fp.item_pages) *
		    config->page_bytes,
		.items = config->items,
		.item_stride = config->item_bytes,
		.time_model = config->time_model,
		.latency_curve = config->latency_curve,
		.walk_curve = config->walk_curve,
		.serialize = config->serialize,
		.rob = config->rob,
		.predictor = config->predictor,
		.three_c = config->three_c,
		.recording = config->recording,
	};

	/* A run of one layout (rig.c's) tells its models which. */
	if (config->layouts != 0 &&
	    (config->layouts & (config->layouts - 1)) == 0) {
		setup.layout = layouts[__builtin_ctz(config->layouts)];
		setup.shape = config_shape(config);
		setup.shape.height = heap_tree_height(config->items);
	}
	/* The caches run with the page model, never with --vm off. */
	if (config->vm != VM_OFF)
		setup.cache = hier_for_page(&config->cache, config->page_bytes);
	return setup;
}

enum format
config_format_of_path(const char *path, enum format fallback)
{
	static const struct {
		const char	*suffix;
		enum format	 format;
	} suffixes[] = {
		{ ".csv", FORMAT_CSV }, { ".json", FORMAT_JSON },
		{ ".md", FORMAT_MD },
	};
	const char *dot = strrchr(path, '.');
	size_t i;

	/* In any case: .JSON is as much JSON as .json. */
	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
		if (dot != NULL && dot != path &&
		    strcasecmp(dot, suffixes[i].suffix) == 0)
			return suffixes[i].format;
	return fallback;
}
