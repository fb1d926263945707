/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * vectors.h: where the models and the stream's filter may take x86-64's
 * vector instructions, and what they ask of the CPU.  A vector path is
 * compiled (VECTOR_PATHS) for VECTOR_TARGET's extensions and taken only
 * where vectors_avx2() says the CPU has them; every other host and ABI
 * (ia32, x32) takes the portable path, which the tests hold to the same
 * results.
 */
#ifndef VECTORS_H
#define VECTORS_H

#include <stdbool.h>

#if defined(__x86_64__) && defined(__LP64__) && defined(__GNUC__)
#define VECTOR_PATHS 1
#include <immintrin.h>
#else
#define VECTOR_PATHS 0
#endif

/*
 * AVX2 and the bit instructions the vector loops use beside it (shifts
 * by a register, bit counts), which every CPU with AVX2 has.
 */
#define VECTOR_TARGET	__attribute__((target("avx2,bmi,bmi2,popcnt")))
#define INLINE_VECTOR	static inline VECTOR_TARGET \
	__attribute__((always_inline))

/* Whether this CPU has VECTOR_TARGET's extensions, every one. */
static inline bool
vectors_avx2(void)
{
#if VECTOR_PATHS
	__builtin_cpu_init();
	return __builtin_cpu_supports("avx2") &&
	    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
	    __builtin_cpu_supports("popcnt");
#else
	return false;
#endif
}

/* Whether it has AVX-512's foundation beside them. */
static inline bool
vectors_avx512(void)
{
#if VECTOR_PATHS
	return vectors_avx2() && __builtin_cpu_supports("avx512f");
#else
	return false;
#endif
}

#endif
