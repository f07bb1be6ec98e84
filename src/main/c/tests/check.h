/* Minimal test harness: CHECK prints the failing expression and the test counts at the end. */
#ifndef DRIVELAB_CHECK_H
#define DRIVELAB_CHECK_H
#include <stdio.h>
#include <stdlib.h>

static int checks_failed, checks_run;
#define CHECK(cond, ...)                                                                        \
	do {                                                                                    \
		checks_run++;                                                                   \
		if (!(cond)) {                                                                  \
			checks_failed++;                                                        \
			fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                                           \
			fputc('\n', stderr);                                                    \
		}                                                                               \
	} while (0)

static inline int check_summary(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, checks_run - checks_failed, checks_failed);
	return checks_failed ? 1 : 0;
}
#endif
