/* sim_bot.c: a seat played over the wire with the simulator's encoding, so a policy trained on the
 * environments runs unchanged as a process bot under `arena play`: the game's kit parser (the
 * inverse of its wire encoder) rebuilds the typed view from the referee's messages, and the same
 * sim hooks the environments use encode it and turn a flat action into the reply. */
#include "sim.h"
#include <stdlib.h>
#include <string.h>

struct arena_bot {
    const game_t *g;
    void *kit;         /* the kit parser's state */
    void *view;        /* the last complete view */
    void *memory;      /* what the seat remembers (Splitter's sheet) */
    void *action;      /* scratch typed action */
    bool have_view;    /* a view is waiting for its reply */
    bool have_shape;
    game_sim_shape shape;
};

ARENA_API void arena_bot_free(arena_bot *bot) {
    if (!bot) return;
    free(bot->kit);
    free(bot->view);
    free(bot->memory);
    free(bot->action);
    free(bot);
}

ARENA_API arena_bot *arena_bot_new(const char *game) {
    sim_clear_error();
    const game_t *g = sim_find_game(game);
    if (!g) return NULL;
    if (!g->wire.kit_parse) {
        sim_fail("%s has no wire parser", g->id);
        return NULL;
    }
    arena_bot *b = calloc(1, sizeof *b);
    if (b) {
        b->g = g;
        b->kit = calloc(1, g->wire.kit_size ? g->wire.kit_size : 1);
        b->view = calloc(1, g->view_size);
        b->memory = calloc(1, g->sim->memory_size ? g->sim->memory_size : 1);
        b->action = calloc(1, g->action_size);
    }
    if (!b || !b->kit || !b->view || !b->memory || !b->action) {
        arena_bot_free(b);
        sim_fail("out of memory");
        return NULL;
    }
    return b;
}

ARENA_API int arena_bot_message_size(const arena_bot *bot) {
    if (!bot) return sim_fail("bot is NULL");
    return bot->g->wire.transport == TRANSPORT_RECORDS ? (int)bot->g->wire.message_size : 0;
}

ARENA_API int arena_bot_feed(arena_bot *bot, const char *data, size_t n) {
    if (!bot || (!data && n)) return sim_fail("bot and data must not be NULL");
    const game_t *g = bot->g;
    if (g->wire.transport == TRANSPORT_RECORDS && n != g->wire.message_size)
        return sim_fail("%s messages are %zu-byte records, got %zu bytes", g->id, g->wire.message_size, n);
    switch (g->wire.kit_parse(bot->kit, data ? data : "", n, bot->view)) {
    case KIT_MORE: return ARENA_MORE;
    case KIT_READY: return ARENA_READY;
    case KIT_END: return ARENA_END;
    case KIT_VIEW:
        bot->have_view = true;
        if (!bot->have_shape) g->sim->shape(bot->view, &bot->shape);
        bot->have_shape = true;
        return ARENA_ACT;
    default: /* a bot seated in another game's match (arena tester runs Splitter bots only) said only this */
        return sim_fail("cannot parse this %s message: %.*s (the bot reads %s's protocol, docs/games/: is it seated "
                        "in a game of another kind?)",
                        g->id, (int)(n < 200 ? n : 200), data ? data : "", g->id);
    }
}

static int need_view(const arena_bot *bot) {
    if (!bot) return sim_fail("bot is NULL");
    if (!bot->have_shape) return sim_fail("no view yet: feed the referee's messages until arena_bot_feed returns ARENA_ACT "
                                               "(Python: until feed() returns \"act\")");
    return 0;
}

ARENA_API int arena_bot_obs_size(const arena_bot *bot) { return need_view(bot) < 0 ? -1 : bot->shape.obs_size; }

ARENA_API int arena_bot_obs_dtype(const arena_bot *bot) { return need_view(bot) < 0 ? -1 : (int)bot->shape.dtype; }

ARENA_API int arena_bot_num_actions(const arena_bot *bot) { return need_view(bot) < 0 ? -1 : bot->shape.actions; }

ARENA_API int arena_bot_observe(arena_bot *bot, void *obs, uint8_t *mask) {
    if (need_view(bot) < 0) return -1;
    if (!obs) return sim_fail("obs is NULL");
    bot->g->sim->encode(bot->view, bot->memory, obs);
    if (mask) bot->g->sim->legal(bot->view, bot->memory, mask);
    return 0;
}

ARENA_API int arena_bot_reply(arena_bot *bot, int32_t action, char *out, size_t cap) {
    if (need_view(bot) < 0) return -1;
    const game_t *g = bot->g;
    if (!bot->have_view) return sim_fail("the current view has been answered already");
    if (action < 0 || action >= bot->shape.actions)
        return sim_fail("action %d is out of range 0..%d", (int)action, bot->shape.actions - 1);
    if (!out) return sim_fail("out is NULL");
    memset(bot->action, 0, g->action_size);
    g->sim->action(bot->view, bot->memory, action, bot->action);
    buf_t b;
    buf_init(&b);
    g->wire.encode_action(bot->action, &b);
    if (g->wire.transport != TRANSPORT_RECORDS) buf_putc(&b, '\n');
    int rc;
    if (b.len + 1 > cap) {
        rc = sim_fail("the reply needs %zu bytes, the buffer has %zu", b.len + 1, cap);
    } else {
        memcpy(out, b.data, b.len);
        out[b.len] = 0;
        rc = (int)b.len;
        if (g->sim->memory_size) g->sim->remember(bot->memory, bot->view, bot->action);
        bot->have_view = false;
    }
    buf_free(&b);
    return rc;
}
