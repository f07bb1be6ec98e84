/* drivelab-engine: measures one workload point on one target and streams JSON lines (docs/engine.md). */
#include "engine.h"
#include "report.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/utsname.h>

static int g_wake_fd = -1;

static void on_signal(int sig)
{
	(void)sig;
	g_stop = 1;
	uint64_t one = 1;
	if (g_wake_fd >= 0 && write(g_wake_fd, &one, sizeof(one)) < 0) {
		/* nothing to do in a signal handler */
	}
}

static const char usage[] =
	"usage: drivelab-engine --filename=PATH [options]\n"
	"       drivelab-engine --serve --filename=PATH [--allow-destroy=PATH]: one point per request line on stdin\n"
	"Measures one workload on a block device or file with direct I/O; prints JSON lines on stdout.\n"
	"  --rw=read|write|randread|randwrite|randrw|rw   --rwmixread=PCT\n"
	"  --rw=checkpoint --checkpoint_size=SIZE|PCT% --checkpoints=N --passes=P (ranks: --numjobs)\n"
	"  --bs=SIZE | --bssplit=SIZE/PCT:SIZE/PCT...      --iodepth=N --numjobs=N\n"
	"  --size=SIZE --offset=SIZE --io_size=SIZE --loops=N\n"
	"  --runtime=SEC --ramp_time=SEC --status-interval=MS\n"
	"  --rate=BYTES/s | --rate_iops=N (per job, I/Os at evenly spaced times; latency also from the scheduled time)\n"
	"  --ioengine=io_uring|libaio|psync|auto --direct=0|1 --hipri --sqthread_poll --cpus_allowed=LIST (e.g. 1,4-7)\n"
	"  --randseed=N --buffer_pattern=random|zero --buffer_compress_percentage=PCT\n"
	"  --allow-destroy=DEVICE (write to a block device) --overwrite-file (write a file the engine did not\n"
	"  create) --unlink (remove a file the engine created)\n"
	"  --name=TEXT --version --help\n"
	"See docs/engine.md for the output format.\n";

/* Picks the backend: the one asked for, or the first of io_uring, libaio, psync that works here. */
static int choose_engine(struct options *o, struct run *r, char *reason, size_t rlen, char *flags, size_t flen,
			 struct engine_error *e)
{
	char why_uring[256] = "", why_aio[256] = "";
	flags[0] = '\0';

	if (o->ioengine == ENGINE_URING || o->ioengine == ENGINE_AUTO) {
		if (uring_probe(o, why_uring, sizeof(why_uring), flags, flen) == 0) {
			r->be = &backend_uring;
			snprintf(reason, rlen, "%s", o->ioengine == ENGINE_URING ? "asked for" :
				 "default: io_uring is available");
			return 0;
		}
		if (o->ioengine == ENGINE_URING) {
			set_error(e, ENOSYS, "io_uring", "io_uring is not available here (%s); use --ioengine=libaio "
				  "or psync", why_uring);
			return -1;
		}
	}
	if (o->ioengine == ENGINE_LIBAIO || o->ioengine == ENGINE_AUTO) {
		if (libaio_probe(why_aio, sizeof(why_aio)) == 0) {
			r->be = &backend_libaio;
			if (o->ioengine == ENGINE_LIBAIO)
				snprintf(reason, rlen, "asked for");
			else
				snprintf(reason, rlen, "io_uring is not available (%s); fell back to libaio", why_uring);
			return 0;
		}
		if (o->ioengine == ENGINE_LIBAIO) {
			set_error(e, ENOSYS, "libaio", "libaio is not available here (%s); use --ioengine=psync",
				  why_aio);
			return -1;
		}
	}
	r->be = &backend_psync;
	if (o->ioengine == ENGINE_PSYNC)
		snprintf(reason, rlen, "asked for%s", o->iodepth > 1 ? "; psync keeps one I/O in flight per job" : "");
	else
		snprintf(reason, rlen, "io_uring (%s) and libaio (%s) are not available; fell back to psync",
			 why_uring, why_aio);
	return 0;
}

/* Opens or closes the start gate for every job thread started so far, and waits for them when it closes. */
static void open_gate(struct run *r, unsigned started, int state)
{
	pthread_mutex_lock(&r->gate_mu);
	r->gate_state = state;
	pthread_cond_broadcast(&r->gate_cond);
	pthread_mutex_unlock(&r->gate_mu);
	if (state < 0)
		for (unsigned i = 0; i < started; i++)
			pthread_join(r->jobs[i].thread, NULL);
}

/*
 * Starts the job threads and waits until all have set up (buffers, ring), looking at the stop flag every
 * STOP_POLL_MS; then starts the clock and lets them go. On a stop or a failure the jobs are ended and e says why.
 */
static int start_jobs(struct run *r, struct rusage *ru0, struct engine_error *e)
{
	const struct options *o = r->opt;
	pthread_mutex_init(&r->gate_mu, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&r->gate_cond, &ca);
	for (unsigned i = 0; i < o->numjobs; i++) {
		int rc = pthread_create(&r->jobs[i].thread, NULL, job_main, &r->jobs[i]);
		if (rc) {
			open_gate(r, i, -1);
			set_error(e, rc, "thread", "cannot start job %u of %u: %s", i, o->numjobs, strerror(rc));
			return -1;
		}
	}
	pthread_mutex_lock(&r->gate_mu);
	while (r->gate_ready < o->numjobs && !g_stop && !__atomic_load_n(&r->jobs_failed_init, __ATOMIC_SEQ_CST)) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_nsec += STOP_POLL_MS * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&r->gate_cond, &r->gate_mu, &ts);
	}
	pthread_mutex_unlock(&r->gate_mu);
	if (g_stop || __atomic_load_n(&r->jobs_failed_init, __ATOMIC_SEQ_CST)) {
		open_gate(r, o->numjobs, -1);
		const struct engine_error *job_err = NULL;
		for (unsigned i = 0; i < o->numjobs && !job_err; i++)
			if (r->jobs[i].failed && r->jobs[i].error.err != EINTR)
				job_err = &r->jobs[i].error;
		if (g_stop || !job_err)
			set_error(e, EINTR, "setup", "stopped while the %u jobs were being set up; nothing was measured",
				  o->numjobs);
		else
			*e = *job_err;
		return -1;
	}
	r->start_ns = now_ns();
	r->ramp_end_ns = r->start_ns + o->ramp_ms * 1000000ull;
	r->end_ns = o->runtime_ms ? r->ramp_end_ns + o->runtime_ms * 1000000ull : UINT64_MAX;
	getrusage(RUSAGE_SELF, ru0);
	open_gate(r, o->numjobs, 1);
	return 0;
}

/* One point, the one-shot engine: options from argv, JSON lines on stdout, the exit code as documented. */
static int engine_point(int argc, char **argv)
{
	static struct options opt;
	static struct target tgt;
	static struct run run;
	static struct dir_sum prev[2];
	struct engine_error err = { 0 };
	char msg[512], reason[640], flags[128];
	bool want_help, want_version;
	pid_t parent = getppid();

	/* never keep writing after the app (or the session) that started us is gone */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		g_stop = 1;

	if (options_parse(&opt, argc, argv, msg, sizeof(msg), &want_help, &want_version)) {
		set_error(&err, EINVAL, "options", "%s", msg);
		report_error(&err);
		return EXIT_BAD_OPTIONS;
	}
	if (want_help) {
		fputs(usage, stdout);
		return 0;
	}
	if (want_version) {
		struct utsname u;
		uname(&u);
		printf("drivelab-engine %s (kernel %s)\n", ENGINE_VERSION, u.release);
		return 0;
	}

	run.opt = &opt;
	run.tgt = &tgt;
	g_wake_fd = run.wake_fd = eventfd(0, EFD_CLOEXEC);
	if (run.wake_fd < 0) {
		set_error(&err, errno, "eventfd", "cannot create the event the jobs wake the reporter with: %s",
			  strerror(errno));
		report_error(&err);
		return EXIT_RUN_ERROR;
	}
	if (opt.rw == RW_CHECKPOINT && g_privileged) {
		set_error(&err, EPERM, "privileged", "checkpoints write files into a folder; started through pkexec, the "
			  "engine opens block devices only: run checkpoints without pkexec, in a folder you may write");
		report_error(&err);
		return EXIT_BAD_OPTIONS;
	}
	if (opt.rw == RW_CHECKPOINT)
		return checkpoint_main(&opt, &run, argc, argv);
	if (target_open(&opt, &tgt, &err)) {
		report_error(&err);
		target_close(&opt, &tgt);
		return err.err == EINVAL && !strcmp(err.op, "align") ? EXIT_BAD_OPTIONS : EXIT_RUN_ERROR;
	}
	if (choose_engine(&opt, &run, reason, sizeof(reason), flags, sizeof(flags), &err)) {
		report_error(&err);
		target_close(&opt, &tgt);
		return EXIT_RUN_ERROR;
	}

	run.jobs = calloc(opt.numjobs, sizeof(*run.jobs));
	if (!run.jobs) {
		set_error(&err, ENOMEM, "malloc", "out of memory");
		report_error(&err);
		return EXIT_RUN_ERROR;
	}
	for (unsigned i = 0; i < opt.numjobs && !g_stop; i++) {
		if (job_setup(&run, &run.jobs[i], i, &err)) {
			report_error(&err);
			target_close(&opt, &tgt);
			return EXIT_RUN_ERROR;
		}
	}
	if (g_stop) {
		/* the jobs not set up have no backend: starting their threads would crash */
		set_error(&err, EINTR, "setup", "stopped before the %u jobs were set up; nothing was measured",
			  opt.numjobs);
		report_error(&err);
		target_close(&opt, &tgt);
		return EXIT_STOPPED;
	}
	struct start_info si = { argc, argv, reason, flags };
	report_start(&run, &si);

	if (target_layout(&opt, &tgt, &err)) {
		report_error(&err);
		if (tgt.created)
			opt.unlink_created = true;  /* a half-written file of ours is no use to anyone */
		target_close(&opt, &tgt);
		return g_stop && err.err == EINTR ? EXIT_STOPPED : EXIT_RUN_ERROR;
	}

	struct rusage ru0, ru1;
	if (start_jobs(&run, &ru0, &err)) {
		report_error(&err);
		target_close(&opt, &tgt);
		return g_stop ? EXIT_STOPPED : EXIT_RUN_ERROR;
	}

	bool ramp_snapped = opt.ramp_ms == 0;
	uint64_t interval = (uint64_t)opt.status_interval_ms * 1000000ull;
	uint64_t next_interval = run.start_ns + interval;
	for (int d = 0; d < 2; d++)
		dir_sum_clear(&prev[d]);
	{
		while (true) {
			unsigned finished = 0;
			for (unsigned i = 0; i < opt.numjobs; i++)
				finished += __atomic_load_n(&run.jobs[i].finished, __ATOMIC_ACQUIRE);
			if (finished == opt.numjobs)
				break;
			uint64_t deadline = ramp_snapped || run.ramp_end_ns > next_interval ? next_interval
											       : run.ramp_end_ns;
			sleep_until_wake(run.wake_fd, deadline);
			uint64_t now = now_ns();
			if (getppid() != parent)
				g_stop = 1;
			if (!ramp_snapped && now >= run.ramp_end_ns) {
				getrusage(RUSAGE_SELF, &ru0);  /* CPU time of the ramp does not count */
				ramp_snapped = true;
			}
			if (now >= next_interval) {
				report_interval(&run, next_interval, prev);
				while (next_interval <= now)
					next_interval += interval;
			}
		}
	}
	for (unsigned i = 0; i < opt.numjobs; i++)
		pthread_join(run.jobs[i].thread, NULL);
	getrusage(RUSAGE_SELF, &ru1);

	const struct engine_error *job_err = NULL;
	for (unsigned i = 0; i < opt.numjobs && !job_err; i++)
		if (run.jobs[i].failed)
			job_err = &run.jobs[i].error;
	report_result(&run, g_stop || job_err, &ru0, &ru1);
	target_close(&opt, &tgt);
	if (job_err) {
		report_error(job_err);
		return EXIT_RUN_ERROR;
	}
	return g_stop ? EXIT_STOPPED : 0;
}

int main(int argc, char **argv)
{
	signal(SIGPIPE, SIG_IGN);
	struct sigaction sa = { .sa_handler = on_signal };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	g_privileged = started_privileged();

	for (int i = 1; i < argc; i++) {
		/* no PR_SET_PDEATHSIG here: it fires when the starting *thread* ends; the app's death closes stdin */
		if (!strcmp(argv[i], "--serve"))
			return serve_main(argc, argv, engine_point);
	}
	if (g_privileged) {
		struct engine_error err;
		set_error(&err, EPERM, "privileged", "started through pkexec, the engine takes its orders from its stdin "
			  "only: start it with --serve --filename=DEVICE");
		report_error(&err);
		return EXIT_BAD_OPTIONS;
	}
	return engine_point(argc, argv);
}
