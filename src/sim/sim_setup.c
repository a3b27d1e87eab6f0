/* sim_setup.c: what environments are made of (the game, seats, bots, max_steps, autoreset and the
 * game's options), kept by the environments and by each snapshot, so that a restore can tell
 * whether a saved state fits: compared field by field, options by their values as the game reads
 * them (the type its option table gives each), and refused with the first difference named (every
 * differing option, when options differ). (A hash of the options' text refused the same options
 * written another way, moves=040 for moves=40, and could let different ones pass on a collision or
 * a value holding the separator; then number options were guessed from an integer default or a
 * help range, which missed Rezzo's seed and Splitter's dice_seed.) */
#include "sim.h"
#include "../core/text.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIM_SETUP_INT_MAX ((long long)1 << 62)

/* The integer of the n characters at s (any spelling text_parse_int takes: +40, 040), when it is one. */
static bool as_integer(const char *s, size_t n, long long *out) {
    return s && text_parse_int(s, n, -SIM_SETUP_INT_MAX, SIM_SETUP_INT_MAX, out);
}

/* WxH (the x or, without one, an X; as the games split it), each side an integer. */
static bool as_size(const char *s, long long *w, long long *h) {
    const char *x = s ? strchr(s, 'x') : NULL;
    if (s && !x) x = strchr(s, 'X');
    return x && x > s && as_integer(s, (size_t)(x - s), w) && as_integer(x + 1, strlen(x + 1), h);
}

/* The value of an option as compared: a number's integer written in decimal, a size's WxH in
 * decimal with a small x; anything else (text options; a value of a number option that is not an
 * integer, as Chicken's spawn=random, or that the game will refuse anyway) as written. */
static char *compared_value(const game_option *o, const char *value) {
    long long a, b;
    char text[64];
    if (!value) value = "";
    if (o && (o->type == GAME_OPTION_NUMBER || o->type == GAME_OPTION_WIDTH || o->type == GAME_OPTION_HEIGHT) &&
        as_integer(value, strlen(value), &a)) {
        snprintf(text, sizeof text, "%lld", a);
        value = text;
    } else if (o && o->type == GAME_OPTION_SIZE && as_size(value, &a, &b)) {
        snprintf(text, sizeof text, "%lldx%lld", a, b);
        value = text;
    }
    return strdup(value);
}

/* Rezzo's width= and height= override the sides of its size=: folded into the size's value (and
 * compared as empty), so that size=64x64 and width=64 height=64 are one world. Only when the size
 * and the side are integers; otherwise every value stays as written (refusing, never merging). */
static int fold_sides(sim_setup *s, const game_option *const *opt) {
    int size = -1;
    for (int k = 0; k < s->nopt && size < 0; k++)
        if (opt[k] && opt[k]->type == GAME_OPTION_SIZE) size = k;
    long long w, h, v;
    if (size < 0 || !as_size(s->value[size], &w, &h)) return 0;
    bool folded = false;
    for (int k = 0; k < s->nopt; k++) {
        game_option_type t = opt[k] ? opt[k]->type : GAME_OPTION_TEXT;
        if ((t != GAME_OPTION_WIDTH && t != GAME_OPTION_HEIGHT) || !as_integer(s->value[k], strlen(s->value[k]), &v))
            continue;
        if (t == GAME_OPTION_WIDTH) w = v;
        else h = v;
        s->value[k][0] = 0;
        folded = true;
    }
    if (!folded) return 0;
    char text[64];
    snprintf(text, sizeof text, "%lldx%lld", w, h);
    char *sized = strdup(text);
    if (!sized) return sim_fail("out of memory");
    free(s->value[size]);
    s->value[size] = sized;
    return 0;
}

void sim_setup_free(sim_setup *s) {
    for (int k = 0; k < s->nopt; k++) free(s->value[k]);
    memset(s, 0, sizeof *s);
}

int sim_setup_of(sim_setup *s, const arena_env *env) {
    memset(s, 0, sizeof *s);
    s->g = env->g;
    s->seats = env->seats;
    memcpy(s->bot, env->bot, sizeof s->bot);
    s->max_steps = env->max_steps;
    s->autoreset = env->autoreset;
    const game_option *opt[32];
    for (int k = 0; k < env->options.count && k < 32; k++) {
        const game_option *o = env->g->options;
        while (o && o->key && strcmp(o->key, env->options.key[k]) != 0) o++;
        opt[k] = o && o->key ? o : NULL;
        s->key[k] = env->options.key[k];
        s->value[k] = compared_value(opt[k], env->options.value[k]);
        s->nopt = k + 1;
        if (!s->value[k]) {
            sim_setup_free(s);
            return sim_fail("out of memory");
        }
    }
    if (fold_sides(s, opt) < 0) {
        sim_setup_free(s);
        return -1;
    }
    return 0;
}

int sim_setup_copy(sim_setup *dst, const sim_setup *src) {
    *dst = *src;
    for (int k = 0; k < src->nopt; k++) {
        dst->value[k] = strdup(src->value[k]);
        if (!dst->value[k]) {
            dst->nopt = k;
            sim_setup_free(dst);
            return sim_fail("out of memory");
        }
    }
    return 0;
}

static const char *bot_name(const game_bot *b) { return b ? b->name : "an agent"; }

int sim_setup_check(const sim_setup *snap, const sim_setup *env) {
    static const char head[] = "the snapshot was made for other environments";
    if (snap->g != env->g) return sim_fail("%s: game %s there, %s here", head, snap->g->id, env->g->id);
    if (snap->seats != env->seats) return sim_fail("%s: %d seats there, %d here", head, snap->seats, env->seats);
    for (int s = 0; s < env->seats; s++)
        if (snap->bot[s] != env->bot[s])
            return sim_fail("%s: seat %d is %s there, %s here", head, s, bot_name(snap->bot[s]), bot_name(env->bot[s]));
    if (snap->max_steps != env->max_steps)
        return sim_fail("%s: max_steps=%lld there, max_steps=%lld here", head, (long long)snap->max_steps,
                        (long long)env->max_steps);
    if (snap->autoreset != env->autoreset)
        return sim_fail("%s: autoreset=%d there, autoreset=%d here", head, snap->autoreset, env->autoreset);
    /* every differing option, so that one game written two ways that are not compared alike (a seed
     * string hashed as text: 07 and 7) shows as such */
    char list[900] = "";
    size_t len = 0;
    for (int k = 0; k < env->nopt; k++)
        if (strcmp(snap->value[k], env->value[k]) != 0 && len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%soption %s=%.100s there, %s=%.100s here",
                                    len ? "; " : "", env->key[k], snap->value[k], env->key[k], env->value[k]);
    if (len)
        return sim_fail("%s: %s (options are compared as the game's table lists them, defaults filled in, numbers and "
                        "sizes by value, width= and height= folded into size=, the others as written: write them "
                        "alike for both)",
                        head, list);
    return 0;
}
