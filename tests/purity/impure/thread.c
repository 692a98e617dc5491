#include <pthread.h>
static void *run(void *arg) { return arg; }
int impure(void) {
    pthread_t t;
    return pthread_create(&t, NULL, run, NULL);
}
