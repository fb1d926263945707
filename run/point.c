/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * point.c: one point's options checked against each other: page size,
 * item size, memory, budget, caches, trace, page model and policy (see
 * point.h); and the reasons every check of the plan gives.
 *
 * Each check asks the module that owns the fact: the footprint is
 * config.c's, the model's bytes per page vmsim.c's, what a disk arena
 * needs and how many file-backed pages can be mapped arena.c's.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abi.h"
#include "arena.h"
#include "heap.h"
#include "model.h"
#include "need.h"
#include "escape.h"
#include "point.h"

/* Reasons -------------------------------------------------------------- */

/*
 * Every check returns this: -1 with the reason written, the values it
 * quotes escaped as printable() shows them, so it stays one line.
 */
int
plan_refuse(char *why, const char *fmt, ...)
{
	char raw[PLAN_WHY_BYTES];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	escape_text(why, PLAN_WHY_BYTES, raw);
	return -1;
}


/* One point ----------------------------------------------------------- */

static int
check_page_size(const struct config *config, char *why)
{
	uint64_t bytes = config->page_bytes;

	if ((bytes & (bytes - 1)) != 0 ||
	    bytes / ABI_PTR_BYTES < CONFIG_MIN_ENTRIES)
		return plan_refuse(why, "--page-size: %" PRIu64 " is not a power of "
		    "two from %u to %" PRIu64 " (at least %u %u-byte entries)",
		    bytes, CONFIG_MIN_ENTRIES * ABI_PTR_BYTES,
		    CONFIG_MAX_PAGE_BYTES, CONFIG_MIN_ENTRIES, ABI_PTR_BYTES);
	return 0;
}

static int
check_item_bytes(const struct config *config, char *why)
{
	size_t align = _Alignof(struct item);

	if (config->item_bytes % align != 0)
		return plan_refuse(why, "--item-bytes: %" PRIu64 " is not a "
		    "multiple of %zu from %zu to %" PRIu64, config->item_bytes,
		    align, sizeof(struct item), CONFIG_MAX_ITEM_BYTES);
	return 0;
}

/* Refuses what the address space, or unless forced the machine, cannot hold. */
static int
check_memory(const struct config *config, bool force, char *why)
{
	struct footprint fp = config_footprint(config);
	uint64_t need = need_total(config);
	uint64_t physical = need_physical();

	if (fp.tracked_pages > VMSIM_MAX_PAGES)
		return plan_refuse(why, "--items: %" PRIu64 " items make %" PRIu64
		    " pages, more than the model's %" PRIu64 "; use larger "
		    "pages", config->items, fp.tracked_pages,
		    (uint64_t)VMSIM_MAX_PAGES);
	if (need_mapped(config) >= ABI_ADDRESS_SPACE)
		return plan_refuse(why, "--items: %" PRIu64 " items need %.2f GiB, "
		    "more than the %.0f GiB address space of %s", config->items,
		    need_gib(need_mapped(config)), need_gib(ABI_ADDRESS_SPACE),
		    ABI_NAME);
	if (need > physical && !force)
		return plan_refuse(why, "--items: %" PRIu64 " items need %.2f GiB, "
		    "more than this machine's %.2f GiB of memory (--force "
		    "runs anyway)", config->items, need_gib(need), need_gib(physical));
	return 0;
}

/*
 * Sets the budget from a page count or, with `bytes`, a size, and keeps
 * it within the pages the model tracks; `text` is what the user wrote.
 */
int
point_set_resident(struct config *config, uint64_t value, bool bytes,
    const char *option, const char *text, char *why)
{
	struct footprint fp = config_footprint(config);
	uint64_t page = config->page_bytes;

	if (bytes && (value % page != 0 || value / page > fp.tracked_pages))
		return plan_refuse(why, "%s: %s is not a whole number of %" PRIu64
		    "-byte pages from 1 to %" PRIu64 " (the pages --model %s "
		    "tracks)", option, text, page, fp.tracked_pages,
		    model_names[config->model]);
	if (bytes)
		value /= page;
	if (value < 1 || value > fp.tracked_pages)
		return plan_refuse(why, "%s: '%s' is not a count of pages from 1 to "
		    "%" PRIu64 " (the pages --model %s tracks)", option, text,
		    fp.tracked_pages, model_names[config->model]);
	config->resident_pages = value;
	return 0;
}

static int
check_resident(struct config *config, const struct plan_request *request,
    char *why)
{
	struct footprint fp = config_footprint(config);

	if (request->resident != NULL && config->vm == VM_OFF)
		return plan_refuse(why, "--resident: '%s' is the page model's "
		    "budget, which --vm off does not run", request->resident);
	if (request->resident != NULL)
		return point_set_resident(config, request->resident_value,
		    request->resident_bytes, "--resident", request->resident,
		    why);
	/* The default budget shrinks to fit a heap smaller than it. */
	if (config->resident_pages > fp.tracked_pages)
		config->resident_pages = fp.tracked_pages;
	return 0;
}

/* Whether a model of the run prices `cost` in a hierarchy of this shape. */
static bool
priced(const struct config *config, const struct hier_geometry *g,
    enum hier_cost cost)
{
	return config->time_model ? timemodel_cost_priced(g, cost) :
	    hier_cost_priced(g, cost);
}

/*
 * A latency of a level that --cache or --tlb took out of the run prices
 * nothing, and is refused; one of a level the machine lacks is taken, so
 * that a script may give every cost on any machine.
 */
static int
check_latency(const struct config *config,
    const struct plan_request *request, char *why)
{
	static const char *const what[HIER_COSTS] = {
		[COST_L1] = "the L1 cache", [COST_L2] = "the L2 cache",
		[COST_LLC] = "the last-level cache",
		[COST_MEM] = "the last cache's misses",
		[COST_TLB] = "the TLB's misses",
	};
	unsigned k;

	for (k = 0; k < HIER_COSTS; k++)
		if (request->latency[k] != NULL &&
		    !priced(config, &config->cache, k) &&
		    priced(config, &request->machine, k))
			return plan_refuse(why, "--latency: '%s': %s prices %s, "
			    "which --cache or --tlb leaves out of this run; drop "
			    "%s or keep that level", request->latency[k],
			    hier_cost_names[k], what[k], hier_cost_names[k]);
	return 0;
}

/* Whether --latency named any cost. */
static bool
latency_given(const struct plan_request *request)
{
	unsigned k;

	for (k = 0; k < HIER_COSTS; k++)
		if (request->latency[k] != NULL)
			return true;
	return false;
}

static bool
asked_time_model(const struct config *config,
    const struct plan_request *request)
{
	(void)request;
	return config->time_model;
}

static bool
asked_three_c(const struct config *config, const struct plan_request *request)
{
	(void)request;
	return config->three_c;
}

static bool
asked_latency(const struct config *config, const struct plan_request *request)
{
	(void)config;
	return latency_given(request);
}

/*
 * The options that work on the caches' misses, and how: each needs a
 * cache or TLB to work on, and the page model that feeds them.
 */
static const struct cache_user {
	const char	*option;
	const char	*does;
	bool		(*asked)(const struct config *,
			    const struct plan_request *);
} cache_users[] = {
	{ "--latency", "prices the caches' levels", asked_latency },
	{ "--time-model", "prices the caches' levels", asked_time_model },
	{ "--three-c", "classifies the caches' and TLB's misses",
	    asked_three_c },
};

static int
check_cache_users(const struct config *config,
    const struct plan_request *request, char *why)
{
	size_t i;

	for (i = 0; i < sizeof(cache_users) / sizeof(cache_users[0]); i++) {
		const struct cache_user *u = &cache_users[i];

		if (!u->asked(config, request))
			continue;
		if (config->vm == VM_OFF)
			return plan_refuse(why, "%s: %s, which are modeled with "
			    "the page model, not with --vm off; drop %s or use "
			    "--vm sim", u->option, u->does, u->option);
		if (!hier_any(&config->cache))
			return plan_refuse(why, "%s: %s, and with --cache off "
			    "no cache or TLB is left; drop %s or name a cache",
			    u->option, u->does, u->option);
	}
	return 0;
}

/* The caches and TLB are a model of their own: they need --vm sim's. */
static int
check_cache(const struct config *config, const struct plan_request *request,
    char *why)
{
	uint64_t tags = config_cache_bytes(config);

	if (check_cache_users(config, request, why) != 0)
		return -1;
	if (request->hierarchy_given && config->vm == VM_OFF)
		return plan_refuse(why, "--cache, --tlb: the caches are modeled "
		    "with the page model, not with --vm off; drop them or use "
		    "--vm sim");
	if (config->vm != VM_OFF && tags >= need_physical())
		return plan_refuse(why, "--cache, --tlb: the caches' tags would take "
		    "%.2f GiB, more than this machine's %.2f GiB", need_gib(tags),
		    need_gib(need_physical()));
	if (config->latency_curve.points > 0 && !config->time_model)
		return plan_refuse(why, "--latency-curve: prices the time "
		    "model's loads; add --time-model or drop --latency-curve");
	if (config->serialize != SERIALIZE_NONE && !HEAP_CAN_SERIALIZE)
		return plan_refuse(why, "--serialize: fences with lfence, "
		    "which only x86 has; drop --serialize");
	if (config->walk_curve.points > 0 && !config->time_model)
		return plan_refuse(why, "--walk-curve: prices the time "
		    "model's walks; add --time-model or drop --walk-curve");
	return check_latency(config, request, why);
}

/*
 * The pipeline's thread takes batches: --vm kernel and disk must hear
 * each access before the next, and --vm off has no models.
 */
static int
check_pipeline(const struct config *config, char *why)
{
	if (config->pipeline == PIPELINE_ON && config->vm == VM_OFF)
		return plan_refuse(why, "--pipeline: runs the models on a thread "
		    "of their own, and --vm off runs none; drop --pipeline or "
		    "use --vm sim");
	if (config->pipeline == PIPELINE_ON && config->vm != VM_SIM)
		return plan_refuse(why, "--pipeline: the models of --vm %s must "
		    "hear each access before the heap's next, not in batches; "
		    "drop --pipeline or use --vm sim", vm_names[config->vm]);
	return 0;
}

static int
check_trace(const struct config *config, char *why)
{
	if (config->report.trace == NULL)
		return 0;
	if (config->vm == VM_OFF)
		return plan_refuse(why, "--trace: needs the page model, not --vm "
		    "off");
	if ((config->layouts & (config->layouts - 1)) != 0 ||
	    (config->workloads & (config->workloads - 1)) != 0)
		return plan_refuse(why, "--trace: needs exactly one --layout and "
		    "one --workload");
	return 0;
}

/* The directory --vm disk uses: --vm-dir, else $TMPDIR, else /tmp. */
static const char *
disk_dir(const struct config *config)
{
	const char *dir = config->vm_dir;

	if (dir == NULL)
		dir = getenv("TMPDIR");
	return dir != NULL && *dir != '\0' ? dir : "/tmp";
}

/*
 * The kernel modes make each modeled fault a real one, which holds only
 * if a modeled page is a system page.
 */
static int
check_vm(struct config *config, const struct plan_request *request,
    char *why)
{
	long system_page = sysconf(_SC_PAGESIZE);
	uint64_t tracked = config_footprint(config).tracked_pages;
	char reason[PLAN_WHY_BYTES - 128];
	const char *named;

	if (request->disk_latency != NULL && config->vm == VM_OFF)
		return plan_refuse(why, "--disk-latency: '%s' prices the page "
		    "model's faults, which --vm off does not run",
		    request->disk_latency);
	if (config->vm_dir != NULL && config->vm != VM_DISK)
		return plan_refuse(why, "--vm-dir: '%s' is only for --vm disk",
		    config->vm_dir);
	if (config->vm != VM_KERNEL && config->vm != VM_DISK)
		return 0;
	if (config->page_bytes != (uint64_t)system_page)
		return plan_refuse(why, "--vm %s: --page-size %" PRIu64 " must be "
		    "the system page size, %ld", vm_names[config->vm],
		    config->page_bytes, system_page);
	if (tracked > arena_max_file_pages())
		return plan_refuse(why, "--vm %s: %" PRIu64 " tracked pages need as "
		    "many mappings, more than vm.max_map_count allows (%"
		    PRIu64 "); use fewer --items or raise it with sysctl",
		    vm_names[config->vm], tracked, arena_max_file_pages());
	if (config->vm != VM_DISK)
		return 0;
	named = config->vm_dir != NULL ? "--vm-dir" :
	    "--vm disk's directory ($TMPDIR, else /tmp)";
	config->vm_dir = disk_dir(config);
	if (arena_disk_ok(config->vm_dir, reason, sizeof(reason)) != 0)
		return plan_refuse(why, "%s: %s; name a directory on a disk "
		    "where a file can be made with --vm-dir", named, reason);
	return 0;
}

/*
 * The most accesses OPT records in one phase of this config (vmsim.h's
 * bound per operation, times the longest phase: fill and drain do one
 * operation per item, the others --ops), for the deepest of the run's
 * layouts, as each layout bounds its own paths (heap.h).
 */
static uint64_t
opt_accesses(const struct config *config)
{
	struct shape shape = config_shape(config);
	uint64_t per_op = 1, ops = config->ops > config->items ? config->ops :
	    config->items, v;
	unsigned l;

	for (l = 0; l < LAYOUT_COUNT; l++) {
		if (!(config->layouts & 1u << l))
			continue;
		v = VMSIM_OPT_ACCESSES_PER_OP(layouts[l]->levels(&shape,
		    config->items), layouts[l]->fanout(&shape));
		if (v > per_op)
			per_op = v;
	}
	return ops > UINT64_MAX / per_op ? UINT64_MAX : ops * per_op;
}

/*
 * What the policy needs: opt, the future, so neither the kernel modes
 * (which must evict as the run goes) nor a phase too long to record;
 * clock, a trace that cannot say where its hand and bits are.
 */
int
point_check_policy(const struct config *config, bool force, char *why)
{
	const char *name = policy_names[config->policy];
	uint64_t accesses, bytes, physical = need_physical();

	if (config->policy == POLICY_LRU)
		return 0;
	if (config->vm == VM_OFF)
		return plan_refuse(why, "--policy: '%s' needs the page model, not "
		    "--vm off", name);
	if (config->report.trace != NULL && config->policy == POLICY_CLOCK)
		return plan_refuse(why, "--trace: '%s' cannot carry clock's "
		    "reference bits in its resident lines; trace lru, fifo or "
		    "opt", config->report.trace);
	if (config->policy != POLICY_OPT)
		return 0;
	if (config->vm != VM_SIM)
		return plan_refuse(why, "--policy: '%s' knows its evictions only "
		    "after a phase, too late for --vm %s to make them; use "
		    "--vm sim", name, vm_names[config->vm]);
	accesses = opt_accesses(config);
	bytes = accesses > UINT64_MAX / VMSIM_OPT_BYTES_PER_ACCESS ?
	    UINT64_MAX : accesses * VMSIM_OPT_BYTES_PER_ACCESS;
	if (accesses >= UINT32_MAX)
		return plan_refuse(why, "--policy: '%s' would record up to %" PRIu64
		    " accesses a phase, more than the %" PRIu32 " its replay "
		    "can number; use fewer --ops or --items", name, accesses,
		    UINT32_MAX - 1);
	if (need_mapped(config) + bytes >= ABI_ADDRESS_SPACE)
		return plan_refuse(why, "--policy: '%s' would record up to %" PRIu64
		    " accesses a phase, %.2f GiB, beside the run's %.2f GiB: "
		    "more than the %.0f GiB address space of %s", name,
		    accesses, need_gib(bytes), need_gib(need_total(config)),
		    need_gib(ABI_ADDRESS_SPACE), ABI_NAME);
	if (need_total(config) + bytes > physical && !force)
		return plan_refuse(why, "--policy: '%s' would record up to %" PRIu64
		    " accesses a phase, %.2f GiB, beside the run's %.2f GiB: "
		    "more than this machine's %.2f GiB (--force runs anyway)",
		    name, accesses, need_gib(bytes), need_gib(need_total(config)),
		    need_gib(physical));
	return 0;
}

int
point_finish(struct config *config, const struct plan_request *request,
    char *why)
{
	if (config->ops == 0)
		config->ops = config->items;
	if (check_page_size(config, why) != 0 ||
	    check_item_bytes(config, why) != 0 ||
	    /* Before the memory: a cache too large is --cache's fault. */
	    check_cache(config, request, why) != 0 ||
	    check_memory(config, request->force, why) != 0 ||
	    check_resident(config, request, why) != 0 ||
	    check_trace(config, why) != 0 ||
	    check_pipeline(config, why) != 0 ||
	    check_vm(config, request, why) != 0 ||
	    point_check_policy(config, request->force, why) != 0)
		return -1;
	return 0;
}

