/* require.h - assertions for a test's hot loops.
 *
 * Check's ck_assert_* macros record the place of every assertion that
 * passes (a write to the test runner per call, so that a crash can name the
 * last good line). A test that asserts after every move of thousands of
 * games, once per body segment, spends most of its time in those writes:
 * test_snake_cycle's wall games spent half their time in write(2). The
 * REQUIRE macros cost one branch when they pass and fail like ck_abort_msg
 * (the test fails at this file and line, with the message). Use them inside
 * loops over moves and cells; ck_assert_* stays right everywhere else.
 */
#ifndef WS_REQUIRE_H
#define WS_REQUIRE_H

#include <check.h>
#include <stdint.h>

#define REQUIRE(expr)                                                                              \
    do {                                                                                           \
        if (!(expr))                                                                               \
            ck_abort_msg("Assertion '%s' failed", #expr);                                          \
    } while (0)

/* REQUIRE_MSG(expr, format, args...): the message when expr is false. */
#define REQUIRE_MSG(expr, ...)                                                                     \
    do {                                                                                           \
        if (!(expr))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

#define REQUIRE_INT_EQ(a, b)                                                                       \
    do {                                                                                           \
        intmax_t req_a_ = (a), req_b_ = (b);                                                       \
        if (req_a_ != req_b_)                                                                      \
            ck_abort_msg("Assertion '%s == %s' failed: %s == %jd, %s == %jd", #a, #b, #a, req_a_, \
                         #b, req_b_);                                                              \
    } while (0)

#endif
