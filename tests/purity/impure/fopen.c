#include <stdio.h>
int impure(const char *path) {
    FILE *f = fopen(path, "rb");
    return f != NULL ? fclose(f) : -1;
}
