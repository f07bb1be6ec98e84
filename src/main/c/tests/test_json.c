/* JSON strings: every line valid JSON whatever bytes a path holds, and those bytes recoverable (issue 10, 14). */
#include "check.h"
#include "../json.h"
#include <string.h>

static const char *json_of(struct jw *w, const char *s)
{
	jw_begin(w);
	jw_str(w, "s", s);
	return w->buf;
}

static void test_valid_utf8_is_kept_as_it_is(void)
{
	struct jw w = { 0 };
	CHECK(!strcmp(json_of(&w, "/tmp/caf\xc3\xa9-\xe2\x82\xac-\xf0\x9f\x92\xbe.img"),
		      "{\"s\":\"/tmp/caf\xc3\xa9-\xe2\x82\xac-\xf0\x9f\x92\xbe.img\""), "got %s", w.buf);
	CHECK(!strcmp(json_of(&w, "a\"b\\c\nd\x01"), "{\"s\":\"a\\\"b\\\\c\\nd\\u0001\""), "got %s", w.buf);
	jw_free(&w);
}

static void test_invalid_bytes_become_surrogate_escapes(void)
{
	struct jw w = { 0 };
	/* a lone 0xff, a cut-off sequence at the end, an overlong '/', an encoded surrogate, beyond U+10FFFF */
	CHECK(!strcmp(json_of(&w, "bad\xff.img"), "{\"s\":\"bad\\udcff.img\""), "got %s", w.buf);
	CHECK(!strcmp(json_of(&w, "x\xe2\x82"), "{\"s\":\"x\\udce2\\udc82\""), "got %s", w.buf);
	CHECK(!strcmp(json_of(&w, "\xc0\xaf"), "{\"s\":\"\\udcc0\\udcaf\""), "got %s", w.buf);
	CHECK(!strcmp(json_of(&w, "\xed\xa0\x80"), "{\"s\":\"\\udced\\udca0\\udc80\""), "got %s", w.buf);
	CHECK(!strcmp(json_of(&w, "\xf4\x90\x80\x80"), "{\"s\":\"\\udcf4\\udc90\\udc80\\udc80\""), "got %s", w.buf);
	/* ASCII stays ASCII: nothing but escapes is added */
	json_of(&w, "\x80\x81z");
	for (const char *p = w.buf; *p; p++)
		CHECK((unsigned char)*p < 0x80, "raw byte 0x%02x in %s", (unsigned char)*p, w.buf);
	jw_free(&w);
}

int main(void)
{
	test_valid_utf8_is_kept_as_it_is();
	test_invalid_bytes_become_surrogate_escapes();
	return check_summary("test_json");
}
