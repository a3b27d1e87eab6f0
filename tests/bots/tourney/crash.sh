#!/bin/sh
# crash.sh: a bot that says goodbye on stderr and dies at once (the referee's verdict: crash).
echo "crash.sh: bye" >&2
exit 3
