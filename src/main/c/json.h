/* A small JSON-lines writer: one object per line, flushed whole, so a reader never sees half a line. */
#ifndef DRIVELAB_JSON_H
#define DRIVELAB_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct jw {
	char *buf;
	size_t len, cap;
	int depth;
	bool need_comma[32];
};

void jw_begin(struct jw *w);                         /* starts a top-level object */
void jw_obj(struct jw *w, const char *key);          /* key is NULL inside arrays */
void jw_obj_end(struct jw *w);
void jw_arr(struct jw *w, const char *key);
void jw_arr_end(struct jw *w);
void jw_u64(struct jw *w, const char *key, uint64_t v);
void jw_i64(struct jw *w, const char *key, int64_t v);
void jw_dbl(struct jw *w, const char *key, double v);
void jw_str(struct jw *w, const char *key, const char *s);
void jw_bool(struct jw *w, const char *key, bool v);
/* Ends the top-level object and writes the line to stdout. Returns -1 when stdout is gone. */
int jw_emit(struct jw *w);
void jw_free(struct jw *w);

#endif
