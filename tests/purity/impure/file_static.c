static int count; /* a mutable file-scope static */
int impure(void) { return ++count; }
