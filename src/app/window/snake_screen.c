/* snake_screen.c - one snake game on screen with its history (snake_screen.h). */
#include "snake_screen.h"

#include <SDL.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "monoclock.h"
#include "snake_draw.h"
#include "ws_search.h"

/* ======================================================================== */
/* Playing                                                                   */
/* ======================================================================== */

void snake_screen_count_decision(SnakeScreen *s) {
    PolicyStats *st = &s->stats[s->engine ? SNAKE_SCREEN_ENGINE_SLOT : (int)s->policy];
    st->decision_us_sum += s->decision_us;
    st->decisions++;
}

WsStatus snake_screen_alloc_mark(SnakeScreen *s, WsError *err) {
    s->mark = calloc((size_t)s->rules.w * (size_t)s->rules.h, 1);
    s->end_walls = calloc((size_t)s->rules.w * (size_t)s->rules.h, 1);
    s->end_walls_set = false;
    if (s->mark == NULL || s->end_walls == NULL)
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for the snake view");
    return WS_OK;
}

void snake_screen_deinit(SnakeScreen *s) {
    free(s->mark);
    s->mark = NULL;
    free(s->end_walls);
    s->end_walls = NULL;
    for (int p = 0; p < SNAKE_POLICY_COUNT; p++)
        if (s->spare_ok[p])
            snake_ai_deinit(&s->spare[p]);
    memset(s->spare_ok, 0, sizeof s->spare_ok);
    snake_ai_deinit(&s->ai);
    snake_game_deinit(&s->game);
}

/* One call of the decision under way; counted in the statistics when it
 * ends with a move (all its calls' time together). */
static void decide_call(SnakeScreen *s) {
    uint64_t t0 = monoclock_now_ns(); /* the clock of every decision time (monoclock.h) */
    s->pending =
        snake_ai_choose_slice(&s->ai, &s->game, s->sliced ? snake_ai_frame_slice(&s->ai) : 0);
    s->exact = true; /* decided live: the decision is the recorded one */
    s->think_ns += monoclock_now_ns() - t0;
    if (s->ai.thinking) {
        s->think_stops++;
        return;
    }
    s->decision_us = (double)s->think_ns / 1000.0;
    s->think_ns = 0;
    snake_screen_count_decision(s);
}

void snake_screen_decide(SnakeScreen *s) {
    s->think_ns = 0;
    if (s->game.outcome != SNAKE_PLAYING) {
        s->pending = DIR_NONE;
        s->ai.thinking = false;
        return;
    }
    decide_call(s);
}

bool snake_screen_think(SnakeScreen *s) {
    if (s->game.outcome != SNAKE_PLAYING)
        s->ai.thinking = false;
    if (!s->ai.thinking)
        return false;
    uint64_t end = monoclock_now_ns() + SNAKE_AI_THINK_MS * UINT64_C(1000000);
    while (s->ai.thinking && monoclock_now_ns() < end)
        decide_call(s);
    return s->ai.thinking;
}

void snake_screen_finish(SnakeScreen *s, FrontendCtx *ctx) {
    s->over = true;
    s->over_ms = ctx->now_ms;
    s->pending = DIR_NONE;
    snake_ai_clear(&s->ai);
    /* E / --pause-on-end: the end stays until Space, N or Enter, also when
     * Space played the recorded ticks up to it. */
    if (ctx->pause_on_end)
        ctx->paused = true;
    if (s->counted)
        return;
    s->counted = true;
    /* A game played by two policies (Tab during it) counts for the one that finished it. */
    s->counted_slot = s->engine ? SNAKE_SCREEN_ENGINE_SLOT : (int)s->policy;
    PolicyStats *st = &s->stats[s->counted_slot];
    st->played++;
    st->won += s->game.outcome == SNAKE_WON;
    st->length_sum += s->game.snake.len;
}

/* Takes the game's result back out of the statistics (it is played on from
 * a past tick and will end again). */
static void uncount_game(SnakeScreen *s) {
    if (!s->counted)
        return;
    s->counted = false;
    PolicyStats *st = &s->stats[s->counted_slot]; /* the policy on screen may be another */
    st->played--;
    st->won -= s->hist->outcome == SNAKE_WON;
    st->length_sum -= s->hist->length;
}

WsStatus snake_screen_use_policy(SnakeScreen *s, SnakePolicy p, WsError *err) {
    if (s->ai.policy == p) {
        s->policy = p;
        snake_screen_check_policy(s);
        return WS_OK;
    }
    SnakePolicy old = s->ai.policy;
    if (!s->spare_ok[p]) {
        WsStatus st =
            snake_ai_init(&s->spare[p], s->rules.w, s->rules.h, p, s->rules.strict_tail, err);
        if (st != WS_OK)
            return st;
        s->spare_ok[p] = true;
    }
    SnakeAi ai = s->spare[p];
    if (s->spare_ok[old])
        snake_ai_deinit(&s->spare[old]); /* not expected: one AI per policy */
    s->spare[old] = s->ai;
    s->spare_ok[old] = true;
    s->ai = ai;
    s->spare_ok[p] = false;
    s->policy = p;
    snake_screen_check_policy(s);
    return WS_OK;
}

void snake_screen_check_policy(SnakeScreen *s) {
    WsError err = {0};
    s->refused = snake_policy_check_game(s->policy, &s->game, &err) != WS_OK;
    snprintf(s->refusal, sizeof s->refusal, "%s", s->refused ? err.msg : "");
}

bool snake_screen_play(SnakeScreen *s, FrontendCtx *ctx) {
    bool steered = s->wheel.driving; /* this tick's move is the player's */
    if (!s->hist_ok) {
        snake_game_tick(&s->game, snake_wheel_move(&s->wheel, &s->game, s->pending));
    } else {
        if (!snake_screen_drop_future(s, ctx))
            return false;
        /* The player's move, or the AI's: the same recorded tick either way.
         * The AI's choice goes with it, so a steered move is kept as one that
         * differs from the policy's (the timeline marks it, a seek shows it). */
        Dir move = snake_wheel_move(&s->wheel, &s->game, s->pending);
        WsError err = {0};
        WsStatus st = snake_game_is_legal(&s->game, move) || !snake_game_has_move(&s->game)
                          ? snake_history_play(s->hist, &s->game, &s->ai, move, s->pending, &err)
                          : snake_history_crash(s->hist, &s->game, &err); /* steered into a wall */
        if (st != WS_OK) {
            /* Out of memory, or a move the history refuses: play on without it. */
            frontend_status(ctx, "time travel stops for this game: %s", err.msg);
            s->hist_ok = false;
            snake_game_tick(&s->game, move);
        }
        s->cur = s->hist->ticks;
    }
    s->steered_end = steered && s->game.outcome == SNAKE_DEAD;
    if (s->game.outcome != SNAKE_PLAYING)
        snake_screen_finish(s, ctx);
    return true;
}

bool snake_screen_click(SnakeScreen *s, const SDL_Event *ev, FrontendCtx *ctx, bool *toggled) {
    *toggled = false;
    if (ev->type != SDL_MOUSEBUTTONDOWN || ev->button.button != SDL_BUTTON_LEFT)
        return false;
    int x, y;
    if (!s->have_layout || !layout_pixel_to_cell(&s->bl, ev->button.x, ev->button.y, &x, &y))
        return false;
    SnakeGame *g = &s->game;
    int cell = y * s->rules.w + x;
    bool occupied = snake_occupies(&g->snake, cell) || cell == g->food;
    if (occupied) {
        frontend_status(ctx, "(%d, %d): the %s is there", x, y, cell == g->food ? "food" : "snake");
        return true;
    }
    if (!s->over && s->hist_ok) {
        /* Recorded: a toggle at a past tick plays on from there. */
        if (!snake_screen_drop_future(s, ctx))
            return true;
        WsError err = {0};
        if (snake_history_toggle(s->hist, g, &s->ai, cell, &err) != WS_OK) {
            frontend_status(ctx, "%s", err.msg);
            return true;
        }
    } else if (!snake_game_toggle_wall(g, cell)) {
        /* A finished game's walls are not part of its history: they are for the next game. */
        frontend_status(ctx, "(%d, %d): a wall there would leave no room to start a game", x, y);
        return true;
    } else if (s->over && s->hist_ok && s->end_walls != NULL) {
        /* Kept beside the history, so a seek back to this end shows them
         * again and the next game starts with them (snake_screen_to_latest). */
        memcpy(s->end_walls, g->walls, (size_t)s->rules.w * (size_t)s->rules.h);
        s->end_walls_set = true;
    }
    bool was_refused = s->refused;
    snake_screen_check_policy(s);
    /* A click that makes hamilton / perfect hand over to greedy says why at
     * once (the HUD keeps saying it): their walls are whole blocks. */
    if (s->refused && !was_refused && !s->engine)
        frontend_status(ctx, "%s at (%d, %d): %s", g->walls[cell] ? "wall" : "floor", x, y,
                        s->refusal);
    else
        frontend_status(ctx, "%s at (%d, %d)", g->walls[cell] ? "wall" : "floor", x, y);
    *toggled = true;
    return true;
}

/* ======================================================================== */
/* Time travel                                                               */
/* ======================================================================== */

bool snake_screen_at_past_tick(const SnakeScreen *s) {
    return s->hist_ok && s->cur < s->hist->ticks;
}

/* The timeline mark of a recorded move that is not the policy's choice: in
 * a replay, a divergence (a trace from another program, or walls changed
 * since); in the game being played, the player's steering. */
static unsigned differ_mark(const SnakeScreen *s) {
    return s->trace ? TIMELINE_MARK_DIFFER : TIMELINE_MARK_EDIT;
}

bool snake_screen_drop_future(SnakeScreen *s, FrontendCtx *ctx) {
    if (!snake_screen_at_past_tick(s))
        return true;
    WsError err = {0};
    /* A replay's AI memory at this tick comes from the background scan
     * (perfect keeps memory; greedy and hamilton need none): until the scan
     * has passed it, nothing changes (the replay's A waits for it). */
    if (!snake_history_is_exact(s->hist, s->cur, &s->ai)) {
        const SnakeHistory *h = s->hist;
        frontend_status(ctx,
                        "the AI's memory at tick %ld is still being checked (%ld%%): "
                        "nothing changes before the check gets there",
                        s->cur, h->ticks > 0 ? h->checked * 100 / h->ticks : 100);
        return false;
    }
    if (!s->exact && snake_screen_seek(s, s->cur, ctx, &err) != WS_OK) {
        frontend_status(ctx, "cannot play on from tick %ld: %s", s->cur, err.msg);
        return false;
    }
    bool ended = s->hist->outcome != SNAKE_PLAYING;
    if (snake_history_truncate(s->hist, s->cur, &err) != WS_OK) {
        frontend_status(ctx, "cannot play on from tick %ld: %s", s->cur, err.msg);
        return false;
    }
    if (ended)
        uncount_game(s);
    s->end_walls_set = false; /* the end they were clicked at is gone */
    if (s->trace && !s->played_on) {
        s->played_on = true;
        s->played_on_from = s->cur;
    }
    return true;
}

/* At a finished game's end (its history rebuilt there), the walls clicked
 * there since: the end looks as it did, and the next game gets them. */
static void apply_end_walls(SnakeScreen *s) {
    SnakeGame *g = &s->game;
    if (!s->end_walls_set || g->outcome == SNAKE_PLAYING || g->steps != s->hist->ticks)
        return;
    int cells = s->rules.w * s->rules.h;
    for (int c = 0; c < cells; c++)
        if ((g->walls[c] != 0) != (s->end_walls[c] != 0))
            (void)snake_game_toggle_wall(g, c); /* empty there: it was clicked on this state */
}

/* The game and the AI at tick t, rebuilt from the history: the AI of the
 * policy that played t (across a Tab made during the game), and the walls
 * clicked at the end when t is the end. */
static WsStatus rebuild_at(SnakeScreen *s, long t, WsError *err) {
    if (!s->trace && !s->engine && s->hist_ok && t >= 0 && t <= s->hist->ticks) {
        WsStatus st = snake_screen_use_policy(s, snake_history_policy_at(s->hist, t), err);
        if (st != WS_OK)
            return st;
    }
    WsStatus st = snake_history_seek(s->hist, t, &s->game, &s->ai, &s->exact, err);
    if (st != WS_OK)
        return st;
    s->cur = t;
    apply_end_walls(s);
    return WS_OK;
}

WsStatus snake_screen_to_latest(SnakeScreen *s, WsError *err) {
    return snake_screen_at_past_tick(s) ? rebuild_at(s, s->hist->ticks, err) : WS_OK;
}

WsStatus snake_screen_seek(SnakeScreen *s, long t, FrontendCtx *ctx, WsError *err) {
    WsStatus st = rebuild_at(s, t, err);
    if (st != WS_OK)
        return st;
    s->seeks++;
    /* The wheel's heading at length 1 is its last move: the one recorded before t. */
    s->wheel.last = t > 0 ? snake_history_move(s->hist, t - 1) : DIR_NONE;
    if (s->game.outcome != SNAKE_PLAYING) {
        snake_screen_finish(s, ctx);
    } else {
        s->over = false;
        s->pending = s->ai.dir;
    }
    return WS_OK;
}

void snake_screen_hist_range(void *state, long *first, long *last) {
    SnakeScreen *s = state;
    *first = s->hist_ok ? 0 : s->cur;
    *last = s->hist_ok ? s->hist->ticks : s->cur;
}

long snake_screen_hist_current(void *state) { return ((SnakeScreen *)state)->cur; }

bool snake_screen_hist_seek(void *state, long t, FrontendCtx *ctx) {
    SnakeScreen *s = state;
    if (!s->hist_ok)
        return false;
    WsError err = {0};
    if (snake_screen_seek(s, t, ctx, &err) != WS_OK) {
        frontend_status(ctx, "cannot show tick %ld: %s", t, err.msg);
        return false;
    }
    return true;
}

unsigned snake_screen_hist_marks(void *state, long from, long to) {
    const SnakeScreen *s = state;
    const SnakeHistory *h = s->hist;
    if (!s->hist_ok)
        return 0;
    unsigned m = 0;
    /* Move k that ate shows at tick k + 1, where the snake is longer. */
    long i = ws_first_at_least(h->eats, sizeof *h->eats, offsetof(SnakeHistoryEat, tick), h->neats,
                               from - 1);
    if (i < h->neats && h->eats[i].tick < to - 1)
        m |= TIMELINE_MARK_EAT;
    i = ws_first_at_least(h->toggles, sizeof *h->toggles, offsetof(SnakeHistoryToggle, tick),
                          h->ntoggles, from);
    if (i < h->ntoggles && h->toggles[i].tick < to)
        m |= TIMELINE_MARK_EDIT;
    /* Spans are disjoint and in order: the first that ends after `from`
     * (its exclusive end `to` is at least from + 1). */
    i = ws_first_at_least(h->differs, sizeof *h->differs, offsetof(SnakeHistorySpan, to),
                          h->ndiffers, from + 1);
    if (i < h->ndiffers && h->differs[i].from < to)
        m |= differ_mark(s);
    if (h->outcome != SNAKE_PLAYING && h->ticks >= from && h->ticks < to)
        m |= TIMELINE_MARK_END;
    return m;
}

/* ======================================================================== */
/* Drawing                                                                   */
/* ======================================================================== */

/* At a past tick whose recorded move is not what the policy chooses: an
 * arrow in the timeline's colour for it on the cell the snake really went to. */
static void draw_recorded_move(const SnakeScreen *s, FrontendCtx *ctx, const BoardLayout *bl) {
    if (s->over || !snake_screen_at_past_tick(s))
        return;
    Dir rec = snake_history_move(s->hist, s->cur);
    if (rec == s->pending || rec < 0 || rec >= DIR_COUNT)
        return;
    int head = snake_head(&s->game.snake);
    int x = head % bl->cols + DIR_DX[rec], y = head / bl->cols + DIR_DY[rec];
    if (x < 0 || y < 0 || x >= bl->cols || y >= bl->rows)
        return;
    int cx, cy;
    layout_cell_center(bl, x, y, &cx, &cy);
    int size = bl->cell * 3 / 4 > 3 ? bl->cell * 3 / 4 : 3;
    render_arrow(ctx->renderer, cx, cy, size, rec, timeline_mark_color(differ_mark(s)));
}

/* Ticks left before the game stalls, once the snake has gone a whole board's
 * worth of ticks without eating (it is circling); -1 before that. */
static long stall_in(const SnakeGame *g) {
    if (g->outcome != SNAKE_PLAYING || g->since_eat <= g->floor_cells)
        return -1;
    return g->stall_limit - g->since_eat;
}

PixRect snake_screen_fit(void *state, FrontendCtx *ctx, PixRect area) {
    (void)ctx;
    const SnakeScreen *s = state;
    BoardLayout bl;
    layout_board(&bl, area, s->rules.w, s->rules.h);
    return layout_board_rect(&bl);
}

void snake_screen_draw(SnakeScreen *s, FrontendCtx *ctx) {
    layout_board(&s->bl, ctx->frame.board_area, s->rules.w, s->rules.h);
    s->have_layout = true;
    /* The eyes look where the snake goes next: the recorded move at a past
     * tick, else the player's steering or the AI's choice. An arrow shows
     * the AI's own choice wherever the player steers or steered: while the
     * player drives, and at a past tick of this game that was steered. */
    bool past = snake_screen_at_past_tick(s) && !s->over;
    Dir next = past ? snake_history_move(s->hist, s->cur)
                    : snake_wheel_peek(&s->wheel, &s->game, s->pending);
    bool steered = past ? !s->trace && next != s->pending : s->wheel.driving;
    SnakeScene scene = {.game = &s->game,
                        .ai = &s->ai,
                        .pending = next,
                        .ai_arrow = steered ? s->pending : DIR_NONE,
                        .player_arrow = steered ? next : DIR_NONE,
                        .blocks = !s->engine && (s->policy == SNAKE_POLICY_HAMILTON ||
                                                 s->policy == SNAKE_POLICY_PERFECT),
                        .mark = s->mark,
                        .engine = s->engine,
                        .info = s->info};
    snake_draw_board(ctx, &s->bl, &scene, ctx->overlays);
    draw_recorded_move(s, ctx, &s->bl);
    const SnakeGame *g = &s->game;
    if (s->over) {
        /* Above the board, never over it; it stays until the next game. A
         * death on the player's move is the player's crash: the AI was not
         * trapped (its own move is still drawn as the arrow). A death with a
         * legal move left is a move into a wall or the body (an engine's:
         * the game stays as it was before that move), not a trap. */
        const char *title = g->outcome == SNAKE_WON ? "WON - board filled"
                            : s->steered_end        ? "CRASHED - you steered into it"
                            : g->outcome == SNAKE_DEAD && snake_game_has_move(g)
                                ? "DEAD - moved into a wall or the body"
                            : g->outcome == SNAKE_DEAD    ? "TRAPPED - game over"
                            : g->outcome == SNAKE_FORFEIT ? "FORFEIT - the engine failed"
                                                          : "STALLED - game over";
        snprintf(ctx->caption, sizeof ctx->caption, "%s: length %d / %d, %ld steps", title,
                 g->snake.len, g->floor_cells, g->steps);
        ctx->caption_color = g->outcome == SNAKE_WON ? PAL_GOOD : PAL_BAD;
    } else if (stall_in(g) >= 0) {
        snprintf(ctx->caption, sizeof ctx->caption, "no food for %ld ticks: stall in %ld ticks",
                 g->since_eat, stall_in(g));
        ctx->caption_color = PAL_ACCENT;
    }
}

/* ======================================================================== */
/* HUD                                                                       */
/* ======================================================================== */

/* A finished game's reason line: green for a win, red otherwise. */
static Rgba outcome_color(SnakeOutcome o) { return o == SNAKE_WON ? PAL_GOOD : PAL_BAD; }

static const char *outcome_word(const SnakeScreen *s) {
    return s->steered_end ? "dead: you crashed" : snake_outcome_name(s->game.outcome);
}

void snake_screen_hud_board(const SnakeScreen *s, Hud *hud) {
    const SnakeGame *g = &s->game;
    hud_kv(hud, "length", PAL_TEXT, "%d / %d cells", g->snake.len, g->floor_cells);
    if (g->wall_count > 0)
        hud_kv(hud, "walls", PAL_TEXT, "%d  (click toggles)", g->wall_count);
    hud_kv(hud, "steps", PAL_TEXT, "%ld", g->steps);
}

/* The legend of an engine's overlays: what it said, or that it said nothing. */
static void hud_engine_legend(const SnakeScreen *s, unsigned ov, Hud *hud) {
    const EngineInfo *in = s->info;
    /* While it thinks, its last answer's overlays stay, said to be that tick's. */
    if (in != NULL && s->info_tick != s->game.steps &&
        (ov & (OVERLAY_WAVE | OVERLAY_PATH | OVERLAY_VIRTUAL)))
        hud_text(hud, PAL_TEXT_DIM, "(drawn: its answer at tick %ld)", s->info_tick);
    if ((ov & OVERLAY_WAVE) && (in == NULL || !in->has_wave)) {
        hud_text(hud, PAL_TEXT_DIM, "W  wave: the engine sent none");
    } else if (ov & OVERLAY_WAVE) {
        int32_t max_v = 0;
        for (int c = 0; c < in->cells; c++)
            if (in->wave[c] > max_v)
                max_v = in->wave[c];
        char hi[24];
        snprintf(hi, sizeof hi, "%ld", (long)max_v);
        hud_ramp(hud, RAMP_WAVE, "W  wave: the engine's values", "0", hi);
        hud_text(hud, PAL_TEXT_DIM, "   (-1: no value, not drawn)");
    }
    if (ov & OVERLAY_PATH)
        hud_legend(hud, HUD_SWATCH_LINE, PAL_PATH,
                   in != NULL && in->path_len >= 2 ? "P  the engine's path"
                                                   : "P  path: the engine sent none");
    if (ov & OVERLAY_VIRTUAL)
        hud_legend(hud, HUD_SWATCH_FILL, rgba_alpha(PAL_GHOST, 150),
                   in != NULL && in->mark_len > 0 ? "V  the engine's cells"
                                                  : "V  cells: the engine sent none");
}

/* The legend: what each overlay on screen means. */
static void hud_legend_lines(const SnakeScreen *s, unsigned ov, Hud *hud) {
    if (s->engine) {
        hud_engine_legend(s, ov, hud);
        return;
    }
    const WaveField *wf = &s->ai.wave;
    if ((ov & OVERLAY_WAVE) && (wf->source < 0 || wf->reached <= 1)) {
        hud_text(hud, PAL_TEXT_DIM, "W  wave: no search this move");
    } else if (ov & OVERLAY_WAVE) {
        int max_d = 0;
        for (int i = 0; i < wf->reached; i++)
            if (wf->dist[wf->order[i]] > max_d)
                max_d = wf->dist[wf->order[i]];
        char hi[24];
        snprintf(hi, sizeof hi, "%d step%s", max_d, max_d == 1 ? "" : "s");
        hud_ramp(hud, RAMP_WAVE, "W  wave: BFS steps from head", "0 (head)", hi);
        hud_text(hud, PAL_TEXT_DIM, "   (body cells count once vacated)");
    }
    if (ov & OVERLAY_PATH) {
        hud_legend(hud, HUD_SWATCH_LINE, PAL_PATH, "P  path to the food");
        hud_legend(hud, HUD_SWATCH_LINE, PAL_PATH_ALT, "   path to its own tail");
        hud_legend(hud, HUD_SWATCH_LINE, rgba_alpha(PAL_BAD, 160), "   rejected food path");
        if (snake_ai_cycle(&s->ai) != NULL)
            hud_legend(hud, HUD_SWATCH_LINE, rgba_alpha(PAL_TEXT_DIM, 200), "   Hamiltonian cycle");
    }
    if (ov & OVERLAY_VIRTUAL) {
        hud_legend(hud, HUD_SWATCH_FILL, rgba_alpha(PAL_GHOST, 150), "V  body after eating (safe)");
        hud_legend(hud, HUD_SWATCH_FILL, rgba_alpha(PAL_BAD, 150), "   tail cut off: unsafe");
    }
    if (s->policy == SNAKE_POLICY_HAMILTON || s->policy == SNAKE_POLICY_PERFECT)
        hud_legend(hud, HUD_SWATCH_LINE, SNAKE_BLOCK_LINE, "   2x2 wall blocks (x, y even)");
}

/* At a past tick, the move recorded there and whether it is the policy's
 * choice. In a strip (a small window) it comes after the reason, shorter:
 * the reason is what a person watching needs first. */
static void hud_recorded(const SnakeScreen *s, Hud *hud) {
    if (s->over || !snake_screen_at_past_tick(s))
        return;
    Dir rec = snake_history_move(s->hist, s->cur);
    int differs = snake_history_differs(s->hist, s->cur);
    Rgba differ_color = timeline_mark_color(TIMELINE_MARK_DIFFER);
    char ai = s->pending == DIR_NONE ? '-' : dir_to_char(s->pending);
    if (!s->trace && differs == 1)
        hud_kv(hud, "steered", timeline_mark_color(TIMELINE_MARK_EDIT),
               hud->strip ? "%c (AI: %c)" : "%c by hand, the AI's %c", dir_to_char(rec), ai);
    else if (differs == 1 || (differs < 0 && s->exact && rec != s->pending))
        hud_kv(hud, "recorded", differ_color, hud->strip ? "%c, not %c" : "%c, not the policy's %c",
               dir_to_char(rec), ai);
    else
        hud_kv(hud, "recorded", PAL_TEXT, hud->strip ? "%c" : "%c  (the policy's choice)",
               dir_to_char(rec));
}

/* The reason line: the engine's `info text` (nothing when it sent none), a
 * built-in policy's reason with what it means, or how the game ended. */
static void hud_reason(const SnakeScreen *s, Hud *hud) {
    const SnakeGame *g = &s->game;
    if (s->over) {
        hud_kv(hud, "reason", outcome_color(g->outcome), "%s", outcome_word(s));
    } else if (s->engine) {
        if (s->info != NULL && s->info->text[0] != '\0')
            hud_kv(hud, "reason", PAL_TEXT, "%s", s->info->text);
        else
            hud_kv(hud, "reason", PAL_TEXT_DIM, "-  (no info text)");
    } else if (s->ai.thinking) {
        hud_kv(hud, "reason", PAL_TEXT_DIM, "thinking");
        hud_text(hud, PAL_TEXT_DIM, "  playing the new apple out");
    } else {
        hud_kv(hud, "reason", snake_draw_reason_color(s->ai.reason), "%s",
               snake_ai_reason_word(&s->ai));
        if (s->ai.reason != SNAKE_REASON_NONE)
            hud_text(hud, PAL_TEXT_DIM, "  %s", snake_draw_reason_explained(&s->ai));
    }
}

void snake_screen_hud_decision(const SnakeScreen *s, FrontendCtx *ctx, Hud *hud) {
    const SnakeGame *g = &s->game;
    unsigned ov = ctx->overlays;
    const PolicyStats *st = &s->stats[s->engine ? SNAKE_SCREEN_ENGINE_SLOT : (int)s->policy];
    /* A strip (a small window) has room for a few items: the reason first. */
    if (hud->strip)
        hud_reason(s, hud);
    /* A past tick's decision is rebuilt, not timed: the line keeps the live figure. */
    if (st->decisions > 0) {
        char now[24], mean[24];
        hud_kv(hud, "decision", PAL_TEXT, "%s  (mean %s)",
               layout_duration(now, sizeof now, s->decision_us),
               layout_duration(mean, sizeof mean, st->decision_us_sum / (double)st->decisions));
    }
    if (!s->exact && !s->over)
        hud_wrapped(hud, PAL_BAD,
                    "the AI's memory at this tick is not known yet (checking "
                    "moves): this decision may not be the recorded one");
    hud_recorded(s, hud);
    if (!hud->strip)
        hud_reason(s, hud);
    if (stall_in(g) >= 0)
        hud_kv(hud, "stall in", PAL_ACCENT, "%ld ticks (no food for %ld)", stall_in(g),
               g->since_eat);
    for (int p = 0; p < SNAKE_POLICY_COUNT; p++)
        if ((s->engine || p != (int)s->policy) && s->stats[p].played > 0 && !hud_is_full(hud, 3))
            hud_kv(hud, "", PAL_TEXT_DIM, "%s: %ld won / %ld, mean len %.1f",
                   snake_policy_name((SnakePolicy)p), s->stats[p].won, s->stats[p].played,
                   s->stats[p].length_sum / (double)s->stats[p].played);
    const PolicyStats *es = &s->stats[SNAKE_SCREEN_ENGINE_SLOT];
    if (!s->engine && es->played > 0 && s->engine_label != NULL && !hud_is_full(hud, 3))
        hud_kv(hud, "", PAL_TEXT_DIM, "%s: %ld won / %ld, mean len %.1f", s->engine_label, es->won,
               es->played, es->length_sum / (double)es->played);
    if ((ov & OVERLAY_NUMBERS) && s->have_layout && s->bl.cell < SNAKE_NUMBERS_MIN_CELL)
        hud_text(hud, PAL_TEXT_DIM, "D  numbers: cells too small (%d px)", s->bl.cell);
    hud_gap(hud);
    hud_legend_lines(s, ov, hud);
}
