#!/usr/bin/env bash
# Nothing lost: every write is checked (docs/reliability.md#nothing-lost).
# - Standard output on a full device (/dev/full): every entry point says so in
#   one line and exits 2 (report.h), instead of a silent 0.
# - A file the user asked for (--trace, --screenshot, --record, bench --chart
#   and --markdown, match --plot) is written under a temporary name and renamed when
#   complete: on a full disk (a 64 KB tmpfs, when this runs as root) the run
#   fails with one line and leaves neither the file nor a temporary one.
# - An output that names one of the run's inputs is refused, and --record
#   wants a .gif name: the input is untouched.
# Usage: writes.sh WAVESNAKE DATA_DIR
WS=$1 DATA=$2
source "$(dirname "$0")/lib.sh"

# expect_full_stdout CMD... : with stdout on /dev/full, exit 2 and the one
# line "cannot write the output" on stderr.
expect_full_stdout() {
    "$@" >/dev/full 2>"$TMP/err"
    local got=$?
    if [ "$got" -ne 2 ]; then
        fail "stdout on /dev/full: exit $got, expected 2: $*"
        sed 's/^/  stderr: /' "$TMP/err" | head -3 >&2
    elif ! grep -q '^wavesnake: cannot write the output: ' "$TMP/err"; then
        fail "stdout on /dev/full: no 'cannot write the output' line: $*"
        sed 's/^/  stderr: /' "$TMP/err" | head -3 >&2
    elif [ "$(grep -c 'cannot write the output' "$TMP/err")" -ne 1 ]; then
        fail "stdout on /dev/full: more than one line: $*"
    fi
}

# ---- 1. Standard output on a full device -------------------------------------
"$WS" snake --headless --games 2 --size 6x6 --seed 1 --trace "$TMP/t.trace" >/dev/null ||
    fail "cannot write a trace to start from"
"$WS" snake --headless --games 2 --size 6x6 --seed 1 --json >"$TMP/shard.json" ||
    fail "cannot write a shard to start from"
if [ -w /dev/full ]; then
    for json in "" --json; do
        expect_full_stdout "$WS" snake --headless --games 3 --size 6x6 --seed 1 $json
        expect_full_stdout "$WS" snake --headless --games 2 --size 6x6 --seed 1 --race greedy,hamilton $json
        expect_full_stdout "$WS" sea --headless --games 1 --seed 1 $json
        expect_full_stdout "$WS" arena --headless --ticks 20 --seed 1 $json
        expect_full_stdout "$WS" merge "$TMP/shard.json" $json
        expect_full_stdout "$WS" replay "$TMP/t.trace" --headless $json
    done
    expect_full_stdout "$WS" replay "$TMP/t.trace" --print
    expect_full_stdout "$WS" wave "$DATA/level.txt" 1 1
    expect_full_stdout "$WS" path "$DATA/level.txt" 1 1 3 3
    expect_full_stdout "$WS" dmap "$(dirname "$0")/../../assets/maps/arena.txt"
    expect_full_stdout "$WS" fsm "$DATA/level.txt" "$DATA/chase.script"
    expect_full_stdout "$WS" counts "$DATA/sea-empty.board"
    expect_full_stdout "$WS" shot "$DATA/sea-empty.board" --seed 1
    expect_full_stdout "$WS" --help
    expect_full_stdout "$WS" --version
    expect_full_stdout "$WS" bench sea-history --seed 3
    # A failure that was already reported keeps its own status and line.
    "$WS" snake --headless --games 0 >/dev/full 2>"$TMP/err"
    [ $? -eq 2 ] || fail "a usage error with stdout on /dev/full changed its status"
fi

# ---- 2. A full disk leaves no cut file -----------------------------------------
# A real small file system when this runs as root; skipped (with a note) otherwise.
FULL=$TMP/full
mkdir -p "$FULL"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=64k tmpfs "$FULL" 2>/dev/null; then
    trap 'umount "$FULL" 2>/dev/null; rm -rf "$TMP"' EXIT
    # no_file NAME WHAT: neither NAME nor any temporary file is left in $FULL.
    no_file() {
        [ -e "$FULL/$1" ] && fail "$2: a cut $1 was left behind ($(stat -c %s "$FULL/$1") bytes)"
        local left
        left=$(ls -A "$FULL" | grep -v '^fill$')
        [ -z "$left" ] || fail "$2: files left behind: $left"
    }
    expect_usage_error "^wavesnake: --trace: cannot write '$FULL/t.trace': No space" \
        "$WS" snake --headless --games 60 --size 10x10 --seed 1 --trace "$FULL/t.trace"
    no_file t.trace "--trace on a full disk"
    # The same run on a disk with room: the whole trace is there, under its name.
    rm -f "$FULL"/*
    "$WS" snake --headless --games 2 --size 6x6 --seed 1 --trace "$FULL/ok.trace" >/dev/null ||
        fail "--trace with room failed"
    cmp -s "$FULL/ok.trace" "$TMP/t.trace" || fail "--trace with room: not the whole trace"
    [ "$(ls -A "$FULL")" = ok.trace ] || fail "--trace with room left: $(ls -A "$FULL")"
    rm -f "$FULL"/*
    # --json > FILE is the shell's file: the exit status says it.
    "$WS" snake --headless --games 3000 --size 4x4 --seed 1 --json >"$FULL/out.json" 2>"$TMP/err"
    [ $? -eq 2 ] || fail "--json > a full disk: exit status not 2"
    grep -q 'cannot write the output' "$TMP/err" || fail "--json > a full disk: no line"
    rm -f "$FULL"/*
    if "$WS" snake --size 8x8 --seed 1 --frames 2 --screenshot "$TMP/probe.png" >/dev/null 2>&1; then
        # The window's files: leave too little room for a PNG or a GIF.
        dd if=/dev/zero of="$FULL/fill" bs=1k count=56 2>/dev/null
        expect_usage_error "^wavesnake: --screenshot: cannot write '$FULL/s.png': No space" \
            "$WS" snake --size 20x20 --seed 1 --frames 2 --screenshot "$FULL/s.png"
        no_file s.png "--screenshot on a full disk"
        # A JPEG too says why: SDL_image's JPEG writer does not check its
        # writes, so the cause is kept by the image's output (chart.c).
        expect_usage_error "^wavesnake: --screenshot: cannot write '$FULL/s.jpg': No space" \
            "$WS" snake --size 20x20 --seed 1 --frames 2 --screenshot "$FULL/s.jpg"
        no_file s.jpg "a JPEG --screenshot on a full disk"
        expect_usage_error "^wavesnake: recording: cannot write '$FULL/r.gif': No space" \
            "$WS" snake --size 20x20 --seed 1 --frames 30 --screenshot "$TMP/r.png" \
            --record "$FULL/r.gif"
        no_file r.gif "--record on a full disk"
        expect_usage_error "^wavesnake: --chart: cannot write '$FULL/c.png': No space" \
            "$WS" bench --games 1 --boards 4x4 --policy greedy --chart "$FULL/c.png"
        no_file c.png "bench --chart on a full disk"
    fi
    rm -f "$FULL"/*
    dd if=/dev/zero of="$FULL/fill" bs=1k count=60 2>/dev/null
    expect_usage_error "^wavesnake: --plot: cannot write '$FULL/p.svg': No space" \
        "$WS" match greedy hamilton perfect --size 6x6 --games 200 --seed 3 --plot "$FULL/p.svg"
    no_file p.svg "match --plot on a full disk"
    dd if=/dev/zero of="$FULL/fill" bs=1k count=63 2>/dev/null
    printf 'old table\n' >"$TMP/old.md"
    expect_usage_error "^wavesnake: --markdown: cannot write '$FULL/r.md': No space" \
        "$WS" bench --games 1 --boards 4x4,5x5,6x6,7x7,8x8 --policy greedy --markdown "$FULL/r.md"
    no_file r.md "bench --markdown on a full disk"
    umount "$FULL"
else
    echo "note: not root or no tmpfs: the full-disk checks are skipped"
fi

# A symbolic link stays one, and a replaced file keeps its permissions.
printf 'old\n' >"$TMP/real.trace"
chmod 640 "$TMP/real.trace"
ln -s real.trace "$TMP/link.trace"
"$WS" snake --headless --games 2 --size 6x6 --seed 1 --trace "$TMP/link.trace" >/dev/null ||
    fail "--trace through a symbolic link failed"
[ -L "$TMP/link.trace" ] || fail "--trace replaced the symbolic link with a file"
cmp -s "$TMP/real.trace" "$TMP/t.trace" || fail "--trace through a link: not the trace"
[ "$(stat -c %a "$TMP/real.trace")" = 640 ] ||
    fail "the replaced trace has mode $(stat -c %a "$TMP/real.trace"), not 640"
ls -A "$TMP" | grep -q '\.tmp$' && fail "a temporary file was left: $(ls -A "$TMP")"

# A file name of the longest length a file system takes (255 bytes) is
# written: its temporary name is cut to fit (it was '.NAME.PID-N.tmp', too
# long: 'File name too long' for a name that touch(1) creates). One byte
# more is refused before any game is played.
long=$(printf 't%.0s' $(seq 249)).trace
"$WS" snake --headless --games 2 --size 6x6 --seed 1 --trace "$TMP/$long" >/dev/null 2>"$TMP/err" ||
    fail "--trace with a 255-byte name: exit $?: $(cat "$TMP/err")"
cmp -s "$TMP/$long" "$TMP/t.trace" || fail "--trace with a 255-byte name: not the whole trace"
rm -f "$TMP/$long"
expect_usage_error "^wavesnake: --trace: cannot write '.*': File name too long\$" \
    "$WS" snake --headless --games 100000000 --size 6x6 --seed 1 --trace "$TMP/x$long"
ls -A "$TMP" | grep -q '\.tmp$' && fail "a temporary file was left: $(ls -A "$TMP")"

# bench --markdown keeps the hand-written part of the file it replaces: one
# it cannot read (over 4 MiB here) is refused, untouched, before the run
# (it was replaced, the part after the marker lost, exit 0).
{ head -c 4200000 /dev/zero | tr '\0' 'x'
  printf '\n<!-- written by hand below: bench --markdown keeps it -->\nhand-made row\n'; } >"$TMP/big.md"
cp "$TMP/big.md" "$TMP/big.orig"
expect_usage_error "^wavesnake: --markdown: markdown file '.*big.md' is larger than [0-9]+ bytes: refused, not replaced\$" \
    "$WS" bench --games 1 --boards 4x4 --policy greedy --markdown "$TMP/big.md"
cmp -s "$TMP/big.md" "$TMP/big.orig" || fail "bench --markdown replaced a file it could not read"
: >"$TMP/empty.md" # an empty file has nothing to keep: written
"$WS" bench --games 1 --boards 4x4 --policy greedy --markdown "$TMP/empty.md" >/dev/null ||
    fail "bench --markdown on an empty file: exit $?"
grep -q '^# Snake benchmark results' "$TMP/empty.md" || fail "bench --markdown on an empty file: no table"

# ---- 3. No output overwrites an input ----------------------------------------
printf '######\n#....#\n#....#\n#....#\n#....#\n######\n' >"$TMP/m.txt"
cp "$TMP/m.txt" "$TMP/m.orig"
expect_usage_error "--trace .*m.txt is --map, an input of this run" \
    "$WS" snake --headless --games 1 --seed 1 --map "$TMP/m.txt" --trace "$TMP/m.txt"
expect_usage_error "--trace .*is --map, an input of this run" \
    "$WS" snake --headless --games 1 --seed 1 --map "$TMP/m.txt" --trace "$TMP/./m.txt"
ln -s "$TMP/m.txt" "$TMP/link.txt"
expect_usage_error "--trace .*is --map, an input of this run" \
    "$WS" snake --headless --games 1 --seed 1 --map "$TMP/m.txt" --trace "$TMP/link.txt"
expect_usage_error "--record .*(is --map, an input of this run|the file must end in .gif)" \
    "$WS" snake --map "$TMP/m.txt" --frames 2 --screenshot "$TMP/x.png" --record "$TMP/m.txt"
expect_usage_error "--record .*: the file must end in .gif" \
    "$WS" snake --frames 2 --screenshot "$TMP/x.png" --record "$TMP/m2.txt"
cmp -s "$TMP/m.txt" "$TMP/m.orig" || fail "the map was changed"
[ -e "$TMP/m2.txt" ] && fail "--record m2.txt wrote a file"
expect_usage_error "--map .*m.txt is also an output" \
    "$WS" bench --games 1 --policy greedy --map "$TMP/m.txt" --markdown "$TMP/m.txt"
cmp -s "$TMP/m.txt" "$TMP/m.orig" || fail "bench --markdown changed the map"
# --chart writes a PNG (a JPEG for .jpg): a name that says otherwise is a
# typo, refused as --record's is (a text file became a PNG, exit 0).
cp "$TMP/m.txt" "$TMP/notes.md"
expect_usage_error "^wavesnake: --chart .*notes.md: the chart is a picture: name it F.png \\(or F.jpg\\)\$" \
    "$WS" bench --games 1 --boards 4x4 --policy greedy --chart "$TMP/notes.md"
cmp -s "$TMP/notes.md" "$TMP/m.orig" || fail "bench --chart notes.md changed the file"
expect_usage_error "--chart .*c.svg: the chart is a picture" \
    "$WS" bench --games 1 --boards 4x4 --policy greedy --chart "$TMP/c.svg"
expect_usage_error "--screenshot and --record name the same file|must end" \
    "$WS" snake --frames 2 --screenshot "$TMP/x.gif" --record "$TMP/x.gif"

finish
