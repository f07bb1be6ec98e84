/* Completion-latency histogram with fio's log-linear layout: 64 buckets per power of two,
 * so a bucket's midpoint is within 1/128 (0.78 %) of any value in it. Values in nanoseconds. */
#ifndef DRIVELAB_HISTOGRAM_H
#define DRIVELAB_HISTOGRAM_H

#include <stdint.h>

#define HIST_BITS 6
#define HIST_VAL (1u << HIST_BITS)
#define HIST_GROUPS 29
#define HIST_NR (HIST_GROUPS * HIST_VAL)

static inline unsigned hist_index(uint64_t val)
{
	if (val < (HIST_VAL << 1))
		return (unsigned)val;
	unsigned msb = 63 - (unsigned)__builtin_clzll(val);
	unsigned error_bits = msb - HIST_BITS;
	unsigned idx = ((error_bits + 1) << HIST_BITS) + (unsigned)((val >> error_bits) & (HIST_VAL - 1));
	return idx < HIST_NR - 1 ? idx : HIST_NR - 1;
}

/* The midpoint of a bucket (fio's plat_idx_to_val). */
uint64_t hist_value(unsigned idx);
/* Lowest value that falls into bucket idx. */
uint64_t hist_lower(unsigned idx);

#define NR_PERCENTILES 17
extern const double percentile_list[NR_PERCENTILES];
extern const char *const percentile_names[NR_PERCENTILES];

/* Fills out[] for every percentile of percentile_list; values are clamped to [min, max] when max > 0. */
void hist_percentiles(const uint64_t *hist, uint64_t total, uint64_t min, uint64_t max, uint64_t *out);

#endif
