/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * help.h: bheapsim's usage, --help and --version.  Every default and
 * limit they print is asked of the constant or table that owns it
 * (config.h, heap.h's registry, hier.h, machine.h, exits.h), never
 * typed here.
 */
#ifndef HELP_H
#define HELP_H

#include <stdio.h>

void		help_usage(FILE *);
/* --help's groups of options, each "  --NAME VALUE  what it takes". */
void		help_options(FILE *);
/* Print, then exit 0 (1 if stdout did not take it all). */
_Noreturn void	help_print(void);
_Noreturn void	help_version(void);

#endif
