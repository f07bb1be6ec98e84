/* --rw=checkpoint: AI training checkpoints as DLIO writes them (docs/engine.md, "Checkpoints"). */
#ifndef DRIVELAB_CHECKPOINT_H
#define DRIVELAB_CHECKPOINT_H

#include "engine.h"
#include <limits.h>

/* A checkpoint by its place in the run: pass and index within the pass, both from 1. */
struct ckpt_ref {
	unsigned pass, index;
};

#define CKPT_DELETED_MAX 64
#define CKPT_NO_ROOM UINT_MAX

/* One finished checkpoint. */
struct ckpt_record {
	unsigned pass, index;
	int slot;                    /* slot of the region it went into; -1 in a directory */
	uint64_t start_ns;           /* the ranks were released together */
	uint64_t write_end_ns;       /* the last rank's last write returned */
	uint64_t end_ns;             /* the last rank's fsync returned: the whole checkpoint is durable */
	uint64_t bytes;
	unsigned ndeleted;           /* checkpoints deleted (directory) or overwritten (region) to make room */
	struct ckpt_ref deleted[CKPT_DELETED_MAX];
};

/* How the run lays checkpoints out, and what it has done so far. */
struct ckpt_plan {
	bool dir;                    /* files in a directory; else slots of the region of a file or device */
	uint64_t size;               /* bytes per checkpoint as written: ranks x shard */
	uint64_t shard;              /* bytes per rank */
	uint64_t room;               /* directory: the --size quota, 0 for none; region: its size */
	unsigned slots;              /* region: checkpoints that fit side by side; 0 in a directory */
	uint64_t fsyncs;
	uint64_t start_ns;
	struct ckpt_record *done;
	unsigned ndone;
};

/*
 * The delete-oldest rule: how many of the oldest kept checkpoints (sizes in kept[], oldest first) must go so that
 * one more of need bytes fits both in free_bytes (what the filesystem has free; UINT64_MAX for a region) and, when
 * quota is not 0, in quota together with those still kept. CKPT_NO_ROOM when even deleting all is not enough.
 */
unsigned ckpt_deletions(uint64_t need, uint64_t free_bytes, uint64_t quota, const uint64_t *kept, unsigned nkept);

/* "ckpt-001-002-rank3.pt": the file of rank r of checkpoint ref in a directory. */
void ckpt_file_name(char *buf, size_t len, struct ckpt_ref ref, unsigned rank);

#endif
