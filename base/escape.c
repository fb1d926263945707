/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * escape.c: messages, CSV, JSON, Markdown and XML that any text leaves
 * well-formed.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"

void
escape_text(char *out, size_t size, const char *text)
{
	const unsigned char *p;
	size_t n = 0;

	assert(size >= 8);
	for (p = (const unsigned char *)text; *p != '\0'; p++) {
		const char *esc = *p == '\n' ? "\\n" : *p == '\t' ? "\\t" :
		    *p == '\r' ? "\\r" : *p == '\\' ? "\\\\" : NULL;

		if (n + 8 > size) {
			memcpy(out + n, "...", 4);
			return;
		}
		if (esc != NULL)
			n += (size_t)sprintf(out + n, "%s", esc);
		else if (*p < 0x20 || *p == 0x7f)
			n += (size_t)sprintf(out + n, "\\x%02x", *p);
		else
			out[n++] = (char)*p;
	}
	out[n] = '\0';
}

const char *
printable_into(char out[PRINTABLE_BYTES], const char *text)
{
	escape_text(out, PRINTABLE_SHOWN + 4, text);
	return out;
}

void
escape_csv(FILE *out, const char *text)
{
	const char *p;

	if (text[strcspn(text, ",\"\r\n")] == '\0') {
		fputs(text, out);
		return;
	}
	fputc('"', out);
	for (p = text; *p != '\0'; p++) {
		if (*p == '"')
			fputc('"', out);
		fputc(*p, out);
	}
	fputc('"', out);
}

void
escape_json(FILE *out, const char *text)
{
	const unsigned char *p;

	fputc('"', out);
	for (p = (const unsigned char *)text; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(out, "\\u%04x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

void
escape_md(FILE *out, const char *text)
{
	const unsigned char *p;

	for (p = (const unsigned char *)text; *p != '\0'; p++) {
		if (strchr("\\|*_`<>[]", *p) != NULL)
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\\\x%02x", *p);
		else
			fputc(*p, out);
	}
}

void
escape_xml(FILE *out, const char *text)
{
	const char *p;

	for (p = text; *p != '\0'; p++) {
		switch (*p) {
		case '&':	fputs("&amp;", out); break;
		case '<':	fputs("&lt;", out); break;
		case '>':	fputs("&gt;", out); break;
		default:	fputc(*p, out); break;
		}
	}
}
