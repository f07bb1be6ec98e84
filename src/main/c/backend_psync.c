/* psync: pread/pwrite, one I/O in flight per job whatever --iodepth says (as fio's sync engines). */
#include "engine.h"
#include <errno.h>
#include <unistd.h>

static int psync_init(struct job *j, char *why, size_t whylen)
{
	(void)why;
	(void)whylen;
	j->be_ctx = NULL;
	return 0;
}

static int psync_submit_reap(struct job *j, struct io_u **queued, unsigned nq, unsigned min_done,
			     struct io_u **done, int *done_res, unsigned max_done)
{
	(void)min_done;
	(void)max_done;
	for (unsigned i = 0; i < nq; i++) {
		struct io_u *io = queued[i];
		ssize_t n;
		do {
			n = io->dir == DIR_READ ? pread(j->fd, io->buf, io->len, (off_t)io->offset)
						: pwrite(j->fd, io->buf, io->len, (off_t)io->offset);
		} while (n < 0 && errno == EINTR && !g_stop);
		done[i] = io;
		done_res[i] = n < 0 ? -errno : (int)n;
	}
	return (int)nq;
}

static void psync_exit(struct job *j)
{
	(void)j;
}

const struct backend_ops backend_psync = {
	.name = "psync",
	.completes_inline = true,
	.init = psync_init,
	.submit_reap = psync_submit_reap,
	.exit = psync_exit,
};
