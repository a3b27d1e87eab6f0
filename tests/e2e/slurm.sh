# slurm.sh: a throwaway one-node Slurm cluster for the store's tests (sourced), as
# ARCHITECTURE.md's recipe: munged as the munge user, a private slurm.conf (SlurmUser=root, free
# ports, state in a temporary folder, proctrack/linuxproc, no cgroup.conf), slurmctld and slurmd.
# slurm_start sets SLURM_CONF (exported) or fails with SLURM_SKIP saying why; slurm_stop ends all.
# MinJobAge=4: `sbatch --wait` asks about its job every 2 s while the job's record is to be kept
# longer than 2 s, and sleeps 2, 8, 32, 32... s with the default (300): a 10-second array was
# waited for about 10 s more. A record kept 4 s still outlives a 2-second poll.
SLURM_DIR=""
SLURM_SKIP=""
slurm_start() {
  for b in slurmctld slurmd sbatch sinfo munged; do
    command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || { SLURM_SKIP="$b is not installed (apt-get install slurm-wlm munge)"; return 1; }
  done
  [ "$(id -u)" = 0 ] || { SLURM_SKIP="a private Slurm cluster needs root here (SlurmUser=root)"; return 1; }
  SLURM_DIR=$(mktemp -d /tmp/arena-slurm-XXXXXX)
  chmod 755 "$SLURM_DIR"
  # munge: its own socket and pid file in the temporary folder, the machine's key
  mkdir -p "$SLURM_DIR/munge"
  chown munge "$SLURM_DIR/munge" 2>/dev/null
  if [ ! -r /etc/munge/munge.key ]; then SLURM_SKIP="no /etc/munge/munge.key"; return 1; fi
  runuser -u munge -- /usr/sbin/munged --socket="$SLURM_DIR/munge/munge.socket" \
    --pid-file="$SLURM_DIR/munge/munged.pid" --log-file="$SLURM_DIR/munge/munged.log" \
    --seed-file="$SLURM_DIR/munge/munged.seed" 2>"$SLURM_DIR/munged.err" ||
    { SLURM_SKIP="munged did not start: $(tail -n 1 "$SLURM_DIR/munged.err")"; return 1; }
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  port2=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  host=$(hostname -s)
  mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool"
  cat >"$SLURM_DIR/slurm.conf" <<CONF
ClusterName=arenatest
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$port2
AuthType=auth/munge
AuthInfo=socket=$SLURM_DIR/munge/munge.socket
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.pid
SlurmctldLogFile=$SLURM_DIR/slurmctld.log
SlurmdLogFile=$SLURM_DIR/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
MinJobAge=4
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$SLURM_DIR/slurm.conf"
  /usr/sbin/slurmctld -f "$SLURM_CONF" 2>"$SLURM_DIR/ctld.err" || { SLURM_SKIP="slurmctld did not start: $(tail -n 2 "$SLURM_DIR/ctld.err" | tr '\n' ' ')"; return 1; }
  /usr/sbin/slurmd -f "$SLURM_CONF" 2>"$SLURM_DIR/d.err" || { SLURM_SKIP="slurmd did not start: $(tail -n 2 "$SLURM_DIR/d.err" | tr '\n' ' ')"; return 1; }
  t=300
  while [ $t -gt 0 ]; do
    sinfo -h -o %T 2>/dev/null | grep -q idle && return 0
    sleep 0.1; t=$((t - 1))
  done
  SLURM_SKIP="the node never became idle: $(tail -n 2 "$SLURM_DIR/slurmctld.log" | tr '\n' ' ')"
  return 1
}
slurm_stop() {
  [ -n "$SLURM_DIR" ] || return 0
  for f in slurmd slurmctld munge/munged; do
    [ -f "$SLURM_DIR/$f.pid" ] && kill "$(cat "$SLURM_DIR/$f.pid")" 2>/dev/null
  done
  sleep 0.5
  for f in slurmd slurmctld munge/munged; do
    [ -f "$SLURM_DIR/$f.pid" ] && kill -9 "$(cat "$SLURM_DIR/$f.pid")" 2>/dev/null
  done
  rm -rf "$SLURM_DIR"
  SLURM_DIR=""
}
