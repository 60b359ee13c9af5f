#!/usr/bin/env bash
# Fit times of naive Bayes and SMO on numeric attributes and missing values, ours against Weka 3.6's NaiveBayes
# (default, -K, -D) and SMO (default, -N 1) on the same ARFF files, timed by gofit -numeric and WekaBench with the
# rule of run.sh (README.md beside this file), the two peers interleaved and rotated per round. Not run in CI.
#
#   bench/peers/numeric.sh             # 2 rounds, a few minutes
#   ROUNDS=3 bench/peers/numeric.sh
#
# Data: credit690, credit-approval's crx.data as Weka's CSVLoader reads it (690 rows, 6 numeric and 9 nominal
# attributes, missing values; the test set is the training set); num20n10000, 20 numeric attributes drawn by awk
# (two classes, normal with class-dependent means on 5 of them, 2% missing), 10,000 training and 1,000 test rows,
# 2 seeds. Knobs: ROUNDS [2], N / WARMUP / BUDGET per (learner, dataset) [11 / 2 / 4], LEARNERS, SHARED, OUT.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
OUT=${OUT:-bench/out/peers-numeric}
ROUNDS=${ROUNDS:-2}
N=${N:-11} WARMUP=${WARMUP:-2} BUDGET=${BUDGET:-4}
LEARNERS=${LEARNERS:-naivebayes,naivebayes-k,naivebayes-d,smo,smo-n1}
SHARED=${SHARED:-$repo/../shared/datasets}
WEKA_JAR=/usr/share/java/weka.jar
[[ -f $WEKA_JAR ]] || { echo "numeric.sh: $WEKA_JAR missing (apt-get install weka)" >&2; exit 1; }
mkdir -p "$OUT/bin" "$OUT/classes" "$OUT/data" "$OUT/results"
rm -f "$OUT"/results/*.tsv
go build -o "$OUT/bin/gofit" ./bench/peers/gofit
javac -nowarn -cp "$WEKA_JAR" -d "$OUT/classes" bench/peers/WekaBench.java

d=$OUT/data
{ echo A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,class; cat "$SHARED/credit-approval/crx.data"; } > "$d/credit.csv"
java -cp "$WEKA_JAR" weka.core.converters.CSVLoader "$d/credit.csv" -N last > "$d/credit690.arff" 2>/dev/null
synth() { # seed rows file
	awk -v seed="$1" -v n="$2" 'BEGIN {
		srand(seed); print "@relation num20"
		for (j = 1; j <= 20; j++) print "@attribute x" j " numeric"
		print "@attribute class {a,b}"; print "@data"
		for (i = 0; i < n; i++) {
			c = (rand() < 0.4); line = ""
			for (j = 1; j <= 20; j++) {
				z = sqrt(-2 * log(1 - rand())) * cos(6.283185307179586 * rand())
				v = z + (j <= 5 ? c * j / 5 : 0) + j
				line = line (rand() < 0.02 ? "?" : sprintf("%.3f", v)) ","
			}
			print line (c ? "b" : "a")
		}
	}' > "$3"
}
printf 'tier\tseed\ttrain_arff\ttest_arff\n' > "$d/datasets.tsv"
printf 'credit690\t1\t%s\t%s\n' "$d/credit690.arff" "$d/credit690.arff" >> "$d/datasets.tsv"
for s in 1 2; do
	synth "$s" 10000 "$d/num20-$s-train.arff"
	synth "$((s + 100))" 1000 "$d/num20-$s-test.arff"
	printf 'num20n10000\t%s\t%s\t%s\n' "$s" "$d/num20-$s-train.arff" "$d/num20-$s-test.arff" >> "$d/datasets.tsv"
done

start=$SECONDS
for ((round = 1; round <= ROUNDS; round++)); do
	peers=(ours weka); ((round % 2 == 0)) && peers=(weka ours)
	for peer in "${peers[@]}"; do
		echo "numeric.sh: round $round: $peer" >&2
		case $peer in
		ours) "$OUT/bin/gofit" -numeric -manifest "$d/datasets.tsv" -learners "$LEARNERS" -n "$N" -warmup "$WARMUP" \
			-budget "$BUDGET" -round "$round" > "$OUT/results/ours-$round.tsv" ;;
		weka) java -cp "$WEKA_JAR:$OUT/classes" WekaBench -manifest "$d/datasets.tsv" -learners "$LEARNERS" -n "$N" \
			-warmup "$WARMUP" -budget "$BUDGET" -round "$round" > "$OUT/results/weka-$round.tsv" ;;
		esac
	done
done
{
	echo "## Numeric peer comparison, $(date -u +%Y-%m-%dT%H:%MZ)"
	echo
	echo "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; $(go version | cut -d' ' -f3)," \
		"$(java -version 2>&1 | head -1), Weka $(basename "$(readlink -f "$WEKA_JAR")" .jar | sed 's/^weka-//'). Run took $((SECONDS - start)) s, $ROUNDS round(s)."
	echo
	python3 bench/peers/join.py "$OUT"/results/*.tsv
} | tee "$OUT/table.md"
