#include <stdio.h>
void impure(int x) { printf("%d\n", x); }
