#!/usr/bin/env bash
# Peer comparison: our learners against Weka 3.6 and scikit-learn on the
# same oracle datasets, timed in the same run. See README.md beside this
# file. Not run in CI.
#
#   bench/peers/run.sh                 # everything, about 3 minutes (2 rounds)
#   TIERS=m10n3000 ROUNDS=1 bench/peers/run.sh  # the small tier once, about 20 s
#
# Environment knobs (defaults in brackets):
#   OUT      output directory [bench/out/peers] (git-ignored)
#   TIERS    tiers to run [m10n3000,m20n100000]
#   ROUNDS   rounds over all peers; each round rotates the peers' order [2]
#   LEARNERS learner keys [id3,c45,cart,randomtree,naivebayes,exact]
#   LARGE_LEARNERS keys for m20n100000 [the same without exact]
#   SMALL_N / SMALL_WARMUP / SMALL_BUDGET  timed fits, warm-up fits,
#            seconds per (learner, dataset) on m10n3000 [21 / 3 / 3]
#   LARGE_N / LARGE_WARMUP / LARGE_BUDGET  the same on m20n100000 [5 / 1 / 3]
#   NO_INSTALL=1  never call apt-get; fail if something is missing
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"

OUT=${OUT:-bench/out/peers}
TIERS=${TIERS:-m10n3000,m20n100000}
ROUNDS=${ROUNDS:-2}
LEARNERS=${LEARNERS:-id3,c45,cart,randomtree,naivebayes,exact}
LARGE_LEARNERS=${LARGE_LEARNERS:-$(echo "$LEARNERS" | tr ',' '\n' | grep -vx exact | paste -sd, -)}
SMALL_N=${SMALL_N:-21} SMALL_WARMUP=${SMALL_WARMUP:-3} SMALL_BUDGET=${SMALL_BUDGET:-3}
LARGE_N=${LARGE_N:-5} LARGE_WARMUP=${LARGE_WARMUP:-1} LARGE_BUDGET=${LARGE_BUDGET:-3}
WEKA_JAR=/usr/share/java/weka.jar
PY=/usr/bin/python3 # Debian's interpreter: python3-sklearn installs there

log() { echo "run.sh: $*" >&2; }

# --- install what is missing ---------------------------------------------
missing=()
[[ -f $WEKA_JAR ]] || missing+=(weka)
{ [[ -x $PY ]] && "$PY" -c 'import sklearn' 2>/dev/null; } || missing+=(python3-sklearn)
command -v javac >/dev/null || missing+=(default-jdk-headless)
if ((${#missing[@]})); then
	if [[ ${NO_INSTALL:-} == 1 ]]; then
		log "missing: ${missing[*]} (NO_INSTALL=1)"
		exit 1
	fi
	sudo=()
	if ((EUID != 0)); then
		command -v sudo >/dev/null || { log "missing ${missing[*]}; run as root or install them"; exit 1; }
		sudo=(sudo)
	fi
	log "installing ${missing[*]}"
	"${sudo[@]}" apt-get update -qq
	for p in "${missing[@]}"; do
		if apt-cache policy "$p" | grep -q 'Candidate: (none)' || [[ -z $(apt-cache policy "$p") ]]; then
			log "package $p is not available from apt"
			exit 1
		fi
	done
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- build and export ------------------------------------------------------
mkdir -p "$OUT/bin" "$OUT/classes" "$OUT/results"
rm -f "$OUT"/results/*.tsv
go build -o "$OUT/bin/export" ./bench/peers/export
go build -o "$OUT/bin/gofit" ./bench/peers/gofit
javac -nowarn -cp "$WEKA_JAR" -d "$OUT/classes" bench/peers/WekaBench.java
"$OUT/bin/export" -out "$OUT/data" -tiers "$TIERS"
manifest=$OUT/data/datasets.tsv

# --- run the peers, interleaved by tier and rotated by round --------------
run_peer() { # peer tier round learners n warmup budget
	local peer=$1 tier=$2 round=$3 learners=$4 n=$5 warmup=$6 budget=$7
	local out=$OUT/results/$peer-$tier-$round.tsv
	log "round $round, $tier: $peer"
	case $peer in
	ours)
		"$OUT/bin/gofit" -manifest "$manifest" -tiers "$tier" -learners "$learners" \
			-n "$n" -warmup "$warmup" -budget "$budget" -round "$round" >"$out"
		;;
	weka)
		java -cp "$WEKA_JAR:$OUT/classes" WekaBench -manifest "$manifest" -tiers "$tier" -learners "$learners" \
			-n "$n" -warmup "$warmup" -budget "$budget" -round "$round" >"$out"
		;;
	sklearn)
		"$PY" bench/peers/sklearn_bench.py --manifest "$manifest" --tiers "$tier" --learners "$learners" \
			--n "$n" --warmup "$warmup" --budget "$budget" --round "$round" >"$out"
		;;
	esac
}

peers=(ours weka sklearn)
start=$SECONDS
for ((round = 1; round <= ROUNDS; round++)); do
	for tier in ${TIERS//,/ }; do
		case $tier in
		m10n3000) args=("$LEARNERS" "$SMALL_N" "$SMALL_WARMUP" "$SMALL_BUDGET") ;;
		*) args=("$LARGE_LEARNERS" "$LARGE_N" "$LARGE_WARMUP" "$LARGE_BUDGET") ;;
		esac
		for ((i = 0; i < 3; i++)); do
			run_peer "${peers[(i + round - 1) % 3]}" "$tier" "$round" "${args[@]}"
		done
	done
done

# --- the table ---------------------------------------------------------------
{
	echo "## Peer comparison, $(date -u +%Y-%m-%dT%H:%MZ)"
	echo
	echo "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end;" \
		"$(go version | cut -d' ' -f3), $(java -version 2>&1 | head -1)," \
		"Weka $(basename "$(readlink -f "$WEKA_JAR")" .jar | sed 's/^weka-//')," \
		"scikit-learn $("$PY" -c 'import sklearn; print(sklearn.__version__)'). Run took $((SECONDS - start)) s, $ROUNDS round(s)."
	echo
	"$PY" bench/peers/join.py "$OUT"/results/*.tsv
} | tee "$OUT/table.md"
