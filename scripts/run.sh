#!/bin/sh
# The main job (`make run`): a Rising Tide game between the four sample bots, with the live view
# when stdout is a terminal, a progress line and the final table otherwise.
set -eu
cd "$(dirname "$0")/.."
mkdir -p out
exec bin/arena play rising_tide builtin:random_rizhao builtin:nearby_new_orleans \
  builtin:border_barcelona builtin:trench_tunis --replay out/last.jsonl --log out/log.txt "$@"
