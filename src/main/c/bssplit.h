/* Weighted block-size mix: "128k/83.21:64k/5:4k/11.79". Weights are percentages that may be decimals. */
#ifndef DRIVELAB_BSSPLIT_H
#define DRIVELAB_BSSPLIT_H

#include <stdint.h>
#include <stddef.h>

#define BSSPLIT_MAX 64

struct bssplit {
	unsigned n;
	uint32_t bs[BSSPLIT_MAX];
	double weight[BSSPLIT_MAX];
	uint32_t cum[BSSPLIT_MAX];   /* cumulative weight scaled to 2^32, for picking */
	uint32_t min_bs, max_bs;
};

/* Returns 0, or -1 with a message in err naming what is wrong. */
int bssplit_parse(const char *s, struct bssplit *out, char *err, size_t errlen);
void bssplit_single(struct bssplit *out, uint32_t bs);

/* Index of the entry that a uniform 32-bit value r selects. */
static inline unsigned bssplit_pick(const struct bssplit *b, uint32_t r)
{
	unsigned lo = 0, hi = b->n - 1;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (r < b->cum[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

#endif
