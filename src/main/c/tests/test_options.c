/* Option parsing: fio's names, defaults, sizes, and a sentence for every bad value. */
#include "check.h"
#include "../engine.h"
#include <string.h>

static int parse(struct options *o, char *err, size_t errlen, const char *a1, const char *a2, const char *a3)
{
	char *argv[] = { "drivelab-engine", (char *)a1, (char *)a2, (char *)a3, NULL };
	int argc = 1 + (a1 != NULL) + (a2 != NULL) + (a3 != NULL);
	bool help, version;
	return options_parse(o, argc, argv, err, errlen, &help, &version);
}

static void test_defaults(void)
{
	struct options o;
	char err[512];
	CHECK(parse(&o, err, sizeof(err), "--filename=/tmp/x", NULL, NULL) == 0, "%s", err);
	CHECK(o.rw == RW_READ && o.iodepth == 1 && o.numjobs == 1 && o.direct, "defaults");
	CHECK(o.bs.n == 1 && o.bs.bs[0] == 4096, "bs defaults to 4k");
	CHECK(o.status_interval_ms == 1000, "interval defaults to 1 s");
	CHECK(o.ioengine == ENGINE_AUTO, "engine defaults to auto");
}

static void test_fio_style_values(void)
{
	struct options o;
	char err[512];
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--bs=128K", "--size=1g") == 0, "%s", err);
	CHECK(o.bs.bs[0] == 131072 && o.size == 1ull << 30, "bs %u size %llu", o.bs.bs[0], (unsigned long long)o.size);
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--runtime=2m", "--ramp_time=500ms") == 0, "%s", err);
	CHECK(o.runtime_ms == 120000 && o.ramp_ms == 500, "runtime %llu ramp %llu",
	      (unsigned long long)o.runtime_ms, (unsigned long long)o.ramp_ms);
	/* "--name value" works as well as "--name=value" */
	CHECK(parse(&o, err, sizeof(err), "--filename", "/x", "--rw=randrw") == 0, "%s", err);
	CHECK(!strcmp(o.filename, "/x") && o.rw == RW_RANDRW && o.rwmixread == 50, "separate value");
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--rw=randwrite", "--bssplit=4k/50:8k/50") == 0, "%s", err);
	CHECK(o.rwmixread == 0 && o.bs.n == 2, "write-only has no reads; the split wins over --bs");
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--direct=0", "--ioengine=psync") == 0, "%s", err);
	CHECK(!o.direct && o.ioengine == ENGINE_PSYNC, "direct=0 psync");
}

static void test_sizes(void)
{
	uint64_t v;
	CHECK(parse_size("4096", &v) == 0 && v == 4096, "plain bytes");
	CHECK(parse_size("4k", &v) == 0 && v == 4096, "4k");
	CHECK(parse_size("4KiB", &v) == 0 && v == 4096, "4KiB");
	CHECK(parse_size("1m", &v) == 0 && v == 1048576, "1m");
	CHECK(parse_size("2G", &v) == 0 && v == 2ull << 30, "2G");
	CHECK(parse_size("1t", &v) == 0 && v == 1ull << 40, "1t");
	CHECK(parse_size("4x", &v) != 0, "unknown unit");
	CHECK(parse_size("k", &v) != 0, "no digits");
	CHECK(parse_size("-1", &v) != 0, "negative");
	CHECK(parse_size("99999999999999999999", &v) != 0, "overflow");
	CHECK(parse_size("20000000p", &v) != 0, "overflow with a unit");
}

static void expect_refusal(const char *a1, const char *a2, const char *words)
{
	struct options o;
	char err[512] = "";
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", a1, a2) != 0, "%s %s accepted", a1, a2 ? a2 : "");
	CHECK(strstr(err, words) != NULL, "message '%s' does not mention '%s'", err, words);
}

static void test_bad_values_are_named(void)
{
	expect_refusal("--iodepth=0", NULL, "--iodepth=0");
	expect_refusal("--iodepth=abc", NULL, "--iodepth=abc");
	expect_refusal("--numjobs=2000", NULL, "--numjobs=2000");
	expect_refusal("--rw=randomread", NULL, "--rw=randomread");
	expect_refusal("--bs=4q", NULL, "--bs=4q");
	expect_refusal("--rwmixread=101", NULL, "--rwmixread=101");
	expect_refusal("--runtime=soon", NULL, "--runtime=soon");
	expect_refusal("--status-interval=10", NULL, "100 to 3600000");
	expect_refusal("--ioengine=spdk", NULL, "--ioengine=spdk");
	expect_refusal("--bogus=1", NULL, "unknown option '--bogus'");
	expect_refusal("--direct=2", NULL, "--direct=2");
	expect_refusal("--iodepth=65536", "--bs=1m", "1024 MiB");
	expect_refusal("--hipri", "--ioengine=psync", "io_uring");
	expect_refusal("stray", NULL, "unexpected argument 'stray'");
	expect_refusal("--size", NULL, "needs a value");
}

static void test_filename_is_required(void)
{
	struct options o;
	char err[512] = "";
	CHECK(parse(&o, err, sizeof(err), "--rw=read", NULL, NULL) != 0, "no filename accepted");
	CHECK(strstr(err, "--filename is missing") != NULL, "message '%s'", err);
}

int main(void)
{
	test_defaults();
	test_fio_style_values();
	test_sizes();
	test_bad_values_are_named();
	test_filename_is_required();
	return check_summary("test_options");
}
