/* Clock, errors and the stop flag, shared by the engine and its unit tests. */
#include "engine.h"
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

volatile int g_stop;

uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
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

