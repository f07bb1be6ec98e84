/* libaio through the raw syscalls (io_setup/io_submit/io_getevents): no library needed. */
#include "engine.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/aio_abi.h>

struct aio_ctx {
	aio_context_t ctx;
	struct iocb *iocbs;       /* one per io_u, indexed like j->ios */
	struct iocb **ptrs;
	struct io_event *events;
};

static int sys_io_setup(unsigned nr, aio_context_t *ctx)
{
	return (int)syscall(__NR_io_setup, nr, ctx);
}

int libaio_probe(char *why, size_t whylen)
{
	aio_context_t ctx = 0;
	if (sys_io_setup(1, &ctx) < 0) {
		snprintf(why, whylen, "io_setup: %s", strerror(errno));
		return -1;
	}
	syscall(__NR_io_destroy, ctx);
	return 0;
}

static int aio_init(struct job *j, char *why, size_t whylen)
{
	struct aio_ctx *c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->iocbs = calloc(j->depth, sizeof(*c->iocbs));
	c->ptrs = calloc(j->depth, sizeof(*c->ptrs));
	c->events = calloc(j->depth, sizeof(*c->events));
	int err = 0;
	if (!c->iocbs || !c->ptrs || !c->events) {
		err = ENOMEM;
		snprintf(why, whylen, "out of memory for %u I/O control blocks", j->depth);
	} else if (sys_io_setup(j->depth, &c->ctx) < 0) {
		err = errno;
		snprintf(why, whylen, "io_setup(%u): %s%s", j->depth, strerror(err),
			 err == EAGAIN ? " (raise /proc/sys/fs/aio-max-nr)" : "");
	}
	if (err) {
		free(c->iocbs);
		free(c->ptrs);
		free(c->events);
		free(c);
		return -err;
	}
	j->be_ctx = c;
	return 0;
}

static int aio_submit_reap(struct job *j, struct io_u **queued, unsigned nq, unsigned min_done,
			   struct io_u **done, int *done_res, unsigned max_done)
{
	struct aio_ctx *c = j->be_ctx;
	unsigned submitted = 0;

	for (unsigned i = 0; i < nq; i++) {
		struct io_u *io = queued[i];
		struct iocb *cb = &c->iocbs[io->index];
		memset(cb, 0, sizeof(*cb));
		cb->aio_data = (uint64_t)(uintptr_t)io;
		cb->aio_lio_opcode = io->dir == DIR_READ ? IOCB_CMD_PREAD : IOCB_CMD_PWRITE;
		cb->aio_fildes = (uint32_t)j->fd;
		cb->aio_buf = (uint64_t)(uintptr_t)io->buf;
		cb->aio_nbytes = io->len;
		cb->aio_offset = (int64_t)io->offset;
		c->ptrs[i] = cb;
	}
	while (submitted < nq) {
		long n = syscall(__NR_io_submit, c->ctx, (long)(nq - submitted), c->ptrs + submitted);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		submitted += (unsigned)n;
	}
	/* a wait ends after STOP_POLL_MS without completions (0 returned), so that the job sees a stop */
	uint64_t budget = min_done ? wait_budget_ns(j) : 0;  /* a rated job waits no later than its next I/O */
	struct timespec ts = { (time_t)(budget / 1000000000u), (long)(budget % 1000000000u) };
	if (!budget)
		min_done = 0;
	long got;
	do {
		got = syscall(__NR_io_getevents, c->ctx, (long)min_done, (long)max_done, c->events,
			      min_done ? &ts : NULL);
	} while (got < 0 && errno == EINTR && !g_stop);
	if (got < 0 && errno == EINTR)
		got = 0;
	if (got < 0)
		return -errno;
	for (long i = 0; i < got; i++) {
		done[i] = (struct io_u *)(uintptr_t)c->events[i].data;
		done_res[i] = (int)c->events[i].res;
	}
	return (int)got;
}

static void aio_exit(struct job *j)
{
	struct aio_ctx *c = j->be_ctx;
	syscall(__NR_io_destroy, c->ctx);
	free(c->iocbs);
	free(c->ptrs);
	free(c->events);
	free(c);
	j->be_ctx = NULL;
}

const struct backend_ops backend_libaio = {
	.name = "libaio",
	.init = aio_init,
	.submit_reap = aio_submit_reap,
	.exit = aio_exit,
};
