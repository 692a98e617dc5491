#include <unistd.h>
long impure(const char *s, unsigned long n) { return (long)write(1, s, n); }
