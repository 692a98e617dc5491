/* ws_main.h - the whole command line as a function.
 *
 * ws_main(argc, argv) is what `wavesnake ARGS` does: it dispatches to a play
 * mode (the window, or a headless run), a text tool or bench, and returns
 * the exit status (report.h). It keeps no state between calls and never exits
 * the process, so a test or a fuzzer can call it again and again in one
 * process; which front end a play mode opens is the linker's choice
 * (frontend.h: the SDL window, or the stub without a window).
 */
#ifndef WS_MAIN_H
#define WS_MAIN_H

int ws_main(int argc, char **argv);

#endif
