/* The target: a block device, or a regular file that the engine creates and lays out with real data. */
#include "engine.h"
#include "dioalign.h"
#include "prng.h"
#include "report.h"
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <linux/fs.h>
#include <linux/magic.h>

static unsigned sysfs_uint(unsigned maj, unsigned min, const char *attr, unsigned fallback)
{
	char path[128];
	unsigned v = fallback;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/%s", maj, min, attr);
	FILE *f = fopen(path, "r");
	if (!f) {
		/* a partition keeps its queue/ in the parent disk */
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../%s", maj, min, attr);
		f = fopen(path, "r");
	}
	if (f) {
		if (fscanf(f, "%u", &v) != 1)
			v = fallback;
		fclose(f);
	}
	return v;
}

static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0');
}

/* The kernel's own filesystems: their "files" are knobs (sysrq-trigger, efivars), never test files. */
static const char *pseudo_fs(long type)
{
	switch ((unsigned long)type) {
	case PROC_SUPER_MAGIC: return "proc";
	case SYSFS_MAGIC: return "sysfs";
	case DEBUGFS_MAGIC: return "debugfs";
	case TRACEFS_MAGIC: return "tracefs";
	case SECURITYFS_MAGIC: return "securityfs";
	case CGROUP_SUPER_MAGIC: return "cgroup";
	case CGROUP2_SUPER_MAGIC: return "cgroup2";
	case BPF_FS_MAGIC: return "bpf";
	case EFIVARFS_MAGIC: return "efivarfs";
	case PSTOREFS_MAGIC: return "pstore";
	case DEVPTS_SUPER_MAGIC: return "devpts";
	case SELINUX_MAGIC: return "selinuxfs";
	case SMACK_MAGIC: return "smackfs";
	case 0x62656570: return "configfs";
	case 0x65735543: return "fusectl";
	case 0x42494e4d: return "binfmt_misc";
	default: return NULL;
	}
}

/*
 * Where a target may be, with every link resolved (docs/engine.md, "Targets"): a block device only as a node
 * under /dev, a regular file anywhere but /proc, /sys, /dev (except /dev/shm) and the kernel's pseudo filesystems.
 * `real` is the resolved target, or its folder's for a file that does not exist yet.
 */
static int check_place(struct options *o, const char *real, bool block, struct engine_error *e)
{
	if (block) {
		if (!under(real, "/dev")) {
			set_error(e, EPERM, "place", "%s is a block device node at %s, outside /dev; the engine only opens "
				  "devices under /dev, where the kernel and udev name them", o->filename, real);
			return -1;
		}
		return 0;
	}
	if (under(real, "/proc") || under(real, "/sys") || (under(real, "/dev") && !under(real, "/dev/shm"))) {
		set_error(e, EPERM, "place", "%s is in %s, which holds the kernel's and the devices' files, not test "
			  "files; give a block device or a file on a real filesystem", o->filename, real);
		return -1;
	}
	struct statfs fs;
	const char *kind;
	if (statfs(real, &fs) == 0 && (kind = pseudo_fs(fs.f_type)) != NULL) {
		set_error(e, EPERM, "place", "%s is on the kernel's %s filesystem, whose files are settings, not test "
			  "files; give a file on a real filesystem", o->filename, kind);
		return -1;
	}
	return 0;
}

/* Resolves every link of a path that exists, or of the folder of one that does not. */
static int resolve(struct options *o, bool exists, char *real, struct engine_error *e)
{
	if (exists) {
		if (!realpath(o->filename, real)) {
			set_error(e, errno, "stat", "cannot resolve %s: %s", o->filename, strerror(errno));
			return -1;
		}
		return 0;
	}
	char copy[PATH_MAX];
	snprintf(copy, sizeof(copy), "%s", o->filename);
	if (!realpath(dirname(copy), real)) {
		set_error(e, errno, "open", "cannot create %s: %s", o->filename, strerror(errno));
		return -1;
	}
	return 0;
}

int target_check_dir_place(struct options *o, struct engine_error *e)
{
	char real[PATH_MAX];
	return resolve(o, true, real, e) || check_place(o, real, false, e) ? -1 : 0;
}

/* Opening a device failed for want of rights: say which group or command gives them. */
static void access_error(struct options *o, const struct stat *st, int err, struct engine_error *e)
{
	struct group *g = getgrgid(st->st_gid);
	bool group_can = (st->st_mode & (rw_writes(o->rw) ? S_IWGRP : S_IRGRP)) && st->st_gid != 0 && g;
	if (group_can)
		set_error(e, err, "open", "cannot open %s: %s; it belongs to group '%s': add yourself to it "
			  "(sudo usermod -aG %s $USER, then log in again) or run the engine through pkexec "
			  "(policy io.drivelab.engine)", o->filename, strerror(err), g->gr_name, g->gr_name);
	else
		set_error(e, err, "open", "cannot open %s: %s; only root may open it: run the engine through pkexec "
			  "(policy io.drivelab.engine) or as root", o->filename, strerror(err));
}

static int open_block(struct options *o, struct target *t, struct engine_error *e, const char *real,
		      const struct stat *st)
{
	bool writes = rw_writes(o->rw);
	uint64_t bytes;
	int ssz = 512;
	unsigned pbsz = 0;
	char confirmed[PATH_MAX];
	char alias[PATH_MAX + 32] = "";

	if (strcmp(real, o->filename))
		snprintf(alias, sizeof(alias), " (%s)", real);
	/* the confirmation names the device: the same path, or one that leads to the same node */
	bool allowed = o->allow_destroy && (!strcmp(o->allow_destroy, o->filename)
			|| (realpath(o->allow_destroy, confirmed) && !strcmp(confirmed, real)));
	if (writes && !allowed) {
		set_error(e, EPERM, "guard",
			  "%s%s is a block device and --rw=%s writes to it, destroying its data; add "
			  "--allow-destroy=%s to confirm", o->filename, alias, rw_name(o->rw), o->filename);
		return -1;
	}
	/* O_EXCL on a block device fails with EBUSY while it is mounted, swap, or held by md/dm: never write then */
	int flags = (writes ? O_RDWR | O_EXCL : O_RDONLY) | (o->direct ? O_DIRECT : 0);
	t->fd = open(real, flags);
	/* a probe (udev's blkid after the last writer closed) holds a device for moments: try for a second */
	for (int tries = 0; t->fd < 0 && errno == EBUSY && tries < 10 && !g_stop; tries++) {
		usleep(100000);
		t->fd = open(real, flags);
	}
	if (t->fd < 0) {
		int err = errno;
		if (err == EBUSY)
			set_error(e, err, "open", "%s%s is in use (mounted, swap, or part of a RAID/LVM/dm device); "
				  "it cannot be written", o->filename, alias);
		else if (err == EACCES || err == EPERM)
			access_error(o, st, err, e);
		else if (err == EROFS)
			set_error(e, err, "open", "%s%s is read-only; only a read workload can run on it", o->filename,
				  alias);
		else
			set_error(e, err, "open", "cannot open %s%s: %s", o->filename, alias, strerror(err));
		return -1;
	}
	if (ioctl(t->fd, BLKGETSIZE64, &bytes) < 0) {
		set_error(e, errno, "ioctl", "cannot read the size of %s: %s", o->filename, strerror(errno));
		return -1;
	}
	if (bytes == 0) {
		/* a loop device with nothing attached, a card reader without a card: not a small device */
		set_error(e, ENXIO, "open", "%s%s holds no medium: the device went away (a detached loop device or a "
			  "removed disk); attach or insert it again, or pick another device", o->filename, alias);
		return -1;
	}
	ioctl(t->fd, BLKSSZGET, &ssz);
	ioctl(t->fd, BLKPBSZGET, &pbsz);
	t->is_block = true;
	t->dev_size = bytes;
	t->logical_bs = (unsigned)ssz;
	t->physical_bs = pbsz ? pbsz : (unsigned)ssz;
	t->mem_align = t->logical_bs;
	return 0;
}

static bool marked(const char *path)
{
	char value[64];
	ssize_t n = getxattr(path, DRIVELAB_XATTR, value, sizeof(value));
	return n > 0;
}

static int open_file(struct options *o, struct target *t, struct engine_error *e, bool exists,
		     const struct stat *st, const char *real)
{
	bool writes = rw_writes(o->rw);
	int dflag = o->direct ? O_DIRECT : 0;

	if (exists) {
		/* laying out past the end rewrites the last block and grows the file: a write too */
		bool must_extend = o->size && (uint64_t)st->st_size < o->offset + o->size;
		if ((writes || must_extend) && !o->overwrite_file && !marked(real)) {
			if (writes)
				set_error(e, EPERM, "guard", "%s exists and is not a DriveLab test file (it has no %s mark), "
					  "and --rw=%s would overwrite its data; give --overwrite-file to allow that, or "
					  "a new file name for the engine to create", o->filename, DRIVELAB_XATTR,
					  rw_name(o->rw));
			else
				set_error(e, EPERM, "guard", "%s exists and is not a DriveLab test file (it has no %s mark), "
					  "and it is smaller than the region (%llu bytes), which would be written out; give "
					  "--overwrite-file to allow that, a smaller --size, or a new file name",
					  o->filename, DRIVELAB_XATTR, (unsigned long long)(o->offset + o->size));
			return -1;
		}
	}
	if (!exists) {
		if (!o->size) {
			set_error(e, ENOENT, "open", "%s does not exist; give --size so that the engine can create it",
				  o->filename);
			return -1;
		}
		/* O_EXCL: never follows a link planted at the name, never takes over a file made meanwhile */
		t->fd = open(o->filename, O_RDWR | O_CREAT | O_EXCL | dflag, 0644);
		if (t->fd >= 0) {
			t->created = true;
			/* where the filesystem keeps no user xattrs the file stays unmarked: the app then confirms */
			fsetxattr(t->fd, DRIVELAB_XATTR, DRIVELAB_XATTR_VALUE, strlen(DRIVELAB_XATTR_VALUE), 0);
		}
	} else {
		bool must_extend = o->size && (uint64_t)st->st_size < o->offset + o->size;
		t->fd = open(real, (writes || must_extend ? O_RDWR : O_RDONLY) | dflag);
	}
	if (t->fd < 0) {
		int err = errno;
		if (err == EINVAL && o->direct)
			set_error(e, err, "open", "the filesystem of %s does not support O_DIRECT; use --direct=0 "
				  "or a file on another filesystem", o->filename);
		else
			set_error(e, err, "open", "cannot %s %s: %s", exists ? "open" : "create", o->filename,
				  strerror(err));
		return -1;
	}
	struct stat now;
	fstat(t->fd, &now);
	t->dev_size = (uint64_t)now.st_size;
	t->physical_bs = (unsigned)now.st_blksize;

	unsigned off_align = 0, mem_align = 0;
	if (dio_alignment(t->fd, &off_align, &mem_align) == 0 && off_align) {
		t->logical_bs = off_align;
		t->mem_align = mem_align;
	} else {
		/* older kernels: the logical block size of the filesystem's device */
		t->logical_bs = sysfs_uint(major(now.st_dev), minor(now.st_dev), "queue/logical_block_size", 512);
		t->mem_align = t->logical_bs;
	}
	if (t->mem_align < 8)
		t->mem_align = 8;
	return 0;
}

int target_open(struct options *o, struct target *t, struct engine_error *e)
{
	struct stat st;
	bool exists = stat(o->filename, &st) == 0;

	memset(t, 0, sizeof(*t));
	t->fd = -1;
	if (!exists && errno != ENOENT) {
		set_error(e, errno, "stat", "cannot use %s: %s", o->filename, strerror(errno));
		return -1;
	}
	if (exists && !S_ISBLK(st.st_mode) && !S_ISREG(st.st_mode)) {
		set_error(e, EINVAL, "stat", "%s is neither a block device nor a regular file", o->filename);
		return -1;
	}
	char real[PATH_MAX];
	if (resolve(o, exists, real, e) || check_place(o, real, exists && S_ISBLK(st.st_mode), e))
		return -1;
	if (g_privileged && privileged_place(o->filename, real, exists && S_ISBLK(st.st_mode), e))
		return -1;
	if (exists && S_ISBLK(st.st_mode)) {
		if (open_block(o, t, e, real, &st))
			return -1;
	} else if (open_file(o, t, e, exists, &st, real)) {
		return -1;
	}
	/* what was opened is what was checked: a link swapped in between is refused */
	struct stat opened;
	if (exists && (fstat(t->fd, &opened) || opened.st_dev != st.st_dev || opened.st_ino != st.st_ino
		       || (opened.st_mode & S_IFMT) != (st.st_mode & S_IFMT))) {
		set_error(e, EAGAIN, "open", "%s changed while it was being opened; try again", o->filename);
		return -1;
	}

	t->region_off = o->offset;
	if (o->size)
		t->region_size = o->size;
	else if (t->dev_size > o->offset)
		t->region_size = t->dev_size - o->offset;

	if (t->is_block && o->offset + t->region_size > t->dev_size) {
		set_error(e, ENOSPC, "size", "target too small: %s has %llu bytes, the region needs %llu "
			  "(--offset=%llu + --size=%llu)", o->filename, (unsigned long long)t->dev_size,
			  (unsigned long long)(o->offset + t->region_size), (unsigned long long)o->offset,
			  (unsigned long long)t->region_size);
		return -1;
	}
	if (t->region_size < o->bs.max_bs) {
		set_error(e, ENOSPC, "size", "target too small: the region of %s from offset %llu holds %llu "
			  "bytes, less than one %u-byte block", o->filename, (unsigned long long)o->offset,
			  (unsigned long long)t->region_size, o->bs.max_bs);
		return -1;
	}
	if (o->direct) {
		for (unsigned i = 0; i < o->bs.n; i++) {
			if (o->bs.bs[i] % t->logical_bs) {
				set_error(e, EINVAL, "align", "block size %u is not a multiple of the logical block "
					  "size of %s (%u bytes), which O_DIRECT needs; use a multiple of %u or "
					  "--direct=0", o->bs.bs[i], o->filename, t->logical_bs, t->logical_bs);
				return -1;
			}
		}
		/* the last I/O of --io_size is clipped to what is left: it too must be whole logical blocks */
		if (o->io_size && o->io_size % t->logical_bs) {
			set_error(e, EINVAL, "align", "--io_size=%llu is not a multiple of the logical block size of "
				  "%s (%u bytes), which O_DIRECT needs for its last, shorter I/O; use a multiple of %u "
				  "or --direct=0", (unsigned long long)o->io_size, o->filename, t->logical_bs,
				  t->logical_bs);
			return -1;
		}
		if (o->offset % t->logical_bs) {
			set_error(e, EINVAL, "align", "--offset=%llu is not a multiple of the logical block size of "
				  "%s (%u bytes), which O_DIRECT needs", (unsigned long long)o->offset, o->filename,
				  t->logical_bs);
			return -1;
		}
	}
	if (!t->is_block && t->dev_size < t->region_off + t->region_size) {
		t->needs_layout = true;
		t->layout_from = t->dev_size - t->dev_size % t->logical_bs;
	}
	return 0;
}

/* Writes random data from layout_from to the end of the region, so that reads read real data. */
int target_layout(struct options *o, struct target *t, struct engine_error *e)
{
	const size_t chunk = 1u << 20;
	uint64_t end = t->region_off + t->region_size, pos = t->layout_from;
	uint64_t total = end - t->layout_from, rng[4];
	uint64_t next_report = now_ns();
	void *buf;

	if (!t->needs_layout)
		return 0;
	/* never fill the filesystem: what unprivileged users may still use stays the limit, root's reserve untouched */
	struct statvfs vfs;
	if (fstatvfs(t->fd, &vfs) == 0 && total > (uint64_t)vfs.f_bavail * vfs.f_frsize) {
		set_error(e, ENOSPC, "fallocate", "no space left to lay out %s: it needs %llu more bytes and its "
			  "filesystem has %llu free; give a smaller --size or free some space", o->filename,
			  (unsigned long long)total, (unsigned long long)vfs.f_bavail * vfs.f_frsize);
		return -1;
	}
	if (fallocate(t->fd, 0, (off_t)pos, (off_t)total) < 0 && (errno == ENOSPC || errno == EFBIG)) {
		int err = errno;
		set_error(e, err, "fallocate", err == ENOSPC ? "no space left to lay out %s: it needs %llu more bytes"
			  : "%s cannot grow by %llu bytes: the file would be too large for its filesystem",
			  o->filename, (unsigned long long)total);
		return -1;
	}
	if (posix_memalign(&buf, 4096, chunk)) {
		set_error(e, ENOMEM, "malloc", "out of memory");
		return -1;
	}
	prng_seed(rng, o->randseed ^ 0x1a7e0u);
	while (pos < end && !g_stop) {
		size_t len = end - pos < chunk ? (size_t)(end - pos) : chunk;
		for (size_t i = 0; i < len / 8; i++)
			((uint64_t *)buf)[i] = prng_next(rng);
		/* O_DIRECT needs whole logical blocks: round the tail up (the file grows by less than a block) */
		size_t wlen = o->direct ? (len + t->logical_bs - 1) / t->logical_bs * t->logical_bs : len;
		ssize_t n = pwrite(t->fd, buf, wlen, (off_t)pos);
		if (n < 0) {
			int err = errno;
			set_error(e, err, "write", "laying out %s failed at offset %llu: %s", o->filename,
				  (unsigned long long)pos, strerror(err));
			free(buf);
			return -1;
		}
		pos += (uint64_t)n;
		if (now_ns() >= next_report || pos >= end) {
			report_layout(pos - t->layout_from, total);
			next_report = now_ns() + (uint64_t)o->status_interval_ms * 1000000ull;
		}
	}
	free(buf);
	if (g_stop) {
		set_error(e, EINTR, "layout", "stopped while laying out %s", o->filename);
		return -1;
	}
	if (fdatasync(t->fd) < 0) {
		set_error(e, errno, "fsync", "flushing %s failed: %s", o->filename, strerror(errno));
		return -1;
	}
	t->dev_size = end;
	t->needs_layout = false;
	return 0;
}

bool target_gone(const struct target *t)
{
	uint64_t bytes = 0;
	return t->is_block && (ioctl(t->fd, BLKGETSIZE64, &bytes) < 0 || bytes == 0);
}

void target_close(struct options *o, struct target *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
	if (t->created && o->unlink_created)
		unlink(o->filename);
}
