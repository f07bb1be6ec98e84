/* --rw=checkpoint: R ranks (threads, --numjobs) write their shards of one checkpoint as sequential writes of --bs,
 * then fsync, the way the torch.save() files of a tensor- and pipeline-parallel training job land (DLIO's
 * checkpointing). --checkpoints per pass, --passes passes; the oldest checkpoint goes when the next would not fit,
 * as a training job that keeps the last few. A checkpoint's time runs from the moment the ranks start together to
 * the return of the last rank's fsync. */
#include "checkpoint.h"
#include "dioalign.h"
#include "prng.h"
#include "report.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>

/* The run holds at most this many checkpoints (checkpoints x passes): every one is reported in the result. */
#define CKPT_MAX_TOTAL 10000

unsigned ckpt_deletions(uint64_t need, uint64_t free_bytes, uint64_t quota, const uint64_t *kept, unsigned nkept)
{
	uint64_t used = 0, freed = 0;
	for (unsigned i = 0; i < nkept; i++)
		used += kept[i];
	for (unsigned d = 0; d <= nkept; d++) {
		bool fits_fs = free_bytes == UINT64_MAX || free_bytes >= need - (freed < need ? freed : need);
		bool fits_quota = !quota || used - freed + need <= quota;
		if (fits_fs && fits_quota)
			return d;
		if (d < nkept)
			freed += kept[d];
	}
	return CKPT_NO_ROOM;
}

void ckpt_file_name(char *buf, size_t len, struct ckpt_ref ref, unsigned rank)
{
	snprintf(buf, len, "ckpt-%03u-%03u-rank%u.pt", ref.pass, ref.index, rank);
}

/* A checkpoint still on the target. */
struct kept {
	struct ckpt_ref ref;
	uint64_t bytes;
	int slot;
};

/* State shared by the main thread and the ranks; the ranks only read it while they write. */
static struct {
	struct options *o;
	struct run *r;
	struct ckpt_plan *plan;
	pthread_mutex_t mu;
	pthread_cond_t go;
	unsigned generation;         /* one more per checkpoint: the ranks start */
	unsigned busy;               /* ranks still writing the current checkpoint */
	bool quit;
	int *fds;                    /* per rank: its file (directory) or the target (region) */
	uint64_t *base;              /* per rank: where its shard starts */
	uint64_t *write_end, *end;   /* per rank, of the current checkpoint */
} cr = { .mu = PTHREAD_MUTEX_INITIALIZER, .go = PTHREAD_COND_INITIALIZER };

static void wake_main(int fd)
{
	uint64_t one = 1;
	if (write(fd, &one, sizeof(one)) < 0) {
		/* the main thread polls with a timeout anyway */
	}
}

static void rank_fail(struct job *j, int err, const char *op, uint64_t offset, uint32_t len, const char *what)
{
	__atomic_store_n(&j->run->abort, 1, __ATOMIC_RELAXED);
	if (j->failed)
		return;
	j->failed = true;
	if (!strcmp(op, "fsync"))
		set_error(&j->error, err, op, "rank %u: fsync of its shard on %s failed: %s", j->id, cr.o->filename,
			  what);
	else
		set_error(&j->error, err, op, "rank %u: write of %u bytes at offset %llu on %s failed: %s%s", j->id, len,
			  (unsigned long long)offset, cr.o->filename, what,
			  err == ENOSPC ? " (the filesystem is fuller than it said; give a smaller --size)" : "");
}

/* One rank's part of one checkpoint: its shard in sequential writes, then fsync. */
static void write_shard(struct job *j)
{
	const struct options *o = cr.o;
	int fd = cr.fds[j->id];
	uint64_t base = cr.base[j->id], shard = cr.plan->shard, pos = 0;
	uint32_t bs = o->bs.bs[0];
	char *buf = j->ios[0].buf;

	while (pos < shard && !g_stop && !__atomic_load_n(&j->run->abort, __ATOMIC_RELAXED)) {
		uint32_t len = shard - pos < bs ? (uint32_t)(shard - pos) : bs;
		/* fresh data in every 512 bytes: a drive must not deduplicate one checkpoint against the last */
		refresh_write_data(o, j->rng, buf, len);
		uint64_t t = now_ns();
		ssize_t n;
		do {
			n = pwrite(fd, buf, len, (off_t)(base + pos));
		} while (n < 0 && errno == EINTR && !g_stop);
		uint64_t done = now_ns();
		if (n < 0) {
			rank_fail(j, errno, "write", base + pos, len, strerror(errno));
			break;
		}
		if ((uint32_t)n != len) {
			rank_fail(j, EIO, "write", base + pos, len, "short transfer");
			break;
		}
		stats_account(&j->stats[PHASE_MEASURE][DIR_WRITE], done - t, len);
		pos += len;
	}
	cr.write_end[j->id] = now_ns();
	if (pos == shard) {
		if (fsync(fd) < 0)
			rank_fail(j, errno, "fsync", 0, 0, strerror(errno));
		else
			__atomic_add_fetch(&cr.plan->fsyncs, 1, __ATOMIC_RELAXED);
	}
	cr.end[j->id] = j->end_ns = now_ns();
}

static void *rank_main(void *arg)
{
	struct job *j = arg;
	unsigned seen = 0;
	for (;;) {
		pthread_mutex_lock(&cr.mu);
		while (cr.generation == seen && !cr.quit)
			pthread_cond_wait(&cr.go, &cr.mu);
		seen = cr.generation;
		bool quit = cr.quit;
		pthread_mutex_unlock(&cr.mu);
		if (quit)
			break;
		write_shard(j);
		pthread_mutex_lock(&cr.mu);
		cr.busy--;
		pthread_mutex_unlock(&cr.mu);
		wake_main(j->run->wake_fd);
	}
	return NULL;
}

/* A directory target: the region is the --size quota, or what the filesystem has free. */
static int open_dir(struct options *o, struct target *t, struct ckpt_plan *plan, uint64_t *fs_size,
		    struct engine_error *e)
{
	struct statvfs vfs;
	t->fd = -1;
	t->is_dir = true;
	if (access(o->filename, W_OK | X_OK) < 0) {
		set_error(e, errno, "open", "cannot write checkpoint files into %s: %s", o->filename, strerror(errno));
		return -1;
	}
	if (statvfs(o->filename, &vfs) < 0) {
		set_error(e, errno, "statvfs", "cannot read the free space of %s: %s", o->filename, strerror(errno));
		return -1;
	}
	*fs_size = (uint64_t)vfs.f_blocks * vfs.f_frsize;
	plan->dir = true;
	plan->room = o->size;
	t->region_size = o->size ? o->size : (uint64_t)vfs.f_bavail * vfs.f_frsize;
	t->dev_size = t->region_size;
	t->logical_bs = 512;
	t->physical_bs = (unsigned)vfs.f_bsize;
	t->mem_align = 4096;
	return 0;
}

static uint64_t dir_free_bytes(const char *dir)
{
	struct statvfs vfs;
	if (statvfs(dir, &vfs) < 0)
		return 0;
	return (uint64_t)vfs.f_bavail * vfs.f_frsize;
}

static void unlink_checkpoint(const struct options *o, struct ckpt_ref ref)
{
	char name[64], path[4096];
	for (unsigned k = 0; k < o->numjobs; k++) {
		ckpt_file_name(name, sizeof(name), ref, k);
		snprintf(path, sizeof(path), "%s/%s", o->filename, name);
		unlink(path);
		engine_alive();  /* tens of ms each for a file in the page cache: a stop's grace would cut the rest */
	}
}

/* The rank's own buffer, stats and random stream; no backend: a checkpoint is plain pwrite() and fsync(). */
static int rank_setup(struct run *r, struct job *j, unsigned id, size_t align, struct engine_error *e)
{
	const struct options *o = r->opt;
	memset(j, 0, sizeof(*j));
	j->id = id;
	j->run = r;
	j->be = r->be;
	j->depth = 1;
	prng_seed(j->rng, o->randseed + id * 0x9e3779b97f4a7c15ull);
	j->buf_size = (o->bs.bs[0] + align - 1) / align * align;
	j->ios = calloc(1, sizeof(*j->ios));
	if (!j->ios || posix_memalign(&j->buf_area, align, j->buf_size)) {
		set_error(e, ENOMEM, "malloc", "cannot allocate %zu bytes of write buffer", j->buf_size);
		return -1;
	}
	j->ios[0].buf = j->buf_area;
	uint64_t *p = j->buf_area;
	for (size_t i = 0; i < j->buf_size / 8; i++)
		p[i] = o->buffer_zero ? 0 : prng_next(j->rng);
	if (o->buffer_compress_percentage && !o->buffer_zero) {
		size_t zeros = 512 * o->buffer_compress_percentage / 100;
		for (size_t off = 0; off < j->buf_size; off += 512)
			memset((char *)j->buf_area + off + 512 - zeros, 0, zeros);
	}
	for (int ph = 0; ph < 2; ph++)
		for (int d = 0; d < 2; d++)
			j->stats[ph][d].lat_min = UINT64_MAX;
	return 0;
}

/* Opens the ranks' files of one checkpoint in a directory (not timed: torch.save() has its file by then). */
static int open_rank_files(const struct options *o, struct ckpt_ref ref, struct engine_error *e)
{
	char name[64], path[4096];
	for (unsigned k = 0; k < o->numjobs; k++) {
		ckpt_file_name(name, sizeof(name), ref, k);
		snprintf(path, sizeof(path), "%s/%s", o->filename, name);
		/* a file of that name that the engine did not write is someone's checkpoint: never truncate it */
		if (!o->overwrite_file && access(path, F_OK) == 0 && getxattr(path, DRIVELAB_XATTR, NULL, 0) < 0) {
			set_error(e, EPERM, "guard", "%s exists and is not a DriveLab checkpoint file (it has no %s mark); "
				  "move it away, pick another directory, or give --overwrite-file", path, DRIVELAB_XATTR);
			for (unsigned i = 0; i < k; i++)
				close(cr.fds[i]);
			return -1;
		}
		cr.fds[k] = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (o->direct ? O_DIRECT : 0), 0644);
		if (cr.fds[k] >= 0)
			fsetxattr(cr.fds[k], DRIVELAB_XATTR, DRIVELAB_XATTR_VALUE, strlen(DRIVELAB_XATTR_VALUE), 0);
		if (cr.fds[k] < 0) {
			int err = errno;
			if (err == EINVAL && o->direct)
				set_error(e, err, "open", "the filesystem of %s does not support O_DIRECT; use --direct=0",
					  o->filename);
			else
				set_error(e, err, "open", "cannot create %s: %s", path, strerror(err));
			for (unsigned i = 0; i < k; i++)
				close(cr.fds[i]);
			return -1;
		}
		cr.base[k] = 0;
	}
	return 0;
}

static void close_rank_files(const struct options *o)
{
	for (unsigned k = 0; k < o->numjobs; k++)
		close(cr.fds[k]);
}

/* Releases the ranks on one checkpoint and waits for all of them, printing interval lines meanwhile. */
static void run_ranks(struct run *r, struct ckpt_record *c, uint64_t *next_interval, struct dir_sum prev[2])
{
	const struct options *o = r->opt;
	uint64_t interval = (uint64_t)o->status_interval_ms * 1000000ull;
	pid_t parent = getppid();

	pthread_mutex_lock(&cr.mu);
	cr.busy = o->numjobs;
	c->start_ns = now_ns();
	cr.generation++;
	pthread_cond_broadcast(&cr.go);
	pthread_mutex_unlock(&cr.mu);
	for (;;) {
		pthread_mutex_lock(&cr.mu);
		unsigned busy = cr.busy;
		pthread_mutex_unlock(&cr.mu);
		if (!busy)
			break;
		sleep_until_wake(r->wake_fd, *next_interval);
		if (getppid() != parent)
			g_stop = 1;
		uint64_t now = now_ns();
		if (now >= *next_interval) {
			report_interval(r, *next_interval, prev);
			while (*next_interval <= now)
				*next_interval += interval;
		}
	}
	c->write_end_ns = c->end_ns = c->start_ns;
	for (unsigned k = 0; k < o->numjobs; k++) {
		if (cr.write_end[k] > c->write_end_ns)
			c->write_end_ns = cr.write_end[k];
		if (cr.end[k] > c->end_ns)
			c->end_ns = cr.end[k];
	}
}

static int fail_early(struct options *o, struct target *t, const struct engine_error *e, int code)
{
	report_error(e);
	target_close(o, t);
	return code;
}

int checkpoint_main(struct options *o, struct run *r, int argc, char **argv)
{
	static struct ckpt_plan plan;
	static struct dir_sum prev[2];
	struct target *t = r->tgt;
	struct engine_error err = { 0 };
	struct stat st;
	uint64_t fs_size = 0;
	unsigned total = o->checkpoints * o->passes;

	memset(t, 0, sizeof(*t));
	t->fd = -1;
	if ((uint64_t)o->checkpoints * o->passes > CKPT_MAX_TOTAL) {
		set_error(&err, EINVAL, "options", "--checkpoints=%u x --passes=%u is more than %u checkpoints in one run",
			  o->checkpoints, o->passes, CKPT_MAX_TOTAL);
		return fail_early(o, t, &err, EXIT_BAD_OPTIONS);
	}
	if (stat(o->filename, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (target_check_dir_place(o, &err))
			return fail_early(o, t, &err, EXIT_RUN_ERROR);
		if (open_dir(o, t, &plan, &fs_size, &err))
			return fail_early(o, t, &err, EXIT_RUN_ERROR);
	} else {
		if (target_open(o, t, &err))
			return fail_early(o, t, &err, err.err == EINVAL && !strcmp(err.op, "align") ? EXIT_BAD_OPTIONS
												 : EXIT_RUN_ERROR);
		plan.room = t->region_size;
	}

	/* a share is of the region: the --size quota of a directory, else its filesystem; the file's or device's
	 * region */
	uint64_t base = plan.dir && !o->size ? fs_size : t->region_size;
	uint64_t want = o->checkpoint_size ? o->checkpoint_size : (uint64_t)((double)base * o->checkpoint_pct / 100.0);
	size_t align = t->logical_bs > 4096 ? t->logical_bs : 4096;
	if (o->direct && o->bs.bs[0] % align) {
		set_error(&err, EINVAL, "align", "--bs=%u is not a multiple of %zu bytes, which direct checkpoint writes "
			  "need; use a multiple of %zu or --direct=0", o->bs.bs[0], align, align);
		return fail_early(o, t, &err, EXIT_BAD_OPTIONS);
	}
	plan.shard = want / o->numjobs / align * align;
	if (!plan.shard) {
		set_error(&err, EINVAL, "size", "a checkpoint of %llu bytes leaves each of %u ranks less than %zu bytes; "
			  "give a larger --checkpoint_size or fewer ranks (--numjobs)", (unsigned long long)want,
			  o->numjobs, align);
		return fail_early(o, t, &err, EXIT_BAD_OPTIONS);
	}
	plan.size = plan.shard * o->numjobs;
	o->checkpoint_size = plan.size;
	if (!plan.dir) {
		plan.slots = (unsigned)(plan.room / plan.size < UINT_MAX ? plan.room / plan.size : UINT_MAX - 1);
		if (!plan.slots) {
			set_error(&err, ENOSPC, "size", "a checkpoint of %llu bytes does not fit in the region of %s (%llu "
				  "bytes)", (unsigned long long)plan.size, o->filename, (unsigned long long)plan.room);
			return fail_early(o, t, &err, EXIT_RUN_ERROR);
		}
	} else if (plan.room && plan.size > plan.room) {
		set_error(&err, ENOSPC, "size", "a checkpoint of %llu bytes is larger than --size=%llu", (unsigned long long)
			  plan.size, (unsigned long long)plan.room);
		return fail_early(o, t, &err, EXIT_BAD_OPTIONS);
	}

	r->be = &backend_psync;
	r->jobs = calloc(o->numjobs, sizeof(*r->jobs));
	cr.o = o;
	cr.r = r;
	cr.plan = &plan;
	cr.fds = calloc(o->numjobs, sizeof(*cr.fds));
	cr.base = calloc(o->numjobs, sizeof(*cr.base));
	cr.write_end = calloc(o->numjobs, sizeof(*cr.write_end));
	cr.end = calloc(o->numjobs, sizeof(*cr.end));
	plan.done = calloc(total, sizeof(*plan.done));
	struct kept *kept = calloc(total, sizeof(*kept));
	uint64_t *kept_bytes = calloc(total, sizeof(*kept_bytes));
	if (!r->jobs || !cr.fds || !cr.base || !cr.write_end || !cr.end || !plan.done || !kept || !kept_bytes) {
		set_error(&err, ENOMEM, "malloc", "out of memory");
		return fail_early(o, t, &err, EXIT_RUN_ERROR);
	}
	for (unsigned k = 0; k < o->numjobs; k++)
		if (rank_setup(r, &r->jobs[k], k, align, &err))
			return fail_early(o, t, &err, EXIT_RUN_ERROR);

	char reason[160];
	snprintf(reason, sizeof(reason), "checkpoints are written with pwrite() and fsync(), as torch.save() writes "
		 "its files");
	struct start_info si = { argc, argv, reason, "" };
	report_start(r, &si);

	for (unsigned k = 0; k < o->numjobs; k++) {
		int rc = pthread_create(&r->jobs[k].thread, NULL, rank_main, &r->jobs[k]);
		if (rc) {
			pthread_mutex_lock(&cr.mu);
			cr.quit = true;
			pthread_cond_broadcast(&cr.go);
			pthread_mutex_unlock(&cr.mu);
			for (unsigned i = 0; i < k; i++)
				pthread_join(r->jobs[i].thread, NULL);
			set_error(&err, rc, "thread", "cannot start rank %u of %u: %s", k, o->numjobs, strerror(rc));
			return fail_early(o, t, &err, EXIT_RUN_ERROR);
		}
	}
	struct rusage ru0, ru1;
	getrusage(RUSAGE_SELF, &ru0);
	plan.start_ns = r->start_ns = r->ramp_end_ns = now_ns();
	r->end_ns = UINT64_MAX;
	for (int d = 0; d < 2; d++)
		dir_sum_clear(&prev[d]);
	uint64_t next_interval = r->start_ns + (uint64_t)o->status_interval_ms * 1000000ull;
	unsigned nkept = 0, next_slot = 0;
	const struct engine_error *run_err = NULL;

	for (unsigned pass = 1; pass <= o->passes && !run_err && !g_stop; pass++) {
		for (unsigned index = 1; index <= o->checkpoints && !run_err && !g_stop; index++) {
			struct ckpt_record *c = &plan.done[plan.ndone];
			memset(c, 0, sizeof(*c));
			c->pass = pass;
			c->index = index;
			c->slot = -1;
			uint64_t free_bytes = plan.dir ? dir_free_bytes(o->filename) : UINT64_MAX;
			uint64_t quota = plan.dir ? plan.room : (uint64_t)plan.slots * plan.size;
			unsigned drop = ckpt_deletions(plan.size, free_bytes, quota, kept_bytes, nkept);
			if (drop == CKPT_NO_ROOM) {
				set_error(&err, ENOSPC, "space", "%s has %llu bytes free, less than one checkpoint of %llu "
					  "bytes even with every earlier checkpoint deleted", o->filename,
					  (unsigned long long)free_bytes, (unsigned long long)plan.size);
				run_err = &err;
				break;
			}
			int freed_slot = -1;
			for (unsigned d = 0; d < drop; d++) {
				if (plan.dir)
					unlink_checkpoint(o, kept[d].ref);
				freed_slot = kept[d].slot;
				if (c->ndeleted < CKPT_DELETED_MAX)
					c->deleted[c->ndeleted++] = kept[d].ref;
			}
			memmove(kept, kept + drop, (nkept - drop) * sizeof(*kept));
			memmove(kept_bytes, kept_bytes + drop, (nkept - drop) * sizeof(*kept_bytes));
			nkept -= drop;
			struct ckpt_ref ref = { pass, index };
			if (plan.dir) {
				if (open_rank_files(o, ref, &err)) {
					run_err = &err;
					break;
				}
			} else {
				/* the slot of the checkpoint just overwritten, else the next unused one */
				c->slot = freed_slot >= 0 ? freed_slot : (int)next_slot++;
				for (unsigned k = 0; k < o->numjobs; k++) {
					cr.fds[k] = t->fd;
					cr.base[k] = t->region_off + (uint64_t)c->slot * plan.size + k * plan.shard;
				}
			}
			run_ranks(r, c, &next_interval, prev);
			if (plan.dir)
				close_rank_files(o);
			for (unsigned k = 0; k < o->numjobs && !run_err; k++)
				if (r->jobs[k].failed)
					run_err = &r->jobs[k].error;
			if (run_err || g_stop) {
				/* a checkpoint that did not complete is no checkpoint: its files go */
				if (plan.dir)
					unlink_checkpoint(o, ref);
				break;
			}
			c->bytes = plan.size;
			kept[nkept] = (struct kept){ ref, plan.size, c->slot };
			kept_bytes[nkept++] = plan.size;
			plan.ndone++;
			report_checkpoint(&plan, c);
		}
	}

	pthread_mutex_lock(&cr.mu);
	cr.quit = true;
	pthread_cond_broadcast(&cr.go);
	pthread_mutex_unlock(&cr.mu);
	for (unsigned k = 0; k < o->numjobs; k++)
		pthread_join(r->jobs[k].thread, NULL);
	getrusage(RUSAGE_SELF, &ru1);
	report_checkpoint_result(r, &plan, g_stop || run_err, &ru0, &ru1);
	if (plan.dir && o->unlink_created)
		for (unsigned i = 0; i < nkept; i++)
			unlink_checkpoint(o, kept[i].ref);
	free(kept);
	free(kept_bytes);
	target_close(o, t);
	if (run_err) {
		report_error(run_err);
		return EXIT_RUN_ERROR;
	}
	return g_stop ? EXIT_STOPPED : 0;
}
