#!/bin/sh
# slurm_workers.sh: submits `arena worker` processes as a Slurm job array against a store (a
# PostgreSQL URL, docs/scale.md). Each task plays --jobs matches at once and exits when no match is
# queued or being played, so the array ends with the tournament. A preempted task hands its
# matches back (SIGTERM) and Slurm requeues it (--requeue).
# Usage: scripts/slurm_workers.sh --db URL [--tasks N] [--jobs J] [--tag T]... [--slurm-args "..."]
#        [--arena PATH] [--log-dir DIR] [--wait]
# Prints the array's job id. --wait: returns when every task has ended (sbatch --wait).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
db="" tasks=4 jobs=1 tags="" slurm_args="" arena="$here/bin/arena" logs="" wait=""
# need OPTION ARGS...: an option's value is there (set -u stopped at "2: parameter not set")
need() { [ $# -ge 2 ] || { echo "slurm_workers.sh: $1 needs a value (see --help)" >&2; exit 2; }; }
while [ $# -gt 0 ]; do
  case $1 in
  --db) need "$@"; db=$2; shift 2 ;;
  --tasks) need "$@"; tasks=$2; shift 2 ;;
  --jobs) need "$@"; jobs=$2; shift 2 ;;
  --tag) need "$@"; tags="$tags --tag $2"; shift 2 ;;
  --slurm-args) need "$@"; slurm_args=$2; shift 2 ;;
  --arena) need "$@"; arena=$2; shift 2 ;;
  --log-dir) need "$@"; logs=$2; shift 2 ;;
  --wait) wait=--wait; shift ;;
  -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "slurm_workers.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$db" ] || { echo "slurm_workers.sh: missing --db URL" >&2; exit 2; }
# as arena tourney --slurm: the tasks run on other machines, which cannot reach a file of this one
case $db in postgresql://* | postgres://*) ;; *)
  echo "slurm_workers.sh: --db $db: a PostgreSQL URL is needed (postgresql://USER@HOST/DB): the tasks run on other machines" >&2
  exit 2 ;;
esac
case $tasks in ''|*[!0-9]*|0) echo "slurm_workers.sh: --tasks $tasks: expected a positive number" >&2; exit 2 ;; esac
# sbatch took --cpus-per-task=abc and failed in its own words; arena worker --jobs 0 plays nothing
case $jobs in ''|*[!0-9]*|0) echo "slurm_workers.sh: --jobs $jobs: expected a positive number" >&2; exit 2 ;; esac
[ -x "$arena" ] || { echo "slurm_workers.sh: $arena is not built (make)" >&2; exit 2; }
logs=${logs:-$PWD}
mkdir -p "$logs"
# The URL goes through the environment, not a command line (ps shows command lines, the password
# too): arena worker reads ARENA_WORKER_DB when it has no --db.
export ARENA_WORKER_DB="$db"
# shellcheck disable=SC2086
exec sbatch --parsable $wait --array="0-$((tasks - 1))" --requeue --cpus-per-task="$jobs" --job-name=arena-workers \
  --output="$logs/arena-worker-%A-%a.log" --export=ALL $slurm_args \
  --wrap "exec '$arena' worker --jobs $jobs --exit-when-empty $tags --name slurm-\${SLURM_ARRAY_JOB_ID}-\${SLURM_ARRAY_TASK_ID}"
