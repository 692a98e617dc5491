/* The table of text tools: main dispatches by it, --help lists it. */
#include <string.h>

#include "tools.h"

static const Tool TOOLS[] = {
    {&TOOL_WAVE, tool_wave}, {&TOOL_PATH, tool_path},     {&TOOL_DMAP, tool_dmap},
    {&TOOL_FSM, tool_fsm},   {&TOOL_COUNTS, tool_counts}, {&TOOL_SHOT, tool_shot}, {&TOOL_MERGE, tool_merge},
};

const Tool *tools_list(int *count) {
    *count = (int)(sizeof TOOLS / sizeof TOOLS[0]);
    return TOOLS;
}

const Tool *tools_find(const char *name) {
    for (size_t i = 0; i < sizeof TOOLS / sizeof TOOLS[0]; i++)
        if (strcmp(name, TOOLS[i].cmd->name) == 0)
            return &TOOLS[i];
    return NULL;
}
