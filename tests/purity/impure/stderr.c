#include <stdio.h>
void impure(const char *s) { fputs(s, stderr); }
