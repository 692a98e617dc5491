/* A global the grep cannot see (a macro declares it): the library check
 * must catch it. */
#define COUNTER(name) int name
COUNTER(impure_hidden);
int impure(void) { return ++impure_hidden; }
