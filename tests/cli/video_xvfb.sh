#!/usr/bin/env bash
# Time travel as a video, in a real window under Xvfb with real key presses
# and pointer moves (xdotool; docs/replay.md, "In the window"):
#   - live: Space at a past tick plays the recorded ticks and drops none of
#     them (pause again, End: the same latest tick as before);
#   - replay: Space plays the recording to its last tick and pauses there
#     (the same picture as the replay opened at that tick: the recorded
#     ending, not the AI playing on);
#   - replay: ']' pressed while it plays opens the next game at its
#     default tick, paused (the same picture as ']' pressed while paused);
#   - 400x300: the HUD strip says `tick T of N` (',' changes the strip);
#   - the timeline shows the tick under the pointer, and forgets it when
#     the pointer leaves; a drag moves the tick on screen.
# Skipped (exit 77) only when xvfb-run is not installed.
# Usage: video_xvfb.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
. "$(dirname "$0")/xvfb_lib.sh"
xvfb_test video_xvfb "$1" xdotool import convert compare <<'INNER'
"$BIN" snake --headless --games 3 --size 8x8 --seed 1 --strict-tail --trace t.txt >/dev/null \
  || { echo "FAIL: cannot write a trace"; exit 1; }
# crop IN OUT GEOMETRY
crop() { convert "$1" -crop "$3" +repage "$2"; }

# ---- live: Space at a past tick keeps the recorded ticks ---------------------
app_start --size 12x12 --seed 11 --speed 10 --window 1024x640
away
sleep 3
xdotool key space # pause at the latest tick, about 30
wshot latest.png
xdotool key Home
xdotool key space # plays the recorded ticks from tick 0
sleep 0.8
xdotool key space
wshot middle.png
expect_changed "Home, Space, 0.8 s: a recorded tick" latest.png middle.png
xdotool key End
wshot end.png
expect_same "End after playing back (the latest tick is still there)" latest.png end.png
app_quit

# ---- replay: Space plays to the last recorded tick and pauses ------------------
# 1024x640: the HUD panel's lines are above y = 500 (its footer, with the
# notices, below); the timeline strip is x 12..704, y 607..627.
app_start replay t.txt --game 1 --tick 20 --window 1024x640 --speed 1000
away
last=$(grep -o "tick 20 of [0-9]*" app.out | awk '{print $4}')
echo "game 1: ticks 0..$last"
[ -n "$last" ] || fail "the replay did not say its last tick: $(cat app.out)"
wshot open.png
xdotool key space
sleep 2.5
wshot end1.png
wshot end2.png 1.0
expect_same "Space in a replay, then 1 s (paused at the end)" end1.png end2.png
expect_changed "Space in a replay (it played)" open.png end1.png
app_quit
app_start replay t.txt --game 1 --tick "${last:-0}" --window 1024x640
away
wshot ref.png 1.0
app_quit
crop end2.png end_top.png 1024x500+0+0
crop ref.png ref_top.png 1024x500+0+0
expect_same "played to the end vs opened at tick $last (board, timeline, HUD lines)" \
  end_top.png ref_top.png

# ---- replay: ']' while playing opens the next game paused ----------------------
app_start replay t.txt --game 1 --tick 20 --window 1024x640 --speed 3
away
xdotool key bracketright
wshot next_paused.png 1.0
xdotool key bracketleft
sleep 0.5
xdotool key space # plays game 1's recorded ticks, 3 a second
sleep 1.2
xdotool key bracketright
wshot next_playing1.png 1.0
wshot next_playing2.png 1.0
expect_same "']' while playing, then 1 s (paused)" next_playing1.png next_playing2.png
expect_same "']' while playing vs ']' while paused" next_paused.png next_playing1.png
app_quit

# ---- 400x300: the strip says tick T of N ---------------------------------------
app_start replay t.txt --game 1 --tick 20 --window 400x300
away
wshot s1.png 1.0
xdotool key comma
wshot s2.png
# The strip's item lines: under the timeline, above the legend and hint lines
# (a strip of five 16-pixel lines and a margin, 85 pixels: y 215..299).
crop s1.png s1_strip.png 400x50+0+215
crop s2.png s2_strip.png 400x50+0+215
expect_changed "',' at 400x300: the HUD strip (tick 20 -> 19)" s1_strip.png s2_strip.png
app_quit

# ---- the timeline: the tick under the pointer, a drag ----------------------------
app_start replay t.txt --game 1 --tick 20 --window 1024x640
away
wshot t0.png 1.0
xdotool mousemove --window "$wid" 500 617
wshot t1.png
xdotool mousemove --window "$wid" 300 300
wshot t2.png
crop t0.png t0_tl.png 700x24+8+605
crop t1.png t1_tl.png 700x24+8+605
crop t2.png t2_tl.png 700x24+8+605
expect_changed "the pointer over the timeline (its tick shown)" t0_tl.png t1_tl.png 20
expect_same "the pointer off the timeline again" t0_tl.png t2_tl.png
xdotool mousemove --window "$wid" 200 617 mousedown 1
xdotool mousemove --window "$wid" 260 617
sleep 0.3
xdotool mousemove --window "$wid" 420 617
wshot t3.png
xdotool mouseup 1
xdotool mousemove --window "$wid" 420 400
wshot t4.png
expect_changed "a drag along the timeline (another tick)" t0.png t4.png
app_quit
exit $((fails > 0))
INNER
