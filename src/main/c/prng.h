/* xoshiro256** (Blackman & Vigna): fast, seedable, good enough for offsets and mixes. */
#ifndef DRIVELAB_PRNG_H
#define DRIVELAB_PRNG_H

#include <stdint.h>

static inline uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static inline void prng_seed(uint64_t s[4], uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		s[i] = splitmix64(&seed);
}

static inline uint64_t rotl64(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t prng_next(uint64_t s[4])
{
	uint64_t result = rotl64(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl64(s[3], 45);
	return result;
}

/* Uniform in [0, n) without a division (Lemire's multiply-high). */
static inline uint64_t prng_below(uint64_t s[4], uint64_t n)
{
	return (uint64_t)(((unsigned __int128)prng_next(s) * n) >> 64);
}

#endif
