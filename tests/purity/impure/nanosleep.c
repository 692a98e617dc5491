#define _POSIX_C_SOURCE 200809L
#include <time.h>
void impure(void) {
    struct timespec t = {0, 1000};
    nanosleep(&t, NULL);
}
