#!/usr/bin/env bash
# Paired timing of dtbench against a baseline commit: builds both binaries (the baseline from a temporary git worktree
# outside the repository, the current tree as it is), runs `dtbench run -c CONFIG` with each in turn, alternating
# which goes first, ROUNDS [5] times, each into a fresh run folder, and prints every round, the medians of CPU
# seconds (user + system of the whole process) and wall seconds, and the median of the per-round ratios
# current / baseline. It then checks that the two runs' deterministic tables are byte-identical (sha256 of every
# Parquet file but the timings), unless DIFFER=1 says they are meant to differ. Not run in CI.
#
#   bench/paired.sh BASE_COMMIT CONFIG            # e.g. bench/paired.sh 377ebe1 configs/oracle-paper.yaml
#   ROUNDS=3 WORKERS=2 bench/paired.sh HEAD~3 configs/cost-turney.yaml
set -euo pipefail
base=${1:?usage: bench/paired.sh BASE_COMMIT CONFIG}
config=${2:?usage: bench/paired.sh BASE_COMMIT CONFIG}
rounds=${ROUNDS:-5}
workers=${WORKERS:-2}
repo=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d); trap 'git -C "$repo" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$repo" worktree add --detach "$tmp/base" "$base" >/dev/null 2>&1
(cd "$tmp/base" && go build -o "$tmp/dtbench-base" ./cmd/dtbench)
(cd "$repo" && go build -o "$tmp/dtbench-head" ./cmd/dtbench)
# The config's relative paths are relative to the config file: run from the repository, the config as given.
cfg=$(cd "$repo" && realpath "$config")

# one NAME: runs the NAME binary once into a fresh folder; prints "cpu wall".
one() {
  local out="$tmp/out-$1"; rm -rf "$out"
  /usr/bin/time -f '%U %S %e' -o "$tmp/time" "$tmp/dtbench-$1" run -c "$cfg" --out "$out" --workers "$workers" >/dev/null 2>"$tmp/log-$1" ||
    { echo "dtbench-$1 failed:"; tail -5 "$tmp/log-$1"; exit 1; }
  awk '{printf "%.3f %.3f\n", $1 + $2, $3}' "$tmp/time"
}
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "Paired run of $config: baseline $(git -C "$repo" rev-parse --short "$base"), current $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet || echo ' + uncommitted changes'); $rounds rounds, $workers workers, $(nproc) cores."
: >"$tmp/rows"
for r in $(seq 1 "$rounds"); do
  if (( r % 2 )); then b=$(one base); h=$(one head); else h=$(one head); b=$(one base); fi
  echo "$b $h" >>"$tmp/rows"
  echo "round $r: baseline cpu ${b% *} s wall ${b#* } s; current cpu ${h% *} s wall ${h#* } s"
done
echo
echo "| | CPU s (median) | wall s (median) |"
echo "|---|---:|---:|"
echo "| baseline | $(awk '{print $1}' "$tmp/rows" | median) | $(awk '{print $2}' "$tmp/rows" | median) |"
echo "| current | $(awk '{print $3}' "$tmp/rows" | median) | $(awk '{print $4}' "$tmp/rows" | median) |"
echo "| current / baseline (median of the rounds' ratios) | $(awk '{print $3 / $1}' "$tmp/rows" | median) | $(awk '{print $4 / $2}' "$tmp/rows" | median) |"

sums() { (cd "$1" && find . -name '*.parquet' -not -path '*timing*' | sort | xargs sha256sum); }
if [ "${DIFFER:-0}" != 1 ]; then
  if diff <(sums "$tmp/out-base"/*) <(sums "$tmp/out-head"/*) >/dev/null; then
    echo; echo "Deterministic tables: byte-identical ($(sums "$tmp/out-head"/* | wc -l) Parquet files)."
  else
    echo; echo "Deterministic tables DIFFER between the baseline and the current tree:"; diff <(sums "$tmp/out-base"/*) <(sums "$tmp/out-head"/*) | head -20; exit 1
  fi
fi
