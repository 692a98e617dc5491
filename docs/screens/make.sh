#!/usr/bin/env bash
# Remakes the pictures of docs/screens (and the replay, engine and race
# pictures the other pages show) with the program itself, offscreen: every
# command is the one the page quotes. Run from the repository's root after
# a build:
#
#     docs/screens/make.sh [build/wavesnake]
#
# The pictures are the same on every machine but for the decision-time
# figures (and, for take-the-wheel.png, made with real keys under Xvfb, the
# tick the keys land on).
set -euo pipefail
WS=${1:-build/wavesnake}
OUT=docs/screens
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
[ -x "$WS" ] || { echo "make.sh: no program at $WS (build first)" >&2; exit 2; }

sizes="400x300 800x600 1280x720 600x1000 1600x400"

# Each mode at each size (docs/screens/README.md).
for size in $sizes; do
    for mode in snake arena sea; do
        if [ "$mode" = arena ] && [ "$size" = 1280x720 ]; then
            "$WS" arena --screenshot "$OUT/arena-$size.png" --frames 60 --speed 1000000 \
                --window "$size" --seed 3 >/dev/null
        else
            "$WS" "$mode" --screenshot "$OUT/$mode-$size.png" --frames 900 --speed max \
                --window "$size" --seed 3 >/dev/null
        fi
    done
done

# A replay at each size: 8x8, strict tail, game 15 of seed 1 (a greedy
# death), paused 10 ticks before its end.
"$WS" snake --headless --games 200 --size 8x8 --seed 1 --strict-tail --trace "$TMP/t.trace" \
    >/dev/null
for size in $sizes; do
    "$WS" replay "$TMP/t.trace" --game 15 --screenshot "$OUT/replay-$size.png" \
        --window "$size" >/dev/null
done
"$WS" replay "$TMP/t.trace" --game 15 --tick 721 --screenshot "$OUT/replay-greedy-doomed.png" \
    >/dev/null

# docs/snake.md: the eat refused at tick 500, the plan at tick 513.
"$WS" snake --headless --size 8x8 --seed 20 --games 1 --trace "$TMP/g20.trace" >/dev/null
for t in 500 513; do
    "$WS" replay "$TMP/g20.trace" --tick "$t" --screenshot "$OUT/greedy-unsafe-food-$t.png" \
        --window 800x600 >/dev/null
done

# docs/snake.md: a race.
"$WS" snake --race greedy,perfect --seed 3 --size 20x20 --speed 60 --frames 1440 \
    --screenshot "$OUT/race.png" >/dev/null

# docs/engines.md: the example engines in the window.
"$WS" snake --policy "engine:python3 examples/engines/snake.py" --seed 3 --frames 300 \
    --overlay wave,path,numbers --screenshot "$OUT/engine-snake-py.png" >/dev/null
"$WS" sea --seed 3 --hunter "engine:python3 examples/engines/hunter.py" \
    --overlay heatmap,numbers --frames 150 --screenshot "$OUT/sea-engine.png" >/dev/null

# docs/match.md: two versions of an engine, the match's picture.
"$WS" match "engine:python3 examples/engines/snake.py --careful" \
    "engine:python3 examples/engines/snake.py" --size 10x10 --games 1000 --seed 1 --jobs 2 \
    --sprt 0,50 --plot "$OUT/match-v2.svg" >/dev/null

# docs/snake.md: taking the wheel (real keys under Xvfb; skipped without
# xvfb-run and xdotool).
if command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
    cat >"$TMP/wheel.sh" <<'INNER'
export SDL_VIDEODRIVER=x11 SDL_RENDER_DRIVER=software DBUS_SESSION_BUS_ADDRESS=disabled:
cd "$2"
"$1" snake --size 20x20 --seed 7 --speed 8 --window 1280x720 >app.out 2>app.err &
pid=$!
wid=$(timeout 30 xdotool search --sync --onlyvisible --name '^wavesnake' | head -n 1)
xdotool windowfocus --sync "$wid"
sleep 4
xdotool key Up
sleep 0.6
xdotool key space
sleep 0.5
xdotool key s
sleep 1
xdotool key q
wait "$pid"
INNER
    xvfb-run -a -s "-screen 0 1280x720x24" bash "$TMP/wheel.sh" "$(readlink -f "$WS")" "$TMP"
    mv "$TMP"/wavesnake-*.png "$OUT/take-the-wheel.png"
fi

# README: the animation at the top.
"$WS" snake --size 20x20 --seed 12 --speed 25 --window 800x450 --frames 450 \
    --overlay wave,path,virtual --screenshot "$TMP/last.png" --record "$OUT/snake.gif" >/dev/null

echo "make.sh: remade $(ls "$OUT"/*.png "$OUT"/*.gif "$OUT"/*.svg | wc -l) files in $OUT"
