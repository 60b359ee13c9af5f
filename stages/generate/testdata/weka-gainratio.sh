#!/usr/bin/env bash
# Makes weka-gainratio.txt: Weka 3.6.14's (Debian's weka) GainRatioAttributeEval merits on the whole data, numeric
# attributes and missing values as they are (Weka discretizes numeric attributes by MDL with the better encoding and
# spreads missing values over the values), for every attribute of the Weka-check datasets of package wekasets and of
# three nominal datasets.
# usage: stages/generate/testdata/weka-gainratio.sh [../shared/datasets] > stages/generate/testdata/weka-gainratio.txt
# The ARFF files are Weka's own reading of the data (internal/wekasets/testdata/arff.sh).
set -euo pipefail
shared=${1:-../shared/datasets}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$(dirname "$0")/../../../internal/wekasets/testdata/arff.sh" "$shared" "$tmp"
weka() { java -Xmx2g -cp /usr/share/java/weka.jar "$@" 2>/dev/null; }
# The nominal tic-tac-toe, car and nursery, where equal merits tie (Ranker's order of ties is its sort's).
nominal() { { echo "$3"; cat "$2"; } > "$tmp/$1.csv"; weka weka.core.converters.CSVLoader "$tmp/$1.csv" > "$tmp/$1.arff"; }
nominal tic-tac-toe "$shared/tic-tac-toe/tic-tac-toe.data" \
  "top-left-square,top-middle-square,top-right-square,middle-left-square,middle-middle-square,middle-right-square,bottom-left-square,bottom-middle-square,bottom-right-square,Class"
nominal car "$shared/car/car.data" "buying,maint,doors,persons,lug_boot,safety,class"
nominal nursery "$shared/nursery/nursery.data" "parents,has_nurs,form,children,housing,finance,social,health,class"
echo "# Weka 3.6.14 (Debian's weka) GainRatioAttributeEval on the whole data, made by stages/generate/testdata/weka-gainratio.sh:"
echo "#   java -cp /usr/share/java/weka.jar weka.attributeSelection.GainRatioAttributeEval -i FILE.arff [-c 1] -s weka.attributeSelection.Ranker"
echo "# dataset rank merit attribute (the merit as Ranker prints it, 4 to 6 decimals with trailing zeros dropped; ties in Ranker's order)"
for d in credit-approval heart-disease hepatitis breast-cancer soybean vote tic-tac-toe car nursery; do
  cls=(); [ "$d" = hepatitis ] && cls=(-c 1)
  weka weka.attributeSelection.GainRatioAttributeEval -i "$tmp/$d.arff" "${cls[@]}" -s weka.attributeSelection.Ranker |
    sed -n '/^Ranked attributes:/,/^$/p' | awk -v d="$d" 'NF >= 3 && $1 ~ /^[0-9.-]+$/ { name=$3; for (i = 4; i <= NF; i++) name = name " " $i; printf "%s %d %s %s\n", d, ++n, $1, name }'
done
