#!/bin/sh
# A SLURM job array over one batch input: task K of N solves the input
# lines i with i % N == K (satslide batch --shard K/N) and writes
# OUTDIR/shard.K.jsonl; a resubmitted task resumes where it stopped.
#
#   sbatch --array=0-7 benchmarks/slurm_batch.sh INPUT OUTDIR [options]
#   cat OUTDIR/shard.*.jsonl > merged.jsonl      # after the array ends
#   benchmarks/batch_table.py merged.jsonl --plot merged.png > merged.md
#
# [options] go to satslide batch as they are (e.g. --puzzle rushhour
# --metric step --timeout 600). SATSLIDE names the binary if it is not
# on PATH. The tests run this script with SLURM's variables set by hand.
#SBATCH --job-name=satslide-batch
#SBATCH --cpus-per-task=2
#SBATCH --output=slurm-%A_%a.log
set -eu
if [ $# -lt 2 ]; then
  echo "usage: sbatch --array=0-(N-1) $0 INPUT OUTDIR [satslide batch options]" >&2
  exit 32
fi
input=$1
out=$2
shift 2
: "${SLURM_ARRAY_TASK_ID:?not in a SLURM job array (sbatch --array=...)}"
: "${SLURM_ARRAY_TASK_COUNT:?not in a SLURM job array (sbatch --array=...)}"
mkdir -p "$out"
exec "${SATSLIDE:-satslide}" batch "$input" \
  --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" \
  -j "${SLURM_CPUS_PER_TASK:-1}" --resume \
  -o "$out/shard.$SLURM_ARRAY_TASK_ID.jsonl" "$@"
