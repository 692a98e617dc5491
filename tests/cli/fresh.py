#!/usr/bin/env python3
"""fresh.py CMD ARGS...: runs CMD as a login shell would start it: no
descriptor above 2 (a test harness leaks some, and the engine tests look
for any that wavesnake itself leaves open) and the signals a shell's
background job ignores (INT, QUIT) back at their default."""
import os
import signal
import sys

os.closerange(3, 65536)
for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE, signal.SIGTERM, signal.SIGHUP):
    signal.signal(sig, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
