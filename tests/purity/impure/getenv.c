#include <stdlib.h>
int impure(void) { return getenv("HOME") != NULL; }
