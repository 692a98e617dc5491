/* sea_rows.h - sea boards for tests, written as ten rows of ten characters.
 *
 * The rows go through the real board-file parser (sea_board_parse), so tests
 * and the `counts` / `shot` tools read one format. A malformed test row
 * fails the calling Check test.
 */
#ifndef WS_SEA_ROWS_H
#define WS_SEA_ROWS_H

#include "sea.h"

SeaBoard sea_rows_board(const char *const rows[SEA_H]);

#endif
