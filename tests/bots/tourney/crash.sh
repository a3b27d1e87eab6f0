#!/bin/sh
# crash.sh: a bot that dies at once (the referee's verdict: crash).
exit 3
