/* Sea-battle board, fleet placement, board checks and the game's shot rules. */
#include "sea.h"

#include <string.h>

#include "dir.h"
#include "names.h"

const int SEA_FLEET[SEA_SHIP_COUNT] = {4, 3, 3, 2, 2, 2, 1, 1, 1, 1};

/* ======================================================================== */
/* Small helpers                                                             */
/* ======================================================================== */

static bool on_board(int x, int y) { return x >= 0 && y >= 0 && x < SEA_W && y < SEA_H; }

char sea_mark_char(SeaMark mark) {
    switch (mark) {
    case SEA_UNKNOWN:
        return '.';
    case SEA_MISS:
        return 'o';
    case SEA_HIT:
        return 'x';
    case SEA_SUNK:
        return '#';
    }
    return '?';
}

void sea_cell_name(int cell, char *buf) {
    int x = cell % SEA_W, y = cell / SEA_W;
    buf[0] = (char)('A' + x);
    if (y + 1 >= 10) {
        buf[1] = (char)('0' + (y + 1) / 10);
        buf[2] = (char)('0' + (y + 1) % 10);
        buf[3] = '\0';
    } else {
        buf[1] = (char)('1' + y);
        buf[2] = '\0';
    }
}

int sea_left_longest(const SeaLeft *left) {
    for (int len = SEA_MAX_LEN; len >= 1; len--)
        if (left->count[len] > 0)
            return len;
    return 0;
}

int sea_left_shortest(const SeaLeft *left, int min_len) {
    for (int len = min_len < 1 ? 1 : min_len; len <= SEA_MAX_LEN; len++)
        if (left->count[len] > 0)
            return len;
    return 0;
}

/* ======================================================================== */
/* Board text                                                                */
/* ======================================================================== */

WsStatus sea_board_parse(SeaBoard *board, const char *text, size_t len, const char *file,
                         WsError *err) {
    char name[WS_QUOTE_SIZE];
    ws_quote(name, sizeof name, file);
    memset(board, 0, sizeof *board);
    /* Drop blank trailing lines (and the final newline) so "ten lines" is exact. */
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    int row = 0;
    size_t pos = 0;
    while (pos <= len) {
        size_t end = pos;
        while (end < len && text[end] != '\n')
            end++;
        size_t line_len = end - pos;
        if (line_len > 0 && text[end - 1] == '\r')
            line_len--;
        if (row >= SEA_H)
            return ws_fail(err, WS_ERR_PARSE, "%s: more than %d lines (a board is %dx%d)", name,
                           SEA_H, SEA_W, SEA_H);
        if (line_len != SEA_W)
            return ws_fail(err, WS_ERR_PARSE, "%s: line %d has %zu characters, expected %d",
                           name, row + 1, line_len, SEA_W);
        for (int x = 0; x < SEA_W; x++) {
            char c = text[pos + (size_t)x];
            SeaMark m;
            switch (c) {
            case '.':
                m = SEA_UNKNOWN;
                break;
            case 'o':
                m = SEA_MISS;
                break;
            case 'x':
                m = SEA_HIT;
                break;
            case '#':
                m = SEA_SUNK;
                break;
            default:
                if (c >= 32 && c < 127)
                    return ws_fail(err, WS_ERR_PARSE,
                                   "%s: line %d column %d: unknown character '%c' (use . o x #)",
                                   name, row + 1, x + 1, c);
                return ws_fail(err, WS_ERR_PARSE,
                               "%s: line %d column %d: unknown character 0x%02x (use . o x #)",
                               name, row + 1, x + 1, (unsigned)(unsigned char)c);
            }
            board->mark[row * SEA_W + x] = (uint8_t)m;
        }
        row++;
        pos = end + 1;
    }
    if (row != SEA_H)
        return ws_fail(err, WS_ERR_PARSE, "%s: %d lines, expected %d (a board is %dx%d)", name,
                       row, SEA_H, SEA_W, SEA_H);
    return WS_OK;
}

/* ======================================================================== */
/* Board checks                                                              */
/* ======================================================================== */

int sea_board_groups(const SeaBoard *b, SeaMark mark, int group[SEA_CELLS]) {
    int queue[SEA_CELLS];
    int groups = 0;
    for (int i = 0; i < SEA_CELLS; i++)
        group[i] = -1;
    for (int start = 0; start < SEA_CELLS; start++) {
        if (b->mark[start] != mark || group[start] >= 0)
            continue;
        int head = 0, tail = 0;
        queue[tail++] = start;
        group[start] = groups;
        while (head < tail) {
            int c = queue[head++];
            for (int d = 0; d < DIR_COUNT; d++) {
                int x = c % SEA_W + DIR_DX[d], y = c / SEA_W + DIR_DY[d];
                if (!on_board(x, y))
                    continue;
                int n = y * SEA_W + x;
                if (b->mark[n] == mark && group[n] < 0) {
                    group[n] = groups;
                    queue[tail++] = n;
                }
            }
        }
        groups++;
    }
    return groups;
}

/* Shape of one group: size, first cell, and whether it is a straight line. */
typedef struct GroupShape {
    int size, first;
    int min_x, max_x, min_y, max_y;
} GroupShape;

static void group_shapes(const int group[SEA_CELLS], int groups, GroupShape *shape) {
    for (int g = 0; g < groups; g++) {
        shape[g].size = 0;
        shape[g].first = -1;
    }
    for (int c = 0; c < SEA_CELLS; c++) {
        int g = group[c];
        if (g < 0)
            continue;
        int x = c % SEA_W, y = c / SEA_W;
        GroupShape *s = &shape[g];
        if (s->size++ == 0) {
            s->first = c;
            s->min_x = s->max_x = x;
            s->min_y = s->max_y = y;
        } else {
            s->min_x = x < s->min_x ? x : s->min_x;
            s->max_x = x > s->max_x ? x : s->max_x;
            s->min_y = y < s->min_y ? y : s->min_y;
            s->max_y = y > s->max_y ? y : s->max_y;
        }
    }
}

static bool shape_is_straight(const GroupShape *s) {
    return s->min_x == s->max_x || s->min_y == s->max_y;
}

WsStatus sea_board_check(const SeaBoard *board, SeaLeft *left, WsError *err) {
    int sunk_group[SEA_CELLS], hit_group[SEA_CELLS];
    GroupShape sunk[SEA_CELLS], hit[SEA_CELLS];
    int sunk_n = sea_board_groups(board, SEA_SUNK, sunk_group);
    int hit_n = sea_board_groups(board, SEA_HIT, hit_group);
    group_shapes(sunk_group, sunk_n, sunk);
    group_shapes(hit_group, hit_n, hit);
    char a[4], b[4];

    SeaLeft rest = {{0}, 0};
    for (int i = 0; i < SEA_SHIP_COUNT; i++)
        rest.count[SEA_FLEET[i]]++;
    for (int g = 0; g < sunk_n; g++) {
        sea_cell_name(sunk[g].first, a);
        if (!shape_is_straight(&sunk[g]))
            return ws_fail(err, WS_ERR_PARSE, "the sunk ship at %s is bent (ships are straight)",
                           a);
        if (sunk[g].size > SEA_MAX_LEN)
            return ws_fail(err, WS_ERR_PARSE,
                           "the sunk ship at %s is %d cells long (the longest ship has %d)", a,
                           sunk[g].size, SEA_MAX_LEN);
        rest.count[sunk[g].size]--;
    }
    for (int len = 1; len <= SEA_MAX_LEN; len++) {
        if (rest.count[len] < 0) {
            int have = 0;
            for (int i = 0; i < SEA_SHIP_COUNT; i++)
                have += SEA_FLEET[i] == len;
            return ws_fail(err, WS_ERR_PARSE,
                           "%d sunk %d-cell ships on the board, but the fleet has only %d",
                           have - rest.count[len], len, have);
        }
        rest.ships += rest.count[len];
    }

    /* Ships never touch: no two different groups (sunk or hit) may be 8-neighbours. */
    for (int c = 0; c < SEA_CELLS; c++) {
        if (board->mark[c] != SEA_SUNK && board->mark[c] != SEA_HIT)
            continue;
        int x = c % SEA_W, y = c / SEA_W;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!on_board(x + dx, y + dy) || (dx == 0 && dy == 0))
                    continue;
                int n = (y + dy) * SEA_W + x + dx;
                bool same = board->mark[n] == board->mark[c] &&
                            (board->mark[c] == SEA_SUNK ? sunk_group[n] == sunk_group[c]
                                                        : hit_group[n] == hit_group[c]);
                if (board->mark[n] != SEA_SUNK && board->mark[n] != SEA_HIT)
                    continue;
                if (same)
                    continue;
                sea_cell_name(c, a);
                sea_cell_name(n, b);
                if (board->mark[c] == SEA_SUNK && board->mark[n] == SEA_SUNK)
                    return ws_fail(err, WS_ERR_PARSE,
                                   "the sunk ships at %s and %s touch (ships never touch)", a, b);
                if (board->mark[c] == SEA_HIT && board->mark[n] == SEA_HIT)
                    return ws_fail(err, WS_ERR_PARSE,
                                   "the hits at %s and %s touch at a corner (ships never touch)",
                                   a, b);
                if (board->mark[c] == SEA_HIT)
                    return ws_fail(err, WS_ERR_PARSE,
                                   "the hit at %s touches the sunk ship at %s (ships never touch)",
                                   a, b);
            }
    }
    for (int g = 0; g < hit_n; g++) {
        sea_cell_name(hit[g].first, a);
        if (!shape_is_straight(&hit[g]))
            return ws_fail(err, WS_ERR_PARSE, "the hits at %s form a bent line (ships are straight)",
                           a);
        if (sea_left_shortest(&rest, hit[g].size + 1) == 0)
            return ws_fail(err, WS_ERR_PARSE,
                           "the %d hit(s) at %s belong to a floating ship, but no remaining ship "
                           "is longer than %d",
                           hit[g].size, a, hit[g].size);
    }
    if (left != NULL)
        *left = rest;
    return WS_OK;
}

void sea_board_blocked(const SeaBoard *board, uint8_t blocked[SEA_CELLS]) {
    for (int c = 0; c < SEA_CELLS; c++)
        blocked[c] = board->mark[c] == SEA_MISS || board->mark[c] == SEA_SUNK;
    for (int c = 0; c < SEA_CELLS; c++) {
        if (board->mark[c] != SEA_SUNK)
            continue;
        int x = c % SEA_W, y = c / SEA_W;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if (on_board(x + dx, y + dy))
                    blocked[(y + dy) * SEA_W + x + dx] = 1;
    }
}

/* ======================================================================== */
/* Fleet                                                                     */
/* ======================================================================== */

static const char *const PLACEMENT_NAMES[SEA_PLACE_COUNT] = {"random", "edges"};

const char *sea_placement_name(SeaPlacement how) {
    return names_of(PLACEMENT_NAMES, SEA_PLACE_COUNT, (int)how);
}



/* Whether `s` lies on the board and neither covers nor touches a cell owned by a ship. */
static bool ship_fits(const SeaFleet *f, const SeaShip *s) {
    int dx = s->vertical ? 0 : 1, dy = s->vertical ? 1 : 0;
    int end_x = s->x + dx * (s->len - 1), end_y = s->y + dy * (s->len - 1);
    if (!on_board(s->x, s->y) || !on_board(end_x, end_y))
        return false;
    for (int y = s->y - 1; y <= end_y + 1; y++)
        for (int x = s->x - 1; x <= end_x + 1; x++)
            if (on_board(x, y) && f->owner[y * SEA_W + x] != SEA_NO_SHIP)
                return false;
    return true;
}

static void ship_mark(SeaFleet *f, int index) {
    const SeaShip *s = &f->ship[index];
    for (int k = 0; k < s->len; k++) {
        int x = s->x + (s->vertical ? 0 : k), y = s->y + (s->vertical ? k : 0);
        f->owner[y * SEA_W + x] = (int8_t)index;
    }
}

/* One candidate position for a ship of length len. `random`: any direction
 * and position. `edges`: ships of 2+ cells lie along one of the four borders
 * (side drawn first, then the offset along it), which leaves the open middle,
 * where a count-based hunter shoots first, to the 1-cell ships. */
static SeaShip draw_ship(int len, SeaPlacement how, Rng *rng) {
    SeaShip s = {0, 0, len, false};
    if (how == SEA_PLACE_EDGES && len > 1) {
        uint32_t side = rng_bounded(rng, 4); /* up, right, down, left */
        int along = (int)rng_bounded(rng, (uint32_t)(SEA_W - len + 1));
        s.vertical = side == 1 || side == 3;
        s.x = side == 1 ? SEA_W - 1 : side == 3 ? 0 : along;
        s.y = side == 0 ? 0 : side == 2 ? SEA_H - 1 : along;
        return s;
    }
    s.vertical = len > 1 && rng_bounded(rng, 2) == 1;
    s.x = (int)rng_bounded(rng, (uint32_t)(s.vertical ? SEA_W : SEA_W - len + 1));
    s.y = (int)rng_bounded(rng, (uint32_t)(s.vertical ? SEA_H - len + 1 : SEA_H));
    return s;
}

void sea_fleet_place(SeaFleet *fleet, SeaPlacement how, Rng *rng) {
    for (;;) {
        memset(fleet->owner, SEA_NO_SHIP, sizeof fleet->owner);
        bool ok = true;
        for (int i = 0; ok && i < SEA_SHIP_COUNT; i++) {
            ok = false;
            for (int t = 0; t < SEA_PLACE_TRIES && !ok; t++) {
                fleet->ship[i] = draw_ship(SEA_FLEET[i], how, rng);
                ok = ship_fits(fleet, &fleet->ship[i]);
            }
            if (ok)
                ship_mark(fleet, i);
        }
        if (ok)
            return;
    }
}

bool sea_fleet_is_legal(const SeaFleet *fleet) {
    SeaFleet check;
    memset(check.owner, SEA_NO_SHIP, sizeof check.owner);
    for (int i = 0; i < SEA_SHIP_COUNT; i++) {
        check.ship[i] = fleet->ship[i];
        if (fleet->ship[i].len != SEA_FLEET[i] || !ship_fits(&check, &check.ship[i]))
            return false;
        ship_mark(&check, i);
    }
    return memcmp(check.owner, fleet->owner, sizeof check.owner) == 0;
}

/* ======================================================================== */
/* Game                                                                      */
/* ======================================================================== */

void sea_game_reset(SeaGame *game, uint64_t seed, SeaPlacement how) {
    memset(game, 0, sizeof *game);
    game->seed = seed;
    game->placement = how;
    game->last_cell = -1;
    Rng place;
    rng_init(&place, seed, RNG_STREAM_PLACE);
    sea_fleet_place(&game->fleet, how, &place);
}

void sea_game_forfeit(SeaGame *game) {
    if (!sea_game_is_over(game))
        game->forfeit = true;
}

SeaShot sea_game_shoot(SeaGame *game, int cell) {
    if (game->forfeit || cell < 0 || cell >= SEA_CELLS || game->seen.mark[cell] != SEA_UNKNOWN)
        return SEA_SHOT_INVALID;
    game->shots++;
    game->shot[cell] = 1;
    game->last_cell = cell;
    int owner = game->fleet.owner[cell];
    if (owner == SEA_NO_SHIP) {
        game->seen.mark[cell] = SEA_MISS;
        return SEA_SHOT_MISS;
    }
    game->hits++;
    game->seen.mark[cell] = SEA_HIT;
    const SeaShip *s = &game->fleet.ship[owner];
    if (++game->ship_hits[owner] < s->len)
        return SEA_SHOT_HIT;
    /* Sunk: the ship becomes '#', and since ships never touch, its halo is water. */
    game->sunk++;
    int end_x = s->x + (s->vertical ? 0 : s->len - 1), end_y = s->y + (s->vertical ? s->len - 1 : 0);
    for (int y = s->y - 1; y <= end_y + 1; y++)
        for (int x = s->x - 1; x <= end_x + 1; x++) {
            if (!on_board(x, y))
                continue;
            int c = y * SEA_W + x;
            if (game->fleet.owner[c] == owner)
                game->seen.mark[c] = SEA_SUNK;
            else if (game->seen.mark[c] == SEA_UNKNOWN)
                game->seen.mark[c] = SEA_MISS;
        }
    return SEA_SHOT_SUNK;
}
