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
	expect_refusal("--iodepth=2048", "--bs=1m", "1024 MiB");
	expect_refusal("--hipri", "--ioengine=psync", "io_uring");
	expect_refusal("stray", NULL, "unexpected argument 'stray'");
	expect_refusal("--size", NULL, "needs a value");
}

/* Options a confirmation or a limit hangs on: never ambiguous, never overflowing. */
static void test_safety_limits(void)
{
	struct options o;
	char err[512];
	expect_refusal("--filename=/dev/sdb", NULL, "--filename is given twice");
	expect_refusal("--allow-destroy=/x", "--allow-destroy=/dev/sdb", "--allow-destroy is given twice");
	expect_refusal("--allow-destroy=", NULL, "--allow-destroy is empty");
	char *many[] = { "drivelab-engine", "--filename=/x", "--numjobs=8", "--iodepth=1024", "--bs=1m", NULL };
	bool help, version;
	CHECK(options_parse(&o, 5, many, err, sizeof(err), &help, &version) != 0, "8 GiB of buffers accepted");
	CHECK(strstr(err, "4096 MiB for all jobs") != NULL, "message '%s'", err);
	expect_refusal("--offset=16000p", "--size=1000p", "past the end");
	expect_refusal("--runtime=9000h", NULL, "up to a year");
	expect_refusal("--ramp_time=400d", NULL, "--ramp_time=400d");
	expect_refusal("--overwrite-file=maybe", NULL, "--overwrite-file=maybe");
	char name[MAX_NAME_LEN + 10];
	memset(name, 'n', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	memcpy(name, "--name=", 7);
	expect_refusal(name, NULL, "--name is longer");
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--overwrite-file", NULL) == 0 && o.overwrite_file, "%s", err);
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--runtime=8760h", NULL) == 0, "a year is allowed: %s", err);
}

/* Numbers are decimal: a leading zero is not octal, "0x" is not hex, durations take no exponent (issue 10, 12). */
static void test_numbers_are_decimal_only(void)
{
	struct options o;
	char err[512] = "";
	uint64_t v;
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--iodepth=010", NULL) == 0 && o.iodepth == 10,
	      "--iodepth=010 is %u (%s)", o.iodepth, err);
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--iodepth=08", NULL) == 0 && o.iodepth == 8,
	      "--iodepth=08 is %u (%s)", o.iodepth, err);
	CHECK(parse_uint("0x10", 100, &v) != 0, "0x10 accepted as %llu", (unsigned long long)v);
	expect_refusal("--numjobs=0x10", NULL, "--numjobs=0x10");
	expect_refusal("--runtime=0x10", NULL, "--runtime=0x10");
	expect_refusal("--runtime=1e3", NULL, "--runtime=1e3");
	expect_refusal("--ramp_time=infinity", NULL, "--ramp_time=infinity");
	expect_refusal("--runtime=1.", NULL, "--runtime=1.");
	expect_refusal("--randseed=0x2f", NULL, "--randseed=0x2f");
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--runtime=010", "--ramp_time=1.5") == 0 &&
	      o.runtime_ms == 10000 && o.ramp_ms == 1500, "runtime %llu ramp %llu (%s)",
	      (unsigned long long)o.runtime_ms, (unsigned long long)o.ramp_ms, err);
}

/* Products that size a job never wrap (issue 10, 12), and no ring is asked for more than it can hold (10). */
static void test_products_and_depth_are_bounded(void)
{
	expect_refusal("--io_size=1p", "--loops=1000000", "more bytes than can be counted");
	expect_refusal("--iodepth=32769", NULL, "1 to 32768");
	expect_refusal("--iodepth=65536", NULL, "1 to 32768");
	struct options o;
	char err[512] = "";
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--iodepth=32768", "--bs=4k") == 0 && o.iodepth == 32768,
	      "the largest ring is allowed: %s", err);
}

static void test_filename_is_required(void)
{
	struct options o;
	char err[512] = "";
	CHECK(parse(&o, err, sizeof(err), "--rw=read", NULL, NULL) != 0, "no filename accepted");
	CHECK(strstr(err, "--filename is missing") != NULL, "message '%s'", err);
}

/* Sustained rates (issue 15): fio's names and units; zero, negative and overflowing figures are refused by name. */
static void test_rates(void)
{
	struct options o;
	char err[512] = "";
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--rate_iops=5000", NULL) == 0 && o.rate_iops == 5000 &&
	      !o.rate_bytes, "--rate_iops=5000: %s", err);
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--rate=20m", NULL) == 0 && o.rate_bytes == 20u << 20 &&
	      !o.rate_iops, "--rate=20m is %llu (%s)", (unsigned long long)o.rate_bytes, err);
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", NULL, NULL) == 0 && !o.rate_bytes && !o.rate_iops,
	      "no rate by default");
	expect_refusal("--rate_iops=0", NULL, "--rate_iops=0 is not a number of I/Os per second");
	expect_refusal("--rate_iops=-5", NULL, "--rate_iops=-5");
	expect_refusal("--rate_iops=100000001", NULL, "from 1 to 100000000");
	expect_refusal("--rate_iops=99999999999999999999", NULL, "--rate_iops=99999999999999999999");
	expect_refusal("--rate_iops=5k", NULL, "--rate_iops=5k");
	expect_refusal("--rate=0", NULL, "--rate=0 is not a rate above 0");
	expect_refusal("--rate=-1m", NULL, "--rate=-1m");
	expect_refusal("--rate=20000000p", NULL, "--rate=20000000p");
	expect_refusal("--rate=1m,2m", NULL, "--rate=1m,2m");
	expect_refusal("--rate=1m", "--rate_iops=10", "both given");
	expect_refusal("--rw=checkpoint", "--rate=1m", "do not apply to --rw=checkpoint");
}

/* CPU placement (issue 10, item 18): fio's list syntax; what cannot be a CPU of this machine is refused by number. */
static void test_cpus_allowed(void)
{
	struct options o;
	char err[512] = "";
	cpu_set_t set;
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", NULL, NULL) == 0 && !o.cpus_allowed, "unpinned by default");
	CHECK(parse(&o, err, sizeof(err), "--filename=/x", "--cpus_allowed=0", NULL) == 0 && o.cpus_allowed &&
	      CPU_COUNT(&o.cpus) == 1 && CPU_ISSET(0, &o.cpus), "--cpus_allowed=0: %s", err);
	CHECK(parse_cpu_list("0-2,5,7-8", &set) == 0 && CPU_COUNT(&set) == 6 && CPU_ISSET(5, &set) &&
	      CPU_ISSET(8, &set) && !CPU_ISSET(3, &set) && !CPU_ISSET(6, &set), "ranges and singles");
	const char *bad[] = { "", "a", "1-", "-1", "3-1", "1,", ",1", "1,,2", "1 2", "1.5", "1024", "0-99999999999" };
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(parse_cpu_list(bad[i], &set) != 0, "'%s' accepted as a CPU list", bad[i]);
	expect_refusal("--cpus_allowed=1-", NULL, "--cpus_allowed=1- is not a list of CPU numbers");
	expect_refusal("--cpus_allowed=1000", NULL, "names CPU 1000, which is offline");
	expect_refusal("--cpus_allowed=0,4000", NULL, "names a CPU beyond 1023");
}

int main(void)
{
	test_defaults();
	test_fio_style_values();
	test_sizes();
	test_bad_values_are_named();
	test_filename_is_required();
	test_safety_limits();
	test_numbers_are_decimal_only();
	test_rates();
	test_products_and_depth_are_bounded();
	test_cpus_allowed();
	return check_summary("test_options");
}
