#!/usr/bin/env bash
# A 10-fold cross-validation of J48 on a 50,000 × 10 numeric table, dtbench's c45 (bench/peers/j48cv: the J48
# port, Weka's folds, each fold's training rows in Weka's order, also one fit on every row first, as Weka's -t does)
# against Weka 3.6's own `java -cp /usr/share/java/weka.jar weka.classifiers.trees.J48 -t big.arff -x 10 -s 1 -o`,
# each as a whole process (reading the file included, the JVM's start too), the two interleaved and rotated per
# round, in one sitting. Prints each round, the medians of CPU seconds (user + system) and wall seconds, and the
# ratios Weka / ours; checks that both classify as many rows correctly with the same mean absolute error. Not run
# in CI.
#
#   bench/peers/j48-numeric.sh            # 3 rounds, about 1.5 minutes
#   ROUNDS=5 MISSING=0.02 bench/peers/j48-numeric.sh
#
# Data: awk draws ROWS [50000] rows of 10 numeric attributes (three decimals; a normal of mean j, shifted by
# class·j/5 on the first five) and two classes (40% b), seed SEED [1]; MISSING [0] is the share of values written
# as "?" (with missing values the port sorts every node as J48 does, and is slower).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cd "$repo"
ROUNDS=${ROUNDS:-3} ROWS=${ROWS:-50000} SEED=${SEED:-1} MISSING=${MISSING:-0}
OUT=${OUT:-bench/out/peers-j48}
WEKA_JAR=/usr/share/java/weka.jar
[[ -f $WEKA_JAR ]] || { echo "j48-numeric.sh: $WEKA_JAR missing (apt-get install weka)" >&2; exit 1; }
mkdir -p "$OUT"
go build -o "$OUT/j48cv" ./bench/peers/j48cv
data=$OUT/num10-$ROWS-$SEED-$MISSING.arff
awk -v seed="$SEED" -v n="$ROWS" -v miss="$MISSING" 'BEGIN {
	srand(seed); print "@relation num10"
	for (j = 1; j <= 10; j++) print "@attribute x" j " numeric"
	print "@attribute class {a,b}"; print "@data"
	for (i = 0; i < n; i++) {
		c = (rand() < 0.4); line = ""
		for (j = 1; j <= 10; j++) {
			z = sqrt(-2 * log(1 - rand())) * cos(6.283185307179586 * rand())
			v = z + (j <= 5 ? c * j / 5 : 0) + j
			line = line (rand() < miss ? "?" : sprintf("%.3f", v)) ","
		}
		print line (c ? "b" : "a")
	}
}' > "$data"

# timed PEER: runs PEER once, prints "real user sys" and leaves its result in $OUT/PEER.out.
timed() {
	local TIMEFORMAT='%R %U %S'
	case $1 in
	ours) { time "$OUT/j48cv" -arff "$data" > "$OUT/ours.out"; } 2>&1 ;;
	weka) { time java -Xmx4g -cp "$WEKA_JAR" weka.classifiers.trees.J48 -t "$data" -x 10 -s 1 -o > "$OUT/weka.out" 2>&1; } 2>&1 ;;
	esac
}
results=()
for ((round = 1; round <= ROUNDS; round++)); do
	peers=(ours weka); ((round % 2 == 0)) && peers=(weka ours)
	for peer in "${peers[@]}"; do
		read -r real user sys <<<"$(timed "$peer")"
		echo "round $round $peer: wall $real s, cpu $(echo "$user + $sys" | bc) s" >&2
		results+=("$peer $real $user $sys")
	done
done
ours=$(awk '{print $2, $4}' "$OUT/ours.out")
weka=$(sed -n '/Stratified cross-validation/,$p' "$OUT/weka.out" | awk '/^Correctly Classified/ {c = $4} /^Mean absolute error/ {m = $4} END {print c, m}')
echo "## J48, 10-fold CV of $ROWS × 10 numeric rows (missing share $MISSING), $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; $(go version | cut -d' ' -f3)," \
	"$(java -version 2>&1 | head -1), Weka $(basename "$(readlink -f "$WEKA_JAR")" .jar | sed 's/^weka-//'); $ROUNDS round(s)."
echo "Correct rows and MAE: ours $ours, Weka $weka."
echo
printf '%s\n' "${results[@]}" | python3 -c '
import statistics, sys
rows = [l.split() for l in sys.stdin if l.strip()]
med = lambda peer, f: statistics.median(f(r) for r in rows if r[0] == peer)
wall = lambda r: float(r[1]); cpu = lambda r: float(r[2]) + float(r[3])
print("| peer | wall s (median) | CPU s (median) |")
print("|---|---:|---:|")
for p in ("ours", "weka"):
    print(f"| {p} | {med(p, wall):.2f} | {med(p, cpu):.2f} |")
rw, rc = med("weka", wall) / med("ours", wall), med("weka", cpu) / med("ours", cpu)
print(f"| Weka / ours | {rw:.1f}x | {rc:.1f}x |")
'
[[ $ours == "$weka" ]] || { echo "j48-numeric.sh: results differ: ours $ours, Weka $weka" >&2; exit 1; }
