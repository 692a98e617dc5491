#!/usr/bin/env bash
# Each boundary/X.c includes a header its target may not use; building it must
# fail, and fail because that header is not found (not for some other reason).
# Usage: boundaries.sh BUILD_DIR [window|no-window]  (no-window: a build without SDL,
# which has no window target to try)
set -u
build=${1:?usage: boundaries.sh BUILD_DIR [window|no-window]}
window=${2:-window}
status=0
check() { # target, header that must be missing
    local target=$1 header=$2 out
    if out=$(cmake --build "$build" --target "$target" 2>&1); then
        echo "FAIL: $target built, but it includes $header across a boundary" >&2
        status=1
    elif ! grep -q "$header: No such file" <<<"$out"; then
        echo "FAIL: $target failed for another reason than a missing $header:" >&2
        echo "$out" | tail -5 >&2
        status=1
    else
        echo "ok: $target does not build ($header not found)"
    fi
}
check ws_boundary_cli_window render.h
check ws_boundary_play_cli help.h
check ws_boundary_play_window render.h
check ws_boundary_core_play options.h
if [[ $window == window ]]; then
    check ws_boundary_window_cli run_snake.h
else
    echo "skip: ws_boundary_window_cli (no window in this build)"
fi
check ws_boundary_sea_snake snake.h
check ws_boundary_snake_sea sea.h
check ws_boundary_core_sdl SDL.h
exit "$status"
