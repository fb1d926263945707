/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * tests.h: the Check suites of bheapsim; tests/main.c runs them all.
 */
#ifndef TESTS_H
#define TESTS_H

#include <check.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

/*
 * Check records every passing ck_assert by writing to a pipe, which in a
 * loop of millions costs minutes.  need() fails the same way but passes
 * in silence.
 */
#define need(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/* spawn.c: the program as a child ------------------------------------ */

#define MAX_ARGS	32

/* Bytes read from one of the child's streams, always NUL-terminated. */
struct capture {
	char	*data;
	size_t	 len;
	size_t	 size;
};

struct outcome {
	int		status;		/* exit status, or 128 + signal */
	struct capture	out;
	struct capture	err;
	char		command[1024];	/* for messages */
};

/* Runs $BHEAPSIM with args (NULL-terminated, without argv[0]). */
void	run_argv(struct outcome *, const char *const args[]);
/* As run_argv, with the arguments listed and ended by NULL. */
void	run(struct outcome *, ...);
void	outcome_free(struct outcome *);
/*
 * Starts $BHEAPSIM with args, stdin and stderr on /dev/null and stdout
 * on out_fd (-1: /dev/null).  This process becomes a subreaper first,
 * so that whatever the program leaves running is ours to find.
 */
pid_t	spawn_start(const char *const args[], int out_fd);
/*
 * Waits for pid and returns its exit status, or 128 + signal; fails if
 * any process it started outlives it by more than a moment.
 */
int	spawn_finish(pid_t pid);
/* The pid of a child of `parent`, or 0 if it has none. */
pid_t	child_of(pid_t parent);
/* Runs args and sends signo after after_us; returns as spawn_finish. */
int	signal_run(const char *const args[], int signo, useconds_t after_us);
/* Exit 0 and nothing on stderr. */
void	expect_success(const struct outcome *);
/* Whether a run's stderr is empty. */
bool	said_nothing(const struct capture *err);
/* Exactly one line: one newline, at the very end. */
bool	one_line(const struct capture *);

/*
 * Scratch directories: root_make and root_sweep are a test case's
 * unchecked fixture; scratch_make makes a directory under that root.
 */
void	root_make(void);
void	root_sweep(void);
/* A test case with that fixture and a timeout in seconds. */
TCase	*scratch_tcase(const char *name, double timeout);
void	scratch_make(char dir[PATH_MAX]);
void	scratch_remove(const char *dir);
void	path_in(char *path, size_t size, const char *dir, const char *name);
/* Names the entries of dir, space-separated, in list; returns how many. */
size_t	list_dir(const char *dir, char *list, size_t size);
/* The first bytes of a file, NUL-terminated. */
void	file_head(const char *path, char *head, size_t size);

/* trace.c: one line of a --trace file ------------------------------- */

enum trace_arena { TRACE_HEAP, TRACE_ITEMS };

struct trace_line {
	bool		 resident;	/* "resident ...": the starting set */
	bool		 cached;	/* "cached LEVEL A": a cache's content */
	enum trace_arena arena;		/* not for cached lines */
	uint64_t	 page;		/* in its arena, from 0 */
	char		 level[8];	/* cached lines: l1 ... tlb2 */
	uint64_t	 address;	/* accesses and cached lines */
	bool		 write;		/* accesses: "w", not "r" */
};

/*
 * "resident heap N" or "resident items N", "heap N A K" or "items N A K"
 * (K r or w), or "cached LEVEL A", exactly, N below 2^32, A a modeled address below
 * 2^62, with or without the newline: true, and the line in *out.  That
 * an access's A lies on page N is the caller's to check (test_cache.c).
 */
bool	trace_parse(const char *line, struct trace_line *out);

/* table.c: a CSV report in memory, cells by column name. */
#define TABLE_MAX_COLUMNS	128
struct table {
	char	*text;
	char	*name[TABLE_MAX_COLUMNS];
	size_t	 ncolumns;
	char	*(*cell)[TABLE_MAX_COLUMNS];	/* cell[row][column] */
	size_t	 nrows;
	char	 what[1024];	/* the command or file, for messages */
};

/* A header and at least one row, every line ending in a newline. */
void		 table_parse(struct table *, const char *text, const char *what);
void		 table_read(struct table *, const char *path);
void		 table_free(struct table *);
const char	*table_get(const struct table *, size_t row, const char *name);
/* A cell that must be a count. */
uint64_t	 table_get_u64(const struct table *, size_t row,
		    const char *name);

/* reference.c: the B-heap rules, written apart from bheap.c. */
uint64_t	ref_bheap_parent(uint64_t entries, uint64_t u);
uint64_t	ref_bheap_first_child(uint64_t entries, uint64_t u,
		    unsigned *count);
/* The d-ary heap's rules, in another form than dary.c's. */
uint64_t	ref_dary_parent(uint64_t arity, uint64_t u);
uint64_t	ref_dary_first_child(uint64_t arity, uint64_t u);
/* The parent of u under any of the layouts, by the rules above. */
struct layout;
struct shape;
uint64_t	ref_parent(const struct layout *, const struct shape *,
		    uint64_t u);
/*
 * slot[u] for every position 1 .. 2^height - 1 of the van Emde Boas
 * order, built by its recursive definition (slot must hold 2^height).
 */
void		ref_veb_slots(uint64_t *slot, unsigned height);

Suite	*layout_suite(void);
Suite	*messages_suite(void);
Suite	*heap_suite(void);
Suite	*veb_suite(void);
Suite	*time_suite(void);
Suite	*predict_suite(void);
Suite	*vmsim_suite(void);
Suite	*stackdist_suite(void);
Suite	*curve_suite(void);
Suite	*sweeps_suite(void);
Suite	*jobs_suite(void);
Suite	*parse_suite(void);
Suite	*cli_suite(void);
Suite	*explain_suite(void);
Suite	*large_suite(void);
Suite	*manual_suite(void);
Suite	*files_suite(void);
Suite	*policy_suite(void);
Suite	*pmu_suite(void);
Suite	*machine_suite(void);
Suite	*cache_suite(void);
Suite	*stream_suite(void);
Suite	*compare_suite(void);
Suite	*points_suite(void);
Suite	*exits_suite(void);
Suite	*names_suite(void);
Suite	*explore_suite(void);
Suite	*table_suite(void);
Suite	*dryrun_suite(void);
Suite	*plot_suite(void);
Suite	*arena_suite(void);
Suite	*threec_suite(void);
Suite	*recorder_suite(void);
Suite	*reliability_suite(void);
Suite	*estimate_suite(void);
Suite	*counted_suite(void);

#endif
