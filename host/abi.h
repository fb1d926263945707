/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * abi.h: which ABI this binary was built for, and what that allows.
 */
#ifndef ABI_H
#define ABI_H

#include <stdint.h>

#if defined(__x86_64__) && defined(__ILP32__)
#define ABI_NAME "x32"
#elif defined(__x86_64__)
#define ABI_NAME "x86-64"
#elif defined(__i386__)
#define ABI_NAME "ia32"
#elif defined(__aarch64__)
#define ABI_NAME "aarch64"
#else
#define ABI_NAME "unknown"
#endif

#define ABI_PTR_BYTES ((unsigned)sizeof(void *))

/*
 * Bytes a process can map: 4 GiB with 32-bit pointers (x32, and ia32 on a
 * 64-bit kernel); with 64-bit ones, the 128 TiB lower half that x86-64
 * and four-level aarch64 kernels give user space.
 */
#define ABI_ADDRESS_SPACE \
	(sizeof(void *) == 4 ? (uint64_t)1 << 32 : (uint64_t)1 << 47)

#endif
