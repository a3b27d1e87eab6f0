/* sim_setup.c: what environments are made of (the game, seats, bots, max_steps, autoreset and the
 * game's options), kept by the environments and by each snapshot, so that a restore can tell
 * whether a saved state fits: compared field by field, options by their values as parsed, and
 * refused with the first difference named (every differing option, when options differ). (A hash
 * of the options' text refused the same options written another way, moves=040 for moves=40, and
 * could let different ones pass on a collision or a value holding the separator.) */
#include "sim.h"
#include "../core/text.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The integer of text s (any spelling text_parse_ll takes: +40, 040), when it is one. */
static bool as_integer(const char *s, long long *out) {
    return s && text_parse_ll(s, -((long long)1 << 62), (long long)1 << 62, out);
}

/* Whether the game's description of option o (its table's default and help) makes it a number
 * option: its default is an integer, or its help gives an integer range LO..HI, as the games' tables
 * write the options that take numbers (Chicken's moves "1..1000: ...", and spawn "random or 1..6",
 * whose default is not a number; Rezzo's width "world width 16..4096", default ""). The table has no
 * type of its own: an option that takes numbers and says neither (Rezzo's seed, Splitter's
 * dice_seed) is compared as text, "07" not "7", which refuses a fitting snapshot but never lets a
 * different game pass. */
static bool number_option(const game_option *o) {
    long long d;
    if (as_integer(o->def, &d)) return true;
    for (const char *p = o->help; p && (p = strstr(p, "..")) != NULL; p += 2)
        if (p > o->help && isdigit((unsigned char)p[-1]) && isdigit((unsigned char)p[2]))
            return true;
    return false;
}

/* The value of an option as compared: a number option's integer value is read as the games read
 * them (text_parse_ll: "040" and "+40" are 40) and written in decimal; any other value (a name, a
 * list, a seed string, which a game may hash as text; "random" of a number option) stays as written. */
static char *compared_value(const game_option *o, const char *value) {
    long long v;
    char num[32];
    if (o && number_option(o) && as_integer(value, &v)) {
        snprintf(num, sizeof num, "%lld", v);
        value = num;
    }
    return strdup(value ? value : "");
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
    for (int k = 0; k < env->options.count; k++) {
        const game_option *o = env->g->options;
        while (o && o->key && strcmp(o->key, env->options.key[k]) != 0) o++;
        s->key[k] = env->options.key[k];
        s->value[k] = compared_value(o && o->key ? o : NULL, env->options.value[k]);
        s->nopt = k + 1;
        if (!s->value[k]) {
            sim_setup_free(s);
            return sim_fail("out of memory");
        }
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
    /* every differing option, so that one game written two ways (Rezzo's size=64x64, or width=64 and
     * height=64, which only the game knows to be the same world) shows as such */
    char list[900] = "";
    size_t len = 0;
    for (int k = 0; k < env->nopt; k++)
        if (strcmp(snap->value[k], env->value[k]) != 0 && len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%soption %s=%.100s there, %s=%.100s here",
                                    len ? "; " : "", env->key[k], snap->value[k], env->key[k], env->value[k]);
    if (len)
        return sim_fail("%s: %s (options are compared as the game's table lists them, defaults filled in, numbers by "
                        "value, the others as written: write them alike for both)",
                        head, list);
    return 0;
}
