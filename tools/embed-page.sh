#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# embed-page.sh: makes explore_page.c, the page "bheapsim explain --html"
# writes, of explore.html: every line before the one that reads DATA
# alone goes into explore_page_head(), every line after it into
# explore_page_tail(), each as a C string.  The build runs it (Makefile's
# PAGE_C): explore.html is the page's one source.
#
#   sh tools/embed-page.sh report/explore.html > build/obj/gen/explore_page.c
set -eu
html=${1:-report/explore.html}
grep -qx DATA "$html" || { echo "$0: no line DATA in $html" >&2; exit 1; }
cat <<'HEAD'
/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * explore_page.c: the page around "bheapsim explain --html"'s data,
 * made of report/explore.html by tools/embed-page.sh at build time:
 * edit that, not this.
 */
#include <stdio.h>

#include "explore.h"

/* Parameters -------------------------------------------------------- */

HEAD
# Each line a C string: backslashes and quotes escaped, a newline added.
quote() {
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$/\\n"/'
}
printf 'static const char head[] =\n'
sed '/^DATA$/,$d' "$html" | quote
printf ';\n\nstatic const char tail[] =\n'
sed '1,/^DATA$/d' "$html" | quote
cat <<'TAIL'
;

void
explore_page_head(FILE *out)
{
	fputs(head, out);
}

void
explore_page_tail(FILE *out)
{
	fputs(tail, out);
}
TAIL
