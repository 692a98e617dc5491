int impure(void) {
    static int calls = 0; /* a mutable function-static */
    return ++calls;
}
