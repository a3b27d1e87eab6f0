#!/bin/sh
# hang.sh: a Rising Tide bot that never answers (reads nothing, sleeps forever).
while :; do sleep 1; done
