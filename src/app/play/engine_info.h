/* engine_info.h - what an engine said it thought, for one answer: its
 * `info` lines (docs/engines.md), read by the client as they come and kept
 * per tick by the window in a compact text form (engine_log.h).
 *
 *   info path x1 y1 ...   its planned path (at most W*H cells)
 *   info cells x1 y1 ...  cells to highlight (at most W*H)
 *   info wave V1 ... Vn   exactly W*H integers, row-major, -1..2^31-1 (-1: none)
 *   info text WORDS       the reason line (cut to ENGINE_TEXT_MAX bytes, and
 *                         before a space the cut lands on)
 *   info OTHER ...        ignored (a future kind)
 *
 * A later line of a kind replaces the earlier one of that answer. An
 * EngineInfo is sized once per board (engine_info_init) and reused.
 */
#ifndef WS_ENGINE_INFO_H
#define WS_ENGINE_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ws_error.h"

enum { ENGINE_TEXT_MAX = 160 }; /* bytes of `info text` kept */

/* What an engine said it thought, for one answer: sized once per board. */
typedef struct EngineInfo {
    int w, h, cells; /* the board the buffers are sized for */
    int32_t *path;   /* cells (y * w + x) of `info path`, path_len of them */
    int path_len;
    int32_t *mark; /* cells of `info cells`, mark_len of them */
    int mark_len;
    int32_t *wave; /* cells values of `info wave` (-1 none); valid when has_wave */
    bool has_wave;
    char text[ENGINE_TEXT_MAX + 1]; /* `info text`, "" when none; printable ASCII */
} EngineInfo;

/* Sizes info for a w x h board (no info). engine_info_deinit frees it. */
WsStatus engine_info_init(EngineInfo *info, int w, int h, WsError *err);
void engine_info_deinit(EngineInfo *info);
void engine_info_clear(EngineInfo *info);

/* The longest engine_info_format of any info on a w x h board, with its NUL. */
size_t engine_info_format_max(int w, int h);

/* Writes info as canonical `info` lines ("info path ...\n" etc., only the
 * kinds present; "" when none) into buf, NUL-terminated; returns the bytes
 * written without the NUL. cap >= engine_info_format_max(w, h) always fits.
 * This is the compact form to keep per tick: short when the engine said
 * little, and engine_info_parse reads it back. */
size_t engine_info_format(const EngineInfo *info, char *buf, size_t cap);

/* Reads lines written by engine_info_format (or any accepted `info` lines)
 * into info (sized by engine_info_init for the board), replacing what it
 * held. WS_ERR_PARSE, one line, when a line is not a valid info line. */
WsStatus engine_info_parse(EngineInfo *info, const char *text, size_t len, WsError *err);

/* Reads one `info` line (the whole line, its shape already checked with
 * engine_line_shape) into info, replacing that kind's earlier value. NULL
 * when fine (an unknown kind is fine and ignored), else what is wrong. */
const char *engine_info_line(EngineInfo *info, const char *s, size_t n);

#endif
