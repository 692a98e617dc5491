#!/usr/bin/env bash
# Offscreen screenshots: `--screenshot FILE.png --frames N` needs no display,
# writes a PNG of the requested size whose pixels show the snake's head and the
# food, gives the same image for the same command, and fails cleanly (one
# line, exit 2) on a bad path or a missing font.
# Usage: screenshot.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
BIN=$1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
for tool in convert identify compare; do
  command -v "$tool" >/dev/null || { echo "FAIL: ImageMagick's $tool is missing (make deps)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# No display at all: the offscreen renderer must not need one.
run() { env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$BIN" "$@"; }

# Colours drawn by view_snake.c: the head (255,150,45) and the food (255,70,85).
HEAD='#FF962D'
FOOD='#FF4655'
has_color() { convert "$1" -format %c histogram:info:- | grep -qi "$2"; }

# 1. The issue's command: a PNG of the default window size with snake and food.
run --screenshot "$tmp/out.png" --frames 30 --size 10x10 --seed 5 >"$tmp/o1" 2>"$tmp/e1"
rc=$?
[ $rc -eq 0 ] || fail "--screenshot exit $rc: $(cat "$tmp/e1")"
size=$(identify -format '%w %h' "$tmp/out.png" 2>/dev/null)
[ "$size" = "1280 720" ] || fail "default screenshot size is '$size', expected '1280 720'"
has_color "$tmp/out.png" "$HEAD" || fail "no snake-head colour $HEAD in the screenshot"
has_color "$tmp/out.png" "$FOOD" || fail "no food colour $FOOD in the screenshot"
grep -q "seed 5" "$tmp/o1" || fail "the seed is not printed: $(cat "$tmp/o1")"
[ -s "$tmp/e1" ] && fail "unexpected stderr: $(cat "$tmp/e1")"

# 2. --window sets the image size.
run --screenshot "$tmp/small.png" --frames 5 --size 10x10 --seed 5 --window 640x400 >/dev/null 2>&1 \
  || fail "--window 640x400 failed"
size=$(identify -format '%w %h' "$tmp/small.png" 2>/dev/null)
[ "$size" = "640 400" ] || fail "--window 640x400 gave '$size'"

# 3. The same command draws the same board (fixed clock offscreen). Only the
#    board is compared: the HUD shows measured decision times in microseconds.
run --screenshot "$tmp/again.png" --frames 30 --size 10x10 --seed 5 >/dev/null 2>&1
convert "$tmp/out.png" -crop 880x720+0+0 +repage "$tmp/board1.png"
convert "$tmp/again.png" -crop 880x720+0+0 +repage "$tmp/board2.png"
ae=$(compare -metric AE "$tmp/board1.png" "$tmp/board2.png" null: 2>&1)
[ "$ae" = "0" ] || fail "two identical runs draw boards that differ in $ae pixels"

# 4. Overlays change the picture: wave on vs. every overlay off.
run --screenshot "$tmp/none.png" --frames 30 --size 10x10 --seed 5 --overlay none >/dev/null 2>&1
run --screenshot "$tmp/wave.png" --frames 30 --size 10x10 --seed 5 --overlay wave >/dev/null 2>&1
ae=$(compare -metric AE "$tmp/none.png" "$tmp/wave.png" null: 2>&1)
[ "$ae" != "0" ] || fail "--overlay wave draws the same image as --overlay none"
has_color "$tmp/none.png" "$HEAD" || fail "no snake-head colour with --overlay none"

# 5. An unwritable path: one line, exit 2.
run --screenshot "$tmp/no/such/dir/x.png" --frames 2 >/dev/null 2>"$tmp/e5"
rc=$?
[ $rc -eq 2 ] || fail "unwritable screenshot path: exit $rc, expected 2"
[ "$(wc -l <"$tmp/e5")" -eq 1 ] && grep -q '^wavesnake: .*x.png' "$tmp/e5" \
  || fail "unwritable path message: $(cat "$tmp/e5")"

# 6. A binary without its assets/ folder: a clear error and exit 2, no crash.
mkdir "$tmp/bare" && cp "$BIN" "$tmp/bare/wavesnake"
env -u DISPLAY -u WAYLAND_DISPLAY "$tmp/bare/wavesnake" --screenshot "$tmp/x.png" --frames 2 \
  >/dev/null 2>"$tmp/e6"
rc=$?
[ $rc -eq 2 ] || fail "missing font: exit $rc, expected 2"
grep -q '^wavesnake: font not found: .*DejaVuSansMono.ttf' "$tmp/e6" \
  || fail "missing font message: $(cat "$tmp/e6")"
[ -e "$tmp/x.png" ] && fail "a PNG was written without a font"

# 7. The binary finds its assets from any working directory.
(cd "$tmp" && run --screenshot elsewhere.png --frames 2 >/dev/null 2>&1) \
  || fail "running from another directory failed"
[ -s "$tmp/elsewhere.png" ] || fail "no PNG written from another directory"

# 8. Small windows stay readable: the caption (a game's result and PAUSED)
#    and the help box shrink no further than 10 px (they were 5-6 px tall at
#    320x240 and 400x300). Measured on the pixels: the height of the
#    caption's first word (capitals: PAUSED), and the most common height of
#    the help's text lines (its grey text, bright in the blue channel where
#    the yellow keys and outline are not).
run snake --headless --games 16 --size 8x8 --seed 1 --strict-tail --trace "$tmp/t.trace" \
  >/dev/null 2>&1 || fail "the trace for the paused caption was not written"
run replay "$tmp/t.trace" --game 15 --tick 722 --screenshot "$tmp/paused.png" --window 320x240 \
  >/dev/null 2>&1 || fail "replay --screenshot at 320x240 failed"
cap_h=$(convert "$tmp/paused.png" -crop 296x19+12+12 +repage -channel RGB -separate +channel \
  -evaluate-sequence max -threshold 50% -trim +repage -crop 24x40+0+0 +repage -trim \
  -format '%h' info: 2>/dev/null)
[ "${cap_h:-0}" -ge 7 ] || fail "the paused caption at 320x240 is ${cap_h:-?} px tall, expected >= 7"
run snake --screenshot "$tmp/help.png" --frames 5 --window 400x300 --seed 3 --overlay hud,help \
  >/dev/null 2>&1 || fail "the help screenshot at 400x300 failed"
help_h=$(convert "$tmp/help.png" -channel B -separate +channel -threshold 60% -scale '1x300!' txt:- |
  awk -F'[(,)]' 'NR > 1 { if ($4 + 0 > 0) run++; else { if (run > 1) n[run]++; run = 0 } }
    END { for (h in n) if (n[h] > best) { best = n[h]; mode = h }; print mode + 0 }')
[ "$help_h" -ge 8 ] || fail "the help's lines at 400x300 are $help_h px tall, expected >= 8"

if [ $fails -ne 0 ]; then
  echo "screenshot: $fails check(s) failed"
  exit 1
fi
echo "screenshot: all checks passed"
