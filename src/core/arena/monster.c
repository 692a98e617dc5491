#include "monster.h"

#include <string.h>

#include "grid.h"
#include "names.h"

/* ======================================================================== */
/* Names                                                                     */
/* ======================================================================== */

static const char *const STATE_NAMES[MON_STATE_COUNT] = {"sleep", "wander", "chase",
                                                         "flee",  "guard",  "home"};
static const char *const KIND_NAMES[MON_KIND_COUNT] = {"zombie", "goblin", "shaman"};

const char *monster_state_name(MonState s) {
    return names_of(STATE_NAMES, MON_STATE_COUNT, (int)s);
}

bool monster_state_parse(const char *name, MonState *out) {
    int s = 0;
    bool ok = names_parse(STATE_NAMES, MON_STATE_COUNT, name, &s);
    if (ok)
        *out = (MonState)s;
    return ok;
}

size_t monster_state_list(char *buf, size_t size) {
    return names_list(STATE_NAMES, MON_STATE_COUNT, buf, size);
}

const char *monster_kind_name(MonKind k) {
    return names_of(KIND_NAMES, MON_KIND_COUNT, (int)k);
}

/* ======================================================================== */
/* The teaching machine                                                     */
/* ======================================================================== */

MonDecision monster_next_state(MonState state, const MonSenses *in) {
    MonDecision d = {state, in->lost, 0, MON_ACT_STAY};
    switch (state) {
    case MON_SLEEP:
        if (in->sees && in->path_len <= MON_WAKE)
            d.state = MON_CHASE;
        break;
    case MON_GUARD:
        if (in->sees && in->path_len <= MON_GUARD_RANGE) {
            d.state = MON_CHASE;
            d.lost = 0;
        }
        break;
    case MON_WANDER:
        if (in->sees) {
            d.state = MON_CHASE;
            d.lost = 0;
        } else {
            d.action = MON_ACT_WANDER;
        }
        break;
    case MON_CHASE:
        if ((long long)in->life * 4 < in->max_life) { /* no int overflow at big lives */
            d.state = MON_FLEE;
            break;
        }
        if (!in->sees) {
            d.lost++;
            if (d.lost > MON_LOST) {
                d.state = in->is_guard ? MON_HOME : MON_WANDER;
                break;
            }
        } else {
            d.lost = 0;
        }
        /* Still chasing: an unseen hero is followed along the last known path. */
        if (in->path_len > 1 && in->path_len <= MON_FAR)
            d.action = MON_ACT_CHASE;
        break;
    case MON_HOME:
        if (in->home_len == MON_NONE)
            break; /* no way back: wait */
        d.action = MON_ACT_HOME;
        if (in->home_len <= 1)
            d.state = MON_GUARD;
        break;
    case MON_FLEE:
        d.action = MON_ACT_FLEE;
        break;
    case MON_STATE_COUNT:
        break;
    }
    return d;
}

WsStatus monster_teach_init(TeachWorld *t, int w, int h, const uint8_t *blocked, WsError *err) {
    memset(t, 0, sizeof *t);
    WsStatus st = wave_init(&t->wave, w, h, err);
    if (st != WS_OK)
        return st;
    st = path_init(&t->path, w * h, err);
    if (st != WS_OK) {
        wave_deinit(&t->wave);
        return st;
    }
    t->w = w;
    t->h = h;
    t->blocked = blocked;
    return WS_OK;
}

void monster_teach_deinit(TeachWorld *t) {
    wave_deinit(&t->wave);
    path_deinit(&t->path);
    memset(t, 0, sizeof *t);
}

void monster_teach_start(TeachEnemy *e, int cell, MonState state, int life) {
    memset(e, 0, sizeof *e);
    e->cell = cell;
    e->state = state;
    e->life = life;
    e->max_life = life;
    e->is_guard = state == MON_GUARD;
    e->post = cell;
}

/* BFS path from `from` to `to` into t->path; returns its steps or MON_NONE. */
static int teach_path(TeachWorld *t, int from, int to) {
    path_clear(&t->path);
    if (!wave_compute(&t->wave, t->blocked, from, to))
        return MON_NONE;
    path_from_wave(&t->path, &t->wave, to);
    return path_steps(&t->path);
}

static int teach_neighbor(const TeachWorld *t, int cell, int d) {
    int nb = grid_neighbor(t->w, t->h, cell, (Dir)d);
    return nb >= 0 && !t->blocked[nb] ? nb : -1;
}

void monster_teach_turn(TeachWorld *t, TeachEnemy *e, int turn, const TeachTurn *in,
                        TeachResult *out) {
    /* Sense. */
    out->old_state = e->state;
    e->life = in->hit >= e->life ? 0 : e->life - in->hit;
    int hero = in->hero_cell;
    MonSenses s = {0};
    s.path_len = teach_path(t, e->cell, hero); /* t->path: the chase route */
    s.sees = !in->hidden && s.path_len <= MON_SIGHT;
    s.home_len = MON_NONE;
    s.life = e->life;
    s.max_life = e->max_life;
    s.lost = e->lost;
    s.is_guard = e->is_guard;
    if (e->state == MON_HOME) /* t->path now holds the way home instead */
        s.home_len = teach_path(t, e->cell, e->post);
    /* Decide. */
    MonDecision d = monster_next_state(e->state, &s);
    e->state = d.state;
    e->lost = d.lost;
    /* Act. */
    int from = e->cell;
    switch (d.action) {
    case MON_ACT_WANDER: {
        int nb = teach_neighbor(t, e->cell, turn % DIR_COUNT);
        if (nb >= 0 && nb != hero)
            e->cell = nb;
        break;
    }
    case MON_ACT_CHASE:
    case MON_ACT_HOME:
        if (t->path.len >= 2)
            e->cell = t->path.cells[1];
        break;
    case MON_ACT_FLEE: {
        Point to = grid_cell_point(t->w, hero);
        int best = point_manhattan(grid_cell_point(t->w, e->cell), to), pick = -1;
        for (int dir = 0; dir < DIR_COUNT; dir++) {
            int nb = teach_neighbor(t, e->cell, dir);
            if (nb < 0 || nb == hero)
                continue;
            int dist = point_manhattan(grid_cell_point(t->w, nb), to);
            if (dist > best) {
                best = dist;
                pick = nb;
            }
        }
        if (pick >= 0)
            e->cell = pick;
        break;
    }
    case MON_ACT_STAY:
    case MON_ACT_STEP:
    case MON_ACT_FIGHT:
        break;
    }
    out->new_state = e->state;
    out->cell = e->cell;
    out->life = e->life;
    out->path_len = e->cell == from ? s.path_len : teach_path(t, e->cell, hero);
}

/* ======================================================================== */
/* The live machine                                                          */
/* ======================================================================== */

MonWeights monster_weights(MonKind kind, MonState state) {
    MonWeights wt = {{0}};
    if (kind == MON_ZOMBIE) {
        wt.w[MON_MAP_HERO] = 1; /* zombies know one thing */
        return wt;
    }
    switch (state) {
    case MON_WANDER: /* drift toward treasure */
        wt.w[MON_MAP_GOLD] = 1;
        break;
    case MON_CHASE: /* hero first: twice the gold's weight, so gold never stalls a chase */
        wt.w[MON_MAP_HERO] = 2;
        wt.w[MON_MAP_GOLD] = 1;
        break;
    case MON_FLEE: /* away from the hero around obstacles, toward a potion if cheap */
        wt.w[MON_MAP_SAFETY] = 2;
        wt.w[MON_MAP_POTION] = 1;
        break;
    case MON_HOME:
        wt.w[MON_MAP_POST] = 1;
        break;
    case MON_SLEEP:
    case MON_GUARD:
    case MON_STATE_COUNT:
        break;
    }
    return wt;
}

static MonState give_up_state(const MonLiveSenses *in) {
    return in->is_guard ? MON_HOME : MON_WANDER;
}

MonDecision monster_live_next(MonState state, const MonLiveSenses *in) {
    MonDecision d = {state, in->lost, in->calm, MON_ACT_STAY};
    switch (state) {
    case MON_SLEEP:
        if (in->sees && in->wake_roll) {
            d.state = MON_CHASE;
            d.lost = 0;
        }
        break;
    case MON_WANDER:
        if (in->sees) {
            d.state = MON_CHASE;
            d.lost = 0;
        } else if (in->move_roll) {
            d.action = MON_ACT_STEP;
        }
        break;
    case MON_GUARD:
        if (in->sees && in->hero_dist <= MON_GUARD_RANGE) {
            d.state = MON_CHASE;
            d.lost = 0;
        } else if (!in->at_post) {
            d.state = MON_HOME;
            d.action = MON_ACT_STEP;
        }
        break;
    case MON_HOME:
        if (in->sees && in->hero_dist <= MON_GUARD_RANGE) {
            d.state = MON_CHASE;
            d.lost = 0;
        } else if (in->at_post) {
            d.state = MON_GUARD;
        } else {
            d.action = MON_ACT_STEP;
        }
        break;
    case MON_CHASE:
        if ((long long)in->life * 4 < in->max_life) { /* no int overflow at big lives */
            d.state = MON_FLEE;
            d.calm = 0;
            break;
        }
        if (!in->sees) {
            d.lost++;
            if (d.lost > MON_LIVE_LOST) {
                d.state = give_up_state(in);
                break;
            }
        } else {
            d.lost = 0;
        }
        if (in->hero_dist <= 1)
            d.action = MON_ACT_FIGHT;
        else if (in->hero_dist <= MON_FAR)
            d.action = MON_ACT_STEP;
        break;
    case MON_FLEE:
        if (in->life * 2 >= in->max_life) { /* recovered (potion or rest) */
            d.calm = 0;
            d.lost = 0;
            d.state = in->sees ? MON_CHASE : give_up_state(in);
            break;
        }
        d.calm = in->sees ? 0 : in->calm + 1;
        d.action = MON_ACT_STEP;
        break;
    case MON_STATE_COUNT:
        break;
    }
    return d;
}

int64_t monster_desire_at(const MonWeights *wt, const DMap *const maps[MON_MAP_COUNT], int cell) {
    int64_t sum = 0;
    bool any = false;
    for (int k = 0; k < MON_MAP_COUNT; k++) {
        if (wt->w[k] == 0 || maps[k] == NULL)
            continue;
        int32_t v = maps[k]->value[cell];
        if (v == DMAP_UNREACHED)
            continue;
        sum += (int64_t)wt->w[k] * v;
        any = true;
    }
    return any ? sum : MON_DESIRE_NONE;
}

/* Any weighted map gives the board size. */
static const DMap *first_map(const MonWeights *wt, const DMap *const maps[MON_MAP_COUNT]) {
    for (int k = 0; k < MON_MAP_COUNT; k++)
        if (wt->w[k] != 0 && maps[k] != NULL)
            return maps[k];
    return NULL;
}

Dir monster_desire_step(const MonWeights *wt, const DMap *const maps[MON_MAP_COUNT],
                        const uint8_t *blocked, const int32_t *occ, int cell) {
    const DMap *m = first_map(wt, maps);
    if (m == NULL)
        return DIR_NONE;
    int64_t best = monster_desire_at(wt, maps, cell);
    if (best == MON_DESIRE_NONE)
        return DIR_NONE;
    Dir pick = DIR_NONE;
    for (int d = 0; d < DIR_COUNT; d++) {
        int nb = grid_neighbor(m->w, m->h, cell, (Dir)d);
        if (nb < 0 || blocked[nb] || occ[nb] != MON_CELL_FREE)
            continue;
        int64_t v = monster_desire_at(wt, maps, nb);
        if (v < best) {
            best = v;
            pick = (Dir)d;
        }
    }
    return pick;
}

/* Picks one of `n` candidate directions, drawing only when there is a choice. */
static Dir pick_random(const Dir *cand, int n, Rng *rng) {
    if (n == 0)
        return DIR_NONE;
    if (n == 1)
        return cand[0];
    return cand[rng_bounded(rng, (uint32_t)n)];
}

Dir monster_zombie_step(const DMap *hero, const uint8_t *blocked, const int32_t *occ, int cell,
                        Rng *rng) {
    int32_t cur = hero->value[cell];
    if (cur == DMAP_UNREACHED)
        return DIR_NONE;
    int nbs[DIR_COUNT];
    int32_t best = DMAP_UNREACHED;
    for (int d = 0; d < DIR_COUNT; d++) {
        int nb = grid_neighbor(hero->w, hero->h, cell, (Dir)d);
        nbs[d] = nb >= 0 && !blocked[nb] ? nb : -1;
        if (nbs[d] >= 0 && hero->value[nbs[d]] < best)
            best = hero->value[nbs[d]];
    }
    Dir cand[DIR_COUNT];
    int n = 0;
    if (best < cur) { /* the smallest neighbours that are free */
        for (int d = 0; d < DIR_COUNT; d++)
            if (nbs[d] >= 0 && hero->value[nbs[d]] == best && occ[nbs[d]] == MON_CELL_FREE)
                cand[n++] = (Dir)d;
        if (n > 0)
            return pick_random(cand, n, rng);
    }
    /* Taken (or already at the bottom): any free neighbour not worse. */
    for (int d = 0; d < DIR_COUNT; d++)
        if (nbs[d] >= 0 && hero->value[nbs[d]] <= cur && occ[nbs[d]] == MON_CELL_FREE)
            cand[n++] = (Dir)d;
    return pick_random(cand, n, rng);
}

bool monster_can_see(const uint8_t *blocked, int w, int a, int b, int radius) {
    int x0 = a % w, y0 = a / w, x1 = b % w, y1 = b / w;
    int dx = x1 - x0, dy = y1 - y0;
    if (dx * dx + dy * dy > radius * radius)
        return false;
    int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
    int sx = dx < 0 ? -1 : 1, sy = dy < 0 ? -1 : 1;
    int e = adx - ady, x = x0, y = y0;
    while (x != x1 || y != y1) {
        int e2 = 2 * e;
        if (e2 > -ady) {
            e -= ady;
            x += sx;
        }
        if (e2 < adx) {
            e += adx;
            y += sy;
        }
        if ((x != x1 || y != y1) && blocked[y * w + x])
            return false;
    }
    return true;
}
