/* Sea history: shots and the hunter's stream per tick; seeking re-fires the
 * shots and lets the hunter decide once. */
#include "sea_history.h"

#include <string.h>

#include "ws_hash.h"

/* ======================================================================== */
/* Hashing                                                                   */
/* ======================================================================== */

uint64_t sea_history_hash_state(const SeaGame *g, const Rng *rng) {
    uint64_t h = 0x5ea5ea5ea5ea5ea5ULL;
    for (int c = 0; c < SEA_CELLS; c++)
        h = ws_hash_mix(h, (uint64_t)g->seen.mark[c] | (uint64_t)g->shot[c] << 8 |
                               (uint64_t)(uint8_t)g->fleet.owner[c] << 16);
    for (int i = 0; i < SEA_SHIP_COUNT; i++)
        h = ws_hash_mix(h, g->ship_hits[i]);
    h = ws_hash_mix(h, (uint64_t)g->shots);
    h = ws_hash_mix(h, (uint64_t)g->hits);
    h = ws_hash_mix(h, (uint64_t)g->sunk);
    h = ws_hash_mix(h, (uint64_t)(int64_t)g->last_cell);
    h = ws_hash_mix(h, g->seed);
    h = ws_hash_mix(h, rng->state);
    return ws_hash_mix(h, rng->inc);
}

uint64_t sea_history_hash(const SeaHistory *h, int t) {
    return t >= 0 && t <= h->shots ? h->hash[t] : 0;
}

/* ======================================================================== */
/* Recording                                                                 */
/* ======================================================================== */

WsStatus sea_history_begin(SeaHistory *h, const SeaGame *g, const SeaAi *ai, const Rng *rng,
                           WsError *err) {
    if (g->shots != 0)
        return ws_fail(err, WS_ERR_ARG, "a sea history starts before the first shot (%d fired)",
                       g->shots);
    memset(h, 0, sizeof *h);
    h->seed = g->seed;
    h->placement = g->placement;
    h->hunter = ai->hunter;
    h->samples = ai->samples;
    h->rng[0] = *rng;
    h->hash[0] = sea_history_hash_state(g, rng);
    return WS_OK;
}

SeaShot sea_history_shoot(SeaHistory *h, SeaGame *g, const Rng *rng, int cell) {
    if (g->shots != h->shots || h->shots >= SEA_CELLS)
        return SEA_SHOT_INVALID;
    SeaShot r = sea_game_shoot(g, cell);
    if (r == SEA_SHOT_INVALID)
        return r;
    int t = h->shots++;
    h->cell[t] = (uint8_t)cell;
    h->result[t] = (uint8_t)r;
    h->rng[t + 1] = *rng;
    h->hash[t + 1] = sea_history_hash_state(g, rng);
    return r;
}

WsStatus sea_history_truncate(SeaHistory *h, int t, WsError *err) {
    if (t < 0 || t > h->shots)
        return ws_fail(err, WS_ERR_ARG, "shot %d is outside the history (0..%d)", t, h->shots);
    h->shots = t;
    return WS_OK;
}

/* ======================================================================== */
/* Seeking                                                                   */
/* ======================================================================== */

WsStatus sea_history_seek(const SeaHistory *h, int t, SeaGame *g, SeaAi *ai, Rng *rng, int *choice,
                          WsError *err) {
    if (choice != NULL)
        *choice = -1;
    if (t < 0 || t > h->shots)
        return ws_fail(err, WS_ERR_ARG, "shot %d is outside the history (0..%d)", t, h->shots);
    if (ai != NULL && (ai->hunter != h->hunter || ai->samples != h->samples))
        return ws_fail(err, WS_ERR_ARG, "the history was played by the %s hunter (%d samples)",
                       sea_hunter_name(h->hunter), h->samples);
    sea_game_reset(g, h->seed, h->placement);
    for (int k = 0; k < t; k++)
        if (sea_game_shoot(g, h->cell[k]) != (SeaShot)h->result[k])
            return ws_fail(err, WS_ERR_PARSE, "the sea history does not replay: shot %d differs",
                           k + 1);
    *rng = h->rng[t];
    if (sea_history_hash_state(g, rng) != h->hash[t])
        return ws_fail(err, WS_ERR_PARSE, "the sea history does not replay: state %d differs", t);
    if (ai == NULL)
        return WS_OK;
    if (sea_game_is_over(g)) {
        sea_ai_clear(ai);
        return WS_OK;
    }
    int cell = -1;
    WsStatus st = sea_ai_choose(ai, &g->seen, rng, &cell, err);
    if (st == WS_OK && choice != NULL)
        *choice = cell;
    return st;
}
