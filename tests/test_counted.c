/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_counted.c: the stream's batches filtered once (counted.h)
 * against a naive decoding of each record, on long random streams of
 * every kind of record, with and without the items counted, in chunks
 * of every size, by the host's vectors and by the portable loop.
 */
#include <stdlib.h>

#include "counted.h"
#include "prng.h"
#include "stream.h"
#include "tests.h"

/* Parameters -------------------------------------------------------- */

#define RECORDS		200000u

/* A random record: reads and writes of the array or the items, markers. */
static uint64_t
random_record(uint64_t *rng)
{
	uint64_t roll = prng_below(rng, 10);
	uint64_t address = prng_below(rng, STREAM_ADDRESS_MASK + 1);

	/* A step's marker carries its site, parent and outcome. */
	if (roll == 0)
		return stream_step(STREAM_SITE_DOWN, (uint32_t)address) |
		    stream_outcome((unsigned)(address >> 40) & 63, address & 1);
	if (roll == 1)
		return stream_access(STREAM_OP_END, 0, 0, 0);
	return stream_access(roll & 1 ? STREAM_READ : STREAM_WRITE, address,
	    (unsigned)prng_below(rng, 256), roll >= 6);
}

/* What a model collects: the addresses, and at each end their count. */
struct seen {
	uint64_t	*address;
	size_t		 n;
	uint64_t	*end;
	size_t		 ends;
};

static void
collect(void *model, const struct counted *c)
{
	struct seen *s = model;
	size_t i;

	ck_assert_uint_le(c->n, COUNTED_MAX);
	for (i = 0; i < c->ends; i++) {
		ck_assert_uint_le(c->end[i], c->n);
		s->end[s->ends++] = s->n + c->end[i];
	}
	for (i = 0; i < c->n; i++)
		s->address[s->n++] = c->address[i];
}

/*
 * Chunks of 1, 7, COUNTED_MAX and more records; items counted or not;
 * the host's vectors or the portable loop.
 */
START_TEST(filter_is_naive_decoding)
{
	static const size_t chunks[] = { 1, 7, COUNTED_MAX, 3 * COUNTED_MAX +
	    5 };
	bool items = _i & 1;
	size_t chunk = chunks[_i / 4], i, done, n = 0, ends = 0;
	uint64_t *record = malloc(RECORDS * sizeof(*record)), rng = 5 + _i;
	struct seen s = { malloc(RECORDS * sizeof(uint64_t)), 0,
	    malloc(RECORDS * sizeof(uint64_t)), 0 };

	ck_assert(record != NULL && s.address != NULL && s.end != NULL);
	for (i = 0; i < RECORDS; i++)
		record[i] = random_record(&rng);
	counted_use_vectors(_i & 2);
	for (done = 0; done < RECORDS; done += chunk)
		counted_take_records(record + done, RECORDS - done < chunk ?
		    RECORDS - done : chunk, items, collect, &s);
	counted_use_vectors(true);
	for (i = 0; i < RECORDS; i++) {
		if (stream_kind_of(record[i]) == STREAM_OP_END) {
			need(ends < s.ends && s.end[ends] == n,
			    "end %zu: after %zu addresses", ends, n);
			ends++;
		}
		if (stream_is_counted(record[i], items)) {
			need(n < s.n && s.address[n] ==
			    stream_address_of(record[i]), "address %zu", n);
			n++;
		}
	}
	ck_assert_uint_eq(n, s.n);
	ck_assert_uint_eq(ends, s.ends);
	ck_assert_uint_gt(n, RECORDS / 3);
	free(record);
	free(s.address);
	free(s.end);
}
END_TEST

Suite *
counted_suite(void)
{
	Suite *suite = suite_create("counted");
	TCase *tc = tcase_create("counted");

	/* Chunks of one record are 200,000 filterings: slow when sanitized. */
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, filter_is_naive_decoding, 0, 16);
	suite_add_tcase(suite, tc);
	return suite;
}
