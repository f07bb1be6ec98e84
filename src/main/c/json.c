#include "json.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

static void put(struct jw *w, const char *s, size_t n)
{
	if (w->len + n + 1 > w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 4096;
		while (cap < w->len + n + 1)
			cap *= 2;
		char *nb = realloc(w->buf, cap);
		if (!nb)
			abort();
		w->buf = nb;
		w->cap = cap;
	}
	memcpy(w->buf + w->len, s, n);
	w->len += n;
	w->buf[w->len] = '\0';
}

static void puts_(struct jw *w, const char *s)
{
	put(w, s, strlen(s));
}

/* Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlongs, no surrogates, at most U+10FFFF),
 * or 0 when the byte at p does not start one. */
static size_t utf8_len(const unsigned char *p)
{
	unsigned c = p[0];
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return (p[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		unsigned lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
		return p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 ? 3 : 0;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		unsigned lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
		return p[1] >= lo && p[1] <= hi && (p[2] & 0xc0) == 0x80 && (p[3] & 0xc0) == 0x80 ? 4 : 0;
	}
	return 0;
}

/*
 * A JSON string of s. Bytes that are not UTF-8 (a Linux path may hold any byte but '/' and NUL) are written as
 * the lone surrogate \udcXX, as Python's surrogateescape does: the line stays valid JSON and the bytes can be
 * recovered exactly, where \u00XX would name a different, valid character.
 */
static void put_escaped(struct jw *w, const char *s)
{
	put(w, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		char esc[8];
		size_t n = utf8_len(p);
		if (n == 0) {
			snprintf(esc, sizeof(esc), "\\u%04x", 0xdc00 | *p);
			puts_(w, esc);
			p++;
			continue;
		}
		if (n > 1) {
			put(w, (const char *)p, n);
			p += n;
			continue;
		}
		switch (*p) {
		case '"': puts_(w, "\\\""); break;
		case '\\': puts_(w, "\\\\"); break;
		case '\n': puts_(w, "\\n"); break;
		case '\r': puts_(w, "\\r"); break;
		case '\t': puts_(w, "\\t"); break;
		default:
			if (*p < 0x20) {
				snprintf(esc, sizeof(esc), "\\u%04x", *p);
				puts_(w, esc);
			} else {
				put(w, (const char *)p, 1);
			}
		}
		p++;
	}
	put(w, "\"", 1);
}

static void key(struct jw *w, const char *k)
{
	if (w->need_comma[w->depth])
		put(w, ",", 1);
	w->need_comma[w->depth] = true;
	if (k) {
		put_escaped(w, k);
		put(w, ":", 1);
	}
}

void jw_begin(struct jw *w)
{
	w->len = 0;
	w->depth = 0;
	w->need_comma[0] = false;
	put(w, "{", 1);
}

void jw_obj(struct jw *w, const char *k)
{
	key(w, k);
	put(w, "{", 1);
	w->need_comma[++w->depth] = false;
}

void jw_obj_end(struct jw *w)
{
	put(w, "}", 1);
	w->depth--;
}

void jw_arr(struct jw *w, const char *k)
{
	key(w, k);
	put(w, "[", 1);
	w->need_comma[++w->depth] = false;
}

void jw_arr_end(struct jw *w)
{
	put(w, "]", 1);
	w->depth--;
}

void jw_u64(struct jw *w, const char *k, uint64_t v)
{
	char b[32];
	key(w, k);
	snprintf(b, sizeof(b), "%llu", (unsigned long long)v);
	puts_(w, b);
}

void jw_i64(struct jw *w, const char *k, int64_t v)
{
	char b[32];
	key(w, k);
	snprintf(b, sizeof(b), "%lld", (long long)v);
	puts_(w, b);
}

void jw_dbl(struct jw *w, const char *k, double v)
{
	char b[64];
	key(w, k);
	if (!isfinite(v))
		v = 0;
	snprintf(b, sizeof(b), "%.6g", v);
	/* %.6g loses precision on large counts (IOPS 1234567 -> 1.23457e+06) */
	if (fabs(v) >= 1e5)
		snprintf(b, sizeof(b), "%.1f", v);
	puts_(w, b);
}

void jw_str(struct jw *w, const char *k, const char *s)
{
	key(w, k);
	put_escaped(w, s ? s : "");
}

void jw_bool(struct jw *w, const char *k, bool v)
{
	key(w, k);
	puts_(w, v ? "true" : "false");
}

int jw_emit(struct jw *w)
{
	put(w, "}\n", 2);
	size_t off = 0;
	while (off < w->len) {
		ssize_t n = write(STDOUT_FILENO, w->buf + off, w->len - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		off += (size_t)n;
	}
	return 0;
}

void jw_free(struct jw *w)
{
	free(w->buf);
	w->buf = NULL;
	w->cap = w->len = 0;
}
