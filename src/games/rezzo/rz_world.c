/* rz_world.c: the Rezzo world: cell arrays, view letters, change tracking and the hashes
 * (docs/games/rezzo.md "Replays"). */
#include "rz.h"
#include "../../core/hash.h"
#include <stdlib.h>
#include <string.h>

const int RZ_FWD[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
const int RZ_RIGHT[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

static bool resize_active(rz_world *w, size_t cap);

bool rz_world_init(rz_world *w, int width, int height) {
    memset(w, 0, sizeof *w);
    if (width < 1 || height < 1) return false;
    w->w = width;
    w->h = height;
    w->n = (size_t)width * (size_t)height;
    /* The cell arrays are the one large allocation of a game (5 bytes a cell: 80 MiB at 4096x4096),
     * so they may fail without aborting: create then reports the error (several worlds in one
     * simulator process can exhaust memory). */
    w->type = calloc(w->n, 1);
    w->owner = calloc(w->n, 1);
    w->damage = calloc(w->n, 1);
    w->count = calloc(w->n, 1);
    w->mark = calloc(w->n, 1);
    if (!w->type || !w->owner || !w->damage || !w->count || !w->mark) {
        rz_world_free(w);
        return false;
    }
    memset(w->type, RZ_BLANK, w->n);
    if (!resize_active(w, 1024)) {
        rz_world_free(w);
        return false;
    }
    return true;
}

void rz_world_free(rz_world *w) {
    free(w->type);
    free(w->owner);
    free(w->damage);
    free(w->count);
    free(w->mark);
    free(w->active);
    free(w->next);
    free(w->fate_t);
    free(w->fate_o);
    free(w->cand);
    free(w->dissipate);
    free(w->changed);
    memset(w, 0, sizeof *w);
}

void rz_world_clear(rz_world *w) {
    memset(w->type, RZ_BLANK, w->n);
    memset(w->owner, 0, w->n);
    memset(w->damage, 0, w->n);
    memset(w->count, 0, w->n);
    memset(w->mark, 0, w->n);
    w->nactive = w->ncand = w->ndiss = w->nchanged = 0;
    w->oom = false;
}


/* The active list and its three companions share one capacity; false (the lists as they were,
 * some of them longer) when memory runs out. */
static bool resize_active(rz_world *w, size_t cap) {
    uint32_t *a = realloc(w->active, cap * sizeof *w->active);
    if (a) w->active = a;
    uint32_t *n = a ? realloc(w->next, cap * sizeof *w->next) : NULL;
    if (n) w->next = n;
    uint8_t *t = n ? realloc(w->fate_t, cap) : NULL;
    if (t) w->fate_t = t;
    uint8_t *o = t ? realloc(w->fate_o, cap) : NULL;
    if (o) w->fate_o = o, w->cap = cap;
    return o != NULL;
}

/* Makes room for exactly n cells in a list of cells (when it has less); false when memory runs out. */
static bool resize_cells(uint32_t **list, size_t *cap, size_t n) {
    if (*cap >= n) return true;
    uint32_t *l = realloc(*list, n * sizeof **list);
    if (!l) return false;
    *list = l;
    *cap = n;
    return true;
}

/* The next capacity for `need` entries: doubling from cap (or from `first`). */
static size_t doubled(size_t cap, size_t first, size_t need) {
    size_t c = cap ? cap : first;
    while (c < need) c *= 2;
    return c;
}

bool rz_cells_reserve(uint32_t **list, size_t *cap, size_t need) {
    return need <= *cap || resize_cells(list, cap, doubled(*cap, 256, need));
}

bool rz_active_reserve(rz_world *w, size_t need) {
    return need <= w->cap || resize_active(w, doubled(w->cap, 1024, need));
}

bool rz_world_reserve_all(rz_world *w) {
    /* candidates and changes are distinct cells; a flag may be listed once per photon next to it */
    return (w->cap >= w->n || resize_active(w, w->n)) && resize_cells(&w->cand, &w->cand_cap, w->n + 8) &&
           resize_cells(&w->dissipate, &w->diss_cap, w->n + 8) && resize_cells(&w->changed, &w->changed_cap, w->n);
}

bool rz_world_copy(rz_world *dst, const rz_world *src) {
    size_t n = src->n;
    memcpy(dst->type, src->type, n);
    memcpy(dst->owner, src->owner, n);
    memcpy(dst->damage, src->damage, n);
    memcpy(dst->mark, src->mark, n); /* count is scratch, zero between steps */
    dst->ncand = dst->ndiss = 0;
    dst->track = src->track;
    dst->oom = src->oom;
    if ((src->nactive > dst->cap && !resize_active(dst, src->cap)) ||
        !resize_cells(&dst->changed, &dst->changed_cap, src->changed_cap)) {
        dst->nactive = dst->nchanged = 0;
        dst->oom = true;
        return false;
    }
    memcpy(dst->active, src->active, src->nactive * sizeof *src->active);
    dst->nactive = src->nactive;
    if (src->nchanged) memcpy(dst->changed, src->changed, src->nchanged * sizeof *src->changed);
    dst->nchanged = src->nchanged;
    return true;
}

bool rz_unletter(uint8_t c, uint8_t *type, uint8_t *owner) {
    *owner = 0;
    switch (c) {
    case RZ_BLANK: case RZ_COND: case RZ_ELEC: case RZ_TAIL: case RZ_PHOTON:
        *type = c;
        return true;
    }
    if (c >= '0' && c <= '9') *type = RZ_AGENT, *owner = (uint8_t)(c - '0' + 1);
    else if (c >= 'A' && c <= 'J') *type = RZ_FLAG, *owner = (uint8_t)(c - 'A' + 1);
    else if (c >= 'a' && c <= 'j') *type = RZ_GEYSER, *owner = (uint8_t)(c - 'a' + 1);
    else if (c >= 'n' && c <= 'w') *type = RZ_BASE, *owner = (uint8_t)(c - 'n' + 1);
    else return false;
    return true;
}

static void note_change(rz_world *w, size_t i) {
    if (w->mark[i]) return;
    if (!rz_cells_reserve(&w->changed, &w->changed_cap, w->nchanged + 1)) {
        w->oom = true; /* the change is made, not listed: the game stops (rz_tick) */
        return;
    }
    w->mark[i] = 1;
    w->changed[w->nchanged++] = (uint32_t)i;
}

void rz_set(rz_world *w, size_t i, uint8_t type, uint8_t owner) {
    if (w->track && (w->type[i] != type || w->owner[i] != owner)) note_change(w, i);
    w->type[i] = type;
    w->owner[i] = owner;
}

void rz_set_damage(rz_world *w, size_t i, uint8_t damage) {
    if (w->track && w->damage[i] != damage) note_change(w, i);
    w->damage[i] = damage;
}

int rz_cmp_cell(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The changed cells in increasing order. In a world of at most 2^16 cells (the simulator's 64x64
 * worlds: about 90 changes a tick in 4096 cells) a bitmap of them on the stack, read a word at a
 * time, lists them in order faster than qsort sorts them (which, with its comparison calls, was a
 * quarter of a simulator step), and it stays in the first-level cache, where the world's own
 * marks, a byte a cell, would come from memory. Same order, so the same replay diff. */
enum { RZ_BITMAP_CELLS = 1 << 16 };
void rz_changes_sort(rz_world *w) {
    size_t k = w->nchanged, bits = 0, words = (w->n + 63) / 64;
    if (k < 2) return;
    while ((size_t)1 << bits < k) bits++;
    if (w->n > RZ_BITMAP_CELLS || words > 4 * k * bits) {
        qsort(w->changed, k, sizeof *w->changed, rz_cmp_cell);
        return;
    }
    uint64_t set[RZ_BITMAP_CELLS / 64];
    memset(set, 0, words * sizeof *set);
    for (size_t c = 0; c < k; c++) set[w->changed[c] >> 6] |= (uint64_t)1 << (w->changed[c] & 63);
    size_t m = 0;
    for (size_t i = 0; i < words; i++)
        for (uint64_t x = set[i]; x; x &= x - 1) w->changed[m++] = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(x));
}

void rz_changes_reset(rz_world *w) {
    for (size_t k = 0; k < w->nchanged; k++) w->mark[w->changed[k]] = 0;
    w->nchanged = 0;
}

static bool is_active(uint8_t t) { return t == RZ_ELEC || t == RZ_TAIL || t == RZ_PHOTON || t == RZ_FLAG; }

bool rz_rebuild_active(rz_world *w) {
    w->nactive = 0;
    for (size_t i = 0; i < w->n; i++) {
        if (!is_active(w->type[i])) continue;
        if (!rz_active_reserve(w, w->nactive + 1)) {
            w->oom = true;
            return false;
        }
        w->active[w->nactive++] = (uint32_t)i;
    }
    return true;
}

uint64_t rz_type_hash(const rz_world *w) { return hash_fnv1a64(w->type, w->n, FNV1A64_OFFSET); }

uint64_t rz_owner_hash(const rz_world *w) { return hash_fnv1a64(w->owner, w->n, FNV1A64_OFFSET); }

uint64_t rz_state_hash(const rz_world *w) {
    uint64_t h = FNV1A64_OFFSET;
    for (size_t i = 0; i < w->n; i++) {
        h ^= rz_letter(w->type[i], w->owner[i]);
        h *= FNV1A64_PRIME;
    }
    return hash_fnv1a64(w->damage, w->n, h);
}
