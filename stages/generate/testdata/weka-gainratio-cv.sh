#!/usr/bin/env bash
# Makes weka-gainratio-cv.txt: Weka 3.6.14's (Debian's weka) cross-validated GainRatioAttributeEval (10 folds,
# seed 1) on the shared datasets: the six Weka-check datasets of package wekasets (numeric attributes and missing
# values as they are; internal/wekasets/testdata/arff.sh) and the nominal tic-tac-toe, car and nursery (CSVLoader on
# the .data file with a header of the names that stages/generate's test gives them).
# usage: stages/generate/testdata/weka-gainratio-cv.sh [../shared/datasets] > stages/generate/testdata/weka-gainratio-cv.txt
set -euo pipefail
shared=${1:-../shared/datasets}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$(dirname "$0")/rank-arffs.sh" "$shared" "$tmp"
weka() { java -Xmx2g -cp /usr/share/java/weka.jar "$@" 2>/dev/null; }
echo "# Weka 3.6.14 (Debian's weka) cross-validated GainRatioAttributeEval, made by stages/generate/testdata/weka-gainratio-cv.sh:"
echo "#   java -cp /usr/share/java/weka.jar weka.attributeSelection.GainRatioAttributeEval -i FILE.arff [-c 1] -x 10 -n 1 -s weka.attributeSelection.Ranker"
echo "# dataset position mean_merit mean_rank attribute (Weka's order: by mean rank, its sort's order for ties; 3 and 1 decimals)"
for d in credit-approval heart-disease hepatitis breast-cancer soybean vote tic-tac-toe car nursery; do
  cls=(); [ "$d" = hepatitis ] && cls=(-c 1)
  weka weka.attributeSelection.GainRatioAttributeEval -i "$tmp/$d.arff" "${cls[@]}" -x 10 -n 1 -s weka.attributeSelection.Ranker |
    sed -n '/^average merit/,/^$/p' | awk -v d="$d" '$2 == "+-" && $5 == "+-" { name=$8; for (i = 9; i <= NF; i++) name = name " " $i; printf "%s %d %s %s %s\n", d, ++n, $1, $4, name }'
done
