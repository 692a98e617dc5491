#include <stdlib.h>
void impure(int bad) {
    if (bad)
        exit(2);
}
