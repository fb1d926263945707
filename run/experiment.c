/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * experiment.c: fork a child per run, up to --jobs at a time, and bring
 * their rows home in the plan's order.
 *
 * A run is one layout over one pass of the plan (plan.h), tracked by the
 * pass's model, or untracked for the heap's own CPU time.  The parent
 * polls every running child's pipe, keeps whole rows only, and when all
 * are done sorts them into the order a one-at-a-time run would give.
 */
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "calibrate.h"
#include "experiment.h"
#include "outfile.h"
#include "progress.h"
#include "stop.h"
#include "workload.h"
#include "xalloc.h"

/* Runs ----------------------------------------------------------------- */

/* One child's work, and what came home from it. */
struct job {
	const struct config *points;	/* the pass, or its untracked copy */
	size_t		 npoints;
	size_t		 pass;		/* the plan's pass */
	unsigned	 layout;
	/* The untracked job whose CPU times this one's rows take, or -1. */
	long		 baseline;
	/* Made only for its CPU times: its rows are no report rows. */
	bool		 for_cpu;
	FILE		*trace;
	/* While running: */
	pid_t		 pid;
	int		 fd;
	struct result	 partial;	/* a row on its way */
	size_t		 have;		/* bytes of it */
	/* What came home: */
	struct result	*rows;
	size_t		 nrows;
	size_t		 capacity;
	int		 status;
};

struct jobs {
	struct job	*job;
	size_t		 count;
	const struct plan *plan;
	/* Per pass, its jobs not yet done: the progress bar counts points. */
	size_t		*left;
	/* Untracked copies of the passes' first points. */
	struct config	*untracked;
};

static struct job *
add_job(struct jobs *list, const struct config *points, size_t npoints,
    size_t pass, unsigned layout)
{
	struct job *job = &list->job[list->count++];

	list->left[pass]++;
	memset(job, 0, sizeof(*job));
	job->points = points;
	job->npoints = npoints;
	job->pass = pass;
	job->layout = layout;
	job->baseline = -1;
	job->fd = -1;
	return job;
}

/*
 * Per pass, each layout's untracked job (unless the pass before, the same
 * but for its budget, has them) to run alone (runs_alone()), then each
 * tracked one, side by side.  A failure stops where one at a time would.
 */
static void
make_jobs(struct jobs *list, const struct plan *plan, FILE *trace)
{
	long baseline[LAYOUT_COUNT];
	unsigned layout;
	size_t p;

	list->plan = plan;
	list->job = xcalloc(plan->npasses * LAYOUT_COUNT * 2,
	    sizeof(*list->job));
	list->untracked = xcalloc(plan->npasses, sizeof(*list->untracked));
	list->left = xcalloc(plan->npasses, sizeof(*list->left));
	for (p = 0; p < plan->npasses; p++) {
		const struct pass *pass = &plan->passes[p];
		const struct config *first = &plan->points[pass->first];
		bool shared = p > 0 && config_same_but_budget(first,
		    &plan->points[plan->passes[p - 1].first]);
		struct config *untracked = &list->untracked[p];

		*untracked = *first;
		untracked->vm = VM_OFF;
		untracked->report.trace = NULL;
		for (layout = 0; layout < LAYOUT_COUNT; layout++) {
			if (!(first->layouts & 1u << layout) ||
			    first->vm == VM_OFF || shared)
				continue;
			baseline[layout] = (long)list->count;
			add_job(list, untracked, 1, p, layout)->for_cpu = true;
		}
		for (layout = 0; layout < LAYOUT_COUNT; layout++) {
			struct job *job;

			if (!(first->layouts & 1u << layout))
				continue;
			job = add_job(list, first, pass->count, p, layout);
			job->trace = trace;
			if (first->vm != VM_OFF)
				job->baseline = baseline[layout];
		}
	}
}

static void
free_jobs(struct jobs *list)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		free(list->job[i].rows);
	free(list->job);
	free(list->untracked);
	free(list->left);
}

/* Child ---------------------------------------------------------------- */

static int
send_row(const struct result *row, void *context)
{
	int fd = *(const int *)context;
	const char *p = (const char *)row;
	size_t left = sizeof(*row);

	while (left > 0) {
		ssize_t n = write(fd, p, left);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			warn("cannot report a row");
			return EXIT_FAILURE;
		}
		p += n;
		left -= (size_t)n;
	}
	return 0;
}

static void
child(const struct job *job, int fd, const sigset_t *unblock, pid_t parent)
{
	int status;

	stop_defaults();
	/*
	 * Die with the parent, even one killed outright.  A parent that
	 * died before the prctl is not there to kill us: getppid() then
	 * names whoever adopted us instead.
	 */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) {
		warn("prctl PR_SET_PDEATHSIG");
		_exit(EXIT_FAILURE);
	}
	if (getppid() != parent)
		_exit(EXIT_FAILURE);
	sigprocmask(SIG_SETMASK, unblock, NULL);
	status = workload_run(job->points, job->npoints, job->layout,
	    job->trace, send_row, &fd);
	if (status == 0 && job->trace != NULL && fflush(job->trace) != 0) {
		warn("--trace: %s", job->points->report.trace);
		status = EXIT_FAILURE;
	}
	/* _exit: the parent's stdio buffers and atexit work are not ours. */
	_exit(status);
}

/* Parent --------------------------------------------------------------- */

static int
start(struct job *job, size_t slot)
{
	sigset_t saved;
	pid_t parent = getpid();
	int fds[2];
	pid_t pid;

	if (pipe(fds) != 0) {
		warn("pipe");
		return EXIT_FAILURE;
	}
	/* Whatever stdio holds now must not be written twice. */
	fflush(NULL);
	/* Until the child is known, a signal would miss it: hold it. */
	stop_hold(&saved);
	/* One caught before the hold: no child to start. */
	if (experiment_signal() != 0) {
		sigprocmask(SIG_SETMASK, &saved, NULL);
		close(fds[0]);
		close(fds[1]);
		return EXIT_SIGNAL(experiment_signal());
	}
	pid = fork();
	if (pid < 0) {
		warn("fork");
		sigprocmask(SIG_SETMASK, &saved, NULL);
		close(fds[0]);
		close(fds[1]);
		return EXIT_FAILURE;
	}
	if (pid == 0) {
		close(fds[0]);
		child(job, fds[1], &saved, parent);
	}
	stop_child(slot, pid);
	sigprocmask(SIG_SETMASK, &saved, NULL);
	close(fds[1]);
	job->pid = pid;
	job->fd = fds[0];
	return 0;
}

/* Reads what the child has sent; keeps whole rows.  Returns 0 at EOF. */
static int
receive(struct job *job)
{
	ssize_t n = read(job->fd, (char *)&job->partial + job->have,
	    sizeof(job->partial) - job->have);

	if (n < 0 && errno == EINTR)
		return 1;
	if (n <= 0)
		return 0;
	job->have += (size_t)n;
	if (job->have < sizeof(job->partial))
		return 1;
	job->have = 0;
	if (job->nrows == job->capacity) {
		size_t capacity = job->capacity ? 2 * job->capacity : 16;
		job->rows = xreallocarray(job->rows, capacity,
		    sizeof(*job->rows));
		job->capacity = capacity;
	}
	/* The child's pointers are valid here too: same memory, forked. */
	job->rows[job->nrows++] = job->partial;
	return 1;
}

static void
finish(struct job *job, size_t slot)
{
	close(job->fd);
	job->fd = -1;
	job->status = stop_wait_child(job->pid, layouts[job->layout]->name);
	stop_child(slot, 0);
}

/* The points a job is worth: its pass's, shared by the pass's jobs. */
static double
job_points(const struct jobs *list, const struct job *job)
{
	size_t i, n = 0;

	for (i = 0; i < list->count; i++)
		n += list->job[i].pass == job->pass;
	return (double)list->plan->passes[job->pass].count / (double)n;
}

/* Waits at most `ms` (-1: forever) for a running job's pipe to be ready. */
static void
wait_pipes(struct job *const *slot_job, unsigned jobs, struct pollfd *fds,
    int ms)
{
	size_t i, n = 0;

	for (i = 0; i < jobs; i++) {
		if (slot_job[i] == NULL)
			continue;
		fds[n].fd = slot_job[i]->fd;
		fds[n].events = POLLIN;
		fds[n].revents = 0;
		n++;
	}
	if (poll(fds, n, ms) < 0 && errno != EINTR)
		err(EXIT_FAILURE, "poll");
}

/*
 * A job that times the heap untracked (--vm off, or a tracked job's CPU
 * times) runs alone: a run beside it would share its caches and memory
 * bandwidth, and so change its ns_per_op and heap_cpu_s.
 */
static bool
runs_alone(const struct job *job)
{
	return job->points->vm == VM_OFF;
}

/*
 * Keeps up to `jobs` children running until every job is done, or one
 * fails or a signal comes; then lets the running ones end (a signal has
 * reached them already).  Returns the first failure's status, or 0.
 */
static int
run_jobs(struct jobs *list, unsigned jobs)
{
	struct job *slot_job[EXPERIMENT_MAX_JOBS] = { 0 };
	struct pollfd fds[EXPERIMENT_MAX_JOBS];
	struct progress progress;
	size_t next = 0, done = 0, active = 0, i;
	bool alone = false;
	int status = 0;

	progress_start(&progress, list->plan->npoints, jobs);
	while (next < list->count || active > 0) {
		size_t n;

		while (status == 0 && experiment_signal() == 0 && active < jobs &&
		    next < list->count && !alone &&
		    (active == 0 || !runs_alone(&list->job[next]))) {
			for (i = 0; slot_job[i] != NULL; i++)
				continue;
			progress_job(&progress, i, job_points(list,
			    &list->job[next]), list->job[next].points);
			status = start(&list->job[next], i);
			if (status != 0)
				break;
			alone = runs_alone(&list->job[next]);
			slot_job[i] = &list->job[next++];
			active++;
		}
		if (active == 0)
			break;
		wait_pipes(slot_job, jobs, fds, progress_wait_ms(&progress));
		progress_update(&progress, done);
		for (i = 0, n = 0; i < jobs; i++) {
			struct job *job = slot_job[i];

			if (job == NULL)
				continue;
			/* Only a ready pipe: the wait may have timed out. */
			if (fds[n++].revents == 0)
				continue;
			/* Drain what is there; EOF means the child is done. */
			if (receive(job) != 0)
				continue;
			finish(job, i);
			progress_job_done(&progress, i);
			slot_job[i] = NULL;
			active--;
			alone = false;
			/* A pass is done when all its layouts are. */
			if (--list->left[job->pass] == 0) {
				done += list->plan->passes[job->pass].count;
				progress_update(&progress, done);
			}
			if (job->status != 0 && status == 0) {
				status = job->status;
				/* A failed job stops the rest, as one at a time. */
				stop_children(SIGTERM);
			}
		}
	}
	progress_finish(&progress);
	return experiment_signal() != 0 ?
	    EXIT_SIGNAL(experiment_signal()) : status;
}

/* Rows in order ------------------------------------------------------- */

/* A row, with where it sorts: pass, point, layout, phase, arrival. */
struct keyed {
	struct result	row;
	size_t		pass;
	size_t		arrival;
};

static int
by_plan_order(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->pass != y->pass)
		return x->pass < y->pass ? -1 : 1;
	if (x->row.point != y->row.point)
		return x->row.point < y->row.point ? -1 : 1;
	if (x->row.layout != y->row.layout)
		return x->row.layout < y->row.layout ? -1 : 1;
	if (x->row.workload != y->row.workload)
		return x->row.workload < y->row.workload ? -1 : 1;
	return (x->arrival > y->arrival) - (x->arrival < y->arrival);
}

/*
 * The heap's own CPU time, and what the CPU counted: the untracked job's,
 * for the same phase.
 */
static void
take_baseline(struct result *row, const struct jobs *list, long baseline)
{
	const struct job *untracked;
	size_t i;

	row->heap_cpu_ns = row->cpu_ns;
	row->heap_cpu_known = baseline < 0;
	if (baseline < 0)
		return;
	untracked = &list->job[baseline];
	for (i = 0; i < untracked->nrows; i++)
		if (untracked->rows[i].workload == row->workload) {
			row->heap_cpu_ns = untracked->rows[i].cpu_ns;
			row->heap_cpu_known = true;
			row->pmu = untracked->rows[i].pmu;
			return;
		}
}

static void
collect(const struct jobs *list, struct experiment_rows *out)
{
	struct calibration cal = { 0 };
	struct keyed *keyed;
	size_t total = 0, n = 0, i, r;

	for (i = 0; i < list->count; i++)
		if (!list->job[i].for_cpu)
			total += list->job[i].nrows;
	keyed = xcalloc(total + 1, sizeof(*keyed));
	for (i = 0; i < list->count; i++) {
		const struct job *job = &list->job[i];

		if (job->for_cpu)
			continue;
		for (r = 0; r < job->nrows; r++, n++) {
			keyed[n].row = job->rows[r];
			keyed[n].pass = job->pass;
			keyed[n].arrival = n;
			take_baseline(&keyed[n].row, list, job->baseline);
			/* After the runs: nothing runs beside it. */
			if (calibrate_row(&cal, &keyed[n].row) != 0)
				exit(EXIT_FAILURE);
		}
	}
	qsort(keyed, n, sizeof(*keyed), by_plan_order);
	out->rows = xreallocarray(NULL, n + 1, sizeof(*out->rows));
	for (i = 0; i < n; i++)
		out->rows[i] = keyed[i].row;
	out->count = out->capacity = n;
	free(keyed);
	calibrate_free(&cal);
}

size_t
experiment_row_bytes(void)
{
	/* A job's copy, the sorted copy, and the rows handed back. */
	return 2 * sizeof(struct result) + sizeof(struct keyed);
}

int
experiment_run(const struct plan *plan, unsigned jobs, FILE *trace,
    struct experiment_rows *rows)
{
	struct jobs list = { 0 };
	int status;

	make_jobs(&list, plan, trace);
	status = run_jobs(&list, stop_jobs_fit(jobs));
	collect(&list, rows);
	free_jobs(&list);
	return status;
}

void
experiment_rows_free(struct experiment_rows *rows)
{
	free(rows->rows);
	rows->rows = NULL;
	rows->count = rows->capacity = 0;
}
