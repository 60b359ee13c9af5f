#!/usr/bin/env bash
# Makes weka-gainratio.txt: Weka 3.6.14's (Debian's weka) GainRatioAttributeEval merits on the whole data, numeric
# attributes and missing values as they are (Weka discretizes numeric attributes by MDL with the better encoding and
# spreads missing values over the values), for every attribute of the Weka-check datasets of package wekasets and of
# three nominal datasets.
# usage: stages/generate/testdata/weka-gainratio.sh [../shared/datasets] > stages/generate/testdata/weka-gainratio.txt
# The ARFF files are Weka's own reading of the data (rank-arffs.sh).
set -euo pipefail
shared=${1:-../shared/datasets}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$(dirname "$0")/rank-arffs.sh" "$shared" "$tmp"
weka() { java -Xmx2g -cp /usr/share/java/weka.jar "$@" 2>/dev/null; }
echo "# Weka 3.6.14 (Debian's weka) GainRatioAttributeEval on the whole data, made by stages/generate/testdata/weka-gainratio.sh:"
echo "#   java -cp /usr/share/java/weka.jar weka.attributeSelection.GainRatioAttributeEval -i FILE.arff [-c 1] -s weka.attributeSelection.Ranker"
echo "# dataset rank merit attribute (the merit as Ranker prints it, 4 to 6 decimals with trailing zeros dropped; ties in Ranker's order)"
for d in credit-approval heart-disease hepatitis breast-cancer soybean vote tic-tac-toe car nursery; do
  cls=(); [ "$d" = hepatitis ] && cls=(-c 1)
  weka weka.attributeSelection.GainRatioAttributeEval -i "$tmp/$d.arff" "${cls[@]}" -s weka.attributeSelection.Ranker |
    sed -n '/^Ranked attributes:/,/^$/p' | awk -v d="$d" 'NF >= 3 && $1 ~ /^[0-9.-]+$/ { name=$3; for (i = 4; i <= NF; i++) name = name " " $i; printf "%s %d %s %s\n", d, ++n, $1, name }'
done
