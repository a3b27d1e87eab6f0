/* jw.h: a small streaming JSON writer into a buf_t (compact output, keys in call order). */
#ifndef ARENA_JW_H
#define ARENA_JW_H
#include "buf.h"
#include <stdbool.h>
#include <stdint.h>

#define JW_DEPTH 32

typedef struct {
    buf_t *out;             /* where the text goes */
    int depth;              /* current nesting */
    bool first[JW_DEPTH];   /* no element written yet at this depth */
    bool after_key;         /* a key was just written: the next value needs no comma */
} jw_t;

void jw_init(jw_t *w, buf_t *out);
void jw_obj(jw_t *w);
void jw_obj_end(jw_t *w);
void jw_arr(jw_t *w);
void jw_arr_end(jw_t *w);
void jw_key(jw_t *w, const char *key);
void jw_int(jw_t *w, long long v);
void jw_uint(jw_t *w, uint64_t v);
void jw_double(jw_t *w, double v);   /* shortest text that reads back the same */
void jw_bool(jw_t *w, bool v);
void jw_null(jw_t *w);
void jw_str(jw_t *w, const char *s);
void jw_strn(jw_t *w, const char *s, size_t n);
/* Writes already-valid JSON text as one value. */
void jw_raw(jw_t *w, const char *json, size_t n);
/* Length of the valid UTF-8 sequence starting at s (1 to 4 bytes, at most n), 0 if invalid
 * (overlong, a surrogate, past U+10FFFF, cut short). */
size_t jw_utf8_len(const unsigned char *s, size_t n);
/* Escapes s as a JSON string body (no quotes) into out; invalid UTF-8 becomes U+FFFD. */
void jw_escape(buf_t *out, const char *s, size_t n);
#endif
