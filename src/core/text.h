/* text.h: small text helpers shared by codecs and the CLI (trimming, strict integer parsing). */
#ifndef ARENA_TEXT_H
#define ARENA_TEXT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Strict signed decimal: optional + or -, 1+ ASCII digits, fits in [lo, hi]. Whole string. */
bool text_parse_int(const char *s, size_t n, long long lo, long long hi, long long *out);
/* Same for a NUL-terminated string. */
bool text_parse_ll(const char *s, long long lo, long long hi, long long *out);
/* Unsigned 64-bit decimal, digits only. */
bool text_parse_u64(const char *s, uint64_t *out);
/* Trims spaces and tabs (and a trailing \r) in place by adjusting *s and *n. */
void text_trim(const char **s, size_t *n);
/* Splits on runs of spaces/tabs; returns the number of tokens (at most max). */
int text_tokens(const char *s, size_t n, const char **tok, size_t *tlen, int max);
/* Case-insensitive equality of a counted string with a C string. */
bool text_ieq(const char *s, size_t n, const char *word);
bool text_eq(const char *s, size_t n, const char *word);
/* Printable ASCII only (tabs allowed): what a text protocol's referee sends. */
bool text_printable_ascii(const char *s, size_t n);
/* The length of a control character at s (n bytes left): 1 for a C0 byte or DEL, 2 for a C1 one
 * written in UTF-8 (C2 80..C2 9F: U+009B is a terminal's CSI, as ESC [ is), 0 for none. */
size_t text_control_at(const char *s, size_t n);
/* A protocol keyword: a lowercase letter, then lowercase letters, digits or '_'. */
bool text_is_keyword(const char *s, size_t n);
/* Copies at most max bytes of s into a NUL-terminated heap string. */
char *text_dup(const char *s, size_t n);
#endif
