/* The replay session: a trace indexed and checked, the game to show loaded. */
#include "replay_session.h"

#include <string.h>
#include <sys/stat.h>

static long default_tick(const TraceGame *gm) {
    return gm->steps > REPLAY_DEFAULT_BEFORE_END ? gm->steps - REPLAY_DEFAULT_BEFORE_END : 0;
}

WsStatus replay_session_load(ReplaySession *s, long i, WsError *err) {
    SnakeHistory h;
    snake_history_init(&h);
    TraceSource src = {s->path, s->kept ? &s->text : NULL};
    WsStatus st = trace_load_game(&src, &s->index, i, &h, err);
    if (st != WS_OK) {
        snake_history_deinit(&h);
        return st;
    }
    snake_history_deinit(&s->history);
    s->history = h;
    s->current = i;
    s->tick = default_tick(&s->index.games[i]);
    return WS_OK;
}

WsStatus replay_session_open(ReplaySession *s, const AppOptions *opts, WsError *err) {
    memset(s, 0, sizeof *s);
    s->path = opts->replay;
    snake_history_init(&s->history);
    /* A pipe cannot be read twice: its bytes are kept as it is indexed. A
     * regular file is read again at the game's offset instead (memory stays
     * one game's history, whatever the file's size). */
    struct stat sb;
    s->kept = !(stat(s->path, &sb) == 0 && S_ISREG(sb.st_mode));
    WsStatus st = trace_index_build(&s->index, s->path, s->kept ? &s->text : NULL, err);
    if (st != WS_OK) {
        replay_session_close(s);
        return st;
    }
    long i = trace_index_default(&s->index);
    if (opts->replay_game_given) {
        i = trace_index_find(&s->index, opts->replay_game);
        if (i < 0) {
            const TraceIndex *x = &s->index;
            st = ws_fail(err, WS_ERR_ARG,
                         "--game %ld: '%s' has no game %ld (it has %ld, numbered %ld to %ld%s)",
                         opts->replay_game, s->path, opts->replay_game, x->count,
                         x->games[0].number, x->games[x->count - 1].number,
                         x->cut.status != WS_OK ? ", then it is cut off" : "");
        }
    }
    const TraceGame *gm = i >= 0 ? &s->index.games[i] : NULL;
    if (st == WS_OK && opts->replay_tick_given && opts->replay_tick > gm->steps)
        st = ws_fail(err, WS_ERR_ARG,
                     "--tick %ld: game %ld ends at tick %ld, the last valid tick (use 0..%ld)",
                     opts->replay_tick, gm->number, gm->steps, gm->steps);
    if (st == WS_OK)
        st = replay_session_load(s, i, err);
    if (st == WS_OK && opts->replay_tick_given)
        s->tick = opts->replay_tick;
    if (st != WS_OK)
        replay_session_close(s);
    return st;
}

void replay_session_close(ReplaySession *s) {
    trace_index_free(&s->index);
    trace_buf_free(&s->text);
    snake_history_deinit(&s->history);
    memset(s, 0, sizeof *s);
}
