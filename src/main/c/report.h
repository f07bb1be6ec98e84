/* What the engine prints: start, layout, interval, result and error lines (docs/engine.md). */
#ifndef DRIVELAB_REPORT_H
#define DRIVELAB_REPORT_H

#include "engine.h"
#include <sys/resource.h>

/* Totals of one direction over several jobs (and phases). */
struct dir_sum {
	uint64_t ios, bytes, lat_sum, lat_min, lat_max;
	double lat_sumsq;
	uint64_t hist[HIST_NR];
};

void dir_sum_clear(struct dir_sum *d);
void dir_sum_add(struct dir_sum *d, const struct dir_stats *s);

struct start_info {
	int argc;
	char **argv;
	const char *engine_reason;
	const char *ring_flags;
};

extern bool g_stdout_gone;

void report_start(const struct run *r, const struct start_info *si);
void report_layout(uint64_t done, uint64_t total);
/* prev holds the totals at the previous interval and is updated. */
void report_interval(const struct run *r, uint64_t t_ns, struct dir_sum prev[2]);
void report_result(const struct run *r, bool partial, const struct rusage *ru0, const struct rusage *ru1);
void report_error(const struct engine_error *e);

/* --rw=checkpoint (checkpoint.c): a line per finished checkpoint, and the run's result with all of them. */
struct ckpt_plan;
struct ckpt_record;
void report_checkpoint(const struct ckpt_plan *p, const struct ckpt_record *c);
void report_checkpoint_result(const struct run *r, const struct ckpt_plan *p, bool partial, const struct rusage *ru0,
			      const struct rusage *ru1);

#endif
