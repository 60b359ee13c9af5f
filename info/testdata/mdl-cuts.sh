#!/bin/sh
# Makes mdl-cuts.txt: Weka 3.6.14's supervised Discretize (Fayyad & Irani's MDL, defaults) cut points of every
# numeric column of credit-approval, heart-disease (Cleveland), hepatitis and info/testdata/mdl-synthetic.arff
# (used as it is). Run from the repository root:
#   sh info/testdata/mdl-cuts.sh ../shared/datasets > info/testdata/mdl-cuts.txt
set -e
D=${1:-../shared/datasets}
W=/usr/share/java/weka.jar
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
(echo A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16; cat "$D/credit-approval/crx.data") > "$T/credit-approval.csv"
(echo age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num; cat "$D/heart-disease/processed.cleveland.data") > "$T/heart-disease.csv"
(echo Class,AGE,SEX,STEROID,ANTIVIRALS,FATIGUE,MALAISE,ANOREXIA,LIVER_BIG,LIVER_FIRM,SPLEEN_PALPABLE,SPIDERS,ASCITES,VARICES,BILIRUBIN,ALK_PHOSPHATE,SGOT,ALBUMIN,PROTIME,HISTOLOGY; cat "$D/hepatitis/hepatitis.data") > "$T/hepatitis.csv"
echo "# Weka 3.6.14 (Debian's weka) supervised Discretize cut points, made by info/testdata/mdl-cuts.sh:"
echo "#   FILE.csv: the .data file with a header row (the script names the columns); class last (hepatitis: first)"
echo "#   java -cp $W weka.core.converters.CSVLoader FILE.csv -N CLASS > FILE.arff"
echo "#   java -cp $W weka.filters.supervised.attribute.Discretize -i FILE.arff -c CLASS -o out.arff"
echo "# and the cut points read from out.arff's bin labels (Weka prints them to 6 decimals); '-' = no cut."
echo "# dataset column cut..."
cp info/testdata/mdl-synthetic.arff "$T/mdl-synthetic.arff"
for s in credit-approval:last heart-disease:last hepatitis:first mdl-synthetic:last; do
  n=${s%%:*}; c=${s#*:}
  [ -f "$T/$n.arff" ] || java -cp $W weka.core.converters.CSVLoader "$T/$n.csv" -N $c > "$T/$n.arff" 2>/dev/null
  java -cp $W weka.filters.supervised.attribute.Discretize -i "$T/$n.arff" -c $c -o "$T/$n-d.arff" 2>/dev/null
  # numeric columns of the input, then their bin labels in the output
  grep -i '^@attribute .* numeric' "$T/$n.arff" | awk '{print $2}' | while read a; do
    grep -i "^@attribute $a " "$T/$n-d.arff" | sed -e "s/^@attribute $a //" -e "s/[{}']//g" -e 's/\\//g' |
      awk -v n=$n -v a=$a -F, '{
        line = n " " a
        if ($0 == "All") { print line " -"; next }
        for (i = 1; i < NF; i++) { b = $i; sub(/^\(/, "", b); sub(/\]$/, "", b); k = index(substr(b, 2), "-") + 1; line = line " " substr(b, k + 1) }
        print line }'
  done
done
