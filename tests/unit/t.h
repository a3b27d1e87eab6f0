/* t.h: the unit-test harness: each TEST prints one TAP line ("ok - name" / "not ok - name"). */
#ifndef ARENA_T_H
#define ARENA_T_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int t_failed_now;
static int t_total, t_bad;

#define CHECK(cond)                                                                              \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            if (!t_failed_now) printf("# %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
            t_failed_now = 1;                                                                    \
        }                                                                                        \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                            \
    do {                                                                                              \
        long long _a = (long long)(a), _b = (long long)(b);                                           \
        if (_a != _b) {                                                                               \
            if (!t_failed_now) printf("# %s:%d: %s == %lld, expected %lld\n", __FILE__, __LINE__, #a, _a, _b); \
            t_failed_now = 1;                                                                         \
        }                                                                                             \
    } while (0)

#define CHECK_EQ_STR(a, b)                                                                           \
    do {                                                                                             \
        const char *_a = (a), *_b = (b);                                                             \
        if (strcmp(_a ? _a : "(null)", _b ? _b : "(null)") != 0) {                                   \
            if (!t_failed_now) printf("# %s:%d: %s ==\n#   \"%s\"\n# expected\n#   \"%s\"\n", __FILE__, __LINE__, #a, _a, _b); \
            t_failed_now = 1;                                                                        \
        }                                                                                            \
    } while (0)

typedef void (*t_fn)(void);
#define TEST(name) static void name(void)
#define RUN(name)                                                         \
    do {                                                                  \
        t_failed_now = 0;                                                 \
        name();                                                           \
        t_total++;                                                        \
        if (t_failed_now) t_bad++;                                        \
        printf("%s - %s\n", t_failed_now ? "not ok" : "ok", #name);       \
        fflush(stdout);                                                   \
    } while (0)
#define T_DONE() (t_bad ? 1 : 0)

/* Path of a test vector, relative to the repository root (tests run from there). */
#define VEC(p) ("tests/vectors/" p)
#endif
