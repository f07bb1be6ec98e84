/* libFuzzer target: the option parser and bssplit, fed argument lists (one argument per line of the input).
 * Beyond not crashing (ASan/UBSan), every accepted option set must keep the limits that the engine relies on. */
#include "../engine.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 64

static void require(int cond, const char *what)
{
	if (!cond) {
		fprintf(stderr, "accepted options break a limit: %s\n", what);
		abort();
	}
}

static void check_split(const struct bssplit *b)
{
	require(b->n >= 1 && b->n <= BSSPLIT_MAX, "bssplit entries");
	require(b->min_bs >= 1 && b->min_bs <= b->max_bs && b->max_bs <= (1u << 30), "block sizes");
	for (unsigned i = 0; i + 1 < b->n; i++)
		require(b->cum[i] <= b->cum[i + 1], "cumulative weights grow");
	require(b->cum[b->n - 1] == UINT32_MAX, "the last entry takes the rest");
	require(b->bs[bssplit_pick(b, 0)] >= 1 && b->bs[bssplit_pick(b, UINT32_MAX)] >= 1, "a pick is an entry");
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *copy = malloc(size + 1);
	char *argv[MAX_ARGS + 2];
	int argc = 1;
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[0] = "drivelab-engine";
	for (char *save = NULL, *tok = strtok_r(copy, "\n", &save); tok && argc <= MAX_ARGS;
	     tok = strtok_r(NULL, "\n", &save))
		argv[argc++] = tok;
	argv[argc] = NULL;

	struct options o;
	char err[512];
	bool help, version;
	if (options_parse(&o, argc, argv, err, sizeof(err), &help, &version) == 0 && !help && !version) {
		check_split(&o.bs);
		require(o.iodepth >= 1 && o.iodepth <= MAX_IODEPTH, "iodepth");
		require(o.numjobs >= 1 && o.numjobs <= 1024, "numjobs");
		require((uint64_t)o.numjobs * o.iodepth * o.bs.max_bs <= MAX_BUFFER_BYTES_TOTAL, "buffers");
		require(o.runtime_ms <= MAX_DURATION_MS && o.ramp_ms <= MAX_DURATION_MS, "durations");
		require(o.rwmixread <= 100 && o.filename && *o.filename, "mix and target");
		uint64_t product;
		require(!__builtin_mul_overflow(o.io_size, (uint64_t)o.loops, &product), "io_size x loops");
		require(!o.size || o.offset <= UINT64_MAX - o.size, "offset + size");
	} else {
		require(strlen(err) > 0 || help || version, "a refusal says why");
	}

	/* the whole input as one --bssplit value */
	struct bssplit b;
	if (bssplit_parse(copy, &b, err, sizeof(err)) == 0)
		check_split(&b);
	uint64_t v;
	parse_size(copy, &v);
	parse_uint(copy, UINT64_MAX, &v);
	free(copy);
	return 0;
}
