#include "report.h"
#include "checkpoint.h"
#include "json.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

bool g_stdout_gone;
static struct jw w;

static void emit(void)
{
	if (jw_emit(&w) < 0) {
		/* the reader is gone: nobody wants the rest of the run */
		g_stdout_gone = true;
		g_stop = 1;
	}
}

void dir_sum_clear(struct dir_sum *d)
{
	memset(d, 0, sizeof(*d));
	d->lat_min = UINT64_MAX;
}

void dir_sum_add(struct dir_sum *d, const struct dir_stats *s)
{
	d->ios += STAT_GET(s->ios);
	d->bytes += STAT_GET(s->bytes);
	d->lat_sum += STAT_GET(s->lat_sum);
	double sq;
	__atomic_load(&s->lat_sumsq, &sq, __ATOMIC_RELAXED);
	d->lat_sumsq += sq;
	uint64_t mn = STAT_GET(s->lat_min), mx = STAT_GET(s->lat_max);
	if (mn < d->lat_min)
		d->lat_min = mn;
	if (mx > d->lat_max)
		d->lat_max = mx;
	for (unsigned i = 0; i < HIST_NR; i++)
		d->hist[i] += STAT_GET(s->hist[i]);
}

static void write_dir(const char *key, const struct dir_sum *d, double secs)
{
	uint64_t pct[NR_PERCENTILES];
	double mean = d->ios ? (double)d->lat_sum / (double)d->ios : 0, stddev = 0;

	if (d->ios > 1) {
		double var = (d->lat_sumsq - (double)d->lat_sum * mean) / (double)(d->ios - 1);
		stddev = var > 0 ? sqrt(var) : 0;
	}
	jw_obj(&w, key);
	jw_u64(&w, "io_bytes", d->bytes);
	jw_u64(&w, "ios", d->ios);
	jw_dbl(&w, "iops", secs > 0 ? (double)d->ios / secs : 0);
	jw_dbl(&w, "bw_bytes", secs > 0 ? (double)d->bytes / secs : 0);
	jw_obj(&w, "lat_ns");
	jw_u64(&w, "min", d->ios ? d->lat_min : 0);
	jw_u64(&w, "max", d->lat_max);
	jw_dbl(&w, "mean", mean);
	jw_dbl(&w, "stddev", stddev);
	hist_percentiles(d->hist, d->ios, d->ios ? d->lat_min : 0, d->lat_max, pct);
	jw_obj(&w, "percentiles");
	for (unsigned i = 0; i < NR_PERCENTILES; i++)
		jw_u64(&w, percentile_names[i], d->ios ? pct[i] : 0);
	jw_obj_end(&w);
	jw_obj_end(&w);
	jw_obj_end(&w);
}

void report_start(const struct run *r, const struct start_info *si)
{
	const struct options *o = r->opt;
	const struct target *t = r->tgt;
	struct utsname u;
	char flags[128];

	uname(&u);
	jw_begin(&w);
	jw_str(&w, "type", "start");
	jw_str(&w, "version", ENGINE_VERSION);
	jw_str(&w, "kernel", u.release);
	jw_arr(&w, "argv");
	for (int i = 0; i < si->argc; i++)
		jw_str(&w, NULL, si->argv[i]);
	jw_arr_end(&w);
	jw_str(&w, "ioengine", r->be->name);
	jw_str(&w, "ioengine_reason", si->engine_reason);
	jw_arr(&w, "ring_flags");
	snprintf(flags, sizeof(flags), "%s", si->ring_flags ? si->ring_flags : "");
	for (char *save = NULL, *f = strtok_r(flags, ",", &save); f; f = strtok_r(NULL, ",", &save))
		jw_str(&w, NULL, f);
	jw_arr_end(&w);
	jw_str(&w, "filename", o->filename);
	jw_str(&w, "target_kind", t->is_dir ? "directory" : t->is_block ? "block" : "file");
	jw_u64(&w, "target_size", t->is_block ? t->dev_size : t->region_off + t->region_size);
	jw_bool(&w, "created", t->created);
	jw_u64(&w, "logical_block_size", t->logical_bs);
	jw_u64(&w, "physical_block_size", t->physical_bs);
	jw_obj(&w, "options");
	jw_str(&w, "name", o->name);
	jw_str(&w, "rw", rw_name(o->rw));
	jw_u64(&w, "rwmixread", o->rwmixread);
	jw_u64(&w, "bs", o->bs.n == 1 ? o->bs.bs[0] : 0);
	jw_arr(&w, "bssplit");
	for (unsigned i = 0; i < o->bs.n; i++) {
		jw_obj(&w, NULL);
		jw_u64(&w, "bs", o->bs.bs[i]);
		jw_dbl(&w, "weight", o->bs.weight[i]);
		jw_obj_end(&w);
	}
	jw_arr_end(&w);
	jw_u64(&w, "iodepth", o->iodepth);
	jw_u64(&w, "effective_iodepth", r->jobs ? r->jobs[0].depth : o->iodepth);
	jw_u64(&w, "numjobs", o->numjobs);
	jw_u64(&w, "size", t->region_size);
	jw_u64(&w, "offset", t->region_off);
	jw_u64(&w, "runtime_ms", o->runtime_ms);
	jw_u64(&w, "ramp_ms", o->ramp_ms);
	jw_u64(&w, "io_size", o->io_size);
	jw_u64(&w, "loops", o->loops);
	jw_u64(&w, "direct", o->direct);
	jw_u64(&w, "randseed", o->randseed);
	jw_u64(&w, "status_interval_ms", o->status_interval_ms);
	jw_str(&w, "buffer_pattern", o->buffer_zero ? "zero" : "random");
	jw_u64(&w, "buffer_compress_percentage", o->buffer_compress_percentage);
	jw_bool(&w, "hipri", o->hipri);
	jw_bool(&w, "sqthread_poll", o->sqthread_poll);
	jw_u64(&w, "spin_us", o->spin_us);
	jw_u64(&w, "rate", o->rate_bytes);
	jw_u64(&w, "rate_iops", o->rate_iops);
	if (o->cpus_allowed)
		jw_str(&w, "cpus_allowed", o->cpus_allowed);
	if (o->rw == RW_CHECKPOINT) {
		jw_u64(&w, "checkpoint_size", o->checkpoint_size);
		jw_dbl(&w, "checkpoint_pct", o->checkpoint_pct);
		jw_u64(&w, "checkpoints", o->checkpoints);
		jw_u64(&w, "passes", o->passes);
	}
	jw_obj_end(&w);
	emit();
}

void report_layout(uint64_t done, uint64_t total)
{
	jw_begin(&w);
	jw_str(&w, "type", "layout");
	jw_u64(&w, "done_bytes", done);
	jw_u64(&w, "total_bytes", total);
	emit();
}

/* Bounds of an interval's latencies from its histogram, kept inside the exact totals. */
static void interval_min_max(struct dir_sum *d, const struct dir_sum *cum)
{
	unsigned lo = HIST_NR, hi = 0;
	for (unsigned i = 0; i < HIST_NR; i++) {
		if (d->hist[i]) {
			if (lo == HIST_NR)
				lo = i;
			hi = i;
		}
	}
	if (lo == HIST_NR) {
		d->lat_min = 0;
		d->lat_max = 0;
		return;
	}
	d->lat_min = hist_lower(lo);
	d->lat_max = hi + 1 < HIST_NR ? hist_lower(hi + 1) - 1 : cum->lat_max;
	if (d->lat_min < cum->lat_min)
		d->lat_min = cum->lat_min;
	if (d->lat_max > cum->lat_max)
		d->lat_max = cum->lat_max;
}

/* A rated run's rate so far, for progress ("holding 98 % of 5000 IOPS"): the whole run's target and how much of
 * it was achieved over the ramp while in it, then over the measured time (the schedule restarts after the ramp). */
static void write_interval_rate(const struct run *r, uint64_t t_ns)
{
	const struct options *o = r->opt;
	bool ramp = t_ns <= r->ramp_end_ns;
	int phase = ramp ? PHASE_RAMP : PHASE_MEASURE;
	uint64_t since = ramp ? r->start_ns : r->ramp_end_ns;
	uint64_t ios = 0, bytes = 0;

	for (unsigned j = 0; j < o->numjobs; j++)
		for (int d = 0; d < 2; d++) {
			ios += STAT_GET(r->jobs[j].stats[phase][d].ios);  /* the jobs count while we read */
			bytes += STAT_GET(r->jobs[j].stats[phase][d].bytes);
		}
	double secs = t_ns > since ? (double)(t_ns - since) / 1e9 : 0;
	double target = (double)(o->rate_iops ? o->rate_iops : o->rate_bytes) * o->numjobs;
	double achieved = secs > 0 ? (double)(o->rate_iops ? ios : bytes) / secs : 0;
	jw_obj(&w, "rate");
	jw_dbl(&w, o->rate_iops ? "target_iops" : "target_bytes", target);
	jw_dbl(&w, "achieved_pct", achieved * 100 / target);
	jw_obj_end(&w);
}

void report_interval(const struct run *r, uint64_t t_ns, struct dir_sum prev[2])
{
	static struct dir_sum cur[2], delta[2];
	uint64_t elapsed = t_ns - r->start_ns;
	double secs = r->opt->status_interval_ms / 1000.0;

	for (int d = 0; d < 2; d++) {
		dir_sum_clear(&cur[d]);
		for (unsigned j = 0; j < r->opt->numjobs; j++)
			for (int p = 0; p < 2; p++)
				dir_sum_add(&cur[d], &r->jobs[j].stats[p][d]);
		delta[d].ios = cur[d].ios - prev[d].ios;
		delta[d].bytes = cur[d].bytes - prev[d].bytes;
		delta[d].lat_sum = cur[d].lat_sum - prev[d].lat_sum;
		delta[d].lat_sumsq = cur[d].lat_sumsq - prev[d].lat_sumsq;
		for (unsigned i = 0; i < HIST_NR; i++)
			delta[d].hist[i] = cur[d].hist[i] - prev[d].hist[i];
		interval_min_max(&delta[d], &cur[d]);
		prev[d] = cur[d];
	}
	jw_begin(&w);
	jw_str(&w, "type", "interval");
	jw_u64(&w, "t_ms", (elapsed + 500000) / 1000000);
	jw_bool(&w, "ramp", t_ns <= r->ramp_end_ns);
	write_dir("read", &delta[0], secs);
	write_dir("write", &delta[1], secs);
	if (r->opt->rate_iops || r->opt->rate_bytes)
		write_interval_rate(r, t_ns);
	emit();
}

static double ms_of(const struct timeval *a, const struct timeval *b)
{
	return (double)(b->tv_sec - a->tv_sec) * 1000.0 + (double)(b->tv_usec - a->tv_usec) / 1000.0;
}

static void write_histogram(const char *key, const struct dir_sum *d)
{
	jw_arr(&w, key);
	for (unsigned i = 0; i < HIST_NR; i++) {
		if (d->hist[i]) {
			jw_arr(&w, NULL);
			jw_u64(&w, NULL, i);
			jw_u64(&w, NULL, d->hist[i]);
			jw_arr_end(&w);
		}
	}
	jw_arr_end(&w);
}

/* What every result carries after its header: totals per direction over rate_secs, CPU over cpu_secs, each
 * job's figures (over its own measured time, or rate_secs when jobs_share_time) and the latency histogram. */
static void write_measured(const struct run *r, double rate_secs, bool jobs_share_time, double cpu_secs,
			   const struct rusage *ru0, const struct rusage *ru1)
{
	static struct dir_sum total[2], one[2];
	const struct options *o = r->opt;

	for (int d = 0; d < 2; d++) {
		dir_sum_clear(&total[d]);
		for (unsigned j = 0; j < o->numjobs; j++)
			dir_sum_add(&total[d], &r->jobs[j].stats[PHASE_MEASURE][d]);
	}
	write_dir("read", &total[0], rate_secs);
	write_dir("write", &total[1], rate_secs);

	double usr = ms_of(&ru0->ru_utime, &ru1->ru_utime), sys = ms_of(&ru0->ru_stime, &ru1->ru_stime);
	jw_obj(&w, "cpu");
	jw_dbl(&w, "usr_ms", usr);
	jw_dbl(&w, "sys_ms", sys);
	jw_dbl(&w, "usr_pct", cpu_secs > 0 ? usr / 10.0 / cpu_secs : 0);
	jw_dbl(&w, "sys_pct", cpu_secs > 0 ? sys / 10.0 / cpu_secs : 0);
	jw_obj_end(&w);

	jw_arr(&w, "jobs");
	for (unsigned j = 0; j < o->numjobs; j++) {
		const struct job *job = &r->jobs[j];
		double jsecs = jobs_share_time ? rate_secs
				: job->end_ns > r->ramp_end_ns ? (double)(job->end_ns - r->ramp_end_ns) / 1e9 : 0;
		jw_obj(&w, NULL);
		jw_u64(&w, "job", j);
		for (int d = 0; d < 2; d++) {
			dir_sum_clear(&one[d]);
			dir_sum_add(&one[d], &job->stats[PHASE_MEASURE][d]);
			write_dir(d == DIR_READ ? "read" : "write", &one[d], jsecs);
		}
		jw_obj_end(&w);
	}
	jw_arr_end(&w);

	jw_obj(&w, "histogram");
	jw_str(&w, "layout", "fio");
	jw_u64(&w, "bits", HIST_BITS);
	jw_u64(&w, "groups", HIST_GROUPS);
	write_histogram("read", &total[0]);
	write_histogram("write", &total[1]);
	jw_obj_end(&w);
}

/* A rated run against its target: the whole run's rate (every job's), how much of it was achieved, the longest
 * time any job spent behind, and latency from each I/O's scheduled time per direction. */
static void write_rate(const struct run *r, double secs)
{
	static struct sched_stats sum;
	const struct options *o = r->opt;
	uint64_t ios = 0, bytes = 0, behind = 0;

	for (unsigned j = 0; j < o->numjobs; j++) {
		const struct job *job = &r->jobs[j];
		for (int d = 0; d < 2; d++) {
			ios += job->stats[PHASE_MEASURE][d].ios;
			bytes += job->stats[PHASE_MEASURE][d].bytes;
		}
		if (job->behind_ns > behind)
			behind = job->behind_ns;
	}
	double target = (double)(o->rate_iops ? o->rate_iops : o->rate_bytes) * o->numjobs;
	double achieved = secs > 0 ? (double)(o->rate_iops ? ios : bytes) / secs : 0;
	jw_obj(&w, "rate");
	if (o->rate_iops)
		jw_dbl(&w, "target_iops", target);
	else
		jw_dbl(&w, "target_bytes", target);
	jw_dbl(&w, "achieved_pct", achieved * 100 / target);
	jw_dbl(&w, "behind_ms", (double)behind / 1e6);
	for (int d = 0; d < 2; d++) {
		memset(&sum, 0, sizeof(sum));
		for (unsigned j = 0; j < o->numjobs; j++) {
			const struct sched_stats *s = &r->jobs[j].sched[d];
			sum.ios += s->ios;
			sum.lat_sum += s->lat_sum;
			if (s->lat_max > sum.lat_max)
				sum.lat_max = s->lat_max;
			for (unsigned i = 0; i < HIST_NR; i++)
				sum.hist[i] += s->hist[i];
		}
		if (!sum.ios)
			continue;
		uint64_t pct[NR_PERCENTILES];
		hist_percentiles(sum.hist, sum.ios, 0, sum.lat_max, pct);
		jw_obj(&w, d == DIR_READ ? "read_sched_lat_ns" : "write_sched_lat_ns");
		jw_u64(&w, "ios", sum.ios);
		jw_dbl(&w, "mean", (double)sum.lat_sum / (double)sum.ios);
		jw_u64(&w, "max", sum.lat_max);
		jw_obj(&w, "percentiles");
		for (unsigned i = 0; i < NR_PERCENTILES; i++)
			jw_u64(&w, percentile_names[i], pct[i]);
		jw_obj_end(&w);
		jw_obj_end(&w);
	}
	jw_obj_end(&w);
}

void report_result(const struct run *r, bool partial, const struct rusage *ru0, const struct rusage *ru1)
{
	const struct options *o = r->opt;
	uint64_t end = r->ramp_end_ns;

	for (unsigned j = 0; j < o->numjobs; j++)
		if (r->jobs[j].end_ns > end)
			end = r->jobs[j].end_ns;
	double secs = (double)(end - r->ramp_end_ns) / 1e9;

	jw_begin(&w);
	jw_str(&w, "type", "result");
	jw_str(&w, "name", o->name);
	jw_bool(&w, "partial", partial);
	jw_u64(&w, "runtime_ms", (end - r->ramp_end_ns + 500000) / 1000000);
	write_measured(r, secs, false, secs, ru0, ru1);
	if (o->rate_iops || o->rate_bytes)
		write_rate(r, secs);
	emit();
}

void report_error(const struct engine_error *e)
{
	jw_begin(&w);
	jw_str(&w, "type", "error");
	jw_i64(&w, "errno", e->err);
	jw_str(&w, "op", e->op);
	jw_str(&w, "message", e->message);
	emit();
	fprintf(stderr, "drivelab-engine: %s\n", e->message);
}

static void ckpt_ref_array(const char *key, const struct ckpt_record *c)
{
	char label[32];
	jw_arr(&w, key);
	for (unsigned i = 0; i < c->ndeleted; i++) {
		snprintf(label, sizeof(label), "ckpt-%03u-%03u", c->deleted[i].pass, c->deleted[i].index);
		jw_str(&w, NULL, label);
	}
	jw_arr_end(&w);
}

static double secs_between(uint64_t a, uint64_t b)
{
	return b > a ? (double)(b - a) / 1e9 : 0;
}

/* The figures of one checkpoint, in its own line and in the result's list. */
static void ckpt_fields(const struct ckpt_plan *p, const struct ckpt_record *c)
{
	double secs = secs_between(c->start_ns, c->end_ns);
	jw_u64(&w, "pass", c->pass);
	jw_u64(&w, "index", c->index);
	if (!p->dir)
		jw_u64(&w, "slot", (uint64_t)c->slot);
	jw_u64(&w, "t_ms", (c->start_ns - p->start_ns + 500000) / 1000000);
	jw_dbl(&w, "seconds", secs);
	jw_dbl(&w, "write_seconds", secs_between(c->start_ns, c->write_end_ns));
	jw_dbl(&w, "fsync_seconds", secs_between(c->write_end_ns, c->end_ns));
	jw_u64(&w, "bytes", c->bytes);
	jw_dbl(&w, "gb_per_s", secs > 0 ? (double)c->bytes / secs / 1e9 : 0);
	ckpt_ref_array("deleted", c);
}

void report_checkpoint(const struct ckpt_plan *p, const struct ckpt_record *c)
{
	jw_begin(&w);
	jw_str(&w, "type", "checkpoint");
	ckpt_fields(p, c);
	emit();
}

void report_checkpoint_result(const struct run *r, const struct ckpt_plan *p, bool partial, const struct rusage *ru0,
			      const struct rusage *ru1)
{
	const struct options *o = r->opt;
	double ckpt_secs = 0, elapsed = secs_between(p->start_ns, now_ns());
	uint64_t bytes = 0;

	for (unsigned i = 0; i < p->ndone; i++) {
		ckpt_secs += secs_between(p->done[i].start_ns, p->done[i].end_ns);
		bytes += p->done[i].bytes;
	}
	jw_begin(&w);
	jw_str(&w, "type", "result");
	jw_str(&w, "name", o->name);
	jw_bool(&w, "partial", partial);
	jw_u64(&w, "runtime_ms", (uint64_t)(elapsed * 1000 + 0.5));
	/* throughput over the checkpoints' own time: deleting old ones between them is not writing */
	write_measured(r, ckpt_secs, true, elapsed, ru0, ru1);

	jw_obj(&w, "checkpoint");
	jw_str(&w, "mode", p->dir ? "directory" : "region");
	jw_u64(&w, "size", p->size);
	jw_u64(&w, "shard", p->shard);
	jw_u64(&w, "ranks", o->numjobs);
	jw_u64(&w, "bs", o->bs.bs[0]);
	jw_bool(&w, "direct", o->direct);
	jw_u64(&w, "per_pass", o->checkpoints);
	jw_u64(&w, "passes", o->passes);
	jw_u64(&w, "room", p->room);
	if (!p->dir)
		jw_u64(&w, "slots", p->slots);
	jw_u64(&w, "fsyncs", p->fsyncs);
	jw_u64(&w, "bytes", bytes);
	jw_u64(&w, "count", p->ndone);
	jw_dbl(&w, "mean_seconds", p->ndone ? ckpt_secs / p->ndone : 0);
	jw_dbl(&w, "gb_per_s", ckpt_secs > 0 ? (double)bytes / ckpt_secs / 1e9 : 0);
	jw_arr(&w, "checkpoints");
	for (unsigned i = 0; i < p->ndone; i++) {
		jw_obj(&w, NULL);
		ckpt_fields(p, &p->done[i]);
		jw_obj_end(&w);
	}
	jw_arr_end(&w);
	/* what the reviews tabulate: the mean time per checkpoint of each pass */
	jw_arr(&w, "pass_averages");
	for (unsigned pass = 1; pass <= o->passes; pass++) {
		double s = 0;
		uint64_t b = 0;
		unsigned n = 0;
		for (unsigned i = 0; i < p->ndone; i++) {
			if (p->done[i].pass == pass) {
				s += secs_between(p->done[i].start_ns, p->done[i].end_ns);
				b += p->done[i].bytes;
				n++;
			}
		}
		if (!n)
			continue;
		jw_obj(&w, NULL);
		jw_u64(&w, "pass", pass);
		jw_u64(&w, "checkpoints", n);
		jw_dbl(&w, "mean_seconds", s / n);
		jw_dbl(&w, "gb_per_s", s > 0 ? (double)b / s / 1e9 : 0);
		jw_obj_end(&w);
	}
	jw_arr_end(&w);
	jw_obj_end(&w);
	emit();
}
