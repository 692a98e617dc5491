/* input.c - the front end's events and keys: the global keys (pause, speed,
 * time travel, overlays, modes, screenshots, recordings, fullscreen, the
 * HUD), the timeline's mouse, and everything else handed to the view shown. */
#include "frontend_internal.h"

/* ======================================================================== */
/* Speed                                                                     */
/* ======================================================================== */

/* The + / - ladder of ticks per second; past the last one comes unlimited (0). */
static const double SPEED_STEPS[] = {1,  2,  3,  5,   8,   10,  15,   20,  30,
                                     45, 60, 90, 125, 250, 500, 1000, 2000};
enum { SPEED_STEP_COUNT = (int)(sizeof SPEED_STEPS / sizeof SPEED_STEPS[0]) };

static double speed_faster(double speed) {
    if (speed <= 0.0)
        return 0.0;
    for (int i = 0; i < SPEED_STEP_COUNT; i++)
        if (SPEED_STEPS[i] > speed + 1e-9)
            return SPEED_STEPS[i];
    return 0.0;
}

static double speed_slower(double speed) {
    if (speed <= 0.0)
        return SPEED_STEPS[SPEED_STEP_COUNT - 1];
    for (int i = SPEED_STEP_COUNT - 1; i >= 0; i--)
        if (SPEED_STEPS[i] < speed - 1e-9)
            return SPEED_STEPS[i];
    return SPEED_STEPS[0];
}

/* + or -: the next speed of the ladder, from now on, and a status line that
 * says what it gives when the view caps it (a snake you steer). */
static void change_speed(Frontend *app, bool faster) {
    FrontendCtx *ctx = &app->ctx;
    ctx->speed = faster ? speed_faster(ctx->speed) : speed_slower(ctx->speed);
    app->acc_ms = 0.0; /* the new rate counts from now */
    if (frontend_tick_speed(app) != ctx->speed && ctx->speed > 0.0)
        frontend_status(ctx, "speed: %g ticks/s once the AI drives (%g while you steer)",
                        ctx->speed, frontend_tick_speed(app));
    else if (frontend_tick_speed(app) != ctx->speed)
        frontend_status(ctx, "speed: unlimited once the AI drives (%g while you steer)",
                        frontend_tick_speed(app));
    else if (ctx->speed > 0.0)
        frontend_status(ctx, "speed: %g ticks/s", ctx->speed);
    else
        frontend_status(ctx, "speed: unlimited");
}

/* ======================================================================== */
/* Keys and events                                                           */
/* ======================================================================== */

/* F: fullscreen, and back to the window's own size (some window managers
 * forget it). */
static void toggle_fullscreen(Frontend *app) {
    if (app->window == NULL)
        return;
    bool full = (SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN) != 0;
    if (!full) {
        SDL_GetWindowSize(app->window, &app->windowed_w, &app->windowed_h);
        if (SDL_SetWindowFullscreen(app->window, SDL_WINDOW_FULLSCREEN_DESKTOP) != 0)
            frontend_status(&app->ctx, "fullscreen failed: %s", SDL_GetError());
        return;
    }
    SDL_SetWindowFullscreen(app->window, 0);
    if (app->windowed_w > 0 && app->windowed_h > 0)
        SDL_SetWindowSize(app->window, app->windowed_w, app->windowed_h);
}

/* I: panel -> strip -> hidden -> panel. A strip the window chose for itself
 * (too small for a panel) goes to the panel first: its hint says "I bigger
 * HUD", and that is what I does. */
static void next_hud_style(Frontend *app) {
    FrontendCtx *ctx = &app->ctx;
    const char *now;
    bool auto_strip = ctx->frame.hud_strip && ctx->hud_style == HUD_STYLE_AUTO;
    if (!(ctx->overlays & OVERLAY_HUD) || auto_strip) {
        ctx->overlays |= OVERLAY_HUD;
        ctx->hud_style = HUD_STYLE_PANEL;
        now = "a panel";
    } else if (!ctx->frame.hud_strip) {
        ctx->hud_style = HUD_STYLE_STRIP;
        now = "a strip along the bottom";
    } else {
        ctx->overlays &= ~(unsigned)OVERLAY_HUD;
        now = "hidden";
    }
    frontend_status(ctx, "HUD: %s  (I changes it)", now);
}

/* The window's own part of action a: the clock, time travel, modes,
 * captures and the window itself. The view's part comes after it, and most
 * actions are the view's alone. */
static void apply_window_action(Frontend *app, Action a) {
    FrontendCtx *ctx = &app->ctx;
    switch (a) {
    case ACT_QUIT:
        app->quit = true;
        break;
    case ACT_PAUSE:
        ctx->paused = !ctx->paused;
        app->acc_ms = 0.0;
        break;
    case ACT_STEP:
        time_travel_step(app);
        break;
    case ACT_BACK:
        if (time_travel_history(app) != NULL)
            time_travel_seek(app, time_travel_history(app)->current(frontend_view_state(app)) - 1);
        break;
    case ACT_FIRST:
        time_travel_seek(app, 0);
        break;
    case ACT_LAST:
        if (time_travel_history(app) != NULL) {
            long first = 0, last = 0;
            time_travel_history(app)->range(frontend_view_state(app), &first, &last);
            time_travel_seek(app, last);
        }
        break;
    case ACT_FASTER:
    case ACT_SLOWER:
        change_speed(app, a == ACT_FASTER);
        break;
    case ACT_MODE_SNAKE:
        frontend_switch_mode(app, APP_MODE_SNAKE);
        break;
    case ACT_MODE_ARENA:
        frontend_switch_mode(app, APP_MODE_ARENA);
        break;
    case ACT_MODE_SEA:
        frontend_switch_mode(app, APP_MODE_SEA);
        break;
    case ACT_SCREENSHOT:
        capture_shot_key(app);
        break;
    case ACT_RECORD:
        capture_record_key(app);
        break;
    case ACT_FULLSCREEN:
        toggle_fullscreen(app);
        break;
    case ACT_HUD_STYLE:
        next_hud_style(app);
        break;
    case ACT_PAUSE_ON_END:
        ctx->pause_on_end = !ctx->pause_on_end;
        frontend_status(ctx, "%s",
                        ctx->pause_on_end ? "stops at the end of every game (E)"
                                          : "plays on after every game (E)");
        break;
    default:
        break;
    }
}

/* Action a, from a key or the mouse: refused with a status line in a mode
 * it does nothing in; else its overlay flipped, then the window's part and
 * the view's. */
static void apply_action(Frontend *app, Action a) {
    FrontendCtx *ctx = &app->ctx;
    if (a == ACT_NONE)
        return;
    if (!keys_apply_in_mode(a, app->mode)) {
        /* Nothing flips: an indicator never claims what the mode cannot show. */
        frontend_status(ctx, "%s (%s) does nothing in the %s mode", keys_action_key(a),
                        keys_action_name(a), app_mode_name(app->mode));
        return;
    }
    if (a == ACT_HELP && (ctx->overlays & OVERLAY_HELP) && app->help_page + 1 < app->help_pages) {
        app->help_page++; /* a help box in pages: F1 turns to the next, the last one closes */
        return;
    }
    if (a == ACT_HELP)
        app->help_page = 0;
    unsigned bit = keys_overlay_bit(a);
    if (bit != 0)
        ctx->overlays ^= bit;
    /* A step owed (N while the view waited for a move) is one tick of the
     * game on screen: another game (R, Enter, [ ], the snake's Tab) or
     * another view (1 2 3, X) does not take it. */
    if (a == ACT_RESTART || a == ACT_NEW_GAME || a == ACT_PREV_GAME || a == ACT_NEXT_GAME ||
        (a == ACT_NEXT && app->mode == APP_MODE_SNAKE))
        app->step_owed = false;
    apply_window_action(app, a);
    const View *view = frontend_view(app);
    view->handle_action(frontend_view_state(app), a, ctx);
    frontend_follow_request(app);
}

void input_poll(Frontend *app) {
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        switch (ev.type) {
        case SDL_QUIT:
            app->quit = true;
            break;
        case SDL_KEYDOWN: {
            Action a = keys_action(ev.key.keysym.sym, ev.key.keysym.mod);
            /* Held keys repeat only where repeating makes sense. */
            if (ev.key.repeat && a != ACT_STEP && a != ACT_BACK && a != ACT_FASTER &&
                a != ACT_SLOWER && a != ACT_UP && a != ACT_RIGHT && a != ACT_DOWN && a != ACT_LEFT)
                break;
            apply_action(app, a);
            break;
        }
        case SDL_MOUSEBUTTONDOWN:
        case SDL_MOUSEMOTION:
        case SDL_MOUSEBUTTONUP: {
            /* The timeline takes the left button first; everything else is the view's. */
            Timeline tl;
            time_travel_timeline(app, &tl);
            if (ev.type == SDL_MOUSEMOTION)
                time_travel_hover(app, ev.motion.x, ev.motion.y);
            else
                time_travel_hover(app, ev.button.x, ev.button.y);
            if (ev.type == SDL_MOUSEBUTTONDOWN && ev.button.button == SDL_BUTTON_LEFT &&
                timeline_hit(&tl, ev.button.x, ev.button.y)) {
                app->scrubbing = true;
                time_travel_scrub(app, ev.button.x);
                break;
            }
            if (app->scrubbing) {
                if (ev.type == SDL_MOUSEMOTION)
                    time_travel_scrub(app, ev.motion.x);
                else if (ev.type == SDL_MOUSEBUTTONUP && ev.button.button == SDL_BUTTON_LEFT) {
                    app->scrubbing = false;
                    time_travel_hover(app, ev.button.x, ev.button.y);
                }
                break;
            }
            const View *view = frontend_view(app);
            if (view->handle_event != NULL)
                view->handle_event(frontend_view_state(app), &ev, &app->ctx);
            frontend_follow_request(app);
            break;
        }
        default: {
            /* The pointer left the window: no tick is under it any more. */
            if (ev.type == SDL_WINDOWEVENT && ev.window.event == SDL_WINDOWEVENT_LEAVE &&
                !app->scrubbing)
                time_travel_hover(app, -1, -1);
            const View *view = frontend_view(app);
            if (view->handle_event != NULL)
                view->handle_event(frontend_view_state(app), &ev, &app->ctx);
            frontend_follow_request(app);
            break;
        }
        }
    }
}
