#!/bin/sh
# Surviving the end of the game, shell style: a setsid'd and a nohup'd sleeper (both ignoring
# SIGHUP and SIGTERM, both carrying the marker), then the bot plays as the victim does.
#   daemon.sh TRANSPORT MARKER [KEY=VALUE...] [PORT]
marker=$2
py=$(command -v python3)
setsid "$py" -c 'import signal, time; signal.signal(1, signal.SIG_IGN); signal.signal(15, signal.SIG_IGN); time.sleep(3600)' "$marker" </dev/null >/dev/null 2>&1 &
nohup "$py" -c 'import signal, time; signal.signal(15, signal.SIG_IGN); time.sleep(3600)' "$marker" </dev/null >/dev/null 2>&1 &
echo "ATTACK daemon CONTAINED two sleepers left running (the test checks they are gone)" >&2
exec "$py" "$(dirname "$0")/victim.py" "$@"
