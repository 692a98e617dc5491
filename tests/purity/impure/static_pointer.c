/* A mutable pointer to const chars: the table is const, the pointer is not. */
#include <stddef.h>
static const char *greeting = "hello";
const char *impure(const char *s) {
    if (s != NULL)
        greeting = s;
    return greeting;
}
