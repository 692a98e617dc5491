int impure_count = 0; /* a mutable global */
int impure(void) { return ++impure_count; }
