/* Fuzzes the teaching state machine's script reader and its replay
 * (`wavesnake fsm MAP SCRIPT`). The input is a script for the golden level
 * map, or a map and a script: the map, a line "%%", then the script. */
#include "fuzz.h"

#include "monster.h"
#include "monster_script.h"
#include "textmap.h"

static const char *find_split(const char *text, size_t len, size_t *at) {
    static const char SEP[] = "\n%%\n";
    for (size_t i = 0; i + 4 <= len; i++)
        if (memcmp(text + i, SEP, 4) == 0) {
            *at = i;
            return text + i + 4;
        }
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    const char *map_text = FUZZ_LEVEL, *script = text;
    size_t map_len = sizeof FUZZ_LEVEL - 1, script_len = size, at = 0;
    const char *after = find_split(text, size, &at);
    if (after != NULL) {
        map_text = text;
        map_len = at + 1;
        script = after;
        script_len = size - (size_t)(after - text);
    }
    TextMap map = {0};
    WsError err = {0};
    WsStatus st = textmap_parse(&map, map_text, map_len, "map\x9b.txt", &err);
    fuzz_check_error(st, &err, "textmap_parse");
    if (st != WS_OK)
        return 0;
    uint8_t *blocked = malloc((size_t)map.w * (size_t)map.h);
    MonScript s = {0};
    TeachWorld world = {0};
    if (blocked != NULL) {
        textmap_to_blocked(&map, blocked);
        st = monster_script_parse(&s, script, script_len, "fuzz\x1b.script", map.w, map.h, blocked,
                                  &err);
        fuzz_check_error(st, &err, "monster_script_parse");
        if (st == WS_OK && monster_teach_init(&world, map.w, map.h, blocked, &err) == WS_OK) {
            TeachEnemy e;
            monster_teach_start(&e, s.enemy_cell, s.state, s.life);
            for (int i = 0; i < s.count; i++) {
                TeachResult r;
                monster_teach_turn(&world, &e, i + 1, &s.turns[i], &r);
                if (r.cell < 0 || r.cell >= map.w * map.h || blocked[r.cell] || r.life < 0) {
                    fprintf(stderr, "turn %d: enemy at %d (life %d): off the floor\n", i + 1,
                            r.cell, r.life);
                    abort();
                }
            }
        }
    }
    monster_teach_deinit(&world);
    monster_script_deinit(&s);
    free(blocked);
    textmap_deinit(&map);
    return 0;
}
