/* tools_arena.h - the arena's text tools (SPEC "Text tools"): `dmap` prints
 * a Dijkstra or safety map, `fsm` replays the teaching state machine. Each
 * takes argv after its name, prints to stdout and returns an exit status
 * (0, or 2 on bad input with one line on stderr). */
#ifndef WS_TOOLS_ARENA_H
#define WS_TOOLS_ARENA_H

int tool_dmap(int argc, char **argv);
int tool_fsm(int argc, char **argv);

#endif
