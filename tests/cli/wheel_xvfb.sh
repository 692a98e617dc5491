#!/usr/bin/env bash
# Take the wheel in a real window under Xvfb, with real key presses (xdotool):
#   - paused, an arrow and N move the head one cell the way it was steered
#     (down or up, then left or right), and a reversal is ignored (the head
#     goes on the way it was heading);
#   - while the player drives, the AI's own move is drawn as an arrow
#     (accent-coloured pixels on the board); A hands the wheel back and the
#     arrow goes; steering again and then 3 s idle while running hand it back too;
#   - X shows the race: two snake heads; X again: one;
#   - the player's move is drawn as a blue arrow of its own while steering,
#     never while the AI drives;
#   - at the default speed (15 ticks/s) an arrow slows the game to the
#     wheel's pace (4 ticks/s): about a second of running moves the head a
#     few cells, the snake still alive and steered (at 15 ticks/s it would
#     have crossed the board, or crashed).
# The overlays are off (--overlay hud) so the head is one blob of its colour.
# Skipped (exit 77) only when xvfb-run is not installed.
# Usage: wheel_xvfb.sh WAVESNAKE_BIN DATA_DIR REPLAY_BIN
set -u
. "$(dirname "$0")/xvfb_lib.sh"
xvfb_test wheel_xvfb "$1" xdotool import convert <<'INNER'
# 1024x640, 12x12: the board area is 693x565 at (12,36) (HUD panel 307 wide,
# the caption line 24 high above the board, the timeline strip under it), so
# cells are 47 pixels and cell (0,0) starts at (76,36) (layout.h's rules). The
# captures are cropped to the board's rows: the timeline's cursor is
# accent-coloured too (the caption line's PAUSED is inside the crop, the same
# in every capture).
CELL=47 X0=76 Y0=36 BOARD_W=717 BOARD_H=600
app_start --size 12x12 --seed 11 --speed 1 --window 1024x640 --overlay hud
xdotool key space # pause
sleep 0.8
shot() { sleep 0.6; import -window "$wid" "$1"; }
blobs() { # centres of the 4-connected blobs of the head's colour, one "x y" a line
  convert "$1" -crop "${BOARD_W}x${BOARD_H}+0+0" +repage -fill black +opaque '#FF962D' \
    -fill white -opaque '#FF962D' -define connected-components:verbose=true \
    -define connected-components:area-threshold=4 -connected-components 4 null: 2>/dev/null |
    grep 'srgb(255,255,255)' | awk '{split($3, c, ","); printf "%d %d\n", c[1], c[2]}'
}
head_at() { # head_at PNG -> "cx cy": the head's cell
  blobs "$1" | head -n 1 | awk -v c=$CELL -v x0=$X0 -v y0=$Y0 \
    '{printf "%d %d\n", int(($1 - x0) / c), int(($2 - y0) / c)}'
}
accent() { # accent-coloured pixels on the board (the AI's arrow; the PAUSED tag)
  convert "$1" -crop "${BOARD_W}x${BOARD_H}+0+0" +repage -fill black +opaque '#FFC857' \
    -format '%[fx:int(mean*w*h+0.5)]' info:
}
player() { # pixels of the player's arrow (blue) on the board
  convert "$1" -crop "${BOARD_W}x${BOARD_H}+0+0" +repage -fill black +opaque '#4696FF' \
    -format '%[fx:int(mean*w*h+0.5)]' info:
}
step_to() { # step_to KEY NAME WANT_X WANT_Y: press KEY, then N; the head must be there
  xdotool key "$1"
  xdotool key n
  shot "$2.png"
  local got
  got=$(head_at "$2.png")
  echo "$1 + N: head at ($got), expected ($3 $4)"
  [ "$got" = "$3 $4" ] || fail "after $1 and N the head is at ($got), expected ($3 $4)"
}

shot s0.png
read -r hx hy <<<"$(head_at s0.png)"
echo "paused: head at ($hx $hy)"
[ -n "${hx:-}" ] || fail "no snake head found on the board"
ai_accent=$(accent s0.png)
# Steer away from the nearer wall: down in the top half, up in the bottom half.
if [ "$hy" -lt 6 ]; then v=Down dy=1; else v=Up dy=-1; fi
if [ "$hx" -lt 6 ]; then h=Right rev=Left dx=1; else h=Left rev=Right dx=-1; fi
step_to "$v" v1 "$hx" $((hy + dy))
step_to "$h" h1 $((hx + dx)) $((hy + dy))
# A reversal is ignored: the head goes on the way it was heading.
step_to "$rev" r1 $((hx + 2 * dx)) $((hy + dy))
drive_accent=$(accent r1.png)
echo "accent pixels on the board: AI drives $ai_accent, you drive $drive_accent"
[ "$drive_accent" -gt $((ai_accent + 40)) ] || fail "no arrow for the AI's move while steering"
ai_blue=$(player s0.png) drive_blue=$(player r1.png)
echo "player-arrow pixels: AI drives $ai_blue, you drive $drive_blue"
[ "$ai_blue" -eq 0 ] || fail "a player's arrow while the AI drives ($ai_blue pixels)"
[ "$drive_blue" -gt 40 ] || fail "no arrow for the player's move while steering"

xdotool key a # the AI drives again
shot a1.png
back_accent=$(accent a1.png)
echo "after A: $back_accent accent pixels"
[ "$back_accent" -lt $((drive_accent - 40)) ] || fail "A did not hand the wheel back (arrow still drawn)"
[ "$(player a1.png)" -eq 0 ] || fail "the player's arrow stays after A"

# Steer once more, run, and leave the keys alone: after 3 s the AI drives.
xdotool key "$h"
shot d2.png
[ "$(accent d2.png)" -gt $((back_accent + 40)) ] || fail "steering again shows no arrow"
xdotool key space
sleep 4.5
xdotool key space
shot idle.png
idle_accent=$(accent idle.png)
echo "after 4.5 s idle: $idle_accent accent pixels"
[ "$idle_accent" -lt $((drive_accent - 40)) ] || fail "3 s idle did not hand the wheel back"

# X: the race (two heads), X again: back to one board.
xdotool key x
shot race.png
n=$(blobs race.png | wc -l)
echo "X: $n heads"
[ "$n" -eq 2 ] || fail "X shows $n snake heads, expected 2"
xdotool key x
shot solo.png
n=$(blobs solo.png | wc -l)
echo "X again: $n heads"
[ "$n" -eq 1 ] || fail "X again shows $n snake heads, expected 1"

app_quit

# The default speed, 15 ticks/s: an arrow brings the wheel's pace, 4 ticks/s.
app_start --size 12x12 --seed 11 --window 1024x640 --overlay hud
xdotool key space # pause
sleep 0.8
shot p0.png
read -r ox oy <<<"$(head_at p0.png)"
xdotool key n # one tick of the AI's: the way the snake heads
shot p0n.png
read -r hx hy <<<"$(head_at p0n.png)"
[ -n "${hx:-}" ] && [ -n "${ox:-}" ] || fail "no snake head found on the board (default speed)"
# A turn across the heading (never a reversal) towards the farther wall,
# at least 6 cells off on a 12x12 board.
if [ "$hx" -ne "$ox" ]; then
  if [ "$hy" -lt 6 ]; then turn=Down; else turn=Up; fi
else
  if [ "$hx" -lt 6 ]; then turn=Right; else turn=Left; fi
fi
echo "head ($ox $oy) -> ($hx $hy): steering $turn"
xdotool key "$turn"
xdotool key space # run, steered, for about 0.8 s
sleep 0.8
xdotool key space
shot p1.png
read -r px py <<<"$(head_at p1.png)"
moved=$(( (px > hx ? px - hx : hx - px) + (py > hy ? py - hy : hy - py) ))
echo "default speed, steering for 0.8 s: head ($hx $hy) -> ($px $py), $moved cells"
[ "$moved" -ge 1 ] && [ "$moved" -le 5 ] ||
  fail "steering at the default speed moved the head $moved cells in 0.8 s (the pace is 4 ticks/s)"
[ "$(player p1.png)" -gt 40 ] || fail "after 0.8 s of steering the player no longer drives (crashed?)"
app_quit
exit $((fails > 0))
INNER
