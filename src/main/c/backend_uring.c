/* io_uring through the raw syscalls, as fio's t/io_uring does: registered file, fixed buffers,
 * READ/WRITE_FIXED, submit and reap in one io_uring_enter. Ring flags the kernel refuses are dropped. */
#include "engine.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <linux/io_uring.h>

struct uring {
	int fd;
	unsigned *sq_head, *sq_tail, *sq_mask, *sq_array, *sq_flags;
	unsigned *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
	void *sq_ptr, *cq_ptr;
	size_t sq_len, cq_len, sqes_len;
	unsigned flags;
	bool fixed_file, fixed_bufs;
	bool ext_arg;                /* io_uring_enter takes a timeout (5.11) */
};

/* Tried in order; SINGLE_ISSUER and DEFER_TASKRUN (6.1) save the kernel work, COOP_TASKRUN (5.19) less so. */
static const struct {
	unsigned flags;
	const char *names;
} flag_sets[] = {
	{ IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN, "SINGLE_ISSUER,DEFER_TASKRUN" },
	{ IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_COOP_TASKRUN, "SINGLE_ISSUER,COOP_TASKRUN" },
	{ IORING_SETUP_COOP_TASKRUN, "COOP_TASKRUN" },
	{ 0, "" },
};

static int ring_setup(const struct options *o, unsigned entries, struct io_uring_params *p, const char **names)
{
	unsigned base = (o->hipri ? IORING_SETUP_IOPOLL : 0) | (o->sqthread_poll ? IORING_SETUP_SQPOLL : 0) |
			IORING_SETUP_CLAMP;
	int last_err = 0;

	for (size_t i = 0; i < sizeof(flag_sets) / sizeof(flag_sets[0]); i++) {
		unsigned extra = flag_sets[i].flags;
		if (o->sqthread_poll)
			extra &= ~(unsigned)(IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN);
		memset(p, 0, sizeof(*p));
		p->flags = base | extra;
		if (o->sqthread_poll)
			p->sq_thread_idle = 1000;
		int fd = (int)syscall(__NR_io_uring_setup, entries, p);
		if (fd >= 0) {
			*names = o->sqthread_poll ? "" : flag_sets[i].names;
			return fd;
		}
		last_err = errno;
		if (last_err != EINVAL)
			break;  /* only EINVAL means "this flag is unknown"; anything else will not get better */
	}
	return -last_err;
}

int uring_probe(struct options *o, char *why, size_t whylen, char *flags_out, size_t flagslen)
{
	struct io_uring_params p;
	const char *names = "";
	int fd = ring_setup(o, 4, &p, &names);
	if (fd < 0) {
		snprintf(why, whylen, "io_uring_setup: %s", strerror(-fd));
		return -1;
	}
	snprintf(flags_out, flagslen, "%s%s%s%s", names, o->hipri ? (*names ? ",IOPOLL" : "IOPOLL") : "",
		 o->sqthread_poll ? "SQPOLL" : "", "");
	close(fd);
	return 0;
}

static void uring_free(struct uring *u)
{
	if (u->sqes && u->sqes != MAP_FAILED)
		munmap(u->sqes, u->sqes_len);
	if (u->cq_ptr && u->cq_ptr != MAP_FAILED && u->cq_ptr != u->sq_ptr)
		munmap(u->cq_ptr, u->cq_len);
	if (u->sq_ptr && u->sq_ptr != MAP_FAILED)
		munmap(u->sq_ptr, u->sq_len);
	if (u->fd >= 0)
		close(u->fd);
	free(u);
}

static int uring_init(struct job *j, char *why, size_t whylen)
{
	const struct options *o = j->run->opt;
	struct io_uring_params p;
	const char *names;
	struct uring *u = calloc(1, sizeof(*u));

	if (!u)
		return -ENOMEM;
	u->fd = ring_setup(o, j->depth, &p, &names);
	if (u->fd < 0) {
		int err = -u->fd;
		snprintf(why, whylen, "io_uring_setup(%u): %s", j->depth, strerror(err));
		u->fd = -1;
		uring_free(u);
		return -err;
	}
	u->flags = p.flags;
	/* IORING_SETUP_CLAMP gives a smaller ring rather than fail: more I/Os than slots would be lost */
	if (p.sq_entries < j->depth) {
		snprintf(why, whylen, "the kernel gives a ring of %u entries, fewer than --iodepth=%u; use an "
			 "--iodepth of at most %u", p.sq_entries, j->depth, p.sq_entries);
		uring_free(u);
		return -EINVAL;
	}
	u->ext_arg = p.features & IORING_FEAT_EXT_ARG;
	u->sq_len = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	u->cq_len = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		if (u->cq_len > u->sq_len)
			u->sq_len = u->cq_len;
		u->cq_len = u->sq_len;
	}
	u->sq_ptr = mmap(NULL, u->sq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, u->fd,
			 IORING_OFF_SQ_RING);
	if (u->sq_ptr == MAP_FAILED)
		goto map_fail;
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		u->cq_ptr = u->sq_ptr;
	} else {
		u->cq_ptr = mmap(NULL, u->cq_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, u->fd,
				 IORING_OFF_CQ_RING);
		if (u->cq_ptr == MAP_FAILED)
			goto map_fail;
	}
	u->sqes_len = p.sq_entries * sizeof(struct io_uring_sqe);
	u->sqes = mmap(NULL, u->sqes_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, u->fd,
		       IORING_OFF_SQES);
	if (u->sqes == MAP_FAILED)
		goto map_fail;

	char *sq = u->sq_ptr, *cq = u->cq_ptr;
	u->sq_head = (unsigned *)(sq + p.sq_off.head);
	u->sq_tail = (unsigned *)(sq + p.sq_off.tail);
	u->sq_mask = (unsigned *)(sq + p.sq_off.ring_mask);
	u->sq_flags = (unsigned *)(sq + p.sq_off.flags);
	u->sq_array = (unsigned *)(sq + p.sq_off.array);
	u->cq_head = (unsigned *)(cq + p.cq_off.head);
	u->cq_tail = (unsigned *)(cq + p.cq_off.tail);
	u->cq_mask = (unsigned *)(cq + p.cq_off.ring_mask);
	u->cqes = (struct io_uring_cqe *)(cq + p.cq_off.cqes);
	/* SQE i always sits in slot i: the indirection array is set once */
	for (unsigned i = 0; i < p.sq_entries; i++)
		u->sq_array[i] = i;

	if (syscall(__NR_io_uring_register, u->fd, IORING_REGISTER_FILES, &j->fd, 1) == 0)
		u->fixed_file = true;
	struct iovec *iov = calloc(j->depth, sizeof(*iov));
	if (iov) {
		for (unsigned i = 0; i < j->depth; i++) {
			iov[i].iov_base = j->ios[i].buf;
			iov[i].iov_len = j->buf_size;
		}
		/* fixed buffers are pinned once instead of per I/O; without them (memlock limit) plain READ/WRITE */
		if (syscall(__NR_io_uring_register, u->fd, IORING_REGISTER_BUFFERS, iov, j->depth) == 0)
			u->fixed_bufs = true;
		free(iov);
	}
	j->be_ctx = u;
	return 0;

map_fail:;
	int err = errno;
	snprintf(why, whylen, "mmap of the ring: %s", strerror(err));
	uring_free(u);
	return -err;
}

static int uring_submit_reap(struct job *j, struct io_u **queued, unsigned nq, unsigned min_done,
			     struct io_u **done, int *done_res, unsigned max_done)
{
	struct uring *u = j->be_ctx;
	unsigned mask = *u->sq_mask, tail = *u->sq_tail;

	for (unsigned i = 0; i < nq; i++) {
		struct io_u *io = queued[i];
		struct io_uring_sqe *sqe = &u->sqes[tail & mask];
		if (u->fixed_bufs) {
			sqe->opcode = io->dir == DIR_READ ? IORING_OP_READ_FIXED : IORING_OP_WRITE_FIXED;
			sqe->buf_index = (__u16)io->index;
		} else {
			sqe->opcode = io->dir == DIR_READ ? IORING_OP_READ : IORING_OP_WRITE;
			sqe->buf_index = 0;
		}
		sqe->flags = u->fixed_file ? IOSQE_FIXED_FILE : 0;
		sqe->fd = u->fixed_file ? 0 : j->fd;
		sqe->ioprio = 0;
		sqe->off = io->offset;
		sqe->addr = (unsigned long)io->buf;
		sqe->len = io->len;
		sqe->rw_flags = 0;
		sqe->user_data = (unsigned long)io;
		sqe->personality = 0;
		sqe->file_index = 0;
		sqe->addr3 = 0;
		sqe->__pad2[0] = 0;
		tail++;
	}
	__atomic_store_n(u->sq_tail, tail, __ATOMIC_RELEASE);

	unsigned head = *u->cq_head;
	bool ready = head != __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE);
	bool sqpoll = u->flags & IORING_SETUP_SQPOLL;
	unsigned to_submit = nq, wait = ready ? 0 : min_done;
	/* a rated job waits no later than its next I/O is due */
	uint64_t budget = wait ? wait_budget_ns(j) : 0;
	if (!budget)
		wait = 0;
	/* Completions are posted only inside io_uring_enter (task work): enter even just to look, unless
	 * some are already there or a kernel thread (SQPOLL) posts them. */
	if (to_submit || wait || (!ready && !sqpoll)) {
		for (;;) {
			unsigned flags = IORING_ENTER_GETEVENTS;
			if (sqpoll) {
				if (__atomic_load_n(u->sq_flags, __ATOMIC_ACQUIRE) & IORING_SQ_NEED_WAKEUP)
					flags |= IORING_ENTER_SQ_WAKEUP;
				else if (!wait)
					break;
			}
			/* a wait ends after STOP_POLL_MS (or its budget) without completions, so that the job sees a stop */
			struct __kernel_timespec ts = { (long long)(budget / 1000000000u), (long long)(budget % 1000000000u) };
			struct io_uring_getevents_arg arg = { .ts = (__u64)(unsigned long)&ts };
			bool timed = wait && u->ext_arg;
			long ret = syscall(__NR_io_uring_enter, u->fd, to_submit, wait, flags | (timed ? IORING_ENTER_EXT_ARG : 0),
					   timed ? &arg : NULL, timed ? sizeof(arg) : 0);
			if (ret >= 0 || (timed && errno == ETIME))
				break;
			if (errno == EINTR && g_stop && !to_submit)
				break;
			if (errno != EINTR && errno != EAGAIN)
				return -errno;
			/* retry what the kernel has not consumed yet */
			to_submit = sqpoll ? 0 : tail - __atomic_load_n(u->sq_head, __ATOMIC_ACQUIRE);
		}
	}

	unsigned cq_mask = *u->cq_mask, n = 0;
	unsigned cq_tail = __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE);
	while (head != cq_tail && n < max_done) {
		struct io_uring_cqe *cqe = &u->cqes[head & cq_mask];
		done[n] = (struct io_u *)(unsigned long)cqe->user_data;
		done_res[n] = cqe->res;
		n++;
		head++;
	}
	__atomic_store_n(u->cq_head, head, __ATOMIC_RELEASE);
	return (int)n;
}

static void uring_exit(struct job *j)
{
	uring_free(j->be_ctx);
	j->be_ctx = NULL;
}

const struct backend_ops backend_uring = {
	.name = "io_uring",
	.init = uring_init,
	.submit_reap = uring_submit_reap,
	.exit = uring_exit,
};
