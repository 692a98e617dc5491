#include <stdlib.h>
void impure(int bad) {
    if (bad)
        abort();
}
