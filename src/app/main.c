/* wavesnake - game AIs that play themselves while you watch how they think.
 *
 * main() is ws_main (ws_main.h): the dispatch is a function of its own so
 * that the command-line fuzzer can call it in-process. */
#include "ws_main.h"

int main(int argc, char **argv) { return ws_main(argc, argv); }
