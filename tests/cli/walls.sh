#!/usr/bin/env bash
# The trace checker on a board with walls (docs/snake.md#boards-with-walls):
# tests/data/walls.trace is written by hand (walls line, start rule in row 1,
# wall toggles, an eat, death in a pocket of walls) and must replay; each
# corrupted copy must be rejected with a message that names the fault.
WS=$1 DATA=$2 REPLAY=$3
source "$(dirname "$0")/lib.sh"
: "$WS"
GOOD=$DATA/walls.trace

"$REPLAY" "$GOOD" >"$TMP/out" 2>"$TMP/err" || fail "the hand-written walled trace does not replay: $(cat "$TMP/err")"

# rejects NAME PATTERN SED-SCRIPT: the trace edited by SED-SCRIPT fails, and
# the checker's one-line message matches PATTERN.
rejects() {
    local name=$1 pattern=$2 script=$3
    sed "$script" "$GOOD" >"$TMP/$name.trace"
    cmp -s "$GOOD" "$TMP/$name.trace" && fail "$name: the edit changed nothing"
    if "$REPLAY" "$TMP/$name.trace" >/dev/null 2>"$TMP/$name.err"; then
        fail "$name: replay accepted it"
    elif ! grep -qiE "$pattern" "$TMP/$name.err"; then
        fail "$name: message does not match /$pattern/: $(cat "$TMP/$name.err")"
    fi
}
# After "wall 2 3" the head is at (4,2); down is the wall at (4,3).
rejects into_wall 'illegal move \(into a wall\)' '8s/^L$/D/'
rejects wall_on_snake 'wall toggled on the snake' '7s/^wall 2 3$/wall 4 1/'
rejects wall_on_food 'wall toggled on the food' '7s/^wall 2 3$/wall 0 2/'
rejects wrong_food 'placement rule \(expected 4 1\)' 's/^food 4 1$/food 5 1/'
# Without the wall at (3,0) row 0 has room: the start would be (1,0)..(3,0).
rejects start_rule 'start rule' 's/^walls 4 0 0 3 0 1 1 4 3$/walls 3 0 0 1 1 4 3/'
rejects walls_order 'row-major' 's/^walls 4 0 0 3 0 1 1 4 3$/walls 4 3 0 0 0 1 1 4 3/'
rejects walls_count 'K cells' 's/^walls 4 /walls 5 /'
rejects end_line 'end line disagrees' 's/^end dead/end stalled/'
rejects wall_after_end 'after the game was over' '$i wall 5 3'
finish
