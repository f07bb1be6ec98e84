/* Clock, errors and the stop flag, shared by the engine and its unit tests. */
#include "engine.h"
#include <stdarg.h>
#include <stdio.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

atomic_int g_stop;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the stop flag must be lock-free to be set from a signal handler");
int g_alive_fd = -1;

void engine_alive(void)
{
	char beat = 1;
	if (g_alive_fd >= 0 && write(g_alive_fd, &beat, 1) < 0) {
		/* a full pipe already says it; no session: nobody waits */
	}
}

uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t wait_budget_ns(const struct job *j)
{
	uint64_t cap = STOP_POLL_MS * 1000000ull;
	if (!j->wait_until_ns)
		return cap;
	uint64_t now = now_ns();
	uint64_t left = j->wait_until_ns > now ? j->wait_until_ns - now : 0;
	return left < cap ? left : cap;
}

void set_error(struct engine_error *e, int err, const char *op, const char *fmt, ...)
{
	va_list ap;
	e->err = err;
	snprintf(e->op, sizeof(e->op), "%s", op);
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof(e->message), fmt, ap);
	va_end(ap);
}


/* Sleeps until deadline (CLOCK_MONOTONIC ns) or until something writes to the eventfd fd. */
void sleep_until_wake(int fd, uint64_t deadline)
{
	uint64_t now = now_ns();
	uint64_t ms = deadline > now ? (deadline - now + 999999) / 1000000 : 0;
	int timeout = ms > STOP_POLL_MS ? STOP_POLL_MS : (int)ms;  /* a lost wake-up costs at most this */
	struct pollfd p = { .fd = fd, .events = POLLIN };
	if (poll(&p, 1, timeout) > 0) {
		uint64_t v;
		if (read(fd, &v, sizeof(v)) < 0) {
			/* a spurious wake-up is harmless */
		}
	}
}
