/* The `dmap` and `fsm` text tools. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmap.h"
#include "fileio.h"
#include "map_file.h"
#include "monster.h"
#include "monster_script.h"
#include "report.h"
#include "textmap.h"
#include "tools.h"

/* ======================================================================== */
/* Command lines                                                             */
/* ======================================================================== */

enum { TOOL_GOLD_LIMIT = 1000000 };

typedef struct DmapArgs {
    const char *map;
    long gold;
    bool safety;
} DmapArgs;

/* clang-format off */
static const OptSpec DMAP_ARGS[] = {
    {.name = "MAP", .kind = OPT_TEXT, .at = offsetof(DmapArgs, map)},
};
static const OptSpec DMAP_OPTS[] = {
    {.name = "--gold", .kind = OPT_LONG, .meta = "V", .lo = -TOOL_GOLD_LIMIT,
     .hi = TOOL_GOLD_LIMIT, .at = offsetof(DmapArgs, gold)},
    {.name = "--safety", .kind = OPT_FLAG, .at = offsetof(DmapArgs, safety)},
};
const OptCommand TOOL_DMAP = {
    .name = "dmap", .label = "dmap", .args = DMAP_ARGS, .nargs = 1, .nargs_min = 1,
    .opts = DMAP_OPTS, .nopts = 2,
    .summary = "Dijkstra map from '@' (0) and '$' (V); --safety:\n"
               "the flee map (hero map * -6/5, relaxed)"};
/* clang-format on */

typedef struct FsmArgs {
    const char *map, *script;
} FsmArgs;

/* clang-format off */
static const OptSpec FSM_ARGS[] = {
    {.name = "MAP", .kind = OPT_TEXT, .at = offsetof(FsmArgs, map)},
    {.name = "SCRIPT", .kind = OPT_TEXT, .at = offsetof(FsmArgs, script)},
};
const OptCommand TOOL_FSM = {.name = "fsm", .label = "fsm", .args = FSM_ARGS, .nargs = 2,
                             .nargs_min = 2,
                             .summary = "replay the teaching monster state machine"};
/* clang-format on */

/* What a tool does once its command line is parsed and its map loaded. */
typedef WsStatus (*MapToolFn)(const void *args, const TextMap *map, WsError *err);

/* The entry point of a tool that reads a map: parses argv into args,
 * loads the map *map_path (a field of args) names, runs body, reports. */
static int run_map_tool(const OptCommand *cmd, int argc, char **argv, void *args,
                        const char *const *map_path, MapToolFn body) {
    TextMap map = {0};
    WsError err = {0};
    WsStatus st = optparse_parse(cmd, argc, argv, args, &err);
    if (st == WS_OK)
        st = map_file_load(*map_path, &map, NULL, NULL, &err);
    if (st == WS_OK)
        st = body(args, &map, &err);
    textmap_deinit(&map);
    return report_status(st, &err);
}

/* ======================================================================== */
/* dmap                                                                      */
/* ======================================================================== */

/* MapToolFn: the map's Dijkstra map (or flee map) as rows of numbers. */
static WsStatus dmap_print(const void *dmap_args, const TextMap *map, WsError *err) {
    const DmapArgs *args = dmap_args;
    int n = map->w * map->h, count = 0;
    uint8_t *blocked = malloc((size_t)n);
    DMapSource *src = malloc((size_t)n * sizeof *src);
    DMap base = {0}, flee = {0};
    WsStatus st = WS_OK;
    char q[WS_QUOTE_SIZE];
    if (blocked == NULL || src == NULL || dmap_init(&base, map->w, map->h, err) != WS_OK ||
        dmap_init(&flee, map->w, map->h, err) != WS_OK) {
        st = ws_fail(err, WS_ERR_NOMEM, "%s: out of memory", ws_quote(q, sizeof q, args->map));
        goto done;
    }
    textmap_to_blocked(map, blocked);
    for (int c = 0; c < n; c++) {
        if (map->cells[c] == '@') {
            src[count++] = (DMapSource){c, 0};
        } else if (map->cells[c] == '$' && !args->safety) {
            src[count++] = (DMapSource){c, (int32_t)args->gold};
        }
    }
    /* A map without '@' (or without any source) is no error: the cells no
     * source reaches print '.', as every unreached cell does. */
    dmap_compute(&base, blocked, src, count);
    const DMap *out = &base;
    if (args->safety) {
        dmap_compute_safety(&flee, &base, blocked);
        out = &flee;
    }
    for (int y = 0; y < map->h; y++) {
        for (int x = 0; x < map->w; x++) {
            int c = y * map->w + x;
            if (x > 0)
                putchar(' ');
            if (blocked[c])
                putchar('#');
            else if (out->value[c] == DMAP_UNREACHED)
                putchar('.');
            else
                printf("%d", (int)out->value[c]);
        }
        putchar('\n');
    }
done:
    dmap_deinit(&flee);
    dmap_deinit(&base);
    free(src);
    free(blocked);
    return st;
}

int tool_dmap(int argc, char **argv) {
    DmapArgs args = {0};
    return run_map_tool(&TOOL_DMAP, argc, argv, &args, &args.map, dmap_print);
}

/* ======================================================================== */
/* fsm                                                                       */
/* ======================================================================== */

/* MapToolFn: replays the script on the map, one line per turn. */
static WsStatus fsm_replay(const void *fsm_args, const TextMap *map, WsError *err) {
    const FsmArgs *args = fsm_args;
    char *text = NULL;
    size_t len = 0;
    MonScript script = {0};
    TeachWorld world = {0};
    char q[WS_QUOTE_SIZE];
    uint8_t *blocked = malloc((size_t)map->w * (size_t)map->h);
    WsStatus st = blocked == NULL ? ws_fail(err, WS_ERR_NOMEM, "%s: out of memory",
                                            ws_quote(q, sizeof q, args->map))
                                  : WS_OK;
    if (st == WS_OK) {
        textmap_to_blocked(map, blocked);
        st = fileio_read(args->script, "script", FILEIO_MAX_BYTES, &text, &len, err);
    }
    if (st == WS_OK)
        st = monster_script_parse(&script, text, len, args->script, map->w, map->h, blocked, err);
    if (st == WS_OK)
        st = monster_teach_init(&world, map->w, map->h, blocked, err);
    if (st == WS_OK) {
        TeachEnemy e;
        monster_teach_start(&e, script.enemy_cell, script.state, script.life);
        for (int i = 0; i < script.count; i++) {
            TeachResult r;
            monster_teach_turn(&world, &e, i + 1, &script.turns[i], &r);
            if (r.old_state != r.new_state)
                printf("turn %d: %s -> %s, ", i + 1, monster_state_name(r.old_state),
                       monster_state_name(r.new_state));
            else
                printf("turn %d: %s, ", i + 1, monster_state_name(r.new_state));
            printf("enemy (%d, %d), path %d, life %d\n", r.cell % map->w, r.cell / map->w,
                   r.path_len, r.life);
        }
    }
    monster_teach_deinit(&world);
    monster_script_deinit(&script);
    free(text);
    free(blocked);
    return st;
}

int tool_fsm(int argc, char **argv) {
    FsmArgs args = {0};
    return run_map_tool(&TOOL_FSM, argc, argv, &args, &args.map, fsm_replay);
}
