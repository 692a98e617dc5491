#include "sea_rows.h"

#include <check.h>
#include <string.h>

SeaBoard sea_rows_board(const char *const rows[SEA_H]) {
    char text[SEA_H * (SEA_W + 1) + 1];
    size_t n = 0;
    for (int y = 0; y < SEA_H; y++) {
        ck_assert_msg(strlen(rows[y]) == SEA_W, "test row %d is not %d long", y, SEA_W);
        memcpy(text + n, rows[y], SEA_W);
        n += SEA_W;
        text[n++] = '\n';
    }
    text[n] = '\0';
    SeaBoard b;
    WsError err = {0};
    ck_assert_msg(sea_board_parse(&b, text, n, "test", &err) == WS_OK, "%s", err.msg);
    return b;
}
