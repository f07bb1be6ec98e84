/*
 * drivelab-engine --serve: one engine process for every point of a run on one target (docs/engine.md, "Session").
 * The target and its confirmation are fixed on the command line; each request line on stdin is one point's other
 * options; each point runs in a child process of its own (the one-shot engine, unchanged), answered by its JSON
 * lines and an end line. Started through pkexec, it opens block devices under /dev only (docs/safety.md).
 */
#include "engine.h"
#include "json.h"
#include "report.h"
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define REQUEST_MAX (64 * 1024)
#define REQUEST_ARGS_MAX 256
/* how long a stopped point has for its partial result before it is killed: one that obeys SIGTERM reports within
 * milliseconds, and Ctrl+C must leave no engine behind within 2 s even on a loaded machine */
#define STOP_GRACE_MS 500
/* a stopped point that is removing its files (engine_alive) has this long after each file, within a limit: a
 * checkpoint run's files took 30 ms each to remove, 24 of them, and 700 ms of it was cut at 500 ms (2026-12-03) */
#define CLEANUP_GRACE_MS 2000
#define CLEANUP_MAX_MS 30000

bool g_privileged;

bool started_privileged(void)
{
	/* pkexec sets PKEXEC_UID; a set-uid start leaves the caller's real uid */
	return getenv("PKEXEC_UID") != NULL || (geteuid() == 0 && getuid() != 0);
}

/*
 * A privileged engine opens only a block device whose every folder belongs to root and may be changed by nobody
 * else: no link or node of the caller's can be swapped in between the check and the open.
 */
int privileged_place(const char *filename, const char *real, bool block, struct engine_error *e)
{
	if (!block) {
		set_error(e, EPERM, "privileged", "%s is not a block device; started through pkexec, the engine opens "
			  "block devices under /dev only, never a file or a folder", filename);
		return -1;
	}
	char dir[PATH_MAX];
	snprintf(dir, sizeof(dir), "%s", real);
	for (char *slash = strrchr(dir, '/'); slash; slash = strrchr(dir, '/')) {
		*slash = '\0';
		struct stat st;
		const char *folder = dir[0] ? dir : "/";
		if (stat(folder, &st) || st.st_uid != 0 || (st.st_mode & (S_IWGRP | S_IWOTH))) {
			set_error(e, EPERM, "privileged", "%s (%s) is in %s, which others than root may change; started "
				  "through pkexec, the engine opens only devices in root's own folders", filename, real,
				  folder);
			return -1;
		}
	}
	return 0;
}

/*
 * The session's command line: --serve, --filename and what holds for every point: its confirmations
 * (--allow-destroy, --overwrite-file) and --unlink. Nothing else.
 */
static bool session_option(const char *arg)
{
	return !strncmp(arg, "--filename=", 11) || !strncmp(arg, "--allow-destroy=", 16)
		|| !strcmp(arg, "--overwrite-file") || !strcmp(arg, "--unlink");
}

/* Options a request may not give: the target and its confirmations are the session's, fixed at its start. */
static const char *refused_in_request(const char *arg)
{
	static const char *const fixed[] = { "filename", "allow-destroy", "overwrite-file", "unlink", "serve", "help",
					     "version" };
	const char *key = arg + 2;
	size_t klen = strcspn(key, "=");
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (strlen(fixed[i]) == klen && !strncmp(key, fixed[i], klen))
			return fixed[i];
	return NULL;
}

static int put_utf8(char **out, unsigned long cp)
{
	char *o = *out;
	if (cp == 0 || cp > 0x10FFFF)
		return -1;
	if (cp < 0x80) {
		*o++ = (char)cp;
	} else if (cp < 0x800) {
		*o++ = (char)(0xC0 | (cp >> 6));
		*o++ = (char)(0x80 | (cp & 0x3F));
	} else if (cp < 0x10000) {
		*o++ = (char)(0xE0 | (cp >> 12));
		*o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
		*o++ = (char)(0x80 | (cp & 0x3F));
	} else {
		*o++ = (char)(0xF0 | (cp >> 18));
		*o++ = (char)(0x80 | ((cp >> 12) & 0x3F));
		*o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
		*o++ = (char)(0x80 | (cp & 0x3F));
	}
	*out = o;
	return 0;
}

static int hex4(const char *p, unsigned long *v)
{
	char h[5] = { 0 };
	char *end;
	memcpy(h, p, 4);
	*v = strtoul(h, &end, 16);
	return end == h + 4 ? 0 : -1;
}

/* One JSON string starting at *p (at its quote), decoded in place; the decoded text is never longer. */
static char *json_string(char **p)
{
	char *in = *p + 1, *out = in, *start = in;
	while (*in != '"') {
		if (*in == '\0' || (unsigned char)*in < 0x20)
			return NULL;
		if (*in != '\\') {
			*out++ = *in++;
			continue;
		}
		in++;
		unsigned long cp, low;
		switch (*in) {
		case '"': case '\\': case '/': *out++ = *in; break;
		case 'b': *out++ = '\b'; break;
		case 'f': *out++ = '\f'; break;
		case 'n': *out++ = '\n'; break;
		case 'r': *out++ = '\r'; break;
		case 't': *out++ = '\t'; break;
		case 'u':
			if (hex4(in + 1, &cp))
				return NULL;
			in += 4;
			if (cp >= 0xD800 && cp < 0xDC00) {
				if (in[1] != '\\' || in[2] != 'u' || hex4(in + 3, &low) || low < 0xDC00 || low > 0xDFFF)
					return NULL;
				cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
				in += 6;
			}
			if (put_utf8(&out, cp))
				return NULL;
			break;
		default:
			return NULL;
		}
		in++;
	}
	*out = '\0';
	*p = in + 1;
	return start;
}

/* A request: a JSON array of option strings, e.g. ["--rw=randread","--bs=4k"]. */
static int parse_request(char *line, char **args, int *nargs, struct engine_error *e)
{
	char *p = line + strspn(line, " \t");
	*nargs = 0;
	if (*p++ != '[')
		goto bad;
	p += strspn(p, " \t");
	while (*p != ']') {
		if (*nargs && *p++ != ',')
			goto bad;
		p += strspn(p, " \t");
		char *s = *p == '"' ? json_string(&p) : NULL;
		if (!s || *nargs == REQUEST_ARGS_MAX)
			goto bad;
		if (strncmp(s, "--", 2)) {
			set_error(e, EINVAL, "request", "'%s' in a request is not an option; give each as --name=value", s);
			return -1;
		}
		const char *key = refused_in_request(s);
		if (key) {
			set_error(e, EPERM, "request", "a request may not give --%s: the session's target, its "
				  "confirmations and --unlink are fixed when it starts", key);
			return -1;
		}
		args[(*nargs)++] = s;
		p += strspn(p, " \t");
	}
	p++;
	if (p[strspn(p, " \t\r")] == '\0')
		return 0;
bad:
	set_error(e, EINVAL, "request", "a request is one line holding a JSON array of at most %d option strings, "
		  "e.g. [\"--rw=randread\",\"--bs=4k\"]", REQUEST_ARGS_MAX);
	return -1;
}

/* stdin, split into lines without stdio (poll and buffered reads do not mix) */
static char inbuf[REQUEST_MAX + 1];
static size_t inlen;
static bool in_eof;

/*
 * Waits up to timeout_ms for input, for the point's end (child_fd, a pidfd, or -1) or for its sign of life
 * (*alive_fd, drained: *heard set; -1 once the child closed it); false once stdin is closed.
 */
static bool read_input(int timeout_ms, int child_fd, int *alive_fd, bool *heard)
{
	/* poll skips a negative fd: after the end of stdin this waits for the child alone */
	struct pollfd pfd[3] = { { .fd = in_eof ? -1 : STDIN_FILENO, .events = POLLIN },
				 { .fd = child_fd, .events = POLLIN },
				 { .fd = alive_fd ? *alive_fd : -1, .events = POLLIN } };
	if (poll(pfd, 3, timeout_ms) <= 0)
		return !in_eof;
	if (pfd[2].revents) {
		char beats[64];
		ssize_t got = read(*alive_fd, beats, sizeof(beats));
		if (got > 0)
			*heard = true;
		else if (got == 0 || errno != EAGAIN) {
			close(*alive_fd);  /* the child has ended */
			*alive_fd = -1;
		}
	}
	if (!pfd[0].revents)
		return !in_eof;
	if (inlen == REQUEST_MAX)
		inlen = 0;  /* a line longer than any request: dropped, and its rest refused as a request */
	ssize_t n = read(STDIN_FILENO, inbuf + inlen, REQUEST_MAX - inlen);
	if (n > 0)
		inlen += (size_t)n;
	else if (n == 0 || errno != EINTR)
		in_eof = true;
	return !in_eof;
}

/* The next whole line, NUL-terminated in line; false when none has arrived yet. */
static bool next_line(char *line)
{
	char *nl = memchr(inbuf, '\n', inlen);
	if (!nl)
		return false;
	size_t len = (size_t)(nl - inbuf);
	memcpy(line, inbuf, len);
	line[len] = '\0';
	inlen -= len + 1;
	memmove(inbuf, nl + 1, inlen);
	return true;
}

static void emit_line(struct jw *w)
{
	if (jw_emit(w) < 0)
		g_stop = 1;  /* nobody reads the answers any more */
	jw_free(w);
}

static void emit_end(int code)
{
	struct jw w = { 0 };
	jw_begin(&w);
	jw_str(&w, "type", "end");
	jw_i64(&w, "exit", code);
	emit_line(&w);
}

/* Runs one point in a child and waits for it, passing on a stop line or the end of stdin as SIGTERM. */
static int run_point(int argc, char **argv, engine_point_fn point)
{
	char line[8];
	int alive[2];
	if (pipe2(alive, O_CLOEXEC | O_NONBLOCK) < 0)
		alive[0] = alive[1] = -1;  /* then a stop's grace is all a cleanup gets */
	pid_t child = fork();
	if (child < 0) {
		struct engine_error e;
		set_error(&e, errno, "fork", "cannot start the point: %s", strerror(errno));
		report_error(&e);
		close(alive[0]);
		close(alive[1]);
		return EXIT_RUN_ERROR;
	}
	if (child == 0) {
		int null = open("/dev/null", O_RDONLY);
		if (null >= 0)
			dup2(null, STDIN_FILENO);
		close(alive[0]);
		g_alive_fd = alive[1];
		_exit(point(argc, argv));
	}
	close(alive[1]);
	int alive_fd = alive[0];
	/* the point's end wakes the wait at once (a kernel without pidfds: within STOP_POLL_MS) */
	int child_fd = (int)syscall(SYS_pidfd_open, child, 0);
	uint64_t term_sent = 0, deadline = 0;
	bool kill_sent = false;
	while (true) {
		int status;
		if (waitpid(child, &status, WNOHANG) == child) {
			if (child_fd >= 0)
				close(child_fd);
			if (alive_fd >= 0)
				close(alive_fd);
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		}
		/* a request sent ahead waits for its turn; a stop line ahead of it is for this point */
		bool stop = false, heard = false;
		while (inlen >= 5 && !memcmp(inbuf, "stop\n", 5) && next_line(line))
			stop = true;
		/* after a SIGTERM, wake no later than the end of its grace */
		int timeout_ms = STOP_POLL_MS;
		if (term_sent && !kill_sent) {
			uint64_t now = now_ns();
			uint64_t left_ms = deadline > now ? (deadline - now + 999999) / 1000000u : 0;
			timeout_ms = left_ms < STOP_POLL_MS ? (int)left_ms : STOP_POLL_MS;
		}
		if (!read_input(stop ? 0 : timeout_ms, child_fd, &alive_fd, &heard) || g_stop)
			stop = true;
		uint64_t now = now_ns();
		if (stop && !term_sent) {
			kill(child, SIGTERM);
			term_sent = now;
			deadline = now + STOP_GRACE_MS * 1000000ull;
		} else if (term_sent && heard) {
			uint64_t limit = term_sent + CLEANUP_MAX_MS * 1000000ull;
			uint64_t later = now + CLEANUP_GRACE_MS * 1000000ull;
			deadline = later < limit ? later : limit;
		}
		if (term_sent && !kill_sent && now >= deadline) {
			kill(child, SIGKILL);  /* a point that does not obey a stop (held with SIGSTOP, hung) */
			kill_sent = true;
		}
	}
}

int serve_main(int argc, char **argv, engine_point_fn point)
{
	static char *args[REQUEST_ARGS_MAX + 8];
	static char line[REQUEST_MAX + 1];
	struct engine_error err = { 0 };
	struct options opt;
	char msg[512];
	bool help, version;
	int nfixed = 1;
	struct stat created = { 0 };

	args[0] = argv[0];
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--serve"))
			continue;
		if (!session_option(argv[i]) || nfixed > 4) {
			set_error(&err, EINVAL, "options", "'%s': a session takes --filename=PATH, --allow-destroy=PATH, "
				  "--overwrite-file and --unlink on its command line, and every other option in each point's "
				  "request", argv[i]);
			report_error(&err);
			return EXIT_BAD_OPTIONS;
		}
		if (g_privileged && strncmp(argv[i], "--filename=", 11) && strncmp(argv[i], "--allow-destroy=", 16)) {
			set_error(&err, EPERM, "privileged", "'%s': started through pkexec, the engine opens block devices "
				  "only and writes no files", argv[i]);
			report_error(&err);
			return EXIT_BAD_OPTIONS;
		}
		args[nfixed++] = argv[i];
	}
	if (options_parse(&opt, nfixed, args, msg, sizeof(msg), &help, &version)) {
		set_error(&err, EINVAL, "options", "%s", msg);
		report_error(&err);
		return EXIT_BAD_OPTIONS;
	}
	if (g_privileged) {
		struct stat st;
		char real[PATH_MAX];
		if (stat(opt.filename, &st) || !realpath(opt.filename, real)) {
			set_error(&err, errno, "stat", "cannot use %s: %s", opt.filename, strerror(errno));
			report_error(&err);
			return EXIT_BAD_OPTIONS;
		}
		if (privileged_place(opt.filename, real, S_ISBLK(st.st_mode), &err)) {
			report_error(&err);
			return EXIT_BAD_OPTIONS;
		}
	}
	struct jw w = { 0 };
	jw_begin(&w);
	jw_str(&w, "type", "ready");
	jw_str(&w, "version", ENGINE_VERSION);
	jw_str(&w, "filename", opt.filename);
	jw_bool(&w, "privileged", g_privileged);
	emit_line(&w);

	while (!g_stop) {
		if (!next_line(line)) {
			if (!read_input(STOP_POLL_MS, -1, NULL, NULL))
				break;
			continue;
		}
		if (line[0] == '\0' || !strcmp(line, "stop"))
			continue;  /* a stop that came after its point ended */
		int n;
		if (parse_request(line, args + nfixed, &n, &err)) {
			report_error(&err);
			emit_end(EXIT_BAD_OPTIONS);
			continue;
		}
		/*
		 * The file this session created is its own for the session's later points, also where the filesystem
		 * keeps no xattr for the engine's mark: the same file (device and inode) that was not there before.
		 */
		struct stat before, after;
		bool existed = !stat(opt.filename, &before);
		if (existed && created.st_ino && before.st_dev == created.st_dev && before.st_ino == created.st_ino
		    && !opt.overwrite_file)
			args[nfixed + n++] = "--overwrite-file";
		args[nfixed + n] = NULL;
		emit_end(run_point(nfixed + n, args, point));
		if (!existed && !stat(opt.filename, &after) && S_ISREG(after.st_mode))
			created = after;
	}
	return g_stop ? EXIT_STOPPED : 0;
}
