/* tools.h - the text tools (docs/formats.md#text-tools): wave, path, dmap, fsm,
 * counts, shot; and merge (the summary of a sharded snake run or match).
 *
 * Each tool is an entry point: it takes argv after its name, parses it with
 * its OptCommand (its arguments and options, also shown by --help), prints
 * its result to stdout and returns an exit status (report.h: 0, or 2 on bad
 * input with one line on stderr).
 */
#ifndef WS_TOOLS_H
#define WS_TOOLS_H

#include <stdbool.h>
#include <stdio.h>

#include "optparse.h"
#include "ws_error.h"

/* A text tool: its command line and its entry point. */
typedef struct Tool {
    const OptCommand *cmd;
    int (*run)(int argc, char **argv);
} Tool;

/* Every text tool, in --help order; *count gets how many. */
const Tool *tools_list(int *count);

/* The tool named `name`, or NULL. */
const Tool *tools_find(const char *name);

/* The tools, by file: tool_grid.c (BFS), tool_arena.c (Dijkstra maps and the
 * teaching state machine), tool_sea.c (placement counts and the next shot). */
extern const OptCommand TOOL_WAVE, TOOL_PATH, TOOL_DMAP, TOOL_FSM, TOOL_COUNTS, TOOL_SHOT;
extern const OptCommand TOOL_MERGE;
/* merge below its entry point: reads the shards' files (JSON lines or
 * traces) and prints the one summary to out (json: as a JSON object); a
 * note about games missing from a run stopped early goes to stderr. Fails
 * with one line in err (WS_ERR_PARSE, WS_ERR_IO) and prints nothing. */
WsStatus merge_files(int nfiles, char *const *paths, bool json, FILE *out, WsError *err);
int tool_wave(int argc, char **argv);
int tool_path(int argc, char **argv);
int tool_dmap(int argc, char **argv);
int tool_fsm(int argc, char **argv);
int tool_counts(int argc, char **argv);
int tool_shot(int argc, char **argv);
/* merge.c: the summary of a snake run from its shards' JSON lines or traces,
 * or of a match from its shards' JSON lines (merge_match.c). */
int tool_merge(int argc, char **argv);

#endif
