#!/usr/bin/env bash
# 10-fold cross-validation of each benchmark learner on the largest shared
# dataset (nursery: 12,960 rows, 8 attributes, 5 classes), dtbench against
# Weka 3.6 (Debian's weka) on the same discretized ARFF, the whole process
# timed, the two interleaved in each round. Not run in CI.
#
#   bench/peers/cv.sh            # 3 rounds
#   ROUNDS=5 bench/peers/cv.sh
#
# dtbench runs the benchmark study with one dataset, every attribute, the
# whole set only, one repetition and Weka's fold scheme (so its folds are
# Weka's; nursery's class of 2 rows allowed, as Weka allows it), the learner alone (the study adds I, which costs little). Weka
# runs CLASSIFIER -t nursery.arff -x 10 -s 1 -o. RandomForest is Weka's
# with -I 100, as dtbench's 100 trees (Weka 3.6's default is 10).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
ROUNDS=${ROUNDS:-3}
WEKA_JAR=/usr/share/java/weka.jar
SHARED=${SHARED:-$repo/../shared/datasets}
OUT=bench/out/benchmark
mkdir -p "$OUT"
[[ -f $WEKA_JAR ]] || { echo "cv.sh: $WEKA_JAR missing (apt-get install weka)" >&2; exit 1; }
[[ -f $SHARED/nursery/nursery.data ]] || { echo "cv.sh: $SHARED/nursery/nursery.data missing" >&2; exit 1; }

go build -o "$OUT/dtbench" ./cmd/dtbench
"$OUT/dtbench" import "$SHARED/nursery/nursery.data" --force --class class \
	--names parents,has_nurs,form,children,housing,finance,social,health,class --out "$OUT/nursery.arff" 2>/dev/null

now() { date +%s.%N; }
declare -A times
pairs=("c45 weka.classifiers.trees.J48" "naivebayes weka.classifiers.bayes.NaiveBayes"
	"smo weka.classifiers.functions.SMO" "randomforest weka.classifiers.trees.RandomForest -I 100")
for ((round = 1; round <= ROUNDS; round++)); do
	for pair in "${pairs[@]}"; do
		read -r ours theirs <<<"$pair"
		rm -rf "$OUT/runs"
		t0=$(now)
		"$OUT/dtbench" run --out "$OUT/runs" --set name=nursery-$ours --set study=benchmark \
			--set "benchmark.datasets=[{path: $repo/$OUT/nursery.arff, class: class}]" \
			--set benchmark.select=8 --set benchmark.subsets=top --set benchmark.repetitions=1 \
			--set "benchmark.folds={k: 10, scheme: weka, seed: 1, allow_small_classes: true}" --set "learners=[$ours]" 2>/dev/null
		t1=$(now)
		# shellcheck disable=SC2086
		java -cp "$WEKA_JAR" $theirs -t "$OUT/nursery.arff" -x 10 -s 1 -o >"$OUT/weka-$ours.txt" 2>/dev/null
		t2=$(now)
		times[$ours]+="$(echo "$t1 - $t0" | bc) $(echo "$t2 - $t1" | bc);"
	done
done
echo "| learner | dtbench s (median) | Weka s (median) | Weka / dtbench (median of per-round ratios) |"
echo "|---|---:|---:|---:|"
for pair in "${pairs[@]}"; do
	read -r ours _ <<<"$pair"
	python3 - "$ours" "${times[$ours]}" <<'PY'
import statistics, sys
name, runs = sys.argv[1], [r.split() for r in sys.argv[2].split(";") if r.strip()]
d = [float(a) for a, _ in runs]; w = [float(b) for _, b in runs]
print(f"| {name} | {statistics.median(d):.2f} | {statistics.median(w):.2f} | {statistics.median([b / a for a, b in zip(d, w)]):.1f}x |")
PY
done
