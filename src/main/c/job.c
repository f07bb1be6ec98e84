/* One job: a thread that keeps iodepth I/Os in flight through its backend and records every completion. */
#include "engine.h"
#include "prng.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

/* Writes a fresh 8-byte value at the start of every 512-byte chunk so that no two writes carry the same
 * data (drives deduplicate); the rest of the chunk stays incompressible random, or zeros where asked. */
void refresh_write_data(const struct options *o, uint64_t rng[4], void *buf, uint32_t len)
{
	if (o->buffer_zero || o->buffer_compress_percentage >= 99)
		return;
	for (uint32_t off = 0; off < len; off += 512)
		*(uint64_t *)((char *)buf + off) = prng_next(rng);
}

/* Fills the buffers with the write data, a MiB at a time so that a stop is seen during a large set-up. */
static int fill_buffers(struct job *j)
{
	const struct options *o = j->run->opt;
	size_t total = j->buf_size * j->depth, chunk = 1u << 20;
	bool zero = o->buffer_zero || !rw_writes(o->rw);

	for (size_t at = 0; at < total; at += chunk) {
		if (g_stop)
			return -EINTR;
		size_t len = total - at < chunk ? total - at : chunk;
		uint64_t *p = (uint64_t *)((char *)j->buf_area + at);
		if (zero) {
			memset(p, 0, len);
			continue;
		}
		for (size_t i = 0; i < len / 8; i++)
			p[i] = prng_next(j->rng);
		if (o->buffer_compress_percentage) {
			size_t zeros = 512 * o->buffer_compress_percentage / 100;
			for (size_t off = 0; off < len; off += 512)
				memset((char *)p + off + 512 - zeros, 0, zeros);
		}
	}
	return 0;
}

int job_setup(struct run *r, struct job *j, unsigned id, struct engine_error *e)
{
	const struct options *o = r->opt;
	const struct target *t = r->tgt;

	memset(j, 0, sizeof(*j));
	j->id = id;
	j->run = r;
	j->be = r->be;
	j->fd = t->fd;
	j->depth = r->be->completes_inline ? 1 : o->iodepth;
	prng_seed(j->rng, o->randseed + id * 0x9e3779b97f4a7c15ull);

	if (rw_is_random(o->rw)) {
		j->slice_off = t->region_off;
		j->slice_size = t->region_size;
	} else {
		/* sequential jobs each take their own consecutive slice, aligned to the smallest block */
		uint64_t slice = t->region_size / o->numjobs;
		slice -= slice % o->bs.min_bs;
		if (slice < o->bs.max_bs) {
			set_error(e, ENOSPC, "size", "target too small: %u sequential jobs split %llu bytes into "
				  "slices smaller than one %u-byte block; use fewer jobs or a larger --size",
				  o->numjobs, (unsigned long long)t->region_size, o->bs.max_bs);
			return -1;
		}
		j->slice_off = t->region_off + id * slice;
		j->slice_size = slice;
	}
	j->seq_pos = 0;
	/* options.c refuses io_size * loops beyond 64 bits; a huge region times many loops is refused here */
	if (o->io_size)
		j->bytes_to_do = o->io_size * o->loops;
	else if (o->runtime_ms)
		j->bytes_to_do = UINT64_MAX;
	else if (__builtin_mul_overflow(j->slice_size, (uint64_t)o->loops, &j->bytes_to_do)) {
		set_error(e, EOVERFLOW, "size", "--loops=%u passes over %llu bytes is more bytes than can be counted "
			  "(2^64); give fewer loops or a smaller --size", o->loops, (unsigned long long)j->slice_size);
		return -1;
	}

	for (int p = 0; p < 2; p++)
		for (int d = 0; d < 2; d++)
			j->stats[p][d].lat_min = UINT64_MAX;
	return 0;
}

int job_buffers(struct job *j, char *why, size_t whylen)
{
	const struct target *t = j->run->tgt;
	size_t align = t->mem_align > 4096 ? t->mem_align : 4096;
	j->buf_size = (j->run->opt->bs.max_bs + align - 1) / align * align;
	if (posix_memalign(&j->buf_area, align, j->buf_size * j->depth)) {
		j->buf_area = NULL;
		snprintf(why, whylen, "cannot allocate %zu bytes of I/O buffers", j->buf_size * j->depth);
		return -ENOMEM;
	}
	j->ios = calloc(j->depth, sizeof(*j->ios));
	if (!j->ios) {
		snprintf(why, whylen, "out of memory");
		return -ENOMEM;
	}
	for (unsigned i = 0; i < j->depth; i++) {
		j->ios[i].index = i;
		j->ios[i].buf = (char *)j->buf_area + i * j->buf_size;
	}
	if (fill_buffers(j)) {
		snprintf(why, whylen, "stopped while setting up its buffers");
		return -EINTR;
	}
	return 0;
}

/* Chooses direction, size and offset of the next I/O. Returns false when the job has issued all it must. */
static inline bool prep_io(struct job *j, struct io_u *io)
{
	const struct options *o = j->run->opt;
	const struct bssplit *bs = &o->bs;
	uint64_t left = j->bytes_to_do - j->bytes_issued;
	uint32_t len;

	if (!left)
		return false;
	len = bs->n == 1 ? bs->bs[0] : bs->bs[bssplit_pick(bs, (uint32_t)(prng_next(j->rng) >> 32))];
	if (len > left)
		len = (uint32_t)left;  /* the last I/O of an io_size that is not a multiple of the block is short */

	if (o->rwmixread == 100)
		io->dir = DIR_READ;
	else if (o->rwmixread == 0)
		io->dir = DIR_WRITE;
	else
		io->dir = prng_below(j->rng, 100) < o->rwmixread ? DIR_READ : DIR_WRITE;

	if (rw_is_random(o->rw)) {
		uint64_t slots = (j->slice_size - len) / bs->min_bs + 1;
		io->offset = j->slice_off + prng_below(j->rng, slots) * bs->min_bs;
	} else {
		if (j->seq_pos + len > j->slice_size)
			j->seq_pos = 0;  /* wrap: the next pass over the slice */
		io->offset = j->slice_off + j->seq_pos;
		j->seq_pos += len;
	}
	io->len = len;
	j->bytes_issued += len;
	if (io->dir == DIR_WRITE)
		refresh_write_data(o, j->rng, io->buf, io->len);
	return true;
}

void stats_account(struct dir_stats *s, uint64_t lat, uint32_t bytes)
{
	STAT_SET(s->ios, s->ios + 1);
	STAT_SET(s->bytes, s->bytes + bytes);
	STAT_SET(s->lat_sum, s->lat_sum + lat);
	double sq = (double)lat * (double)lat;
	__atomic_store(&s->lat_sumsq, &(double){ s->lat_sumsq + sq }, __ATOMIC_RELAXED);
	if (lat < s->lat_min)
		STAT_SET(s->lat_min, lat);
	if (lat > s->lat_max)
		STAT_SET(s->lat_max, lat);
	unsigned idx = hist_index(lat);
	STAT_SET(s->hist[idx], s->hist[idx] + 1);
}

/* When a rated job's next I/O is due: evenly spaced from the start (fio's rate_process=linear). A job that
 * has fallen behind finds it due at once and issues as fast as it can until it has caught up. */
static uint64_t rate_due(const struct job *j)
{
	const struct options *o = j->run->opt;
	unsigned __int128 ns = o->rate_iops ? (unsigned __int128)j->rate_ios * 1000000000u / o->rate_iops
					    : (unsigned __int128)(j->bytes_issued - j->rate_bytes_base) * 1000000000u /
						      o->rate_bytes;
	ns += j->rate_origin_ns;
	return ns < UINT64_MAX ? (uint64_t)ns : UINT64_MAX;
}

/* Adds the time [from, to) that falls in the measured phase to the job's time behind its rate. */
static void rate_add_behind(struct job *j, uint64_t from, uint64_t to)
{
	const struct run *r = j->run;
	if (from < r->ramp_end_ns)
		from = r->ramp_end_ns;
	if (to > r->end_ns)
		to = r->end_ns;
	if (to > from)
		j->behind_ns += to - from;
}

/* An I/O due at sched issued at now: the job falls behind, or has caught up. */
static void rate_track(struct job *j, uint64_t sched, uint64_t now)
{
	bool late = now > sched + RATE_SLACK_NS;
	if (late && !j->behind_since) {
		j->behind_since = sched + RATE_SLACK_NS;
	} else if (!late && j->behind_since) {
		rate_add_behind(j, j->behind_since, now);
		j->behind_since = 0;
	}
}

static void sched_account(struct sched_stats *s, uint64_t lat)
{
	s->ios++;
	s->lat_sum += lat;
	if (lat > s->lat_max)
		s->lat_max = lat;
	s->hist[hist_index(lat)]++;
}

/* Sleeps until deadline, or less: a stop is seen within STOP_POLL_MS. */
static void sleep_until(uint64_t deadline)
{
	uint64_t now = now_ns(), cap = now + STOP_POLL_MS * 1000000ull;
	if (deadline > cap)
		deadline = cap;
	if (deadline <= now)
		return;
	struct timespec ts = { (time_t)(deadline / 1000000000u), (long)(deadline % 1000000000u) };
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

/* Records the job's first error and makes every job stop issuing. */
static void job_fail(struct job *j, int err, const char *op, struct io_u *io, const char *what)
{
	const struct options *o = j->run->opt;
	__atomic_store_n(&j->run->abort, 1, __ATOMIC_RELAXED);
	if (j->failed)
		return;
	j->failed = true;
	/* a detached loop device or a pulled disk reads as "end of file" or EIO, its size turning 0 moments later:
	 * say what really happened */
	if ((err == EIO || err == ENXIO || err == ENODEV) && j->run->tgt->is_block) {
		for (int tries = 0; tries < 20; tries++) {
			if (target_gone(j->run->tgt)) {
				what = "the device went away (detached or removed) during the run";
				break;
			}
			usleep(10000);
		}
	}
	if (!what)
		what = err == EOPNOTSUPP && o->hipri
			       ? "polled I/O is not supported here (--hipri needs a device with poll queues, e.g. NVMe "
				 "with the nvme module's poll_queues set); run without --hipri"
			       : strerror(err);
	if (io)
		set_error(&j->error, err, op, "%s of %u bytes at offset %llu on %s failed: %s",
			  io->dir == DIR_READ ? "read" : "write", io->len, (unsigned long long)io->offset,
			  o->filename, what);
	else
		set_error(&j->error, err, op, "job %u: %s failed: %s", j->id, op, what);
}

void *job_main(void *arg)
{
	struct job *j = arg;
	struct run *r = j->run;
	char why[256] = "";
	struct io_u **queued = calloc(j->depth, sizeof(*queued));
	struct io_u **done = calloc(j->depth, sizeof(*done));
	int *done_res = calloc(j->depth, sizeof(*done_res));
	struct io_u *free_list = NULL;
	unsigned inflight = 0;
	bool issuing = true;
	/* psync completes inside the call: nothing to wait for. At QD1 the job sleeps, as fio does: its one I/O
	 * completes on another thread (a kernel worker, an interrupt's wake-up) whose CPU a spin would take, and
	 * on a VM the spinner's CPU makes every wake-up cross CPUs (docs/engine.md, "QD1 latency") */
	uint64_t spin_cap_ns = j->be->completes_inline || j->depth == 1 ? 0 : r->opt->spin_us * 1000ull;
	uint64_t wait_ewma_ns = spin_cap_ns, spin_ns = 0;
	bool rated = r->opt->rate_iops || r->opt->rate_bytes;
	uint64_t due = 0;
	int ret;

	/* first: the buffers are then touched on the CPUs given, and the ring's kernel workers made with them */
	if (r->opt->cpus_allowed && sched_setaffinity(0, sizeof(r->opt->cpus), &r->opt->cpus)) {
		ret = -errno;
		snprintf(why, sizeof(why), "cannot keep to --cpus_allowed=%s: %s", r->opt->cpus_allowed,
			 strerror(errno));
	} else if (!queued || !done || !done_res) {
		ret = -ENOMEM;
	} else {
		ret = job_buffers(j, why, sizeof(why));
	}
	if (ret == 0)
		ret = j->be->init(j, why, sizeof(why));
	if (ret < 0) {
		j->failed = true;
		if (ret == -EINTR)
			set_error(&j->error, EINTR, "setup", "job %u: %s", j->id, why);
		else
			set_error(&j->error, -ret, "init", "job %u: %s setup failed: %s", j->id, j->be->name,
				  *why ? why : strerror(-ret));
		__atomic_add_fetch(&r->jobs_failed_init, 1, __ATOMIC_SEQ_CST);
	}
	/* ready; the main thread opens the gate (start_ns is set by then) or closes it on a stop or failure */
	pthread_mutex_lock(&r->gate_mu);
	r->gate_ready++;
	pthread_cond_broadcast(&r->gate_cond);
	while (r->gate_state == 0)
		pthread_cond_wait(&r->gate_cond, &r->gate_mu);
	bool go = r->gate_state > 0;
	pthread_mutex_unlock(&r->gate_mu);
	if (j->failed || !go)
		goto out;

	for (unsigned i = 0; i < j->depth; i++) {
		j->ios[i].next_free = free_list;
		free_list = &j->ios[i];
	}

	uint64_t now = now_ns();
	j->rate_origin_ns = r->start_ns;
	bool rebased = r->ramp_end_ns <= r->start_ns;
	while (true) {
		unsigned nq = 0;
		if (rated && !rebased && now >= r->ramp_end_ns) {
			/* the measurement starts on schedule: a deficit of the ramp is not made up inside it */
			j->rate_origin_ns = r->ramp_end_ns;
			j->rate_ios = 0;
			j->rate_bytes_base = j->bytes_issued;
			j->behind_since = 0;
			rebased = true;
		}
		if (issuing && (g_stop || now >= r->end_ns || __atomic_load_n(&r->abort, __ATOMIC_RELAXED)))
			issuing = false;
		while (issuing && free_list) {
			struct io_u *io = free_list;
			if (rated && (due = rate_due(j)) > now)
				break;  /* not its turn yet */
			if (!prep_io(j, io)) {
				issuing = false;
				break;
			}
			io->sched_ns = due;
			j->rate_ios++;
			free_list = io->next_free;
			queued[nq++] = io;
		}
		if (!nq && !inflight) {
			if (!issuing || !rated)
				break;
			sleep_until(due < r->end_ns ? due : r->end_ns);
			now = now_ns();
			continue;
		}
		now = now_ns();
		for (unsigned i = 0; i < nq; i++) {
			queued[i]->start_ns = now;
			if (rated)
				rate_track(j, queued[i]->sched_ns, now);
			else
				queued[i]->sched_ns = now;
		}
		/* with a free slot, a rated job waits for completions only until its next I/O is due */
		j->wait_until_ns = rated && issuing && free_list ? due : 0;
		ret = j->be->submit_reap(j, queued, nq, spin_ns ? 0 : 1, done, done_res, j->depth);
		if (ret == 0 && spin_ns) {
			/* hybrid wait: poll as long as completions have recently taken, then sleep */
			uint64_t wait_start = now;
			while (ret == 0 && now_ns() - wait_start < spin_ns)
				ret = j->be->submit_reap(j, NULL, 0, 0, done, done_res, j->depth);
			if (ret == 0)
				ret = j->be->submit_reap(j, NULL, 0, 1, done, done_res, j->depth);
		}
		if (ret < 0) {
			job_fail(j, -ret, "submit", NULL, NULL);
			break;  /* the backend's state is unknown: in-flight I/O is abandoned with the context */
		}
		inflight += nq;
		inflight -= (unsigned)ret;
		uint64_t submitted_at = now;
		now = now_ns();
		if (spin_cap_ns && ret > 0) {
			/* mean wait for the next completion, smoothed: the spin budget is twice that, within the cap */
			wait_ewma_ns = (wait_ewma_ns * 7 + (now - submitted_at)) / 8;
			spin_ns = wait_ewma_ns * 2 <= spin_cap_ns ? wait_ewma_ns * 2 : 0;
		}
		int phase = now >= r->ramp_end_ns ? PHASE_MEASURE : PHASE_RAMP;
		/* I/O still in flight when the runtime is over completes outside it and is not counted */
		bool counted = now <= r->end_ns;
		for (int i = 0; i < ret; i++) {
			struct io_u *io = done[i];
			if (done_res[i] < 0)
				job_fail(j, -done_res[i], io->dir == DIR_READ ? "read" : "write", io, NULL);
			else if ((uint32_t)done_res[i] != io->len)
				job_fail(j, EIO, io->dir == DIR_READ ? "read" : "write", io,
					 done_res[i] == 0 ? "end of file" : "short transfer");
			else if (counted) {
				stats_account(&j->stats[phase][io->dir], now - io->start_ns, io->len);
				if (rated && phase == PHASE_MEASURE)
					sched_account(&j->sched[io->dir], now - io->sched_ns);
			}
			io->next_free = free_list;
			free_list = io;
		}
	}
	j->end_ns = now < r->end_ns ? now : r->end_ns;
	if (rated && !j->failed) {
		/* a timed run still behind at its end, or stuck with every slot busy since its next I/O fell due */
		uint64_t late_from = rate_due(j) + RATE_SLACK_NS;
		if (!j->behind_since && r->end_ns != UINT64_MAX && late_from < j->end_ns)
			j->behind_since = late_from;
		if (j->behind_since)
			rate_add_behind(j, j->behind_since, j->end_ns);
	}
out:
	if (j->be_ctx)
		j->be->exit(j);
	free(queued);
	free(done);
	free(done_res);
	__atomic_store_n(&j->finished, 1, __ATOMIC_RELEASE);
	uint64_t one = 1;
	if (write(r->wake_fd, &one, sizeof(one)) < 0) {
		/* the reporter polls with a timeout anyway */
	}
	return NULL;
}
