/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * options.c: command-line values that are refused in one line.
 */
#include <assert.h>
#include <err.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "escape.h"
#include "options.h"
#include "parse.h"

uint64_t
count_option(const char *option, const char *text, uint64_t min,
    uint64_t max)
{
	uint64_t value;

	if (parse_count(text, min, max, &value) != 0)
		errx(EXIT_USAGE, "%s: '%s' is not a count from %" PRIu64
		    " to %" PRIu64 " (suffixes K, M, G: 10^3, 10^6, 10^9)",
		    option, printable(text), min, max);
	return value;
}

uint64_t
size_option(const char *option, const char *text, uint64_t min, uint64_t max)
{
	uint64_t value;

	if (parse_size(text, min, max, &value) != 0)
		errx(EXIT_USAGE, "%s: '%s' is not a size from %" PRIu64
		    " to %" PRIu64 " bytes (suffixes K, M, G: 2^10, 2^20, 2^30)",
		    option, printable(text), min, max);
	return value;
}

/* "a, b, c" of up to count names, or up to a NULL one, for messages. */
static void
join_names(char *buf, size_t size, const char *const names[], unsigned count)
{
	unsigned i;

	buf[0] = '\0';
	for (i = 0; i < count && names[i] != NULL; i++) {
		strncat(buf, i ? ", " : "", size - strlen(buf) - 1);
		strncat(buf, names[i], size - strlen(buf) - 1);
	}
}

unsigned
name_option(const char *option, const char *text, const char *const names[])
{
	char accepted[128];
	unsigned value;

	if (parse_name(text, names, &value) == 0)
		return value;
	join_names(accepted, sizeof(accepted), names, ~0u);
	errx(EXIT_USAGE, "%s: '%s' is not one of %s", option,
	    printable(text), accepted);
}

unsigned
list_option(const char *option, const char *text, const char *const names[],
    unsigned count)
{
	char accepted[128];
	unsigned mask;

	if (strcmp(text, "all") == 0)
		return (1u << count) - 1;
	if (parse_name_list(text, names, count, &mask) == 0)
		return mask;
	join_names(accepted, sizeof(accepted), names, count);
	errx(EXIT_USAGE, "%s: '%s' is not a comma-separated list of %s "
	    "(or all)", option, printable(text), accepted);
}

void
shard_option(const char *text, unsigned *shard, unsigned *shards)
{
	const char *slash = strchr(text, '/');
	uint64_t i, n;
	char first[24];

	if (slash != NULL && (size_t)(slash - text) < sizeof(first)) {
		memcpy(first, text, (size_t)(slash - text));
		first[slash - text] = '\0';
		if (parse_count(first, 1, OPTIONS_MAX_SHARDS, &i) == 0 &&
		    parse_count(slash + 1, 1, OPTIONS_MAX_SHARDS, &n) == 0 &&
		    i <= n) {
			*shard = (unsigned)i;
			*shards = (unsigned)n;
			return;
		}
	}
	errx(EXIT_USAGE, "--shard: '%s' is not I/N with 1 <= I <= N <= %d",
	    printable(text), OPTIONS_MAX_SHARDS);
}

unsigned
layout_option(const char *text)
{
	const char *names[LAYOUT_COUNT];
	unsigned i;

	for (i = 0; i < LAYOUT_COUNT; i++)
		names[i] = layouts[i]->name;
	return list_option("--layout", text, names, LAYOUT_COUNT);
}

struct resident_choice
resident_option(const char *text)
{
	struct resident_choice r = { strcmp(text, "all") == 0,
	    has_size_suffix(text), 0 };

	if (r.all || (r.bytes ? parse_size(text, 1, CONFIG_MAX_RESIDENT_BYTES,
	    &r.value) : parse_count(text, 1, CONFIG_MAX_RESIDENT_PAGES,
	    &r.value)) == 0)
		return r;
	errx(EXIT_USAGE, "--resident: '%s' is not a count of pages from 1 to "
	    "%" PRIu64 " or a whole size from 1K to %" PRIu64 "G (suffixes K, "
	    "M, G: 2^10, 2^20, 2^30 bytes)", printable(text),
	    CONFIG_MAX_RESIDENT_PAGES, CONFIG_MAX_RESIDENT_BYTES >> 30);
}

/*
 * The argument getopt_long's '?' refused, as typed: with no short
 * options every '-x...' cluster fails at its first letter, before or
 * after getopt_long has stepped past it.  `before` is optind as the
 * call began.
 */
static const char *
option_typed(int argc, char *argv[], int before)
{
	const char *last = optind > 1 ? argv[optind - 1] : "";
	const char *next = optind < argc ? argv[optind] : "";

	/* "--name" or a whole "-x": getopt_long stepped past it this call. */
	if (optind - 1 >= before && last[0] == '-' && (last[1] == '-' ||
	    (last[1] == optopt && last[2] == '\0')))
		return last;
	/* "-xyz": it stays at the cluster, whose first letter failed. */
	if (optopt != 0 && next[0] == '-' && next[1] == optopt)
		return next;
	return last;
}

/*
 * What getopt_long's '?' means for `arg`, in one line: a prefix of
 * several long options (each named), a value given to an option that
 * takes none, or an unknown option.
 */
_Noreturn static void
option_refused(const char *arg, const struct command *cmd)
{
	const char *name = arg + 2;
	size_t len = strcspn(name, "=");
	char matches[256] = "";
	const struct option *o, *match = NULL;
	unsigned count = 0;

	if (strncmp(arg, "--", 2) == 0 && len > 0)
		for (o = cmd->options; o->name != NULL; o++) {
			if (strncmp(o->name, name, len) != 0)
				continue;
			snprintf(matches + strlen(matches),
			    sizeof(matches) - strlen(matches), "%s--%s",
			    count > 0 ? ", " : "", o->name);
			match = o;
			count++;
		}
	if (count > 1)
		errx(EXIT_USAGE, "'%.*s' is ambiguous: %s", (int)len + 2, arg,
		    matches);
	if (count == 1 && name[len] == '=' && match->has_arg == no_argument)
		errx(EXIT_USAGE, "'%s': --%s takes no value", printable(arg),
		    match->name);
	errx(EXIT_USAGE, "unknown option '%s'; bheapsim %s%s--help lists "
	    "them", printable(arg), cmd->name != NULL ? cmd->name : "",
	    cmd->name != NULL ? " " : "");
}

/*
 * Appends text's words to entry (n bytes used of size), one space
 * between them; "..." ends what does not fit.
 */
static size_t
append_words(char *entry, size_t n, size_t size, char *text)
{
	char *word, *save = NULL;

	for (word = strtok_r(text, " ", &save); word != NULL;
	    word = strtok_r(NULL, " ", &save)) {
		/* A word broken at a line's end ("comma-") goes on. */
		const char *space = n == 0 || (n > 1 && entry[n - 1] == '-' &&
		    entry[n - 2] != ' ') ? "" : " ";

		if (n + strlen(word) + 5 > size) {
			snprintf(entry + n, size - n, "%s...", space);
			return size;
		}
		n += (size_t)snprintf(entry + n, size - n, "%s%s", space, word);
	}
	return n;
}

/*
 * What the help that `help` prints says of --name: its line "  --name
 * VALUE  what it takes" and the lines indented under it, as "VALUE, what
 * it takes"; "" if it has no such line.
 */
static void
help_entry(void (*help)(FILE *), const char *name, char *entry, size_t size)
{
	char *text = NULL, *line, *next, key[64];
	size_t len = 0, n = 0, keylen;
	FILE *f = open_memstream(&text, &len);

	entry[0] = '\0';
	if (f == NULL)
		return;
	help(f);
	if (fclose(f) != 0 || text == NULL) {
		free(text);
		return;
	}
	keylen = (size_t)snprintf(key, sizeof(key), "  --%s ", name);
	for (line = text; line != NULL && n < size; line = next) {
		next = strchr(line, '\n');
		if (next != NULL)
			*next++ = '\0';
		if (n == 0 && strncmp(line, key, keylen) == 0) {
			/* The value's name, then what it takes. */
			char *value = line + keylen + strspn(line + keylen, " ");
			int vlen = (int)strcspn(value, " ");

			snprintf(entry, size, "%.*s,", vlen, value);
			n = append_words(entry, strlen(entry), size, value +
			    vlen);
		} else if (n != 0 && strncmp(line, "    ", 4) == 0)
			n = append_words(entry, n, size, line);
		else if (n != 0)
			break;
	}
	free(text);
}

/*
 * An option given with no value (getopt_long's ':', val its optopt), in
 * one line: its name and what it takes, as the command's help says it
 * ("--items needs a value: N, items in the heap, 1 to ...").
 */
_Noreturn static void
option_needs_value(int val, const struct command *cmd)
{
	const struct option *o = cmd->options;
	char entry[PRINTABLE_SHOWN + 8];

	while (o->name != NULL && o->val != val)
		o++;
	assert(o->name != NULL);
	help_entry(cmd->help, o->name, entry, sizeof(entry));
	errx(EXIT_USAGE, "--%s needs a value%s%s", o->name,
	    entry[0] ? ": " : "", entry);
}

void
options_name_messages(char prefix[OPTIONS_PREFIX_BYTES], const char *name)
{
	/* The program's file name, then a command's (explain, compare). */
	snprintf(prefix, OPTIONS_PREFIX_BYTES, "%s: %s",
	    program_invocation_short_name, name);
	program_invocation_short_name = prefix;
}

int
options_parse(const struct command *cmd, int argc, char *argv[],
    void (*take)(int val, const char *value, void *context), void *context)
{
	int c, before = optind;

	opterr = 0;
	for (; (c = getopt_long(argc, argv, ":", cmd->options, NULL)) != -1;
	    before = optind) {
		if (c == ':')
			option_needs_value(optopt, cmd);
		if (c == '?')
			option_refused(option_typed(argc, argv, before), cmd);
		take(c, optarg, context);
	}
	if (cmd->operand == NULL && optind < argc)
		errx(EXIT_USAGE, "unexpected argument '%s'; bheapsim %s%s--help "
		    "lists the options", printable(argv[optind]),
		    cmd->name != NULL ? cmd->name : "",
		    cmd->name != NULL ? " " : "");
	if (cmd->operand != NULL && optind != argc - 1)
		errx(EXIT_USAGE, "needs %s, not %d arguments; bheapsim %s --help "
		    "lists the options", cmd->operand, argc - optind, cmd->name);
	return optind;
}

void
exit_printed(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		err(EXIT_FAILURE, "stdout");
	exit(0);
}
