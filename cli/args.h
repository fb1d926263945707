/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * args.h: bheapsim's command line (the main form: not explain or
 * compare) into a plan request.  A bad option or value is one line on
 * stderr naming it and what is accepted, and exit status EXIT_USAGE;
 * --help and --version print and exit.
 */
#ifndef ARGS_H
#define ARGS_H

#include "request.h"

void	args_parse(int argc, char *argv[], struct plan_request *);

#endif
