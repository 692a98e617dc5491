/* A pure file: what the core may do. tests/purity/selftest.sh expects
 * check_core_purity.sh to pass on it, and to fail on each file of impure/. */
#include <stdio.h> /* for snprintf only */
#include <string.h>

struct Forward;
typedef struct Pair {
    int a, b;
} Pair;

static const char *const NAMES[] = {"read", "write"}; /* a const table */
static const int SIZES[2] = {1, 2};
extern const char TABLE[];
const char TABLE[] = "exit(1); printf(\"x\")"; /* calls in strings are text */

/* printf("in a comment"), fopen(), static int x; are comments. */
int pure_format(char *buf, size_t size, const Pair *p, int i) {
    static const char HEX[] = "0123456789abcdef";
    Pair copy;
    memcpy(&copy, p, sizeof copy);
    return snprintf(buf, size, "%s %d %c %d", NAMES[i & 1], copy.a + SIZES[i & 1], HEX[i & 15],
                    TABLE[0]);
}
