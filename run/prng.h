/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * prng.h: the workloads' random numbers, SplitMix64 (Steele, Lea and
 * Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014).
 *
 * state += 0x9e3779b97f4a7c15, then two xor-shift-multiply rounds of the
 * new state.  Every seed, 0 included, gives a full-period sequence, and the
 * same seed gives the same keys on every ABI: runs are comparable.
 */
#ifndef PRNG_H
#define PRNG_H

#include <stdint.h>

static inline uint64_t
prng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/*
 * Uniform in [0, bound), 1 <= bound <= 2^32, by Lemire's multiply-shift on
 * the top 32 bits: no division, no 128-bit type (ia32 has none), and the
 * bias is at most bound / 2^32.
 */
static inline uint64_t
prng_below(uint64_t *state, uint64_t bound)
{
	return ((prng_next(state) >> 32) * bound) >> 32;
}

#endif
