/* sb_options.c: the `--option` table of SuiteBot P4 read into rules and a plan. */
#include "sb.h"
#include "../../core/text.h"
#include <stdio.h>
#include <string.h>

static bool int_option(const game_options *o, const char *key, long long lo, long long hi, int *out, buf_t *err) {
    const char *v = game_option_get(o, key);
    if (!v || !*v) return true;
    long long x;
    if (!text_parse_ll(v, lo, hi, &x)) {
        buf_printf(err, "option %s=%s: expected an integer from %lld to %lld", key, v, lo, hi);
        return false;
    }
    *out = (int)x;
    return true;
}

/* "WxH" */
static bool parse_size(const char *v, int *w, int *h) {
    const char *x = strchr(v, 'x');
    if (!x) x = strchr(v, 'X');
    if (!x) return false;
    long long a, b;
    if (!text_parse_int(v, (size_t)(x - v), SB_MIN_SIDE, SB_MAX_SIDE, &a)) return false;
    if (!text_parse_ll(x + 1, SB_MIN_SIDE, SB_MAX_SIDE, &b)) return false;
    *w = (int)a;
    *h = (int)b;
    return true;
}

/* "x,y;x,y;..." in id order */
static bool parse_bases(const char *v, sb_plan *plan, int seats, buf_t *err) {
    int k = 0;
    const char *p = v;
    while (*p) {
        const char *semi = strchr(p, ';');
        size_t n = semi ? (size_t)(semi - p) : strlen(p);
        const char *comma = memchr(p, ',', n);
        long long x, y;
        if (!comma || !text_parse_int(p, (size_t)(comma - p), 0, plan->w - 1, &x) ||
            !text_parse_int(comma + 1, n - (size_t)(comma - p) - 1, 0, plan->h - 1, &y)) {
            buf_printf(err, "option bases=%s: base %d is not `x,y` inside the %dx%d plan", v, k + 1, plan->w, plan->h);
            return false;
        }
        if (k < SB_MAX_PLAYERS) {
            plan->bx[k] = (int)x;
            plan->by[k] = (int)y;
        }
        k++;
        p += n + (semi ? 1 : 0);
    }
    if (k != seats) {
        buf_printf(err, "option bases=%s: %d bases for %d seats (give one `x,y` per seat, separated by ';')", v, k,
                   seats);
        return false;
    }
    return true;
}

bool sb_parse_options(const game_options *o, int seats, sb_rules *r, sb_plan *plan, buf_t *err) {
    sb_rules_default(r);
    if (seats < 2 || seats > SB_MAX_PLAYERS) {
        buf_printf(err, "suitebot needs 2 to 8 seats, got %d", seats);
        return false;
    }
    const char *blast = game_option_get(o, "blast");
    if (blast && strcmp(blast, "cross") == 0) r->blast = SB_BLAST_CROSS;
    else if (blast && *blast && strcmp(blast, "square") != 0) {
        buf_printf(err, "option blast=%s: expected square or cross", blast);
        return false;
    }
    int extras = 0;
    if (!int_option(o, "radius", 0, SB_MAX_RADIUS, &r->radius, err) ||
        !int_option(o, "rounds", 1, 10000, &r->rounds, err) ||
        !int_option(o, "countdown", 1, SB_MAX_COUNTDOWN, &r->countdown, err) ||
        !int_option(o, "kill", 0, 1000, &r->kill, err) || !int_option(o, "extras", 0, 1, &extras, err))
        return false;
    r->extras = extras != 0;

    const char *map = game_option_get(o, "map");
    const char *size = game_option_get(o, "size");
    const char *bases = game_option_get(o, "bases");
    bool has_size = size && *size, has_bases = bases && *bases;
    if (map && *map && (has_size || has_bases)) {
        /* the map gives the plan, its size and the bases: size= or bases= beside it asked for another
         * game, which was played as the map's without a word (refused wherever options are read:
         * arena play, tourney, the site's settings, the simulator) */
        buf_printf(err, "option map cannot be given with option %s%s%s%s%s: the map sets the plan's size and bases "
                        "itself (give map, or size and bases, not both)",
                   has_size ? "size=" : "", has_size ? size : "", has_size && has_bases ? " nor option " : "",
                   has_bases ? "bases=" : "", has_bases ? bases : "");
        return false;
    }
    if (map && *map) {
        buf_t why;
        buf_init(&why);
        bool ok = sb_scn_plan(map, plan, &why);
        if (!ok) buf_printf(err, "option map: %s", buf_cstr(&why));
        buf_free(&why);
        if (!ok) return false;
        if (plan->n != seats) {
            buf_printf(err, "option map: the map has %d bases but there are %d seats", plan->n, seats);
            return false;
        }
        return true;
    }
    sb_layout(seats, plan);
    if (has_size) {
        int w, h;
        if (!parse_size(size, &w, &h)) {
            buf_printf(err, "option size=%s: expected WxH with each side %d..%d", size, SB_MIN_SIDE, SB_MAX_SIDE);
            return false;
        }
        /* Scale the table's bases: x' = floor(x * W / W0), y' = floor(y * H / H0). */
        for (int p = 0; p < seats; p++) {
            plan->bx[p] = plan->bx[p] * w / plan->w;
            plan->by[p] = plan->by[p] * h / plan->h;
        }
        plan->w = w;
        plan->h = h;
    }
    if (has_bases && !parse_bases(bases, plan, seats, err)) return false;
    for (int p = 0; p < seats; p++)
        for (int q = 0; q < p; q++)
            if (plan->bx[p] == plan->bx[q] && plan->by[p] == plan->by[q]) {
                buf_printf(err, "the bases of players %d and %d are both on (%d,%d)%s", q + 1, p + 1, plan->bx[p],
                           plan->by[p], has_bases ? "" : "; the plan is too small for this many seats: give bases=");
                return false;
            }
    return true;
}

bool sb_begin(void *state, const game_setup *setup, buf_t *err) {
    sb_rules rules;
    sb_plan plan;
    if (!sb_parse_options(setup->options, setup->seats, &rules, &plan, err)) return false;
    sb_start(state, &rules, &plan);
    return true;
}
