/* Histogram percentiles against the exact percentiles of a sorted list. */
#include "check.h"
#include "../engine.h"
#include "../prng.h"
#include <math.h>
#include <string.h>


static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void test_index_is_monotonic_and_round_trips(void)
{
	unsigned last = 0;
	for (uint64_t v = 0; v < (1ull << 34); v = v < 1000 ? v + 1 : v + v / 97) {
		unsigned idx = hist_index(v);
		CHECK(idx >= last, "index of %llu went back from %u to %u", (unsigned long long)v, last, idx);
		last = idx;
		CHECK(hist_lower(idx) <= v, "bucket %u starts at %llu, above %llu", idx,
		      (unsigned long long)hist_lower(idx), (unsigned long long)v);
		double rel = fabs((double)hist_value(idx) - (double)v) / (double)(v ? v : 1);
		CHECK(rel <= 1.0 / 128 + 1e-12, "bucket midpoint of %llu is off by %.4f%%", (unsigned long long)v,
		      rel * 100);
	}
	CHECK(hist_index(UINT64_MAX) == HIST_NR - 1, "huge values land in the last bucket");
}

static void test_small_values_are_exact(void)
{
	for (uint64_t v = 0; v < 128; v++)
		CHECK(hist_value(hist_index(v)) == v, "value %llu is not exact", (unsigned long long)v);
}

/* The layout is fio's: the same bucket numbers fio writes in its json+ output. */
static void test_matches_fio_bucket_numbers(void)
{
	CHECK(hist_index(128) == 128, "128 -> %u", hist_index(128));
	CHECK(hist_index(255) == 191, "255 -> %u", hist_index(255));
	CHECK(hist_index(256) == 192, "256 -> %u", hist_index(256));
	CHECK(hist_value(192) == 258, "bucket 192 midpoint %llu", (unsigned long long)hist_value(192));
	CHECK(HIST_NR == 1856, "fio has 1856 buckets");
}

static void check_distribution(const char *name, uint64_t *vals, unsigned n)
{
	static uint64_t hist[HIST_NR];
	uint64_t pct[NR_PERCENTILES], min = UINT64_MAX, max = 0;

	memset(hist, 0, sizeof(hist));
	for (unsigned i = 0; i < n; i++) {
		hist[hist_index(vals[i])]++;
		if (vals[i] < min)
			min = vals[i];
		if (vals[i] > max)
			max = vals[i];
	}
	hist_percentiles(hist, n, min, max, pct);
	qsort(vals, n, sizeof(*vals), cmp_u64);
	for (unsigned j = 0; j < NR_PERCENTILES; j++) {
		unsigned rank = (unsigned)ceil(percentile_list[j] / 100.0 * n);
		uint64_t exact = vals[rank ? rank - 1 : 0];
		double rel = fabs((double)pct[j] - (double)exact) / (double)exact;
		CHECK(rel <= 0.008, "%s p%s: histogram %llu, sorted list %llu (%.3f%% off)", name,
		      percentile_names[j], (unsigned long long)pct[j], (unsigned long long)exact, rel * 100);
	}
}

static void test_percentiles_match_sorted_list(void)
{
	enum { N = 200000 };
	static uint64_t vals[N];
	uint64_t rng[4];
	prng_seed(rng, 42);

	for (unsigned i = 0; i < N; i++)  /* uniform 50..150 us */
		vals[i] = 50000 + prng_below(rng, 100000);
	check_distribution("uniform", vals, N);

	for (unsigned i = 0; i < N; i++) {  /* long tail: exponential around 20 us, a few ms outliers */
		double u = (double)(prng_next(rng) >> 11) / 9007199254740992.0;
		vals[i] = 1000 + (uint64_t)(-log(1 - u) * 20000);
		if (i % 1000 == 0)
			vals[i] = 5000000 + prng_below(rng, 1000000);
	}
	check_distribution("exponential", vals, N);

	for (unsigned i = 0; i < N; i++)  /* sub-microsecond, as psync on a RAM disk */
		vals[i] = 300 + prng_below(rng, 900);
	check_distribution("sub-microsecond", vals, N);
}

static void test_percentiles_clamped_to_min_max(void)
{
	static uint64_t hist[HIST_NR];
	uint64_t pct[NR_PERCENTILES];
	memset(hist, 0, sizeof(hist));
	hist[hist_index(1000003)] = 10;
	hist_percentiles(hist, 10, 1000003, 1000003, pct);
	for (unsigned j = 0; j < NR_PERCENTILES; j++)
		CHECK(pct[j] == 1000003, "p%s = %llu for a single value", percentile_names[j],
		      (unsigned long long)pct[j]);
}

int main(void)
{
	test_index_is_monotonic_and_round_trips();
	test_small_values_are_exact();
	test_matches_fio_bucket_numbers();
	test_percentiles_match_sorted_list();
	test_percentiles_clamped_to_min_max();
	return check_summary("test_histogram");
}
