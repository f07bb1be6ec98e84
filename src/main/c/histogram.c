#include "histogram.h"

const double percentile_list[NR_PERCENTILES] = {
	1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99,
};
const char *const percentile_names[NR_PERCENTILES] = {
	"1", "5", "10", "20", "30", "40", "50", "60", "70", "80", "90", "95", "99", "99.5", "99.9", "99.95", "99.99",
};

uint64_t hist_lower(unsigned idx)
{
	if (idx < (HIST_VAL << 1))
		return idx;
	unsigned error_bits = (idx >> HIST_BITS) - 1;
	uint64_t base = 1ull << (error_bits + HIST_BITS);
	return base + (uint64_t)(idx % HIST_VAL) * (1ull << error_bits);
}

uint64_t hist_value(unsigned idx)
{
	if (idx < (HIST_VAL << 1))
		return idx;
	unsigned error_bits = (idx >> HIST_BITS) - 1;
	return hist_lower(idx) + ((1ull << error_bits) >> 1);
}

void hist_percentiles(const uint64_t *hist, uint64_t total, uint64_t min, uint64_t max, uint64_t *out)
{
	unsigned j = 0;
	uint64_t sum = 0;

	for (unsigned i = 0; i < HIST_NR && j < NR_PERCENTILES; i++) {
		sum += hist[i];
		/* fio's rule: the first bucket whose running count reaches p% of all samples */
		while (j < NR_PERCENTILES && total && (double)sum >= percentile_list[j] / 100.0 * (double)total) {
			uint64_t v = hist_value(i);
			if (max) {
				if (v < min)
					v = min;
				if (v > max)
					v = max;
			}
			out[j++] = v;
		}
	}
	for (; j < NR_PERCENTILES; j++)
		out[j] = total ? max : 0;
}
