/* The `dmap` and `fsm` text tools. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dmap.h"
#include "fileio.h"
#include "monster.h"
#include "textmap.h"
#include "tools.h"
#include "tools_arena.h"

enum { TOOL_GOLD_LIMIT = 1000000 };

int tool_dmap(int argc, char **argv) {
    const char *map_path = NULL;
    long gold = 0;
    bool safety = false;
    for (int i = 0; i < argc; i++) {
        const char *v = NULL;
        if (strcmp(argv[i], "--safety") == 0) {
            safety = true;
        } else if (cli_take_value(argc, argv, &i, "--gold", &v)) {
            if (v == NULL || !cli_parse_long(v, -TOOL_GOLD_LIMIT, TOOL_GOLD_LIMIT, "--gold", &gold))
                return CLI_EXIT_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return cli_usage_error("dmap: unknown option '%s' (usage: wavesnake dmap MAP "
                                   "[--gold V] [--safety])",
                                   argv[i]);
        } else if (map_path == NULL) {
            map_path = argv[i];
        } else {
            return cli_usage_error("usage: wavesnake dmap MAP [--gold V] [--safety]");
        }
    }
    if (map_path == NULL)
        return cli_usage_error("usage: wavesnake dmap MAP [--gold V] [--safety]");
    TextMap map = {0};
    if (!tool_load_map(map_path, &map))
        return CLI_EXIT_USAGE;
    int n = map.w * map.h, status = CLI_EXIT_USAGE, count = 0, heroes = 0;
    uint8_t *blocked = malloc((size_t)n);
    DMapSource *src = malloc((size_t)n * sizeof *src);
    DMap base = {0}, flee = {0};
    WsError err = {0};
    if (blocked == NULL || src == NULL || dmap_init(&base, map.w, map.h, &err) != WS_OK ||
        dmap_init(&flee, map.w, map.h, &err) != WS_OK) {
        status = cli_usage_error("%s: out of memory", map_path);
        goto done;
    }
    textmap_to_blocked(&map, blocked);
    for (int c = 0; c < n; c++) {
        if (map.cells[c] == '@') {
            src[count++] = (DMapSource){c, 0};
            heroes++;
        } else if (map.cells[c] == '$' && !safety) {
            src[count++] = (DMapSource){c, (int32_t)gold};
        }
    }
    if (heroes == 0) {
        status = cli_usage_error("%s: the map has no '@' (the hero is the map's source)", map_path);
        goto done;
    }
    dmap_compute(&base, blocked, src, count);
    const DMap *out = &base;
    if (safety) {
        dmap_compute_safety(&flee, &base, blocked);
        out = &flee;
    }
    for (int y = 0; y < map.h; y++) {
        for (int x = 0; x < map.w; x++) {
            int c = y * map.w + x;
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
    status = CLI_EXIT_OK;
done:
    dmap_deinit(&flee);
    dmap_deinit(&base);
    free(src);
    free(blocked);
    textmap_deinit(&map);
    return status;
}

int tool_fsm(int argc, char **argv) {
    if (argc != 2)
        return cli_usage_error("usage: wavesnake fsm MAP SCRIPT");
    TextMap map = {0};
    if (!tool_load_map(argv[0], &map))
        return CLI_EXIT_USAGE;
    int status = CLI_EXIT_USAGE;
    char *text = NULL;
    size_t len = 0;
    WsError err = {0};
    MonScript script = {0};
    TeachWorld world = {0};
    uint8_t *blocked = malloc((size_t)map.w * (size_t)map.h);
    if (blocked == NULL) {
        status = cli_usage_error("%s: out of memory", argv[0]);
        goto done;
    }
    textmap_to_blocked(&map, blocked);
    if (fileio_read(argv[1], "script", FILEIO_MAX_BYTES, &text, &len, &err) != WS_OK ||
        monster_script_parse(&script, text, len, argv[1], map.w, map.h, blocked, &err) != WS_OK ||
        monster_teach_init(&world, map.w, map.h, blocked, &err) != WS_OK) {
        status = cli_usage_error("%s", err.msg);
        goto done;
    }
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
        printf("enemy (%d, %d), path %d, life %d\n", r.cell % map.w, r.cell / map.w, r.path_len,
               r.life);
    }
    status = CLI_EXIT_OK;
done:
    monster_teach_deinit(&world);
    monster_script_deinit(&script);
    free(text);
    free(blocked);
    textmap_deinit(&map);
    return status;
}
