#!/bin/sh
# A real SLURM cluster of one node on localhost (munged, slurmctld and
# slurmd with a generated slurm.conf, on ports of their own), then one
# split proof through it: benchmarks/split_rounds.sh --slurm submits one
# job array per round (sbatch --wait) and merges; the optimum must be the
# one-process solve's, with SAT cubes and with IDA* cubes (whose rounds
# end at the first plan, the array cancelled). Needs root and Debian's slurm-wlm and munge
# (third_party/install_deps.sh installs them); otherwise it says why and
# exits 77, which CTest counts as skipped.
#
#   tests/cluster/slurm_split.sh SATSLIDE-BINARY
#
# With more arguments, the same cluster runs a split of one's own
# instead (benchmarks: a 24-puzzle by IDA* cubes), its rounds kept in
# KEEP-DIR for benchmarks/cube_schedule.py, and passes if merge proves an
# optimum:
#
#   tests/cluster/slurm_split.sh SATSLIDE-BINARY KEEP-DIR SHARDS SPLIT-OPTIONS... [-- BATCH-OPTIONS...]
set -eu
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
here=$(cd "$(dirname "$0")" && pwd)
skip() {
  echo "skipped: $*"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "starting slurmctld and slurmd needs root"
for p in munged slurmctld slurmd sbatch sinfo; do
  command -v "$p" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin
  command -v "$p" >/dev/null 2>&1 ||
    skip "$p is missing (third_party/install_deps.sh installs slurm-wlm and munge)"
done

dir=$(mktemp -d /tmp/satslide-slurm.XXXXXX)
chmod 755 "$dir"
cleanup() {
  for d in slurmd slurmctld; do
    [ -f "$dir/$d.pid" ] && kill "$(cat "$dir/$d.pid")" 2>/dev/null || true
  done
  [ -f "$dir/munged.pid" ] && kill "$(cat "$dir/munged.pid")" 2>/dev/null || true
  sleep 1
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

# munge with a key and socket of its own.
mkdir -p "$dir/munge"
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 700 "$dir/munge"
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" \
  --socket="$dir/munge/munge.socket" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed"

host=$(hostname -s)
cpus=$(nproc)
cat >"$dir/slurm.conf" <<CONF
ClusterName=satslide-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
mkdir -p "$dir/state" "$dir/spool"
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
up=false
for _ in $(seq 1 60); do
  if sinfo -h -o %t 2>/dev/null | grep -q idle; then
    up=true
    break
  fi
  sleep 1
done
if ! $up; then
  echo "the one-node cluster did not come up; its logs:" >&2
  tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
  exit 1
fi
echo "cluster up: $(sinfo -h -o '%P %D %t %c')"

if [ $# -ge 3 ]; then
  keep=$1
  shards=$2
  shift 2
  mkdir -p "$keep"
  keep=$(cd "$keep" && pwd)
  status=0
  (cd "$dir" && SATSLIDE=$bin "$here/../../benchmarks/split_rounds.sh" --slurm \
    out "$shards" "$@" >result.txt) || status=$?
  cp -r "$dir/out/." "$keep/"
  cat "$dir/result.txt" | tee "$keep/result.txt"
  [ $status -eq 0 ] || { echo "split_rounds.sh --slurm exited $status" >&2; exit 1; }
  grep -q "moves, optimal" "$dir/result.txt"
  exit
fi

board='3 1 10 4 7 2 6 8 9 5 0 11'
want=$("$bin" --puzzle npuzzle --rows 3 --cols 4 --board "$board" --json -q |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["length"])')
cd "$dir"
status=0
SATSLIDE=$bin "$here/../../benchmarks/split_rounds.sh" --slurm out 2 \
  --puzzle npuzzle --rows 3 --cols 4 --board "$board" --split-depth 2 -q \
  >result.txt || status=$?
cat result.txt
[ $status -eq 0 ] || { echo "split_rounds.sh --slurm exited $status" >&2; exit 1; }
grep -q "solution: $want moves, optimal (by SAT over cubes" result.txt ||
  { echo "the merged optimum is not solve's ($want)" >&2; exit 1; }
rounds=$(ls out/round.*.part.*.jsonl | sed 's/.*round\.\([0-9]*\)\..*/\1/' | sort -u | wc -l)
[ "$rounds" -ge 2 ] || { echo "expected several rounds, got $rounds" >&2; exit 1; }
# The same board in IDA* cubes: each array task stops at its first plan
# (batch --until-solved) and the round's array is cancelled then; the
# proof must stand on what was written.
status=0
SATSLIDE=$bin "$here/../../benchmarks/split_rounds.sh" --slurm ida 2 \
  --puzzle npuzzle --rows 3 --cols 4 --board "$board" --engine ida \
  --pattern-tiles 4 --split-depth 4 -q >ida.txt || status=$?
cat ida.txt
[ $status -eq 0 ] || { echo "split_rounds.sh --slurm (IDA* cubes) exited $status" >&2; exit 1; }
grep -q "solution: $want moves, optimal" ida.txt ||
  { echo "the IDA* cubes' optimum is not solve's ($want)" >&2; exit 1; }
echo "ok: $want moves, optimal, over $rounds rounds of SLURM job arrays (SAT cubes), and by IDA* cubes"
