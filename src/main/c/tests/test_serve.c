/* The session's stop of a point (serve.c): the grace before SIGKILL, and a cleanup that says it is alive. */
#include "check.h"
#include "../engine.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

static void on_signal(int sig)
{
	(void)sig;
	g_stop = 1;
}

static void wait_for_stop(void)
{
	while (!g_stop)
		usleep(10000);
}

/* A stopped point removing its files for 1.5 s, a file every 100 ms, as a checkpoint run's cleanup does. */
static int slow_cleanup(int argc, char **argv)
{
	(void)argc, (void)argv;
	wait_for_stop();
	for (int file = 0; file < 15; file++) {
		usleep(100000);
		engine_alive();
	}
	return 7;
}

/* A stopped point that says it is alive once, then hangs. */
static int hangs_in_its_cleanup(int argc, char **argv)
{
	(void)argc, (void)argv;
	wait_for_stop();
	engine_alive();
	for (;;)
		pause();
	return 0;
}

/* Runs a session of one point, stopped once it runs; returns the end line's exit code, and its time after stop. */
static int stopped_point(engine_point_fn point, double *seconds)
{
	int in[2], out[2];
	if (pipe(in) || pipe(out))
		return -1;
	pid_t session = fork();
	if (session == 0) {
		dup2(in[0], STDIN_FILENO);
		dup2(out[1], STDOUT_FILENO);
		close(in[1]);
		close(out[0]);
		struct sigaction sa = { .sa_handler = on_signal };
		sigemptyset(&sa.sa_mask);
		sigaction(SIGTERM, &sa, NULL);
		char *argv[] = { "drivelab-engine", "--serve", "--filename=/tmp/drivelab-test-serve.img", NULL };
		_exit(serve_main(3, argv, point));
	}
	close(in[0]);
	close(out[1]);
	FILE *answers = fdopen(out[0], "r");
	char line[4096];
	const char request[] = "[\"--rw=read\"]\n";
	if (write(in[1], request, strlen(request)) < 0)
		return -1;
	usleep(200000);  /* the point has started */
	uint64_t stopped = now_ns();
	if (write(in[1], "stop\n", 5) < 0)
		return -1;
	int exit_code = -1;
	while (fgets(line, sizeof(line), answers)) {
		char *end = strstr(line, "\"type\":\"end\",\"exit\":");
		if (end) {
			exit_code = atoi(end + strlen("\"type\":\"end\",\"exit\":"));
			break;
		}
	}
	*seconds = (double)(now_ns() - stopped) / 1e9;
	close(in[1]);
	fclose(answers);
	waitpid(session, NULL, 0);
	return exit_code;
}

static void test_a_cleanup_that_goes_on_is_not_cut_off(void)
{
	double seconds;
	int exit_code = stopped_point(slow_cleanup, &seconds);
	/* it was killed 500 ms after the stop, with 10 of its 15 files left (a checkpoint run's, 2026-12-03) */
	CHECK(exit_code == 7, "the point's own exit, got %d after %.2f s", exit_code, seconds);
}

static void test_a_cleanup_that_hangs_is_killed(void)
{
	double seconds;
	int exit_code = stopped_point(hangs_in_its_cleanup, &seconds);
	CHECK(exit_code == 128 + SIGKILL, "killed, got %d", exit_code);
	CHECK(seconds >= 1.5 && seconds < 10, "about 2 s after its last sign of life, got %.2f s", seconds);
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	test_a_cleanup_that_goes_on_is_not_cut_off();
	test_a_cleanup_that_hangs_is_killed();
	return check_summary("test_serve");
}
