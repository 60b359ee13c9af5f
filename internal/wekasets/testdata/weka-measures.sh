#!/usr/bin/env bash
# Makes weka-measures.txt: the measures Weka 3.6.14 (Debian's weka) prints with -i beside the correct rows and the
# mean absolute error of weka-cv.txt, for each learner's default options on the Weka-check datasets (10-fold
# cross-validation, seed 1, numeric attributes and missing values as they are, the same ARFF files as weka-cv.sh):
# kappa (Weka prints 4 decimals), root mean squared error (4), the weighted F-measure and the weighted ROC area
# (3; the "Weighted Avg." row), and the confusion matrix (rows actual, columns predicted, in class order), with
# scikit-learn's balanced_accuracy_score and f1_score(average="macro") of that matrix (Debian's python3-sklearn; both
# are the same whatever the order of the classes).
# usage (from the repository's root): internal/wekasets/testdata/weka-measures.sh [../shared/datasets] > internal/wekasets/testdata/weka-measures.txt
# RandomForest is left out on heart-disease, whose forest Weka grows only on dtbench's ARFF (see weka-cv.sh).
set -euo pipefail
shared=${1:-../shared/datasets}
here=$(dirname "$0")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$here/arff.sh" "$shared" "$tmp"
jvm=()
weka() { java -Xmx2g "${jvm[@]}" -cp /usr/share/java/weka.jar "$@"; }
echo "# Weka 3.6.14 (Debian's weka): 10-fold cross-validation, seed 1, with -i; made by internal/wekasets/testdata/weka-measures.sh:"
echo "#   java -cp /usr/share/java/weka.jar CLASSIFIER OPTIONS -t FILE.arff [-c 1] -x 10 -s 1 -o -i"
echo "# dataset learner options kappa rmse weighted-f-measure weighted-roc-area balanced-accuracy macro-f1 confusion"
echo "# (options: - for none, commas for spaces; balanced-accuracy and macro-f1: scikit-learn's of the confusion matrix, 6"
echo "# decimals; confusion: the matrix row by row, actual × predicted, commas between cells, / between rows)"
for d in credit-approval heart-disease hepatitis breast-cancer soybean vote; do
  cls=(); [ "$d" = hepatitis ] && cls=(-c 1)
  while read -r name class opts; do
    [ "$name" = randomforest ] && [ "$d" = heart-disease ] && continue
    jvm=(); [ "$name" = randomforest ] && jvm=(-XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic)
    # shellcheck disable=SC2086
    out=$(weka "$class" ${opts//,/ } -t "$tmp/$d.arff" "${cls[@]}" -x 10 -s 1 -o -i 2>&1) || { echo "# $d $name $opts: $out" >&2; exit 1; }
    cv=$(sed -n '/Stratified cross-validation/,$p' <<<"$out")
    kappa=$(awk '/^Kappa statistic/ {print $3}' <<<"$cv")
    rmse=$(awk '/^Root mean squared error/ {print $5}' <<<"$cv")
    read -r fm roc < <(awk '/^Weighted Avg\./ {print $(NF-1), $NF}' <<<"$cv")
    conf=$(sed -n '/=== Confusion Matrix ===/,$p' <<<"$cv" | awk -F'|' 'NF == 2 {gsub(/^ +| +$/, "", $1); gsub(/ +/, ",", $1); rows = rows sep $1; sep = "/"} END {print rows}')
    sk=$(/usr/bin/python3 -c '
import sys
from sklearn.metrics import balanced_accuracy_score, f1_score
rows = [[int(c) for c in r.split(",")] for r in sys.argv[1].split("/")]
y, p = [], []
for a, row in enumerate(rows):
    for q, n in enumerate(row):
        y += [a] * n
        p += [q] * n
print("%.6f %.6f" % (balanced_accuracy_score(y, p), f1_score(y, p, average="macro")))' "$conf")
    echo "$d $name ${opts:--} $kappa $rmse $fm $roc $sk $conf"
  done <<'LEARNERS'
c45 weka.classifiers.trees.J48
naivebayes weka.classifiers.bayes.NaiveBayes
smo weka.classifiers.functions.SMO
cart weka.classifiers.trees.SimpleCart
randomforest weka.classifiers.trees.RandomForest -I,10
LEARNERS
done
