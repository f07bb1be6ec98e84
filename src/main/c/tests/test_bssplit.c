/* Block-size mixes: parsing, refusals, and picks that follow the weights. */
#include "check.h"
#include "../engine.h"
#include "../prng.h"
#include <math.h>
#include <string.h>

static void test_parses_decimal_weights(void)
{
	struct bssplit b;
	char err[256];
	CHECK(bssplit_parse("128k/83.21:64k/5:4k/11.79", &b, err, sizeof(err)) == 0, "%s", err);
	CHECK(b.n == 3, "n=%u", b.n);
	CHECK(b.bs[0] == 131072 && b.bs[1] == 65536 && b.bs[2] == 4096, "sizes %u %u %u", b.bs[0], b.bs[1], b.bs[2]);
	CHECK(fabs(b.weight[0] - 83.21) < 1e-9, "weight %f", b.weight[0]);
	CHECK(b.min_bs == 4096 && b.max_bs == 131072, "min %u max %u", b.min_bs, b.max_bs);
	CHECK(b.cum[b.n - 1] == UINT32_MAX, "last cumulative weight covers everything");
}

static void test_zero_weights_are_dropped(void)
{
	struct bssplit b;
	char err[256];
	CHECK(bssplit_parse("4k/0:8k/100", &b, err, sizeof(err)) == 0, "%s", err);
	CHECK(b.n == 1 && b.bs[0] == 8192, "n=%u", b.n);
}

static void expect_refusal(const char *spec, const char *words)
{
	struct bssplit b;
	char err[256] = "";
	CHECK(bssplit_parse(spec, &b, err, sizeof(err)) != 0, "'%s' was accepted", spec);
	CHECK(strstr(err, words) != NULL, "message for '%s' is '%s', expected it to mention '%s'", spec, err, words);
}

static void test_bad_syntax_is_refused_with_a_reason(void)
{
	expect_refusal("128k/50:4k/49", "add up to 99");
	expect_refusal("128k/50:4k/51", "add up to 101");
	expect_refusal("128k", "has no weight");
	expect_refusal("12q/100", "block size '12q'");
	expect_refusal("4k/abc", "weight 'abc'");
	expect_refusal("4k/-5:8k/105", "weight '-5'");
	expect_refusal("4k/50:4k/50", "twice");
	expect_refusal("", "empty");
	expect_refusal("4k/0", "no entry");
}

static void test_rounding_tolerance(void)
{
	struct bssplit b;
	char err[256];
	/* three thirds written with two decimals sum to 99.99: accepted within 0.01 */
	CHECK(bssplit_parse("4k/33.33:8k/33.33:16k/33.34", &b, err, sizeof(err)) == 0, "%s", err);
}

static void test_picks_follow_weights(void)
{
	struct bssplit b;
	char err[256];
	unsigned counts[BSSPLIT_MAX] = { 0 };
	uint64_t rng[4];
	const unsigned n = 1000000;

	CHECK(bssplit_parse("128k/83.21:64k/5:32k/0.5:4k/11.29", &b, err, sizeof(err)) == 0, "%s", err);
	prng_seed(rng, 7);
	for (unsigned i = 0; i < n; i++)
		counts[bssplit_pick(&b, (uint32_t)(prng_next(rng) >> 32))]++;
	for (unsigned i = 0; i < b.n; i++) {
		double expect = b.weight[i] / 100.0 * n;
		double sigma = sqrt(expect * (1 - b.weight[i] / 100.0));
		CHECK(fabs(counts[i] - expect) < 5 * sigma, "%u-byte blocks picked %u times, expected %.0f +- %.0f",
		      b.bs[i], counts[i], expect, 5 * sigma);
	}
}

int main(void)
{
	test_parses_decimal_weights();
	test_zero_weights_are_dropped();
	test_bad_syntax_is_refused_with_a_reason();
	test_rounding_tolerance();
	test_picks_follow_weights();
	return check_summary("test_bssplit");
}
