#!/usr/bin/env bash
# Makes weka-gainratio.txt: Weka 3.6.14's (Debian's weka) GainRatioAttributeEval merits on the whole data, numeric
# attributes and missing values as they are (Weka discretizes numeric attributes by MDL with the better encoding and
# spreads missing values over the values), for every attribute of six shared datasets.
# usage: stages/generate/testdata/weka-gainratio.sh [../shared/datasets] > stages/generate/testdata/weka-gainratio.txt
# The ARFF files are made by Weka alone (CSVLoader on the .data file with a header of column names, then
# NumericToNominal on the columns listed as nominal), as pipeline/testdata/weka-cv-numeric.sh makes them.
set -euo pipefail
shared=${1:-../shared/datasets}
jar=/usr/share/java/weka.jar
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
weka() { java -Xmx2g -cp "$jar" "$@" 2>/dev/null; }
csv2arff() {
  { echo "$3"; cat "$2"; } > "$tmp/$1.csv"
  weka weka.core.converters.CSVLoader "$tmp/$1.csv" > "$tmp/$1-raw.arff"
  weka weka.filters.unsupervised.attribute.NumericToNominal -R "$4" -i "$tmp/$1-raw.arff" -o "$tmp/$1.arff"
}
csv2arff credit-approval "$shared/credit-approval/crx.data" "A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16" "16"
csv2arff heart-disease "$shared/heart-disease/processed.cleveland.data" \
  "age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num" "2,3,6,7,9,11,12,13,14"
csv2arff hepatitis "$shared/hepatitis/hepatitis.data" \
  "Class,AGE,SEX,STEROID,ANTIVIRALS,FATIGUE,MALAISE,ANOREXIA,LIVER BIG,LIVER FIRM,SPLEEN PALPABLE,SPIDERS,ASCITES,VARICES,BILIRUBIN,ALK PHOSPHATE,SGOT,ALBUMIN,PROTIME,HISTOLOGY" \
  "1,3,4,5,6,7,8,9,10,11,12,13,14,20"
for d in breast-cancer soybean vote; do cp "$shared/$d/$d.arff" "$tmp/$d.arff"; done
echo "# Weka 3.6.14 (Debian's weka) GainRatioAttributeEval on the whole data, made by stages/generate/testdata/weka-gainratio.sh:"
echo "#   java -cp /usr/share/java/weka.jar weka.attributeSelection.GainRatioAttributeEval -i FILE.arff [-c 1] -s weka.attributeSelection.Ranker"
echo "# dataset rank merit attribute (the merit as Ranker prints it, 4 to 6 decimals with trailing zeros dropped; ties in attribute order)"
for d in credit-approval heart-disease hepatitis breast-cancer soybean vote; do
  cls=(); [ "$d" = hepatitis ] && cls=(-c 1)
  weka weka.attributeSelection.GainRatioAttributeEval -i "$tmp/$d.arff" "${cls[@]}" -s weka.attributeSelection.Ranker |
    sed -n '/^Ranked attributes:/,/^$/p' | awk -v d="$d" 'NF >= 3 && $1 ~ /^[0-9.-]+$/ { name=$3; for (i = 4; i <= NF; i++) name = name " " $i; printf "%s %d %s %s\n", d, ++n, $1, name }'
done
