/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * x32probe.c: exits 0 if this kernel runs x32 programs.
 *
 * Built with gcc -mx32 -static -nostdlib: no C library, no start files,
 * so it builds and runs where no x32 libc is installed.  A kernel without
 * x32 support (no CONFIG_X86_X32_ABI, or a Debian kernel booted without
 * syscall.x32=y) refuses the ELF at execve with ENOEXEC, and the shell
 * that ran it reports status 126.  tools/x32check.sh tells which.
 */

/* x32 system calls are the x86-64 ones with this bit set. */
#define X32_SYSCALL_BIT	0x40000000
#define NR_EXIT_GROUP	231

void	_start(void);

void
_start(void)
{
	/* The kernel needs nothing from the stack: exit_group(0), raw. */
	__asm__ volatile ("syscall"
	    : : "a" (X32_SYSCALL_BIT | NR_EXIT_GROUP), "D" (0)
	    : "rcx", "r11", "memory");
	for (;;)
		;
}
