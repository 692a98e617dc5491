/* Sea-battle hunters: placement counts, the source's hunt/target rules and
 * the sampling hunter. See sea_ai.h for the rules. */
#include "sea_ai.h"

#include <string.h>

#include "dir.h"
#include "names.h"

/* ======================================================================== */
/* Types and small helpers                                                   */
/* ======================================================================== */

/* What one decision knows about the board. */
typedef struct View {
    const SeaBoard *board;
    uint8_t blocked[SEA_CELLS]; /* miss, sunk or next to a sunk ship */
    int group[SEA_CELLS];       /* floating-hit group of a cell, or -1 */
    int groups;
    /* the target group: its bounding box and size */
    int size, min_x, max_x, min_y, max_y;
} View;

static bool on_board(int x, int y) { return x >= 0 && y >= 0 && x < SEA_W && y < SEA_H; }

static void mask_set(SeaMask *m, int cell) {
    if (cell < 64)
        m->lo |= 1ull << cell;
    else
        m->hi |= 1ull << (cell - 64);
}

static bool mask_meets(SeaMask a, SeaMask b) { return (a.lo & b.lo) != 0 || (a.hi & b.hi) != 0; }

static void mask_add(SeaMask *a, SeaMask b) {
    a->lo |= b.lo;
    a->hi |= b.hi;
}

static const char *const HUNTER_NAMES[SEA_HUNTER_COUNT] = {"source", "sampler"};
const char *const SEA_HUNTER_OLD_NAMES[SEA_HUNTER_COUNT] = {"seed", "best"};

static const char *const REASON_NAMES[SEA_AI_REASON_COUNT] = {
    "none", "hunt", "around-hit", "along-line", "sampled-fleets", "summed-counts", "target",
    "fallback"};

const char *sea_hunter_name(SeaHunter hunter) {
    return names_of(HUNTER_NAMES, SEA_HUNTER_COUNT, (int)hunter);
}


const char *sea_ai_reason_name(SeaAiReason reason) {
    return names_of(REASON_NAMES, SEA_AI_REASON_COUNT, (int)reason);
}

/* ======================================================================== */
/* Counts                                                                    */
/* ======================================================================== */

/* Adds `weight` to every unknown cell of each legal placement of length len. */
static void add_counts(const SeaBoard *board, const uint8_t blocked[SEA_CELLS], int len,
                       uint32_t weight, uint32_t counts[SEA_CELLS]) {
    int dirs = len == 1 ? 1 : 2; /* a 1-cell ship has one placement per cell */
    for (int vertical = 0; vertical < dirs; vertical++) {
        int step = vertical ? SEA_W : 1;
        int max_x = vertical ? SEA_W - 1 : SEA_W - len, max_y = vertical ? SEA_H - len : SEA_H - 1;
        for (int y = 0; y <= max_y; y++)
            for (int x = 0; x <= max_x; x++) {
                int first = y * SEA_W + x;
                bool ok = true;
                for (int k = 0; k < len && ok; k++)
                    ok = !blocked[first + k * step];
                if (!ok)
                    continue;
                for (int k = 0; k < len; k++)
                    if (board->mark[first + k * step] == SEA_UNKNOWN)
                        counts[first + k * step] += weight;
            }
    }
}

void sea_counts(const SeaBoard *board, int len, uint32_t counts[SEA_CELLS]) {
    uint8_t blocked[SEA_CELLS];
    memset(counts, 0, sizeof(uint32_t) * SEA_CELLS);
    if (len < 1 || len > SEA_W)
        return;
    sea_board_blocked(board, blocked);
    add_counts(board, blocked, len, 1, counts);
}

/* ======================================================================== */
/* Choosing among maxima                                                     */
/* ======================================================================== */

/* Picks a random cell among the unknown cells with the largest positive heat
 * (candidates in row-major order, one rng_bounded draw). Returns -1 when every
 * unknown cell has heat 0. Records heat_max and ties. */
static int pick_max(SeaAi *ai, const SeaBoard *board, Rng *rng) {
    uint32_t best = 0;
    int ties = 0;
    for (int c = 0; c < SEA_CELLS; c++) {
        if (board->mark[c] != SEA_UNKNOWN || ai->heat[c] == 0)
            continue;
        if (ai->heat[c] > best) {
            best = ai->heat[c];
            ties = 0;
        }
        if (ai->heat[c] == best)
            ai->open[ties++] = (int16_t)c;
    }
    ai->heat_max = best;
    ai->ties = ties;
    if (ties == 0)
        return -1;
    return ai->open[rng_bounded(rng, (uint32_t)ties)];
}

/* ======================================================================== */
/* Target mode                                                               */
/* ======================================================================== */

/* Whether a ship finishing the target group may occupy cell (x, y): on the
 * board, not blocked, and unknown or a floating hit. A hit of another group is
 * allowed: the unknown gap between two groups in a line may be one ship. */
static bool target_cell_ok(const View *v, int x, int y) {
    if (!on_board(x, y))
        return false;
    int c = y * SEA_W + x;
    if (v->blocked[c])
        return false;
    return v->board->mark[c] == SEA_UNKNOWN || v->board->mark[c] == SEA_HIT;
}

/* Whether a floating hit outside the placement of len cells from s along row
 * or column `line` touches it, even at a corner. Ships never touch, so that
 * hit would have to be the same ship, bent or longer. */
static bool placement_touches_hit(const View *v, bool vertical, int line, int s, int len) {
    for (int k = -1; k <= len; k++)
        for (int side = -1; side <= 1; side++) {
            int along = s + k, across = line + side;
            int x = vertical ? across : along, y = vertical ? along : across;
            bool inside = side == 0 && k >= 0 && k < len;
            if (!inside && on_board(x, y) && v->board->mark[y * SEA_W + x] == SEA_HIT)
                return true;
        }
    return false;
}

/* Calls back for every placement of length len along one axis that covers
 * the box [x0..x1] x [y0..y1] (one row or one column) with ok cells (`strict`:
 * and touching no hit it does not cover). Returns how many there are; when
 * counts is not NULL adds weight to their unknown cells. */
static int line_placements(const View *v, bool vertical, int x0, int x1, int y0, int y1, int len,
                           bool strict, uint32_t weight, uint32_t *counts) {
    int lo = vertical ? y0 : x0, hi = vertical ? y1 : x1;
    int found = 0;
    for (int s = hi - len + 1; s <= lo; s++) {
        bool ok = s >= 0 && s + len - 1 < (vertical ? SEA_H : SEA_W);
        for (int k = 0; k < len && ok; k++)
            ok = vertical ? target_cell_ok(v, x0, s + k) : target_cell_ok(v, s + k, y0);
        if (!ok || (strict && placement_touches_hit(v, vertical, vertical ? x0 : y0, s, len)))
            continue;
        found++;
        if (counts == NULL)
            continue;
        for (int k = 0; k < len; k++) {
            int c = vertical ? (s + k) * SEA_W + x0 : y0 * SEA_W + s + k;
            if (v->board->mark[c] == SEA_UNKNOWN)
                counts[c] += weight;
        }
    }
    return found;
}

/* Makes group g the target: its bounding box and size. */
static void target_group(View *v, int g) {
    v->size = 0;
    v->min_x = v->min_y = SEA_W;
    v->max_x = v->max_y = -1;
    for (int c = 0; c < SEA_CELLS; c++) {
        if (v->group[c] != g)
            continue;
        int x = c % SEA_W, y = c / SEA_W;
        v->size++;
        v->min_x = x < v->min_x ? x : v->min_x;
        v->max_x = x > v->max_x ? x : v->max_x;
        v->min_y = y < v->min_y ? y : v->min_y;
        v->max_y = y > v->max_y ? y : v->max_y;
    }
}

/* The source's rule: around a single hit where the shortest remaining ship
 * (2+ cells) fits through the hit and the neighbour; along the line of two or
 * more hits at an open end where a ship one longer than the line fits. */
static int target_source(SeaAi *ai, const View *v, Rng *rng) {
    int len = sea_left_shortest(&ai->left, v->size + 1);
    if (len == 0)
        return -1;
    bool line = v->size >= 2;
    bool vertical_line = line && v->min_x == v->max_x;
    for (int d = 0; d < DIR_COUNT; d++) {
        bool vertical = DIR_DX[d] == 0;
        if (line && vertical != vertical_line)
            continue;
        /* the cell just beyond the group in direction d */
        int x = DIR_DX[d] > 0 ? v->max_x + 1 : DIR_DX[d] < 0 ? v->min_x - 1 : v->min_x;
        int y = DIR_DY[d] > 0 ? v->max_y + 1 : DIR_DY[d] < 0 ? v->min_y - 1 : v->min_y;
        if (!on_board(x, y) || v->board->mark[y * SEA_W + x] != SEA_UNKNOWN ||
            v->blocked[y * SEA_W + x])
            continue;
        int x0 = x < v->min_x ? x : v->min_x, x1 = x > v->max_x ? x : v->max_x;
        int y0 = y < v->min_y ? y : v->min_y, y1 = y > v->max_y ? y : v->max_y;
        if (line_placements(v, vertical, x0, x1, y0, y1, len, false, 0, NULL) > 0)
            ai->heat[y * SEA_W + x] = 1;
    }
    ai->reason = line ? SEA_AI_LINE : SEA_AI_AROUND;
    ai->length = len;
    return pick_max(ai, v->board, rng);
}

/* sampler: every placement of every remaining length longer than the group that
 * covers the whole group, weighted by how many ships of that length are left. */
static int target_sampler(SeaAi *ai, const View *v, Rng *rng) {
    for (int len = v->size + 1; len <= SEA_MAX_LEN; len++) {
        uint32_t weight = (uint32_t)ai->left.count[len];
        if (weight == 0)
            continue;
        bool row = v->min_y == v->max_y, col = v->min_x == v->max_x;
        if (row)
            line_placements(v, false, v->min_x, v->max_x, v->min_y, v->max_y, len, true, weight,
                            ai->heat);
        if (col)
            line_placements(v, true, v->min_x, v->max_x, v->min_y, v->max_y, len, true, weight,
                            ai->heat);
    }
    /* Only the cells touching the group are shot: every placement through a
     * farther cell also covers the touching cell between, so that cell weighs
     * at least as much, and a tie must not open a gap in the line of hits. */
    for (int c = 0; c < SEA_CELLS; c++) {
        int x = c % SEA_W, y = c / SEA_W;
        bool touches = (y >= v->min_y && y <= v->max_y && (x == v->min_x - 1 || x == v->max_x + 1)) ||
                       (x >= v->min_x && x <= v->max_x && (y == v->min_y - 1 || y == v->max_y + 1));
        if (!touches)
            ai->heat[c] = 0;
    }
    ai->reason = SEA_AI_TARGET;
    return pick_max(ai, v->board, rng);
}

/* ======================================================================== */
/* Hunt mode                                                                 */
/* ======================================================================== */

static int hunt_source(SeaAi *ai, const View *v, Rng *rng) {
    int len = sea_left_longest(&ai->left);
    add_counts(v->board, v->blocked, len, 1, ai->heat);
    ai->reason = SEA_AI_HUNT;
    ai->length = len;
    return pick_max(ai, v->board, rng);
}

static int hunt_summed(SeaAi *ai, const View *v, Rng *rng) {
    memset(ai->heat, 0, sizeof ai->heat);
    for (int len = 1; len <= SEA_MAX_LEN; len++)
        if (ai->left.count[len] > 0)
            add_counts(v->board, v->blocked, len, (uint32_t)ai->left.count[len], ai->heat);
    ai->reason = SEA_AI_SUMMED;
    return pick_max(ai, v->board, rng);
}

/* Draws ai->samples fleets of the remaining ships that avoid every blocked or
 * known cell and never touch each other; heat = how often a cell was occupied.
 * A draw that gets stuck starts over; after 8 * samples attempts the hunter
 * falls back to summed counts. */
static int hunt_sample(SeaAi *ai, const View *v, Rng *rng) {
    SeaMask known = {0, 0};
    for (int c = 0; c < SEA_CELLS; c++)
        if (v->blocked[c] || v->board->mark[c] != SEA_UNKNOWN)
            mask_set(&known, c);
    /* Placements of each length that avoid the known cells, and the ships to draw. */
    int legal_first[SEA_MAX_LEN + 2] = {0};
    int legal_n = 0;
    for (int len = 1; len <= SEA_MAX_LEN; len++) {
        legal_first[len] = legal_n;
        if (ai->left.count[len] == 0)
            continue;
        for (int p = ai->place_first[len]; p < ai->place_first[len + 1]; p++)
            if (!mask_meets(ai->place[p].cells, known))
                ai->legal[legal_n++] = (int16_t)p;
    }
    legal_first[SEA_MAX_LEN + 1] = legal_n;
    int ships[SEA_SHIP_COUNT], ship_n = 0;
    for (int len = SEA_MAX_LEN; len >= 1; len--)
        for (int k = 0; k < ai->left.count[len]; k++)
            ships[ship_n++] = len;

    int chosen[SEA_SHIP_COUNT];
    int drawn = 0;
    for (long attempt = 0; drawn < ai->samples && attempt < 8L * ai->samples; attempt++) {
        SeaMask occupied = known;
        bool ok = true;
        for (int s = 0; s < ship_n && ok; s++) {
            int len = ships[s], n = 0;
            for (int i = legal_first[len]; i < legal_first[len + 1]; i++)
                if (!mask_meets(ai->place[ai->legal[i]].cells, occupied))
                    ai->open[n++] = ai->legal[i];
            if (n == 0) {
                ok = false;
                break;
            }
            chosen[s] = ai->open[rng_bounded(rng, (uint32_t)n)];
            mask_add(&occupied, ai->place[chosen[s]].halo);
        }
        if (!ok)
            continue;
        drawn++;
        for (int s = 0; s < ship_n; s++) {
            const SeaAiPlace *p = &ai->place[chosen[s]];
            for (int k = 0; k < p->len; k++)
                ai->heat[p->first + k * p->step]++;
        }
    }
    if (drawn == 0)
        return hunt_summed(ai, v, rng);
    ai->reason = SEA_AI_SAMPLE;
    return pick_max(ai, v->board, rng);
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

void sea_ai_clear(SeaAi *ai) {
    memset(ai->heat, 0, sizeof ai->heat);
    ai->heat_max = 0;
    ai->ties = 0;
    ai->cell = -1;
    ai->length = 0;
    ai->reason = SEA_AI_NONE;
    memset(&ai->left, 0, sizeof ai->left);
}

void sea_ai_init(SeaAi *ai, SeaHunter hunter) {
    memset(ai, 0, sizeof *ai);
    ai->hunter = hunter;
    ai->samples = SEA_AI_SAMPLES;
    int n = 0;
    for (int len = 1; len <= SEA_MAX_LEN; len++) {
        ai->place_first[len] = n;
        for (int vertical = 0; vertical < (len == 1 ? 1 : 2); vertical++) {
            int max_x = vertical ? SEA_W - 1 : SEA_W - len;
            int max_y = vertical ? SEA_H - len : SEA_H - 1;
            for (int y = 0; y <= max_y; y++)
                for (int x = 0; x <= max_x; x++) {
                    SeaAiPlace *p = &ai->place[n++];
                    p->first = (uint8_t)(y * SEA_W + x);
                    p->step = (uint8_t)(vertical ? SEA_W : 1);
                    p->len = (uint8_t)len;
                    int end_x = vertical ? x : x + len - 1, end_y = vertical ? y + len - 1 : y;
                    for (int yy = y - 1; yy <= end_y + 1; yy++)
                        for (int xx = x - 1; xx <= end_x + 1; xx++) {
                            if (!on_board(xx, yy))
                                continue;
                            mask_set(&p->halo, yy * SEA_W + xx);
                            if (xx >= x && xx <= end_x && yy >= y && yy <= end_y)
                                mask_set(&p->cells, yy * SEA_W + xx);
                        }
                }
        }
    }
    ai->place_first[SEA_MAX_LEN + 1] = n;
    sea_ai_clear(ai);
}

WsStatus sea_ai_choose(SeaAi *ai, const SeaBoard *board, Rng *rng, int *cell, WsError *err) {
    sea_ai_clear(ai);
    WsStatus st = sea_board_check(board, &ai->left, err);
    if (st != WS_OK)
        return st;
    if (ai->left.ships == 0)
        return ws_fail(err, WS_ERR_ARG, "every ship is sunk: there is nothing left to shoot at");

    View v;
    memset(&v, 0, sizeof v);
    v.board = board;
    sea_board_blocked(board, v.blocked);
    v.groups = sea_board_groups(board, SEA_HIT, v.group);
    int choice = -1;
    /* Finish a ship first: the first floating hit group (row-major) with a
     * shot that fits, so a group no ship fits through is passed over. */
    for (int g = 0; g < v.groups && choice < 0; g++) {
        target_group(&v, g);
        memset(ai->heat, 0, sizeof ai->heat);
        choice = ai->hunter == SEA_HUNTER_SOURCE ? target_source(ai, &v, rng)
                                                 : target_sampler(ai, &v, rng);
    }
    if (choice < 0) {
        memset(ai->heat, 0, sizeof ai->heat);
        ai->length = 0;
        if (ai->hunter == SEA_HUNTER_SOURCE)
            choice = hunt_source(ai, &v, rng);
        else if (v.groups == 0)
            choice = hunt_sample(ai, &v, rng);
        else
            choice = hunt_summed(ai, &v, rng);
    }
    if (choice < 0) {
        /* No placement fits anywhere: any unknown cell, open ones first. */
        memset(ai->heat, 0, sizeof ai->heat);
        for (int pass = 0; pass < 2 && choice < 0; pass++) {
            for (int c = 0; c < SEA_CELLS; c++)
                ai->heat[c] = board->mark[c] == SEA_UNKNOWN && (pass == 1 || !v.blocked[c]);
            choice = pick_max(ai, board, rng);
        }
        ai->reason = SEA_AI_FALLBACK;
        ai->length = 0;
    }
    if (choice < 0)
        return ws_fail(err, WS_ERR_ARG, "no unknown cell is left to shoot at");
    ai->cell = choice;
    *cell = choice;
    return WS_OK;
}
