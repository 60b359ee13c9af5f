#!/usr/bin/env bash
# Exact learners compared: dtbench's exact learner against STreeD, MurTree,
# DL8.5 and InferDT, built from source (build.sh), on the oracle datasets of
# the exact tiers, every tool interleaved per dataset in one run, every
# returned tree verified against its rows. See README.md beside this file.
# Not run in CI.
#
#   bench/peers/exact/run.sh                          # every tier, both modes (about an hour)
#   TIERS=x10d5n200,x10d8n3000 bench/peers/exact/run.sh
#
# Environment knobs (defaults in brackets):
#   OUT    output directory [bench/out/peers-exact] (git-ignored)
#   PEERS  the peers' build directory (build.sh) [~/.cache/dtbench-peers]
#   TIERS  comma-separated tiers [all: x10d{5..8}n{200,1000,3000}, x20d{6,8}n{1000,3000}]
#   MODES  depth (minimum depth) and/or size (then fewest nodes) [depth,size]
#   TOOLS  [dtbench,STreeD,MurTree,DL8.5,InferDT]
#   CAP    seconds of wall time per answer [30]
#   ROUNDS times every answer is timed [1]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
cd "$repo"

OUT=${OUT:-bench/out/peers-exact}
PEERS=${PEERS:-${XDG_CACHE_HOME:-$HOME/.cache}/dtbench-peers}
all=$(for d in 5 6 7 8; do for n in 200 1000 3000; do echo "x10d${d}n$n"; done; done
	for d in 6 8; do for n in 1000 3000; do echo "x20d${d}n$n"; done; done)
TIERS=${TIERS:-$(echo "$all" | paste -sd, -)}
MODES=${MODES:-depth,size}
TOOLS=${TOOLS:-dtbench,STreeD,MurTree,DL8.5,InferDT}
CAP=${CAP:-30}
ROUNDS=${ROUNDS:-1}

for b in streed murtree dl85 inferdt; do
	[[ -x $PEERS/bin/$b ]] || { PEERS=$PEERS "$here/build.sh"; break; }
done
mkdir -p "$OUT/bin"
go build -o "$OUT/bin/fit" ./bench/peers/exact/fit
go build -o "$OUT/bin/exact" ./bench/peers/exact
go run ./bench/peers/export -out "$OUT/data" -tiers "$TIERS" >/dev/null
{
	echo "# Exact learners: dtbench against STreeD, MurTree, DL8.5, InferDT"
	echo
	echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, dtbench $(git describe --always --dirty 2>/dev/null || echo unknown); tiers $TIERS; cap ${CAP} s; rounds $ROUNDS"
	"$OUT/bin/exact" -manifest "$OUT/data/datasets.tsv" -modes "$MODES" -tools "$TOOLS" -cap "$CAP" \
		-rounds "$ROUNDS" -bin "$PEERS/bin" -fit "$OUT/bin/fit" -details "$OUT/answers.tsv"
} | tee "$OUT/table.md"
echo "run.sh: table in $OUT/table.md, every answer in $OUT/answers.tsv" >&2
