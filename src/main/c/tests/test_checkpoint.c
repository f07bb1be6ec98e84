/* The checkpoint workload's delete-oldest rule, its file names and its options. */
#include "check.h"
#include "../checkpoint.h"
#include <string.h>

#define GB 1000000000ull

static void test_nothing_goes_while_the_next_fits(void)
{
	uint64_t kept[] = { 10 * GB, 10 * GB };
	CHECK(ckpt_deletions(10 * GB, 50 * GB, 0, kept, 2) == 0, "room on the filesystem");
	CHECK(ckpt_deletions(10 * GB, UINT64_MAX, 30 * GB, kept, 2) == 0, "room in the quota");
	CHECK(ckpt_deletions(10 * GB, 10 * GB, 0, NULL, 0) == 0, "exactly fits an empty target");
}

static void test_the_oldest_goes_when_the_next_would_not_fit(void)
{
	uint64_t kept[] = { 10 * GB, 10 * GB, 10 * GB };
	/* filesystem: 5 GB free, the next needs 10: one checkpoint (the oldest) frees enough */
	CHECK(ckpt_deletions(10 * GB, 5 * GB, 0, kept, 3) == 1, "one of three");
	/* region of three slots, all taken: the next reuses the oldest's */
	CHECK(ckpt_deletions(10 * GB, UINT64_MAX, 30 * GB, kept, 3) == 1, "slot reuse");
}

static void test_as_many_go_as_needed_oldest_first(void)
{
	uint64_t kept[] = { 4 * GB, 4 * GB, 4 * GB, 4 * GB };
	CHECK(ckpt_deletions(10 * GB, 1 * GB, 0, kept, 4) == 3, "needs 9 more: three of 4 GB");
	/* quota 16 GB, 16 used: the next 10 GB needs 10 freed, three checkpoints */
	CHECK(ckpt_deletions(10 * GB, UINT64_MAX, 16 * GB, kept, 4) == 3, "quota");
	/* both limits at once: the stricter decides */
	CHECK(ckpt_deletions(6 * GB, 2 * GB, 100 * GB, kept, 4) == 1, "filesystem stricter");
	CHECK(ckpt_deletions(6 * GB, 100 * GB, 17 * GB, kept, 4) == 2, "quota stricter: 5 GB to free");
}

static void test_no_room_even_with_everything_deleted(void)
{
	uint64_t kept[] = { 1 * GB, 1 * GB };
	CHECK(ckpt_deletions(10 * GB, 5 * GB, 0, kept, 2) == CKPT_NO_ROOM, "7 GB at most");
	CHECK(ckpt_deletions(10 * GB, UINT64_MAX, 8 * GB, kept, 2) == CKPT_NO_ROOM, "larger than the quota");
	CHECK(ckpt_deletions(10 * GB, 0, 0, NULL, 0) == CKPT_NO_ROOM, "full filesystem, nothing to delete");
}

static void test_file_names_sort_by_pass_then_index(void)
{
	char a[64], b[64];
	ckpt_file_name(a, sizeof(a), (struct ckpt_ref){ 1, 12 }, 7);
	ckpt_file_name(b, sizeof(b), (struct ckpt_ref){ 2, 1 }, 0);
	CHECK(!strcmp(a, "ckpt-001-012-rank7.pt"), "%s", a);
	CHECK(strcmp(a, b) < 0, "%s before %s", a, b);
}

static int parse(struct options *o, char *err, size_t errlen, const char *a1, const char *a2, const char *a3)
{
	char *argv[] = { "drivelab-engine", "--filename=/tmp/x", (char *)a1, (char *)a2, (char *)a3, NULL };
	int argc = 2 + (a1 != NULL) + (a2 != NULL) + (a3 != NULL);
	bool help, version;
	return options_parse(o, argc, argv, err, errlen, &help, &version);
}

static void test_checkpoint_defaults_are_the_reviews_setup(void)
{
	struct options o;
	char err[512] = "";
	CHECK(parse(&o, err, sizeof(err), "--rw=checkpoint", "--checkpoint_size=8g", NULL) == 0, "%s", err);
	CHECK(o.numjobs == 8, "8 ranks (TP 4 x PP 2), got %u", o.numjobs);
	CHECK(o.passes == 3 && o.checkpoints == 12, "3 passes of 12, got %u of %u", o.passes, o.checkpoints);
	CHECK(o.bs.bs[0] == 1u << 20, "1m writes, got %u", o.bs.bs[0]);
	CHECK(!o.direct, "buffered, as torch.save()");
	CHECK(o.checkpoint_size == 8ull << 30, "size");
	CHECK(parse(&o, err, sizeof(err), "--rw=checkpoint", "--checkpoint_size=21.3%", "--direct=1") == 0, "%s", err);
	CHECK(o.checkpoint_pct > 21.29 && o.checkpoint_pct < 21.31 && o.checkpoint_size == 0, "share");
	CHECK(o.direct, "--direct=1 kept");
}

static void test_checkpoint_options_are_checked(void)
{
	struct options o;
	char err[512] = "";
	CHECK(parse(&o, err, sizeof(err), "--rw=checkpoint", NULL, NULL) != 0, "no size accepted");
	CHECK(strstr(err, "--checkpoint_size") != NULL, "%s", err);
	CHECK(parse(&o, err, sizeof(err), "--rw=checkpoint", "--checkpoint_size=0%", NULL) != 0, "0%% accepted");
	CHECK(parse(&o, err, sizeof(err), "--rw=checkpoint", "--checkpoint_size=1g", "--runtime=10") != 0,
	      "runtime accepted");
	CHECK(parse(&o, err, sizeof(err), "--rw=write", "--passes=3", NULL) != 0, "--passes without checkpoint");
	CHECK(strstr(err, "only applies to --rw=checkpoint") != NULL, "%s", err);
}

int main(void)
{
	test_nothing_goes_while_the_next_fits();
	test_the_oldest_goes_when_the_next_would_not_fit();
	test_as_many_go_as_needed_oldest_first();
	test_no_room_even_with_everything_deleted();
	test_file_names_sort_by_pass_then_index();
	test_checkpoint_defaults_are_the_reviews_setup();
	test_checkpoint_options_are_checked();
	return check_summary("test_checkpoint");
}
