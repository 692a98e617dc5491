#include <stdlib.h>
int impure(void) { return rand(); }
