/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_pmu.c: the CPU's counters (pmu.h): that they never fail where the
 * machine has none, and that their plumbing reads real counts.
 *
 * Hardware counters may be absent (a VM without a PMU, as where this
 * was written), so checks on them are conditional on their opening.
 * The plumbing is checked through software events, which every Linux
 * kernel counts where it lets a process count anything: page faults in
 * every slot, around writes to fresh anonymous pages, one fault each on
 * first touch.  Where perf_event_open(2) is refused outright
 * (perf_event_paranoid 3 or more for a user, a seccomp filter), every
 * count must be unknown instead.
 */
#include <linux/perf_event.h>
#include <sys/mman.h>

#include <string.h>

#include "pmu.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define SPAN_PAGES	100
#define SECOND_SPAN_PAGES 10

/* Writes one byte to each of `pages` fresh pages: `pages` page faults. */
static void
touch_fresh_pages(size_t pages)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	volatile char *p = mmap(NULL, pages * page, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	ck_assert_ptr_ne((void *)p, MAP_FAILED);
	for (i = 0; i < pages; i++)
		p[i * page] = 1;
	munmap((void *)p, pages * page);
}

/* A code no kernel opens: software event ids stop below SW_MAX. */
static const struct pmu_event_code never_opens = {
	PERF_TYPE_SOFTWARE, PERF_COUNT_SW_MAX
};

/* Page faults in every slot but `unopened`, which never opens. */
static void
page_fault_codes(struct pmu_event_code codes[PMU_EVENTS],
    enum pmu_event unopened)
{
	unsigned e;

	for (e = 0; e < PMU_EVENTS; e++) {
		codes[e].type = PERF_TYPE_SOFTWARE;
		codes[e].config = PERF_COUNT_SW_PAGE_FAULTS;
	}
	codes[unopened] = never_opens;
}

static void
expect_unknown(const struct pmu_counts *counts, unsigned e)
{
	ck_assert_msg(!counts->known[e], "%s is known", pmu_event_names[e]);
	ck_assert_uint_eq(counts->value[e], 0);
}

/*
 * Whether the kernel refused every counter it was asked to open: then
 * nothing is known, which the caller asserts instead of counts.
 */
static bool
all_refused(const struct pmu *pmu, const struct pmu_counts *counts)
{
	unsigned e;

	for (e = 0; e < PMU_EVENTS; e++)
		if (pmu->fd[e] >= 0 || counts->known[e])
			return false;
	return true;
}

/* Tests ------------------------------------------------------------- */

START_TEST(names_and_codes)
{
	static const char *const names[PMU_EVENTS] = { "cycles",
	    "instructions", "l1d_misses", "llc_misses", "dtlb_misses" };
	static const uint64_t caches[PMU_EVENTS] = {
		[PMU_L1D_MISSES] = PERF_COUNT_HW_CACHE_L1D,
		[PMU_LLC_MISSES] = PERF_COUNT_HW_CACHE_LL,
		[PMU_DTLB_MISSES] = PERF_COUNT_HW_CACHE_DTLB,
	};
	const uint64_t read_miss = PERF_COUNT_HW_CACHE_OP_READ << 8 |
	    PERF_COUNT_HW_CACHE_RESULT_MISS << 16;
	unsigned e;

	for (e = 0; e < PMU_EVENTS; e++)
		ck_assert_str_eq(pmu_event_names[e], names[e]);
	ck_assert_uint_eq(pmu_event_codes[PMU_CYCLES].type, PERF_TYPE_HARDWARE);
	ck_assert_uint_eq(pmu_event_codes[PMU_CYCLES].config,
	    PERF_COUNT_HW_CPU_CYCLES);
	ck_assert_uint_eq(pmu_event_codes[PMU_INSTRUCTIONS].type,
	    PERF_TYPE_HARDWARE);
	ck_assert_uint_eq(pmu_event_codes[PMU_INSTRUCTIONS].config,
	    PERF_COUNT_HW_INSTRUCTIONS);
	for (e = PMU_L1D_MISSES; e <= PMU_DTLB_MISSES; e++) {
		ck_assert_uint_eq(pmu_event_codes[e].type, PERF_TYPE_HW_CACHE);
		ck_assert_uint_eq(pmu_event_codes[e].config,
		    caches[e] | read_miss);
	}
}
END_TEST

/* pmu_available() is true exactly when pmu_open() gets a cycles counter. */
START_TEST(available_iff_cycles_open)
{
	const char *why = NULL;
	bool available = pmu_available(&why);
	struct pmu pmu;

	pmu_open(&pmu);
	ck_assert_int_eq(available, pmu.fd[PMU_CYCLES] >= 0);
	if (!available) {
		ck_assert_ptr_nonnull(why);
		ck_assert_msg(why[0] != '\0' && strchr(why, '\n') == NULL,
		    "a reason of one short phrase: \"%s\"", why);
	}
	pmu_close(&pmu);
}
END_TEST

/*
 * The real events over a span of work: what did not open is unknown,
 * and cycles and instructions, where known, are not zero.
 */
START_TEST(hardware_span_never_fails)
{
	struct pmu_counts counts;
	struct pmu pmu;
	unsigned e;

	pmu_open(&pmu);
	pmu_start(&pmu);
	touch_fresh_pages(SPAN_PAGES);
	pmu_stop(&pmu, &counts);
	for (e = 0; e < PMU_EVENTS; e++)
		if (pmu.fd[e] < 0)
			expect_unknown(&counts, e);
	for (e = PMU_CYCLES; e <= PMU_INSTRUCTIONS; e++)
		ck_assert_msg(!counts.known[e] || counts.value[e] > 0,
		    "%s known, and 0", pmu_event_names[e]);
	pmu_close(&pmu);
	for (e = 0; e < PMU_EVENTS; e++)
		ck_assert_int_eq(pmu.fd[e], -1);
}
END_TEST

/* Nothing opens: every span is all unknown, and nothing fails. */
START_TEST(nothing_opens)
{
	struct pmu_event_code codes[PMU_EVENTS];
	struct pmu_counts counts;
	struct pmu pmu;
	unsigned e;

	for (e = 0; e < PMU_EVENTS; e++)
		codes[e] = never_opens;
	pmu_open_codes(&pmu, codes);
	pmu_start(&pmu);
	pmu_stop(&pmu, &counts);
	for (e = 0; e < PMU_EVENTS; e++)
		expect_unknown(&counts, e);
	pmu_close(&pmu);
}
END_TEST

/* Page-fault counters count the pages touched, the unopened slot not. */
START_TEST(page_faults_counted)
{
	struct pmu_event_code codes[PMU_EVENTS];
	enum pmu_event unopened = (enum pmu_event)_i;
	struct pmu_counts counts;
	struct pmu pmu;
	unsigned e;

	page_fault_codes(codes, unopened);
	pmu_open_codes(&pmu, codes);
	pmu_start(&pmu);
	touch_fresh_pages(SPAN_PAGES);
	pmu_stop(&pmu, &counts);
	if (all_refused(&pmu, &counts)) {
		pmu_close(&pmu);
		return;
	}
	pmu_close(&pmu);
	for (e = 0; e < PMU_EVENTS; e++)
		if (e == unopened)
			expect_unknown(&counts, e);
		else
			ck_assert_msg(counts.known[e] &&
			    counts.value[e] >= SPAN_PAGES, "slot %s: %s, %llu "
			    "page faults for %d fresh pages", pmu_event_names[e],
			    counts.known[e] ? "known" : "unknown",
			    (unsigned long long)counts.value[e], SPAN_PAGES);
}
END_TEST

/* A second span counts its own faults only, not the first span's too. */
START_TEST(spans_count_themselves)
{
	struct pmu_event_code codes[PMU_EVENTS];
	const unsigned slot = PMU_CYCLES;	/* any: page faults here */
	struct pmu_counts first, second;
	struct pmu pmu;

	page_fault_codes(codes, PMU_DTLB_MISSES);
	pmu_open_codes(&pmu, codes);
	pmu_start(&pmu);
	touch_fresh_pages(SPAN_PAGES);
	pmu_stop(&pmu, &first);
	pmu_start(&pmu);
	touch_fresh_pages(SECOND_SPAN_PAGES);
	pmu_stop(&pmu, &second);
	if (all_refused(&pmu, &first)) {
		ck_assert(all_refused(&pmu, &second));
		pmu_close(&pmu);
		return;
	}
	pmu_close(&pmu);
	ck_assert(first.known[slot] && second.known[slot]);
	ck_assert_uint_ge(first.value[slot], SPAN_PAGES);
	ck_assert_uint_ge(second.value[slot], SECOND_SPAN_PAGES);
	ck_assert_uint_lt(second.value[slot], SPAN_PAGES);
}
END_TEST

Suite *
pmu_suite(void)
{
	Suite *suite = suite_create("pmu");
	TCase *tc = tcase_create("hardware");

	tcase_add_test(tc, names_and_codes);
	tcase_add_test(tc, available_iff_cycles_open);
	tcase_add_test(tc, hardware_span_never_fails);
	suite_add_tcase(suite, tc);
	tc = tcase_create("plumbing");
	tcase_add_test(tc, nothing_opens);
	tcase_add_loop_test(tc, page_faults_counted, 0, PMU_EVENTS);
	tcase_add_test(tc, spans_count_themselves);
	suite_add_tcase(suite, tc);
	return suite;
}
