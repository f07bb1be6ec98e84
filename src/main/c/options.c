/* Option parsing: fio's names and meanings where the concept matches. Every bad value gets a sentence. */
#include "engine.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

const char *rw_name(enum rw_mode rw)
{
	static const char *names[] = { "read", "write", "randread", "randwrite", "randrw", "rw", "checkpoint" };
	return names[rw];
}

const char *engine_name(enum engine_kind e)
{
	static const char *names[] = { "auto", "io_uring", "libaio", "psync" };
	return names[e];
}

/* Decimal only: "010" is ten, as a user means it (strtoull's base 0 would read it as octal, "0x10" as hex). */
int parse_uint(const char *s, uint64_t max, uint64_t *out)
{
	char *end;
	if (!s || !*s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "4096", "4k", "4K", "4KiB", "128k", "1m", "2g", "1t": binary units, as fio's default kb_base. */
int parse_size(const char *s, uint64_t *out)
{
	char *end;
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	unsigned shift = 0;
	if (*end) {
		switch (tolower((unsigned char)*end)) {
		case 'b': shift = 0; break;
		case 'k': shift = 10; break;
		case 'm': shift = 20; break;
		case 'g': shift = 30; break;
		case 't': shift = 40; break;
		case 'p': shift = 50; break;
		default: return -1;
		}
		if (tolower((unsigned char)*end) != 'b') {
			end++;
			if (!strcasecmp(end, "ib") || !strcasecmp(end, "b"))
				end += strlen(end);
		} else {
			end++;
		}
		if (*end)
			return -1;
	}
	if (shift && v > (UINT64_MAX >> shift))
		return -1;
	*out = v << shift;
	return 0;
}

static int parse_bool(const char *s, bool *out)
{
	if (!s || !strcmp(s, "1") || !strcasecmp(s, "true")) {
		*out = true;
		return 0;
	}
	if (!strcmp(s, "0") || !strcasecmp(s, "false")) {
		*out = false;
		return 0;
	}
	return -1;
}

/* Seconds as fio takes them: "30", "30s", "2m", "1h", "500ms". Returns milliseconds. */
static int parse_seconds(const char *s, uint64_t *ms)
{
	char *end;
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	/* decimal digits with at most one point: strtod alone would take "0x10", "1e3", "infinity" */
	size_t digits = strspn(s, "0123456789");
	if (s[digits] == '.')
		digits += 1 + strspn(s + digits + 1, "0123456789");
	if (!isdigit((unsigned char)s[digits - 1]))
		return -1;
	errno = 0;
	double v = strtod(s, &end);
	if (end != s + digits)
		return -1;
	if (errno || v < 0)
		return -1;
	double mult = 1000;
	if (!strcmp(end, "") || !strcmp(end, "s"))
		mult = 1000;
	else if (!strcmp(end, "ms"))
		mult = 1;
	else if (!strcmp(end, "m"))
		mult = 60000;
	else if (!strcmp(end, "h"))
		mult = 3600000;
	else
		return -1;
	if (v * mult > (double)MAX_DURATION_MS)
		return -1;
	*ms = (uint64_t)(v * mult + 0.5);
	return 0;
}

enum opt_id {
	O_NAME, O_FILENAME, O_RW, O_RWMIXREAD, O_BS, O_BSSPLIT, O_IODEPTH, O_NUMJOBS, O_SIZE, O_OFFSET,
	O_RUNTIME, O_RAMP, O_IO_SIZE, O_LOOPS, O_DIRECT, O_IOENGINE, O_HIPRI, O_SQTHREAD_POLL, O_RANDSEED,
	O_STATUS_INTERVAL, O_SPIN_US, O_BUFFER_PATTERN, O_BUFFER_COMPRESS, O_ALLOW_DESTROY, O_OVERWRITE_FILE, O_UNLINK, O_HELP, O_VERSION,
	O_CHECKPOINT_SIZE, O_CHECKPOINTS, O_PASSES, O_RATE, O_RATE_IOPS, O_CPUS_ALLOWED,
};

static const struct {
	const char *name;
	enum opt_id id;
	bool flag;      /* takes no value, or an optional =0/1 */
} optlist[] = {
	{ "name", O_NAME, false },
	{ "filename", O_FILENAME, false },
	{ "rw", O_RW, false },
	{ "readwrite", O_RW, false },
	{ "rwmixread", O_RWMIXREAD, false },
	{ "bs", O_BS, false },
	{ "blocksize", O_BS, false },
	{ "bssplit", O_BSSPLIT, false },
	{ "iodepth", O_IODEPTH, false },
	{ "numjobs", O_NUMJOBS, false },
	{ "size", O_SIZE, false },
	{ "offset", O_OFFSET, false },
	{ "runtime", O_RUNTIME, false },
	{ "ramp_time", O_RAMP, false },
	{ "io_size", O_IO_SIZE, false },
	{ "loops", O_LOOPS, false },
	{ "direct", O_DIRECT, true },
	{ "ioengine", O_IOENGINE, false },
	{ "hipri", O_HIPRI, true },
	{ "sqthread_poll", O_SQTHREAD_POLL, true },
	{ "randseed", O_RANDSEED, false },
	{ "status-interval", O_STATUS_INTERVAL, false },
	{ "status_interval", O_STATUS_INTERVAL, false },
	{ "spin_us", O_SPIN_US, false },
	{ "buffer_pattern", O_BUFFER_PATTERN, false },
	{ "buffer_compress_percentage", O_BUFFER_COMPRESS, false },
	{ "allow-destroy", O_ALLOW_DESTROY, false },
	{ "overwrite-file", O_OVERWRITE_FILE, true },
	{ "unlink", O_UNLINK, true },
	{ "help", O_HELP, true },
	{ "version", O_VERSION, true },
	{ "checkpoint_size", O_CHECKPOINT_SIZE, false },
	{ "checkpoints", O_CHECKPOINTS, false },
	{ "passes", O_PASSES, false },
	{ "rate", O_RATE, false },
	{ "rate_iops", O_RATE_IOPS, false },
	{ "cpus_allowed", O_CPUS_ALLOWED, false },
};

#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

/* fio's CPU list ("1", "0,2", "4-7", "0-1,6"); -1 on anything else, -2 for a CPU at CPU_SETSIZE or past it. */
int parse_cpu_list(const char *s, cpu_set_t *set)
{
	CPU_ZERO(set);
	if (!*s)
		return -1;
	while (*s) {
		uint64_t first, last;
		char *end;
		if (*s < '0' || *s > '9')
			return -1;
		first = strtoull(s, &end, 10);
		last = first;
		if (*end == '-') {
			s = end + 1;
			if (*s < '0' || *s > '9')
				return -1;
			last = strtoull(s, &end, 10);
		}
		if (last < first)
			return -1;
		if (last >= CPU_SETSIZE)
			return -2;
		for (uint64_t c = first; c <= last; c++)
			CPU_SET((int)c, set);
		s = end;
		if (*s == ',' && s[1])
			s++;
		else if (*s)
			return -1;
	}
	return 0;
}

int options_parse(struct options *o, int argc, char **argv, char *err, size_t errlen, bool *want_help,
		  bool *want_version)
{
	const char *bs_arg = NULL, *bssplit_arg = NULL;
	bool filename_given = false, allow_destroy_given = false;
	/* checkpoint defaults differ (8 ranks, 1m writes, buffered): remember what was given */
	bool numjobs_given = false, direct_given = false, ckpt_only_given = false;
	const char *ckpt_only = NULL;

	memset(o, 0, sizeof(*o));
	o->name = "drivelab";
	o->rw = RW_READ;
	o->rwmixread = 50;
	o->iodepth = 1;
	o->numjobs = 1;
	o->loops = 1;
	o->direct = true;
	o->ioengine = ENGINE_AUTO;
	o->randseed = 0x2f6a5c7d1e3b4a59ull;
	o->status_interval_ms = 1000;
	o->spin_us = 20;
	*want_help = *want_version = false;

	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *val = NULL;
		char key[64];
		unsigned k;

		if (strncmp(arg, "--", 2))
			BAD("unexpected argument '%s'; options look like --name=value (see --help)", arg);
		arg += 2;
		const char *eq = strchr(arg, '=');
		size_t klen = eq ? (size_t)(eq - arg) : strlen(arg);
		if (klen >= sizeof(key))
			BAD("unknown option '--%.*s' (see --help)", (int)klen, arg);
		memcpy(key, arg, klen);
		key[klen] = '\0';
		for (k = 0; k < sizeof(optlist) / sizeof(optlist[0]); k++)
			if (!strcmp(optlist[k].name, key))
				break;
		if (k == sizeof(optlist) / sizeof(optlist[0]))
			BAD("unknown option '--%s' (see --help)", key);
		if (eq)
			val = eq + 1;
		else if (!optlist[k].flag) {
			if (i + 1 >= argc)
				BAD("option --%s needs a value", key);
			val = argv[++i];
		}

		uint64_t u;
		bool b;
		switch (optlist[k].id) {
		case O_NAME:
			if (strlen(val) > MAX_NAME_LEN)
				BAD("--name is longer than %d characters", MAX_NAME_LEN);
			o->name = val;
			break;
		case O_FILENAME:
			/* a second --filename would silently change the target a confirmation was given for */
			if (filename_given)
				BAD("--filename is given twice (%s and %s); give one target", o->filename, val);
			if (!*val)
				BAD("--filename is empty");
			if (strlen(val) >= 4096)
				BAD("--filename is longer than 4095 characters");
			o->filename = val;
			filename_given = true;
			break;
		case O_RW:
			if (!strcmp(val, "read")) o->rw = RW_READ;
			else if (!strcmp(val, "write")) o->rw = RW_WRITE;
			else if (!strcmp(val, "randread")) o->rw = RW_RANDREAD;
			else if (!strcmp(val, "randwrite")) o->rw = RW_RANDWRITE;
			else if (!strcmp(val, "randrw")) o->rw = RW_RANDRW;
			else if (!strcmp(val, "rw") || !strcmp(val, "readwrite")) o->rw = RW_SEQRW;
			else if (!strcmp(val, "checkpoint")) o->rw = RW_CHECKPOINT;
			else
				BAD("--rw=%s is not a workload; use read, write, randread, randwrite, randrw, rw or "
				    "checkpoint", val);
			break;
		case O_RWMIXREAD:
			if (parse_uint(val, 100, &u))
				BAD("--rwmixread=%s is not a percentage from 0 to 100", val);
			o->rwmixread = (unsigned)u;
			break;
		case O_BS: bs_arg = val; break;
		case O_BSSPLIT: bssplit_arg = val; break;
		case O_IODEPTH:
			if (parse_uint(val, MAX_IODEPTH, &u) || u == 0)
				BAD("--iodepth=%s is not a number from 1 to %u (the most one io_uring ring keeps in "
				    "flight)", val, MAX_IODEPTH);
			o->iodepth = (unsigned)u;
			break;
		case O_NUMJOBS:
			if (parse_uint(val, 1024, &u) || u == 0)
				BAD("--numjobs=%s is not a number from 1 to 1024", val);
			o->numjobs = (unsigned)u;
			numjobs_given = true;
			break;
		case O_SIZE:
			if (parse_size(val, &o->size) || o->size == 0)
				BAD("--size=%s is not a size (e.g. 512m, 8g, 1t)", val);
			break;
		case O_OFFSET:
			if (parse_size(val, &o->offset))
				BAD("--offset=%s is not a size (e.g. 0, 1m, 10g)", val);
			break;
		case O_RUNTIME:
			if (parse_seconds(val, &o->runtime_ms) || o->runtime_ms == 0)
				BAD("--runtime=%s is not a duration above 0 and up to a year (seconds, or with s/ms/m/h)",
				    val);
			break;
		case O_RAMP:
			if (parse_seconds(val, &o->ramp_ms))
				BAD("--ramp_time=%s is not a duration up to a year (seconds, or with s/ms/m/h)", val);
			break;
		case O_IO_SIZE:
			if (parse_size(val, &o->io_size) || o->io_size == 0)
				BAD("--io_size=%s is not a size above 0 (e.g. 1g)", val);
			break;
		case O_LOOPS:
			if (parse_uint(val, 1000000, &u) || u == 0)
				BAD("--loops=%s is not a number from 1 to 1000000", val);
			o->loops = (unsigned)u;
			break;
		case O_DIRECT:
			if (parse_bool(val, &o->direct))
				BAD("--direct=%s must be 0 or 1", val);
			direct_given = true;
			break;
		case O_IOENGINE:
			if (!strcmp(val, "io_uring")) o->ioengine = ENGINE_URING;
			else if (!strcmp(val, "libaio")) o->ioengine = ENGINE_LIBAIO;
			else if (!strcmp(val, "psync")) o->ioengine = ENGINE_PSYNC;
			else if (!strcmp(val, "auto")) o->ioengine = ENGINE_AUTO;
			else
				BAD("--ioengine=%s is not available; use io_uring, libaio, psync or auto", val);
			break;
		case O_HIPRI:
			if (parse_bool(val, &o->hipri))
				BAD("--hipri=%s must be 0 or 1", val);
			break;
		case O_SQTHREAD_POLL:
			if (parse_bool(val, &o->sqthread_poll))
				BAD("--sqthread_poll=%s must be 0 or 1", val);
			break;
		case O_RANDSEED:
			if (parse_uint(val, UINT64_MAX, &o->randseed))
				BAD("--randseed=%s is not a whole number", val);
			break;
		case O_STATUS_INTERVAL:
			if (parse_uint(val, 3600000, &u) || u < 100)
				BAD("--status-interval=%s is not a number of milliseconds from 100 to 3600000", val);
			o->status_interval_ms = (unsigned)u;
			break;
		case O_SPIN_US:
			if (parse_uint(val, 10000, &u))
				BAD("--spin_us=%s is not a number of microseconds from 0 to 10000", val);
			o->spin_us = (unsigned)u;
			break;
		case O_BUFFER_PATTERN:
			if (!strcmp(val, "random")) o->buffer_zero = false;
			else if (!strcmp(val, "zero")) o->buffer_zero = true;
			else
				BAD("--buffer_pattern=%s is not known; use random or zero", val);
			break;
		case O_BUFFER_COMPRESS:
			if (parse_uint(val, 100, &u))
				BAD("--buffer_compress_percentage=%s is not a percentage from 0 to 100", val);
			o->buffer_compress_percentage = (unsigned)u;
			break;
		case O_ALLOW_DESTROY:
			if (allow_destroy_given)
				BAD("--allow-destroy is given twice; name the one device to destroy");
			if (!*val)
				BAD("--allow-destroy is empty; it must name the device, as --filename does");
			o->allow_destroy = val;
			allow_destroy_given = true;
			break;
		case O_OVERWRITE_FILE:
			if (parse_bool(val, &o->overwrite_file))
				BAD("--overwrite-file=%s must be 0 or 1", val);
			break;
		case O_UNLINK:
			if (parse_bool(val, &b))
				BAD("--unlink=%s must be 0 or 1", val);
			o->unlink_created = b;
			break;
		case O_CHECKPOINT_SIZE: {
			size_t n = strlen(val);
			if (n > 1 && val[n - 1] == '%') {
				char *end;
				double pct = strtod(val, &end);
				if (end != val + n - 1 || !(pct > 0) || pct > 100)
					BAD("--checkpoint_size=%s is not a share of the region above 0%% and up to 100%%", val);
				o->checkpoint_pct = pct;
				o->checkpoint_size = 0;
			} else {
				if (parse_size(val, &o->checkpoint_size) || o->checkpoint_size == 0)
					BAD("--checkpoint_size=%s is not a size (e.g. 8g) or a share of the region (e.g. "
					    "21.3%%)", val);
				o->checkpoint_pct = 0;
			}
			ckpt_only = "--checkpoint_size";
			ckpt_only_given = true;
			break;
		}
		case O_CHECKPOINTS:
			if (parse_uint(val, 100000, &u) || u == 0)
				BAD("--checkpoints=%s is not a number from 1 to 100000", val);
			o->checkpoints = (unsigned)u;
			ckpt_only = "--checkpoints";
			ckpt_only_given = true;
			break;
		case O_PASSES:
			if (parse_uint(val, 1000, &u) || u == 0)
				BAD("--passes=%s is not a number from 1 to 1000", val);
			o->passes = (unsigned)u;
			ckpt_only = "--passes";
			ckpt_only_given = true;
			break;
		case O_RATE:
			/* one figure for all directions: fio's "read,write" pairs are not taken */
			if (parse_size(val, &o->rate_bytes) || o->rate_bytes == 0)
				BAD("--rate=%s is not a rate above 0 in bytes per second (e.g. 500k, 200m, 2g)", val);
			break;
		case O_RATE_IOPS:
			if (parse_uint(val, MAX_RATE_IOPS, &o->rate_iops) || o->rate_iops == 0)
				BAD("--rate_iops=%s is not a number of I/Os per second from 1 to %llu", val,
				    (unsigned long long)MAX_RATE_IOPS);
			break;
		case O_CPUS_ALLOWED: {
			cpu_set_t usable;
			int bad = parse_cpu_list(val, &o->cpus);
			if (bad == -2)
				BAD("--cpus_allowed=%s names a CPU beyond %d, the last this engine can keep a job to", val,
				    CPU_SETSIZE - 1);
			if (bad)
				BAD("--cpus_allowed=%s is not a list of CPU numbers (e.g. 1, 0-3 or 0,2)", val);
			if (sched_getaffinity(0, sizeof(usable), &usable) == 0) {
				for (int c = 0; c < CPU_SETSIZE; c++)
					if (CPU_ISSET(c, &o->cpus) && !CPU_ISSET(c, &usable))
						BAD("--cpus_allowed=%s names CPU %d, which is offline or not one this engine may "
						    "use (%d CPUs: see nproc)", val, c, CPU_COUNT(&usable));
			}
			o->cpus_allowed = val;
			break;
		}
		case O_HELP: *want_help = true; return 0;
		case O_VERSION: *want_version = true; return 0;
		}
	}

	if (o->rw == RW_CHECKPOINT) {
		/* a checkpoint is what it is: R ranks, each one shard in sequential writes, then fsync */
		if (o->rate_bytes || o->rate_iops)
			BAD("--rate and --rate_iops do not apply to --rw=checkpoint");
		if (bssplit_arg)
			BAD("--bssplit does not apply to --rw=checkpoint; give the write size with --bs");
		if (o->runtime_ms || o->ramp_ms || o->io_size || o->loops != 1)
			BAD("--runtime, --ramp_time, --io_size and --loops do not apply to --rw=checkpoint; "
			    "use --checkpoints and --passes");
		if (!o->checkpoint_size && !o->checkpoint_pct)
			BAD("--rw=checkpoint needs --checkpoint_size (e.g. 8g, or 21.3%% of the region)");
		if (!numjobs_given)
			o->numjobs = 8;  /* 8 GPUs: tensor parallel 4 x pipeline parallel 2, as the reviews ran DLIO */
		if (!direct_given)
			o->direct = false;  /* torch.save() writes through the page cache */
		if (!bs_arg)
			bs_arg = "1m";
		if (!o->checkpoints)
			o->checkpoints = 12;
		if (!o->passes)
			o->passes = 3;
	} else if (ckpt_only_given) {
		BAD("%s only applies to --rw=checkpoint", ckpt_only);
	}
	if (bssplit_arg) {
		if (bssplit_parse(bssplit_arg, &o->bs, err, errlen))
			return -1;
		o->bssplit_given = true;
	} else {
		uint64_t bs = 4096;
		if (bs_arg && (parse_size(bs_arg, &bs) || bs == 0 || bs > (1u << 30)))
			BAD("--bs=%s is not a block size between 1 and 1g (e.g. 4k, 128k, 1m)", bs_arg);
		bssplit_single(&o->bs, (uint32_t)bs);
	}
	if (!o->filename)
		BAD("--filename is missing: give a block device or a file to create, e.g. --filename=/tmp/drivelab.img");
	if (o->rw == RW_READ || o->rw == RW_RANDREAD)
		o->rwmixread = 100;
	else if (o->rw == RW_WRITE || o->rw == RW_RANDWRITE || o->rw == RW_CHECKPOINT)
		o->rwmixread = 0;
	if (o->rate_bytes && o->rate_iops)
		BAD("--rate and --rate_iops are both given; give one of them");
	if (o->hipri && o->ioengine != ENGINE_URING && o->ioengine != ENGINE_AUTO)
		BAD("--hipri needs --ioengine=io_uring");
	if (o->sqthread_poll && o->ioengine != ENGINE_URING && o->ioengine != ENGINE_AUTO)
		BAD("--sqthread_poll needs --ioengine=io_uring");
	if ((uint64_t)o->iodepth * o->bs.max_bs > MAX_BUFFER_BYTES_PER_JOB)
		BAD("--iodepth=%u with %u-byte blocks needs %llu MiB of buffers per job; the limit is %llu MiB",
		    o->iodepth, o->bs.max_bs, (unsigned long long)o->iodepth * o->bs.max_bs >> 20,
		    MAX_BUFFER_BYTES_PER_JOB >> 20);
	if ((uint64_t)o->numjobs * o->iodepth * o->bs.max_bs > MAX_BUFFER_BYTES_TOTAL)
		BAD("--numjobs=%u with --iodepth=%u and %u-byte blocks need %llu MiB of buffers; the limit is %llu MiB "
		    "for all jobs together", o->numjobs, o->iodepth, o->bs.max_bs,
		    (unsigned long long)o->numjobs * o->iodepth * o->bs.max_bs >> 20, MAX_BUFFER_BYTES_TOTAL >> 20);
	/* a last I/O shorter than the block size must still be whole sectors for O_DIRECT: target.c checks that */
	uint64_t product;
	if (o->io_size && __builtin_mul_overflow(o->io_size, (uint64_t)o->loops, &product))
		BAD("--io_size=%llu times --loops=%u is more bytes than can be counted (2^64); give a smaller "
		    "--io_size or fewer --loops", (unsigned long long)o->io_size, o->loops);
	if (o->size && o->offset > UINT64_MAX - o->size)
		BAD("--offset=%llu plus --size=%llu is past the end of any device", (unsigned long long)o->offset,
		    (unsigned long long)o->size);
	return 0;
}
