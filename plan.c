/*
 * plan.c: the options checked against each other, and a sweep expanded
 * into its points.
 *
 * Each check asks the module that owns the fact: the footprint is
 * config.c's, the model's bytes per page vmsim.c's, what a disk arena
 * needs and how many file-backed pages can be mapped arena.c's, which
 * fields a run can plot report.c's.
 */
#include <err.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abi.h"
#include "arena.h"
#include "heap.h"
#include "plan.h"
#include "plot.h"
#include "report.h"
#include "stackdist.h"
#include "sweep.h"
#include "vmsim.h"

/* Parameters -------------------------------------------------------- */

#define NOTE_MEMORY_BYTES ((uint64_t)1 << 30)	/* say so from 1 GiB */
/*
 * --resident all makes a row per budget, per layout and phase: a million
 * budgets already make tens of millions of rows, more than anyone reads.
 */
#define MAX_CURVE_BUDGETS ((uint64_t)1 << 20)

/* Reasons -------------------------------------------------------------- */

/* Every check returns this: -1 with the reason written. */
static int
refuse(char *why, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, PLAN_WHY_BYTES, fmt, ap);
	va_end(ap);
	return -1;
}

static double
gib(uint64_t bytes)
{
	return (double)bytes / (1u << 30);
}

/* The first policy of a list: the one the points have until expanded. */
static enum policy
first_policy(unsigned policies)
{
	enum policy p = POLICY_LRU;

	while (p < POLICY_COUNT - 1 && !(policies & 1u << p))
		p++;
	return p;
}

/* One point ----------------------------------------------------------- */

static int
check_page_size(const struct config *config, char *why)
{
	uint64_t bytes = config->page_bytes;

	if ((bytes & (bytes - 1)) != 0 ||
	    bytes / ABI_PTR_BYTES < CONFIG_MIN_ENTRIES)
		return refuse(why, "--page-size: %" PRIu64 " is not a power of "
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
		return refuse(why, "--item-bytes: %" PRIu64 " is not a "
		    "multiple of %zu from %zu to %" PRIu64, config->item_bytes,
		    align, sizeof(struct item), CONFIG_MAX_ITEM_BYTES);
	return 0;
}

struct need
plan_need(const struct config *config)
{
	struct footprint fp = config_footprint(config);
	struct need need = {
		.tracked_pages = fp.tracked_pages,
		.array_bytes = fp.array_bytes,
		.item_bytes = fp.item_bytes,
		/* --vm off keeps no records; the time model, caches too. */
		.model_bytes = config->vm != VM_OFF ?
		    vmsim_bytes(fp.tracked_pages, config->policy) +
		    2 * hier_bytes(&config->cache) : 0,
	};

	/* A curve keeps the stack distances of its pages and lines too. */
	if (config->vm == VM_SIM && config->sweep == SWEEP_RESIDENT) {
		need.model_bytes += stackdist_bytes(fp.tracked_pages);
		if (config_line_curve_lines(config) <= STACKDIST_MAX_PAGES)
			need.model_bytes += stackdist_bytes(
			    config_line_curve_lines(config));
	}

	need.total_bytes = need.array_bytes + need.item_bytes +
	    need.model_bytes;
	return need;
}

static uint64_t
memory_need(const struct config *config)
{
	return plan_need(config).total_bytes;
}

static uint64_t
physical_memory(void)
{
	return (uint64_t)sysconf(_SC_PHYS_PAGES) *
	    (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Refuses what the address space, or unless forced the machine, cannot hold. */
static int
check_memory(const struct config *config, bool force, char *why)
{
	struct footprint fp = config_footprint(config);
	uint64_t need = memory_need(config);
	uint64_t physical = physical_memory();

	if (fp.tracked_pages > VMSIM_MAX_PAGES)
		return refuse(why, "--items: %" PRIu64 " items make %" PRIu64
		    " pages, more than the model's %" PRIu64 "; use larger "
		    "pages", config->items, fp.tracked_pages,
		    (uint64_t)VMSIM_MAX_PAGES);
	if (need >= ABI_ADDRESS_SPACE)
		return refuse(why, "--items: %" PRIu64 " items need %.2f GiB, "
		    "more than the %.0f GiB address space of %s", config->items,
		    gib(need), gib(ABI_ADDRESS_SPACE), ABI_NAME);
	if (need > physical && !force)
		return refuse(why, "--items: %" PRIu64 " items need %.2f GiB, "
		    "more than this machine's %.2f GiB of memory (--force "
		    "runs anyway)", config->items, gib(need), gib(physical));
	return 0;
}

/*
 * Sets the budget from a page count or, with `bytes`, a size, and keeps
 * it within the pages the model tracks; `text` is what the user wrote.
 */
static int
set_resident(struct config *config, uint64_t value, bool bytes,
    const char *option, const char *text, char *why)
{
	struct footprint fp = config_footprint(config);
	uint64_t page = config->page_bytes;

	if (bytes && (value % page != 0 || value / page > fp.tracked_pages))
		return refuse(why, "%s: %s is not a whole number of %" PRIu64
		    "-byte pages from 1 to %" PRIu64 " (the pages --model %s "
		    "tracks)", option, text, page, fp.tracked_pages,
		    model_names[config->model]);
	if (bytes)
		value /= page;
	if (value < 1 || value > fp.tracked_pages)
		return refuse(why, "%s: '%s' is not a count of pages from 1 to "
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

	if (request->resident != NULL)
		return set_resident(config, request->resident_value,
		    request->resident_bytes, "--resident", request->resident,
		    why);
	/* The default budget shrinks to fit a heap smaller than it. */
	if (config->resident_pages > fp.tracked_pages)
		config->resident_pages = fp.tracked_pages;
	return 0;
}

/* The caches and TLB are a model of their own: they need --vm sim's. */
static int
check_cache(const struct config *config, bool given, char *why)
{
	/* The report's caches and the time model's (timemodel.h). */
	uint64_t tags = 2 * hier_bytes(&config->cache);

	if (given && config->vm == VM_OFF)
		return refuse(why, "--cache, --tlb, --latency: the caches are "
		    "modeled with the page model, not with --vm off");
	if (config->vm != VM_OFF && tags >= physical_memory())
		return refuse(why, "--cache, --tlb: the caches' tags would take "
		    "%.2f GiB, more than this machine's %.2f GiB", gib(tags),
		    gib(physical_memory()));
	return 0;
}

static int
check_trace(const struct config *config, char *why)
{
	if (config->trace == NULL)
		return 0;
	if (config->vm == VM_OFF)
		return refuse(why, "--trace: needs the page model, not --vm "
		    "off");
	if ((config->layouts & (config->layouts - 1)) != 0 ||
	    (config->workloads & (config->workloads - 1)) != 0)
		return refuse(why, "--trace: needs exactly one --layout and "
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
check_vm(struct config *config, char *why)
{
	long system_page = sysconf(_SC_PAGESIZE);
	uint64_t tracked = config_footprint(config).tracked_pages;
	char reason[PLAN_WHY_BYTES - 64];

	if (config->vm_dir != NULL && config->vm != VM_DISK)
		return refuse(why, "--vm-dir: '%s' is only for --vm disk",
		    config->vm_dir);
	if (config->vm != VM_KERNEL && config->vm != VM_DISK)
		return 0;
	if (config->page_bytes != (uint64_t)system_page)
		return refuse(why, "--vm %s: --page-size %" PRIu64 " must be "
		    "the system page size, %ld", vm_names[config->vm],
		    config->page_bytes, system_page);
	if (tracked > arena_max_file_pages())
		return refuse(why, "--vm %s: %" PRIu64 " tracked pages need as "
		    "many mappings, more than vm.max_map_count allows (%"
		    PRIu64 "); use fewer --items or raise it with sysctl",
		    vm_names[config->vm], tracked, arena_max_file_pages());
	if (config->vm != VM_DISK)
		return 0;
	config->vm_dir = disk_dir(config);
	if (arena_disk_ok(config->vm_dir, reason, sizeof(reason)) != 0)
		return refuse(why, "--vm-dir: %s; name a directory on a disk "
		    "where a file can be made", reason);
	return 0;
}

/* ceil(log2(n + 1)): the levels of a binary heap of n items. */
static unsigned
binary_levels(uint64_t n)
{
	unsigned levels = 0;

	while (levels < 64 && (n >> levels) != 0)
		levels++;
	return levels;
}

/*
 * The most accesses OPT records in one phase of this config (vmsim.h's
 * bound per operation, times the longest phase: fill and drain do one
 * operation per item, the others --ops), for the deepest of the run's
 * layouts: the binary heap has L = ceil(log2(n + 1)) levels; the B-heap,
 * whose pages hold at least 2 of a path's levels where the binary heap's
 * would hold 3, at most 2L + 2; the d-ary heap L / log2(d) + 2 of d
 * children each.
 */
static uint64_t
opt_accesses(const struct config *config)
{
	unsigned levels = binary_levels(config->items), d = config->arity;
	uint64_t per_op = 1, ops = config->ops > config->items ? config->ops :
	    config->items, v;
	unsigned l;

	for (l = 0; l < LAYOUT_COUNT; l++) {
		if (!(config->layouts & 1u << l))
			continue;
		if (layouts[l]->has_arity)
			v = VMSIM_OPT_ACCESSES_PER_OP(levels /
			    (binary_levels(d) - 1) + 2, d);
		else if (layouts[l] == &binheap_layout)
			v = VMSIM_OPT_ACCESSES_PER_OP(levels, 2);
		else
			v = VMSIM_OPT_ACCESSES_PER_OP(2 * levels + 2, 2);
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
static int
check_policy(const struct config *config, bool force, char *why)
{
	const char *name = policy_names[config->policy];
	uint64_t accesses, bytes, physical = physical_memory();

	if (config->policy == POLICY_LRU)
		return 0;
	if (config->vm == VM_OFF)
		return refuse(why, "--policy: '%s' needs the page model, not "
		    "--vm off", name);
	if (config->trace != NULL && config->policy == POLICY_CLOCK)
		return refuse(why, "--trace: '%s' cannot carry clock's "
		    "reference bits in its resident lines; trace lru, fifo or "
		    "opt", config->trace);
	if (config->policy != POLICY_OPT)
		return 0;
	if (config->vm != VM_SIM)
		return refuse(why, "--policy: '%s' knows its evictions only "
		    "after a phase, too late for --vm %s to make them; use "
		    "--vm sim", name, vm_names[config->vm]);
	accesses = opt_accesses(config);
	bytes = accesses > UINT64_MAX / VMSIM_OPT_BYTES_PER_ACCESS ?
	    UINT64_MAX : accesses * VMSIM_OPT_BYTES_PER_ACCESS;
	if (accesses >= UINT32_MAX)
		return refuse(why, "--policy: '%s' would record up to %" PRIu64
		    " accesses a phase, more than the %" PRIu32 " its replay "
		    "can number; use fewer --ops or --items", name, accesses,
		    UINT32_MAX - 1);
	if (memory_need(config) + bytes >= ABI_ADDRESS_SPACE)
		return refuse(why, "--policy: '%s' would record up to %" PRIu64
		    " accesses a phase, %.2f GiB, beside the run's %.2f GiB: "
		    "more than the %.0f GiB address space of %s", name,
		    accesses, gib(bytes), gib(memory_need(config)),
		    gib(ABI_ADDRESS_SPACE), ABI_NAME);
	if (memory_need(config) + bytes > physical && !force)
		return refuse(why, "--policy: '%s' would record up to %" PRIu64
		    " accesses a phase, %.2f GiB, beside the run's %.2f GiB: "
		    "more than this machine's %.2f GiB (--force runs anyway)",
		    name, accesses, gib(bytes), gib(memory_need(config)),
		    gib(physical));
	return 0;
}

static int
finish_point(struct config *config, const struct plan_request *request,
    char *why)
{
	if (config->ops == 0)
		config->ops = config->items;
	if (check_page_size(config, why) != 0 ||
	    check_item_bytes(config, why) != 0 ||
	    /* Before the memory: a cache too large is --cache's fault. */
	    check_cache(config, request->hierarchy_given, why) != 0 ||
	    check_memory(config, request->force, why) != 0 ||
	    check_resident(config, request, why) != 0 ||
	    check_trace(config, why) != 0 ||
	    check_vm(config, why) != 0 ||
	    check_policy(config, request->force, why) != 0)
		return -1;
	return 0;
}

/* Sweeps -------------------------------------------------------------- */

static int
check_sweep(const struct plan_request *request, const struct sweep_spec *spec,
    char *why)
{
	if (request->resident_all)
		return refuse(why, "--resident: 'all' is a sweep of every "
		    "budget already; not with --sweep '%s'", request->sweep);
	if (request->config.trace != NULL)
		return refuse(why, "--trace: '%s' records one run, not a "
		    "--sweep", request->config.trace);
	if (spec->param == SWEEP_POLICY && request->policy_given)
		return refuse(why, "--policy and --sweep '%s' both set the "
		    "policy; give one", request->sweep);
	if (spec->param == SWEEP_POLICY && request->plot != NULL)
		return refuse(why, "--plot: '%s' needs a numeric x; draw "
		    "policies as lines over --sweep resident=LIST with "
		    "--policy LIST", request->plot);
	if (spec->param != SWEEP_RESIDENT)
		return 0;
	if (request->config.vm == VM_OFF)
		return refuse(why, "--sweep: '%s' varies the page model's "
		    "budget, which --vm off does not run", request->sweep);
	if (request->resident != NULL)
		return refuse(why, "--resident: '%s' and --sweep '%s' both set "
		    "the budget; give one", request->resident, request->sweep);
	return 0;
}

static int
apply_sweep(struct config *point, const struct sweep_spec *spec, size_t i,
    const struct plan_request *request, char *why)
{
	uint64_t value = spec->values[i];
	char text[32];

	snprintf(text, sizeof(text), "%" PRIu64, value);
	switch (spec->param) {
	case SWEEP_ITEMS:
		if (value > HEAP_MAX_ITEMS)
			return refuse(why, "--sweep: items %s is more than %"
			    PRIu64, text, HEAP_MAX_ITEMS);
		point->items = value;
		break;
	case SWEEP_PAGE_SIZE:
		point->page_bytes = value;
		break;
	case SWEEP_RESIDENT:
	case SWEEP_POLICY:
	case SWEEP_NONE:
		break;
	}
	if (finish_point(point, request, why) != 0)
		return -1;
	if (spec->param == SWEEP_RESIDENT)
		return set_resident(point, value, spec->bytes, "--sweep", text,
		    why);
	return 0;
}

static int
expand_sweep(struct plan *plan, const struct plan_request *request,
    char *why)
{
	static struct sweep_spec spec;
	char reason[PLAN_WHY_BYTES - 16];
	size_t i;

	if (sweep_parse(request->sweep, &spec, reason, sizeof(reason)) != 0)
		return refuse(why, "--sweep: %s", reason);
	if (check_sweep(request, &spec, why) != 0)
		return -1;
	plan->base.sweep = spec.param;
	/* A policy sweep is --policy's list: expand_policies() runs it. */
	if (spec.param == SWEEP_POLICY) {
		plan->base.policies = 0;
		for (i = 0; i < spec.count; i++)
			plan->base.policies |= 1u << spec.values[i];
		plan->base.policy = first_policy(plan->base.policies);
		plan->points = &plan->base;
		plan->npoints = 1;
		return finish_point(&plan->base, request, why);
	}
	plan->npoints = spec.count;
	plan->points = calloc(spec.count, sizeof(*plan->points));
	if (plan->points == NULL)
		err(1, "%zu sweep points", spec.count);
	/* Every point is checked before the first one runs. */
	for (i = 0; i < spec.count; i++) {
		plan->points[i] = plan->base;
		if (apply_sweep(&plan->points[i], &spec, i, request, why) != 0)
			return -1;
	}
	return finish_point(&plan->base, request, why);
}

/* Curves and passes ----------------------------------------------------- */

/* --resident all: one point per budget, from 1 page to every tracked one. */
static int
expand_all(struct plan *plan, const struct plan_request *request, char *why)
{
	struct config *base = &plan->base;
	uint64_t tracked, budget;

	if (base->policies != 1u << POLICY_LRU)
		return refuse(why, "--resident: 'all' is one pass of LRU's "
		    "stack distances; other policies take one run per budget: "
		    "use --sweep resident=LIST");
	if (base->vm != VM_SIM)
		return refuse(why, "--resident: 'all' needs --vm sim, whose "
		    "model gives every budget in one pass; --vm %s runs one "
		    "budget", vm_names[base->vm]);
	if (finish_point(base, request, why) != 0)
		return -1;
	tracked = config_footprint(base).tracked_pages;
	if (tracked > MAX_CURVE_BUDGETS)
		return refuse(why, "--resident: 'all' would make %" PRIu64
		    " budgets, more than %" PRIu64 "; sweep a list of them "
		    "with --sweep resident=LIST", tracked, MAX_CURVE_BUDGETS);
	base->sweep = SWEEP_RESIDENT;
	plan->npoints = (size_t)tracked;
	plan->points = calloc(plan->npoints, sizeof(*plan->points));
	if (plan->points == NULL)
		err(1, "%zu budgets", plan->npoints);
	for (budget = 1; budget <= tracked; budget++) {
		plan->points[budget - 1] = *base;
		plan->points[budget - 1].resident_pages = budget;
	}
	return 0;
}

/*
 * Several policies: every point once per policy, policy by policy, the
 * first policy's points as they are.  Only the policy's own needs
 * remain to check.
 */
static int
expand_policies(struct plan *plan, const struct plan_request *request,
    char *why)
{
	struct config *points;
	size_t n = 0, i;
	unsigned p;

	for (p = 0; p < POLICY_COUNT; p++)
		n += (plan->base.policies >> p) & 1;
	if (n == 1)
		return 0;
	if (plan->base.trace != NULL)
		return refuse(why, "--trace: '%s' records one policy's run; "
		    "give one --policy", plan->base.trace);
	if (plan->base.sweep == SWEEP_NONE)
		plan->base.sweep = SWEEP_POLICY;
	if (plan->base.sweep == SWEEP_POLICY && request->plot != NULL)
		return refuse(why, "--plot: '%s' needs a numeric x; draw "
		    "policies as lines over --sweep resident=LIST",
		    request->plot);
	points = calloc(n * plan->npoints, sizeof(*points));
	if (points == NULL)
		err(1, "%zu points", n * plan->npoints);
	n = 0;
	for (p = 0; p < POLICY_COUNT; p++) {
		if (!(plan->base.policies & 1u << p))
			continue;
		for (i = 0; i < plan->npoints; i++) {
			points[n] = plan->points[i];
			points[n].sweep = plan->base.sweep;
			points[n].policy = (enum policy)p;
			if (check_policy(&points[n++], request->force,
			    why) != 0) {
				free(points);
				return -1;
			}
		}
	}
	if (plan->points != &plan->base)
		free(plan->points);
	plan->points = points;
	plan->npoints = n;
	return 0;
}

/* Keeps points I, I+N, I+2N, ... (I from 1) of the plan's list. */
static int
take_shard(struct plan *plan, const struct plan_request *request, char *why)
{
	size_t kept = 0, i;

	if (request->shards == 0)
		return 0;
	if (plan->points == &plan->base)
		return refuse(why, "--shard: %u/%u splits the points of a "
		    "--sweep or of --resident all; this run has one",
		    request->shard, request->shards);
	if (request->shard > plan->npoints)
		return refuse(why, "--shard: %u/%u takes no point: the plan "
		    "has %zu; use at most %zu shards", request->shard,
		    request->shards, plan->npoints, plan->npoints);
	for (i = request->shard - 1; i < plan->npoints; i += request->shards)
		plan->points[kept++] = plan->points[i];
	plan->npoints = kept;
	return 0;
}

/*
 * With --vm sim, the points of a resident sweep differ only in their
 * budget, so one stack-distance pass serves a run of them: the whole
 * list for --resident all, PLAN_PASS_BUDGETS at a time for a listed
 * sweep, so that every listed budget gets exact distributions.
 */
static void
make_passes(struct plan *plan, bool all)
{
	const struct config *base = &plan->base;
	bool curve = base->vm == VM_SIM && base->sweep == SWEEP_RESIDENT;
	size_t per_pass = !curve ? 1 : all ? plan->npoints : PLAN_PASS_BUDGETS;
	size_t first, count;

	plan->passes = calloc(plan->npoints, sizeof(*plan->passes));
	if (plan->passes == NULL)
		err(1, "%zu passes", plan->npoints);
	for (first = 0; first < plan->npoints; first += count) {
		struct pass *pass = &plan->passes[plan->npasses++];

		/*
		 * The curve is LRU's stack distances: another policy's
		 * points run one budget at a time.  Points are policy by
		 * policy, so a pass never mixes two.
		 */
		count = 1;
		while (count < per_pass && first + count < plan->npoints &&
		    plan->points[first].policy == POLICY_LRU &&
		    plan->points[first + count].policy == POLICY_LRU)
			count++;
		pass->first = first;
		pass->count = count;
	}
}

/* The plan ------------------------------------------------------------ */

/*
 * The teaching figure draws the curves of pages and lines: a resident
 * sweep's, with a cache level whose lines the line curve counts.
 */
static int
check_misses_figure(struct plan *plan, char *why)
{
	const struct config *base = &plan->base;

	if (plan->plot == NULL || strcmp(plan->plot_y, PLOT_MISSES) != 0)
		return 0;
	if (base->vm != VM_SIM || base->sweep != SWEEP_RESIDENT)
		return refuse(why, "--plot-y: '%s' draws the curves of a "
		    "resident sweep with --vm sim: --resident all or --sweep "
		    "resident=LIST", PLOT_MISSES);
	if (config_line_bytes(base) == 0)
		return refuse(why, "--plot-y: '%s' needs a cache level, whose "
		    "lines it counts: not --cache off", PLOT_MISSES);
	/* Only LRU is a stack algorithm: the line curve is LRU's. */
	if (!(base->policies & 1u << POLICY_LRU))
		return refuse(why, "--plot-y: '%s' draws LRU's curves: add lru "
		    "to --policy", PLOT_MISSES);
	return 0;
}

static int
expand(struct plan *plan, const struct plan_request *request, char *why)
{
	if (request->resident_all && request->sweep == NULL)
		return expand_all(plan, request, why);
	if (request->sweep != NULL)
		return expand_sweep(plan, request, why);
	if (request->plot != NULL)
		return refuse(why, "--plot: '%s' needs a --sweep to draw",
		    request->plot);
	plan->points = &plan->base;
	plan->npoints = 1;
	return finish_point(&plan->base, request, why);
}

int
plan_make(struct plan *plan, const struct plan_request *request,
    char why[PLAN_WHY_BYTES])
{
	struct config *base = &plan->base;
	char reason[PLAN_WHY_BYTES - 16];

	memset(plan, 0, sizeof(*plan));
	*base = request->config;
	if (base->output != NULL && !request->format_given)
		base->format = report_format_of_path(base->output,
		    base->format);
	plan->plot = request->plot;
	plan->dry_run = request->dry_run;
	plan->jobs = request->jobs != 0 ? request->jobs : 1;
	plan->plot_y = request->plot_y != NULL ? request->plot_y :
	    base->vm != VM_OFF ? "modeled_s" : "ns_per_op";
	if (strcmp(plan->plot_y, PLOT_MISSES) != 0 &&
	    report_plottable(base, plan->plot_y, reason, sizeof(reason)) != 0)
		return refuse(why, "--plot-y: %s", reason);
	base->policy = first_policy(base->policies);
	if (expand(plan, request, why) != 0 ||
	    check_misses_figure(plan, why) != 0 ||
	    expand_policies(plan, request, why) != 0 ||
	    take_shard(plan, request, why) != 0)
		return -1;
	make_passes(plan, request->resident_all);
	return 0;
}

void
plan_free(struct plan *plan)
{
	if (plan->points != &plan->base)
		free(plan->points);
	free(plan->passes);
	plan->points = NULL;
	plan->passes = NULL;
}

int
plan_write_needs(FILE *out, const struct plan *plan)
{
	size_t i;

	fputs("items,page_bytes,model,vm,tracked_pages,array_bytes,"
	    "item_bytes,model_bytes,memory_bytes\n", out);
	for (i = 0; i < plan->npoints; i++) {
		const struct config *point = &plan->points[i];
		struct need need = plan_need(point);

		fprintf(out, "%" PRIu64 ",%" PRIu64 ",%s,%s,%" PRIu64 ",%"
		    PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
		    point->items, point->page_bytes, model_names[point->model],
		    vm_names[point->vm], need.tracked_pages, need.array_bytes,
		    need.item_bytes, need.model_bytes, need.total_bytes);
	}
	return fflush(out) != 0 || ferror(out) ? -1 : 0;
}

const char *
plan_memory_note(const struct plan *plan)
{
	static char note[PLAN_WHY_BYTES];
	const struct config *largest = &plan->points[0];
	struct need parts;
	uint64_t need;
	size_t i;

	for (i = 1; i < plan->npoints; i++)
		if (memory_need(&plan->points[i]) > memory_need(largest))
			largest = &plan->points[i];
	need = memory_need(largest);
	if (need < NOTE_MEMORY_BYTES)
		return NULL;
	parts = plan_need(largest);
	snprintf(note, sizeof(note), "%" PRIu64 " items need %.2f GiB per "
	    "layout run (heap array %.2f, items %.2f, page model %.2f); this "
	    "machine has %.2f GiB", largest->items, gib(need),
	    gib(parts.array_bytes), gib(parts.item_bytes),
	    gib(parts.model_bytes), gib(physical_memory()));
	return note;
}
