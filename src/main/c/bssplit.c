#include "bssplit.h"
#include "engine.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

static void finish(struct bssplit *b)
{
	double total = 0, acc = 0;
	b->min_bs = UINT32_MAX;
	b->max_bs = 0;
	for (unsigned i = 0; i < b->n; i++) {
		total += b->weight[i];
		if (b->bs[i] < b->min_bs)
			b->min_bs = b->bs[i];
		if (b->bs[i] > b->max_bs)
			b->max_bs = b->bs[i];
	}
	for (unsigned i = 0; i < b->n; i++) {
		acc += b->weight[i];
		double c = acc / total * 4294967296.0;
		b->cum[i] = c >= 4294967295.0 ? UINT32_MAX : (uint32_t)c;
	}
	b->cum[b->n - 1] = UINT32_MAX;
}

void bssplit_single(struct bssplit *b, uint32_t bs)
{
	memset(b, 0, sizeof(*b));
	b->n = 1;
	b->bs[0] = bs;
	b->weight[0] = 100.0;
	finish(b);
}

int bssplit_parse(const char *s, struct bssplit *b, char *err, size_t errlen)
{
	char buf[4096];
	double total = 0;

	memset(b, 0, sizeof(*b));
	if (!s || !*s) {
		snprintf(err, errlen, "--bssplit is empty; expected SIZE/WEIGHT:SIZE/WEIGHT..., e.g. 128k/90:4k/10");
		return -1;
	}
	if (strlen(s) >= sizeof(buf)) {
		snprintf(err, errlen, "--bssplit is too long");
		return -1;
	}
	strcpy(buf, s);
	for (char *save = NULL, *tok = strtok_r(buf, ":", &save); tok; tok = strtok_r(NULL, ":", &save)) {
		char *slash = strchr(tok, '/');
		uint64_t bs;
		char *end;

		if (b->n == BSSPLIT_MAX) {
			snprintf(err, errlen, "--bssplit has more than %d entries", BSSPLIT_MAX);
			return -1;
		}
		if (!slash) {
			snprintf(err, errlen, "--bssplit entry '%s' has no weight; expected SIZE/WEIGHT such as 4k/10", tok);
			return -1;
		}
		*slash = '\0';
		if (parse_size(tok, &bs) || bs == 0 || bs > (1u << 30)) {
			snprintf(err, errlen, "--bssplit block size '%s' is not a size between 1 and 1g (e.g. 4k, 128k)",
				 tok);
			return -1;
		}
		double w = strtod(slash + 1, &end);
		if (end == slash + 1 || *end || !isfinite(w) || w < 0 || w > 100) {
			snprintf(err, errlen, "--bssplit weight '%s' for %s is not a percentage between 0 and 100",
				 slash + 1, tok);
			return -1;
		}
		if (w == 0)
			continue;  /* a zero weight entry never gets picked */
		for (unsigned i = 0; i < b->n; i++) {
			if (b->bs[i] == bs) {
				snprintf(err, errlen, "--bssplit lists block size %s twice", tok);
				return -1;
			}
		}
		b->bs[b->n] = (uint32_t)bs;
		b->weight[b->n] = w;
		b->n++;
		total += w;
	}
	if (b->n == 0) {
		snprintf(err, errlen, "--bssplit has no entry with a weight above 0");
		return -1;
	}
	if (fabs(total - 100.0) > 0.01) {
		snprintf(err, errlen, "--bssplit weights add up to %.4g, not 100", total);
		return -1;
	}
	finish(b);
	return 0;
}
