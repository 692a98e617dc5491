# Shared helpers for the CLI tests: `source lib.sh` after setting WS, DATA.
# Every check prints what it expected and what it got, and the script exits
# non-zero at the end if any check failed.
#
# pipefail: in `"$WS" ... | filter >out || fail ...` the status is the first
# failing command's, so a crash of wavesnake fails the check even though the
# filter after it succeeded (cli/lib_selftest.sh proves it).
set -u
set -o pipefail
FAILED=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fail() {
    echo "FAIL: $*" >&2
    FAILED=1
}

# expect_status WANT CMD... : runs CMD, checks its exit status.
expect_status() {
    local want=$1
    shift
    "$@" >"$TMP/out" 2>"$TMP/err"
    local got=$?
    if [ "$got" -ne "$want" ]; then
        fail "exit $got, expected $want: $*"
        sed 's/^/  stderr: /' "$TMP/err" | head -5 >&2
    fi
    return 0
}

# expect_usage_error PATTERN CMD... : exit 2, one stderr line matching PATTERN, no crash.
expect_usage_error() {
    local pattern=$1
    shift
    expect_status 2 "$@"
    local lines
    lines=$(wc -l <"$TMP/err")
    if [ "$lines" -ne 1 ]; then
        fail "expected one line on stderr, got $lines: $*"
        sed 's/^/  stderr: /' "$TMP/err" | head -5 >&2
    fi
    if ! grep -qiE -- "$pattern" "$TMP/err"; then
        fail "stderr does not match /$pattern/: $*"
        sed 's/^/  stderr: /' "$TMP/err" | head -3 >&2
    fi
    if grep -qiE 'sanitizer|segmentation|core dumped|abort' "$TMP/err"; then
        fail "crash report on stderr: $*"
    fi
}

# left_behind WHAT PATTERN: fails if a process whose command line has
# PATTERN as whole words (pgrep -f: a word of the test's own in its engines'
# command lines, such as wsengtest$$) still runs, and kills those by pid,
# so only what this test started. Whole words (no letter, digit or _ just
# before or after): the mark of the run with pid 1234 is not a part of run
# 12345's, which may run at the same time (ctest -j2, or other runs on the
# machine).
left_behind() {
    local pids re="(^|[^[:alnum:]_])($2)([^[:alnum:]_]|\$)"
    pids=$(pgrep -f "$re") || return 0
    fail "$1: processes left behind: $(pgrep -af "$re" | head -3)"
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null
    return 0
}

finish() {
    if [ "$FAILED" -ne 0 ]; then
        echo "some checks failed" >&2
        exit 1
    fi
    echo "all checks passed"
    exit 0
}
