#!/usr/bin/env bash
# dtbench on Slurm: an array job running one shard per task, then a report
# job that starts when every task has succeeded (--dependency=afterok).
#
#   deploy/slurm/array.sh [CONFIG [SHARDS [OUT]]]
#
# CONFIG defaults to configs/oracle-paper.yaml, SHARDS to 8, OUT (the
# parent of the run folder, on a file system every node mounts) to
# runs/nightly-<date>. dtbench takes its shard i/n from
# SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT. A task that fails can be
# run again alone (sbatch --array=<i> ...): --resume keeps its complete
# chunks. DTBENCH (default: dtbench on PATH) is the binary every node runs;
# SBATCH_ARGS are extra sbatch options for both jobs (partition, account).
set -euo pipefail

config=${1:-configs/oracle-paper.yaml}
shards=${2:-8}
out=${3:-runs/nightly-$(date +%F)}
dtbench=${DTBENCH:-dtbench}
cpus=${CPUS_PER_TASK:-2}
# shellcheck disable=SC2206
extra=(${SBATCH_ARGS:-})

if ! [ -f "$config" ]; then
  echo "array.sh: no config file $config" >&2
  exit 2
fi
name=$(sed -n 's/^name:[[:space:]]*\([A-Za-z0-9_.-]*\).*/\1/p' "$config" | head -n 1)
if [ -z "$name" ]; then
  echo "array.sh: $config has no name: line" >&2
  exit 2
fi
mkdir -p "$out"

shards_job=$(sbatch --parsable "${extra[@]}" \
  --job-name="dtbench-$name" --array="0-$((shards - 1))" --cpus-per-task="$cpus" --mem=2G \
  --output="$out/slurm-%A_%a.out" \
  --wrap="exec $dtbench run -c '$config' --out '$out' --resume --workers $cpus --log-format json")
shards_job=${shards_job%%;*} # --parsable may add ;cluster

report_job=$(sbatch --parsable "${extra[@]}" \
  --job-name="dtbench-$name-report" --dependency="afterok:$shards_job" --cpus-per-task=1 --mem=2G \
  --output="$out/slurm-report-%j.out" \
  --wrap="exec $dtbench report --run '$out/$name' --log-format json")

echo "shards: job $shards_job (array 0-$((shards - 1))); report: job ${report_job%%;*}, after all shards succeed"
echo "run folder: $out/$name"
