/* monster_script.h - the `wavesnake fsm` script: an enemy and the turns it lives through.
 *
 * A script is text: an `enemy X Y STATE LIFE` line, then one `turn HX HY HIT
 * HIDDEN` line per turn (docs/formats.md#fsm-scripts). Parsing checks every
 * line against the map, so the teaching machine (monster.h) only ever sees a
 * valid enemy and valid turns. MonScript owns its turns; the text is borrowed
 * for the call only.
 */
#ifndef WS_MONSTER_SCRIPT_H
#define WS_MONSTER_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "monster.h"
#include "ws_error.h"

/* A parsed script: `enemy X Y STATE LIFE`, then `turn HX HY HIT HIDDEN` lines. */
typedef struct MonScript {
    int enemy_cell;
    MonState state;
    int life;
    TeachTurn *turns; /* owned */
    int count;
} MonScript;

/* Parses a script for a w x h map (blocked: nonzero = wall). Every malformed
 * line, unknown state, negative hit, HIDDEN other than 0/1, or enemy/hero
 * outside the map or on a wall is an error naming `name` and the line. Blank
 * lines are ignored. On failure s is zeroed. */
WsStatus monster_script_parse(MonScript *s, const char *text, size_t len, const char *name, int w,
                              int h, const uint8_t *blocked, WsError *err);
void monster_script_deinit(MonScript *s);

#endif
