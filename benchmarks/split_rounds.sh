#!/bin/sh
# One proof in cubes, round after round, on GNU parallel (one machine or
# many: --sshlogin in PARALLEL_OPTIONS) or on a SLURM cluster (one job
# array per round): split, solve the round's cubes with satslide batch
# in N shards, merge, until merge prints the optimum (or a limit).
#
#   benchmarks/split_rounds.sh [--slurm] [--certify] OUTDIR N SPLIT-OPTIONS... [-- BATCH-OPTIONS...]
#
#   benchmarks/split_rounds.sh out 2 --puzzle 15 --board "..." --split-depth 4
#   benchmarks/split_rounds.sh --slurm out 64 --puzzle 15 --board "..." --split-depth 8 -- --timeout 3600
#
# OUTDIR keeps every round: round.R.jsonl (the cubes), round.R.part.K.jsonl
# (shard K's answers, round.R.part.retryT-K.jsonl for reruns; their "seconds" are the per-cube times
# benchmarks/cube_schedule.py simulates clusters from), merge.R.txt, and
# result.txt, merge's final report. --certify: every answer carries its
# certificate (batch --certify OUTDIR/certs.R[.retryT]) and merge counts
# it only once verified (merge --verify). Exit code: merge's (0 the optimum,
# 10 unsolvable, 20 a length limit) or 30 if a round stays incomplete.
# SATSLIDE names the binary (default: satslide on PATH); with --slurm,
# sbatch --wait runs benchmarks/slurm_batch.sh as the array.
set -eu
slurm=false
certify=false
while :; do
  case "${1:-}" in
    --slurm) slurm=true ;;
    --certify) certify=true ;;
    *) break ;;
  esac
  shift
done
if [ $# -lt 3 ]; then
  sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 32
fi
out=$1
shards=$2
shift 2
satslide=${SATSLIDE:-satslide}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"

# The split options, then (after --) the batch options.
split_args=""
batch_args=""
seen=false
ida=false
window=false
previous=""
for a in "$@"; do
  if ! $seen; then
    case "$previous $a" in
      *" --engine=ida" | "--engine ida") ida=true ;;
      *" --split-window"*) window=true ;;
    esac
  fi
  previous=$a
  if [ "$a" = -- ] && ! $seen; then
    seen=true
    continue
  fi
  q=$(printf "'%s'" "$(printf %s "$a" | sed "s/'/'\\\\''/g")")
  if $seen; then batch_args="$batch_args $q"; else split_args="$split_args $q"; fi
done
# IDA* cubes, one length a round: every cube of a round was refuted two
# moves shorter the round before (or by its bound), so the first plan
# found proves the optimum. Each shard stops at its first plan (batch
# --until-solved), and the other shards are stopped then (GNU parallel:
# a TERM; SLURM: scancel of the round's array).
until_solved=false
if $ida && ! $window; then
  until_solved=true
  batch_args="$batch_args --until-solved"
fi

# Waits for the round's shards, running in the background as process $1;
# with --until-solved, once a file matching $2 (a quoted glob) holds a
# plan, stops the other shards first by the command $3.
wait_round() {
  while $until_solved && kill -0 "$1" 2>/dev/null; do
    if eval "grep -qs '\"status\":\"solved\"' $2"; then
      eval "$3" || true
      break
    fi
    sleep 0.2
  done
  wait "$1" || true
}

# Solves cubes file $1 into $out/round.$2.part.$3K.jsonl, K = 0..shards-1
# (with --certify, each answer's certificate under $out/certs.$2[.retryT]).
solve_round() {
  certify_args=""
  if $certify; then
    certs=$out/certs.$2
    if [ -n "$3" ]; then
      certs=$certs.${3%-}
    fi
    certify_args="--certify '$certs'"
  fi
  if $slurm; then
    # sbatch --parsable prints the job id ("id" or "id;cluster") at once;
    # a cube's cap is a horizon limit, batch exits 21, and so does the
    # array, so its status says nothing.
    job=$out/slurm.$2.$3job
    eval "SATSLIDE='$satslide' sbatch --wait --parsable --array=0-$((shards - 1)) \
      --output='$out/slurm.$2.$3%a.log' '$here/slurm_batch.sh' '$1' '$out/slurm.$2.$3' $batch_args $certify_args" \
      >"$job" &
    wait_round $! "'$out/slurm.$2.$3/shard.'*.jsonl" \
      "scancel \"\$(cut -d';' -f1 '$job')\""
    for k in $(seq 0 $((shards - 1))); do
      cp "$out/slurm.$2.$3/shard.$k.jsonl" "$out/round.$2.part.$3$k.jsonl" 2>/dev/null || true
    done
  else
    eval "parallel --will-cite -j '$shards' ${PARALLEL_OPTIONS:-} \"'$satslide'\" batch '$1' \
      --shard {}/$shards -q -o '$out/round.$2.part.$3{}.jsonl' $batch_args $certify_args \
      ::: $(seq -s ' ' 0 $((shards - 1)))" &
    # parallel passes the TERM on to its jobs.
    wait_round $! "'$out/round.$2.part.$3'[0-9]*.jsonl" "kill -TERM $!"
  fi
}

status=0
eval "'$satslide' split $split_args -o '$out/round.1.jsonl'" >"$out/split.txt" || status=$?
if [ $status -ne 24 ]; then # decided by the split's own search
  cp "$out/split.txt" "$out/result.txt"
  cat "$out/result.txt"
  exit $status
fi
round=1
file=$out/round.1.jsonl
tries=0
while :; do
  solve_round "$file" $round "$([ $tries -gt 0 ] && echo "retry$tries-")"
  status=0
  verify=""
  if $certify; then
    verify=--verify
  fi
  "$satslide" merge "$out/round.$round.jsonl" "$out"/round.$round.part.*.jsonl \
    -o "$out/next.jsonl" $verify >"$out/merge.$round.txt" || status=$?
  case $status in
    24) # the next round
      round=$((round + 1))
      mv "$out/next.jsonl" "$out/round.$round.jsonl"
      file=$out/round.$round.jsonl
      tries=0
      echo "round $round: $(grep -c '^{' "$file") cubes" >&2 ;;
    25) # cubes of this round unanswered (a timeout, a lost shard): again
      tries=$((tries + 1))
      if [ $tries -gt 2 ]; then
        echo "round $round: cubes still missing after 3 runs (see $out/merge.$round.txt)" >&2
        exit 30
      fi
      mv "$out/next.jsonl" "$out/round.$round.retry$tries.jsonl"
      file=$out/round.$round.retry$tries.jsonl ;;
    *)
      cp "$out/merge.$round.txt" "$out/result.txt"
      cat "$out/result.txt"
      exit $status ;;
  esac
done
