#!/usr/bin/env bash
# The harness can fail: a program that crashes in the middle of a pipeline,
# or exits 2 after a sanitizer report, and a process a test left behind,
# must fail the checks of lib.sh.
# Exits 0 only if every such check did fail.
source "$(dirname "$0")/lib.sh"
crash="$TMP/crash.sh"
cat >"$crash" <<'SH'
#!/usr/bin/env bash
echo "game 0 seed 1: won, length 64/64"
kill -SEGV $$
SH
chmod +x "$crash"
sanitized="$TMP/sanitized.sh"
cat >"$sanitized" <<'SH'
#!/usr/bin/env bash
echo "==1==ERROR: AddressSanitizer: heap-buffer-overflow" >&2
exit 2
SH
chmod +x "$sanitized"

selftest_failures=0
expect_caught() { # what, then runs the check; FAILED must become 1
    local what=$1
    shift
    FAILED=0
    "$@" 2>/dev/null
    if [ "$FAILED" -ne 1 ]; then
        echo "SELFTEST FAIL: the harness did not catch: $what" >&2
        selftest_failures=$((selftest_failures + 1))
    fi
}
pipeline_check() { "$crash" | sed 's/x/y/' >"$TMP/out" || fail "crash in a pipeline"; }
expect_caught "a crash before a filter" pipeline_check
expect_caught "a crash under expect_status 0" expect_status 0 "$crash"
expect_caught "a sanitizer report with exit 2" expect_usage_error "." "$sanitized"
# A process left behind is caught, and killed.
mark=wsselftest$$
bash -c "exec -a 'sleep $mark' sleep 300" &
left=$!
sleep 0.2
expect_caught "a process left behind" left_behind selftest "$mark"
sleep 0.2
if kill -0 "$left" 2>/dev/null; then
    echo "SELFTEST FAIL: left_behind did not kill what it found" >&2
    selftest_failures=$((selftest_failures + 1))
    kill -KILL "$left" 2>/dev/null
fi
{ wait "$left"; } 2>/dev/null
# Another run's mark that starts with this one's (pid 1234 and 12345) is not
# this run's: not caught (nor killed).
bash -c "exec -a 'sleep ${mark}7' sleep 300" &
other=$!
sleep 0.2
FAILED=0
left_behind other "$mark"
[ "$FAILED" -eq 0 ] || { echo "SELFTEST FAIL: left_behind took ${mark}7 for $mark" >&2; selftest_failures=$((selftest_failures + 1)); }
kill -KILL "$other" 2>/dev/null
{ wait "$other"; } 2>/dev/null
# And the harness passes what is right.
FAILED=0
expect_status 0 true
[ "$FAILED" -eq 0 ] || { echo "SELFTEST FAIL: 'true' failed a check" >&2; selftest_failures=1; }
FAILED=0
left_behind none "$mark"
[ "$FAILED" -eq 0 ] || { echo "SELFTEST FAIL: left_behind failed with nothing left" >&2; selftest_failures=1; }
FAILED=0
if [ "$selftest_failures" -ne 0 ]; then
    echo "harness self-test: $selftest_failures case(s) not caught" >&2
    exit 1
fi
echo "harness self-test: every crash was caught"
exit 0
