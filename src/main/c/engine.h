/* drivelab-engine: shared types. One job = one thread with its own backend context, buffers and stats. */
#ifndef DRIVELAB_ENGINE_H
#define DRIVELAB_ENGINE_H

#include <stdint.h>
#include <stddef.h>
#include <sched.h>
#include <stdbool.h>
#include <pthread.h>
#include <stdatomic.h>
#include "histogram.h"
#include "bssplit.h"

#define ENGINE_VERSION "0.1.0"

/* RW_CHECKPOINT: checkpoint.c's own workload (ranks write checkpoint shards, then fsync) */
enum rw_mode { RW_READ, RW_WRITE, RW_RANDREAD, RW_RANDWRITE, RW_RANDRW, RW_SEQRW, RW_CHECKPOINT };
enum io_dir { DIR_READ = 0, DIR_WRITE = 1 };
enum engine_kind { ENGINE_AUTO, ENGINE_URING, ENGINE_LIBAIO, ENGINE_PSYNC };

/* Exit codes: documented in docs/engine.md. */
#define EXIT_RUN_ERROR 1
#define EXIT_BAD_OPTIONS 2
#define EXIT_STOPPED 3

struct options {
	const char *name;
	const char *filename;
	enum rw_mode rw;
	unsigned rwmixread;          /* % reads for mixed modes */
	struct bssplit bs;           /* --bs is a one-entry split */
	bool bssplit_given;
	unsigned iodepth;
	unsigned numjobs;
	uint64_t size;               /* 0: whole device / existing file */
	uint64_t offset;
	uint64_t runtime_ms;         /* 0: size-based */
	uint64_t ramp_ms;
	uint64_t io_size;            /* per job; 0: one pass over the job's region */
	unsigned loops;
	bool direct;
	enum engine_kind ioengine;
	bool hipri;
	bool sqthread_poll;
	unsigned spin_us;            /* hybrid wait: poll up to this long before sleeping */
	uint64_t randseed;
	unsigned status_interval_ms;
	bool buffer_zero;
	unsigned buffer_compress_percentage;
	const char *allow_destroy;   /* must name the device (filename or its resolved node) to write it */
	bool overwrite_file;         /* may write an existing file that has no DriveLab mark */
	bool unlink_created;
	/* --rw=checkpoint (checkpoint.c) */
	uint64_t checkpoint_size;    /* bytes per checkpoint, all ranks together; 0 when given as a share */
	double checkpoint_pct;       /* --checkpoint_size=PCT%: share of the region; 0 when given in bytes */
	unsigned checkpoints;        /* per pass */
	unsigned passes;
	/* --rate / --rate_iops: per job, I/Os issued at evenly spaced times (fio's rate_process=linear); 0: none */
	uint64_t rate_bytes;         /* bytes per second */
	uint64_t rate_iops;
	/* --cpus_allowed (fio's name, its "shared" policy): the CPUs every job and its kernel workers may run on */
	const char *cpus_allowed;    /* as given; NULL: where the scheduler puts them */
	cpu_set_t cpus;
};

/* The mark the engine puts on every file it creates: only such files are written without --overwrite-file. */
#define DRIVELAB_XATTR "user.drivelab"
#define DRIVELAB_XATTR_VALUE "drivelab-engine test file"

#define MAX_NAME_LEN 256                               /* --name is echoed in every line */
#define MAX_DURATION_MS (366ull * 24 * 3600 * 1000)    /* a year: beyond any test, far from overflow in ns */
#define MAX_IODEPTH 32768                              /* io_uring's IORING_MAX_ENTRIES: one ring per job */
#define MAX_BUFFER_BYTES_PER_JOB (1ull << 30)
#define MAX_BUFFER_BYTES_TOTAL (4ull << 30)
#define MAX_RATE_IOPS 100000000ull                     /* 10 ns apart: beyond any device, far from overflow */

/* Writes a message for a bad option into err; returns 0 on success. */
int options_parse(struct options *o, int argc, char **argv, char *err, size_t errlen, bool *want_help,
		  bool *want_version);
int parse_size(const char *s, uint64_t *out);
int parse_uint(const char *s, uint64_t max, uint64_t *out);
int parse_cpu_list(const char *s, cpu_set_t *set);
const char *rw_name(enum rw_mode rw);
const char *engine_name(enum engine_kind e);
static inline bool rw_is_random(enum rw_mode rw)
{
	return rw == RW_RANDREAD || rw == RW_RANDWRITE || rw == RW_RANDRW;
}
static inline bool rw_writes(enum rw_mode rw)
{
	return rw == RW_WRITE || rw == RW_RANDWRITE || rw == RW_RANDRW || rw == RW_SEQRW || rw == RW_CHECKPOINT;
}
static inline bool rw_reads(enum rw_mode rw)
{
	return rw == RW_READ || rw == RW_RANDREAD || rw == RW_RANDRW || rw == RW_SEQRW;
}

struct target {
	int fd;
	bool is_block;
	bool is_dir;                 /* --rw=checkpoint into a directory: a file per rank and checkpoint */
	bool created;                /* the engine created the file */
	uint64_t dev_size;           /* device or file size */
	uint64_t region_off;
	uint64_t region_size;
	unsigned logical_bs;
	unsigned physical_bs;
	unsigned mem_align;          /* buffer alignment for O_DIRECT */
	bool needs_layout;           /* file must be written out to region end */
	uint64_t layout_from;
};

/* An error that ends the run: errno, the operation, and a sentence for the user. */
struct engine_error {
	int err;
	char op[32];
	char message[512];
};

/* Per direction and phase. Written by the job thread only; read by the reporter with relaxed loads. */
struct dir_stats {
	uint64_t ios;
	uint64_t bytes;
	uint64_t lat_sum;
	uint64_t lat_min;
	uint64_t lat_max;
	double lat_sumsq;
	uint64_t hist[HIST_NR];
};

enum phase { PHASE_RAMP = 0, PHASE_MEASURE = 1 };

/* A rated job's measured latencies from each I/O's scheduled time, not its submission: what a user waiting on
 * that I/O sees when the drive falls behind (the coordinated-omission-free view). */
struct sched_stats {
	uint64_t ios;
	uint64_t lat_sum;
	uint64_t lat_max;
	uint64_t hist[HIST_NR];
};
/* A rated job is behind while it issues I/Os more than this after they were due. */
#define RATE_SLACK_NS 1000000ull

struct io_u {
	void *buf;
	unsigned index;
	enum io_dir dir;
	uint32_t len;
	uint64_t offset;
	uint64_t start_ns;
	uint64_t sched_ns;           /* when a rated job meant to issue it (its start_ns otherwise) */
	struct io_u *next_free;
};

struct job;
struct backend_ops {
	const char *name;
	bool completes_inline;       /* I/O is done when submit returns (psync): one in flight, never poll */
	/* Sets up the per-job context in the job's own thread. Returns 0 or -errno with why filled. */
	int (*init)(struct job *j, char *why, size_t whylen);
	/* Submits nq prepared ios, waits for at least min_done completions, returns the number placed in
	 * done[] (at most max_done), or -errno. Completion status goes into done_res[]. */
	int (*submit_reap)(struct job *j, struct io_u **queued, unsigned nq, unsigned min_done,
			   struct io_u **done, int *done_res, unsigned max_done);
	void (*exit)(struct job *j);
};

struct run;
struct job {
	unsigned id;
	struct run *run;
	pthread_t thread;
	const struct backend_ops *be;
	void *be_ctx;
	int fd;
	unsigned depth;              /* effective iodepth */
	struct io_u *ios;
	void *buf_area;
	size_t buf_size;             /* per io_u */
	uint64_t rng[4];
	/* region of this job: the whole region for random I/O, a slice for sequential */
	uint64_t slice_off;
	uint64_t slice_size;
	uint64_t seq_pos;
	uint64_t bytes_to_do;        /* UINT64_MAX when time-based without io_size */
	uint64_t bytes_issued;
	uint64_t end_ns;             /* completion time of the job's last I/O */
	struct dir_stats stats[2][2];  /* [phase][dir] */
	/* --rate / --rate_iops (read by the reporter only after the job finished) */
	uint64_t rate_origin_ns;     /* the schedule's start: the run's, then the ramp's end */
	uint64_t rate_ios;           /* I/Os issued since the origin: the next one's turn */
	uint64_t rate_bytes_base;    /* bytes issued before the origin */
	uint64_t wait_until_ns;      /* backends wait for completions no later than this; 0: no limit */
	uint64_t behind_since;       /* 0: keeping to the rate */
	uint64_t behind_ns;          /* measured time spent behind */
	struct sched_stats sched[2]; /* [dir], measured phase */
	struct engine_error error;
	bool failed;
	int finished;                /* set last (release) by the job: its end_ns, failed and error are final */
};

struct run {
	struct options *opt;
	struct target *tgt;
	const struct backend_ops *be;
	struct job *jobs;
	uint64_t start_ns;           /* all jobs start together */
	uint64_t ramp_end_ns;
	uint64_t end_ns;             /* time-based end, UINT64_MAX when size-based */
	int wake_fd;                 /* eventfd: a job finished or a signal arrived */
	/* start gate: jobs count themselves ready after set-up, then wait for go (1) or abort (-1) */
	pthread_mutex_t gate_mu;
	pthread_cond_t gate_cond;
	unsigned gate_ready;
	int gate_state;
	unsigned jobs_failed_init;
	int abort;                   /* a job failed: all stop issuing */
};

/* Set by SIGINT/SIGTERM, the parent's death or a closed stdout; read by every thread. A lock-free atomic is
 * what C11 allows a signal handler to store to besides volatile sig_atomic_t, and threads see it at once. */
extern atomic_int g_stop;
/* Started through pkexec (or set-uid): block devices under /dev only, orders from stdin only (serve.c). */
extern bool g_privileged;
bool started_privileged(void);
int privileged_place(const char *filename, const char *real, bool block, struct engine_error *e);
/* --serve: one process for every point of a run on one target; each point runs point(argc, argv) in a child. */
typedef int (*engine_point_fn)(int argc, char **argv);
int serve_main(int argc, char **argv, engine_point_fn point);
/* A stopped point still removing what it wrote says so (engine_alive): the session's grace before SIGKILL starts
 * again, so a cleanup that takes longer than a stop is not cut off half done (serve.c). -1 outside a session. */
extern int g_alive_fd;
void engine_alive(void);
/* How long any wait in the engine may sleep before it looks at g_stop again. */
#define STOP_POLL_MS 100

uint64_t now_ns(void);
/* Nanoseconds a backend may wait for a completion: up to STOP_POLL_MS, less for a rated job's next I/O. */
uint64_t wait_budget_ns(const struct job *j);
/* Sleeps until deadline (monotonic ns) or until a job or a signal writes to the eventfd fd. */
void sleep_until_wake(int fd, uint64_t deadline);

int target_open(struct options *o, struct target *t, struct engine_error *e);
/* The places rule (docs/engine.md, "Targets") for a directory of checkpoint files. */
int target_check_dir_place(struct options *o, struct engine_error *e);
int target_layout(struct options *o, struct target *t, struct engine_error *e);
void target_close(struct options *o, struct target *t);
/* A block device that has lost its medium (size 0: a loop device detached, a disk removed). */
bool target_gone(const struct target *t);

void *job_main(void *arg);
/* Counts one completed I/O of lat ns in s (the job's own thread only). */
void stats_account(struct dir_stats *s, uint64_t lat, uint32_t bytes);
/* --rw=checkpoint: runs the whole workload; returns the exit code (checkpoint.c). */
int checkpoint_main(struct options *o, struct run *r, int argc, char **argv);
int job_setup(struct run *r, struct job *j, unsigned id, struct engine_error *e);
/* Allocates and fills the job's buffers in its own thread; stops early (-EINTR) when g_stop is set. */
int job_buffers(struct job *j, char *why, size_t whylen);
/* Fresh data at the start of every 512 bytes of a write, so that no two writes are alike (drives deduplicate). */
void refresh_write_data(const struct options *o, uint64_t rng[4], void *buf, uint32_t len);

extern const struct backend_ops backend_uring, backend_libaio, backend_psync;
int uring_probe(struct options *o, char *why, size_t whylen, char *flags_out, size_t flagslen);
int libaio_probe(char *why, size_t whylen);

void set_error(struct engine_error *e, int err, const char *op, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Relaxed atomics: the job thread is the only writer, the reporter only reads. */
#define STAT_SET(field, val) __atomic_store_n(&(field), (val), __ATOMIC_RELAXED)
#define STAT_GET(field) __atomic_load_n(&(field), __ATOMIC_RELAXED)

#endif
