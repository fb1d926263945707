/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * escape.h: text made safe for where it goes: one line of a message, a
 * CSV, JSON or Markdown cell, or XML (an SVG's text).
 */
#ifndef ESCAPE_H
#define ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * text as a message may show it: control bytes written \n, \t, \r or
 * \xNN and a backslash \\, so that a value never breaks the one line
 * or reaches the terminal as an escape code; cut at PRINTABLE_SHOWN
 * bytes with "...".  The answer is written into a buffer of the
 * caller's (a compound literal), which lives as long as the block that
 * calls: a message may hold as many as it likes.
 */
#define PRINTABLE_SHOWN		200
#define PRINTABLE_BYTES		(PRINTABLE_SHOWN + 8)
#define printable(text)	printable_into((char[PRINTABLE_BYTES]){ 0 }, (text))
const char	*printable_into(char out[PRINTABLE_BYTES], const char *text);
/* The same into out, cut with "..." to fit its size (at least 8). */
void		 escape_text(char *out, size_t size, const char *text);

/* A CSV field: quoted, quotes doubled, only if it holds , " or a line end. */
void	escape_csv(FILE *, const char *text);
/* A JSON string, quotes included: " and \ escaped, control bytes \u00NN. */
void	escape_json(FILE *, const char *text);
/*
 * A Markdown table cell: what would end the cell or start markup
 * backslashed, a control byte written \xNN.
 */
void	escape_md(FILE *, const char *text);
/* XML character data: &, < and > escaped, so that any text is well-formed. */
void	escape_xml(FILE *, const char *text);

#endif
