#!/usr/bin/env bash
# Makes weka-cv-numeric.txt: Weka 3.6.14's (Debian's weka) 10-fold cross-validation, seed 1, on the shared datasets
# with numeric attributes and missing values kept as they are, for the learners that take them.
# usage: pipeline/testdata/weka-cv-numeric.sh [../shared/datasets] > pipeline/testdata/weka-cv-numeric.txt
# The ARFF files are made by Weka alone (CSVLoader on the .data file with a header line of the column names, then
# NumericToNominal on the columns the config lists as nominal), so dtbench's importer is not part of the truth.
set -euo pipefail
shared=${1:-../shared/datasets}
jar=/usr/share/java/weka.jar
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
weka() { java -Xmx2g -cp "$jar" "$@"; }

# csv2arff NAME DATA HEADER NOMINAL_RANGE: Weka's CSVLoader ("?" is missing), then NumericToNominal on the range.
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

echo "# Weka 3.6.14 (Debian's weka): 10-fold cross-validation, seed 1: correct rows and mean absolute error,"
echo "# numeric attributes and missing values as they are; made by pipeline/testdata/weka-cv-numeric.sh:"
echo "#   java -cp /usr/share/java/weka.jar CLASSIFIER OPTIONS -t FILE.arff [-c 1] -x 10 -s 1 -o"
echo "# FILE: credit-approval, heart-disease (num, five classes), hepatitis (class first): the .data file with a header"
echo "# of column names through weka.core.converters.CSVLoader, then NumericToNominal on the nominal columns;"
echo "# breast-cancer, soybean, vote: the .arff as distributed."
echo "# dataset learner options correct mae   (options: - for none; commas for spaces)"
for d in credit-approval heart-disease hepatitis breast-cancer soybean vote; do
  cls=(); [ "$d" = hepatitis ] && cls=(-c 1)
  while read -r name class opts; do
    # shellcheck disable=SC2086
    out=$(weka "$class" ${opts//,/ } -t "$tmp/$d.arff" "${cls[@]}" -x 10 -s 1 -o 2>&1) || { echo "# $d $name $opts: $out" >&2; exit 1; }
    cv=$(sed -n '/Stratified cross-validation/,$p' <<<"$out")
    correct=$(awk '/^Correctly Classified Instances/ {print $4}' <<<"$cv")
    mae=$(awk '/^Mean absolute error/ {print $4}' <<<"$cv")
    o=${opts:--}
    echo "$d $name $o $correct $mae"
  done <<'LEARNERS'
c45 weka.classifiers.trees.J48
naivebayes weka.classifiers.bayes.NaiveBayes
naivebayes weka.classifiers.bayes.NaiveBayes -K
naivebayes weka.classifiers.bayes.NaiveBayes -D
smo weka.classifiers.functions.SMO
smo weka.classifiers.functions.SMO -N,1
cart weka.classifiers.trees.SimpleCart
randomforest weka.classifiers.trees.RandomForest -I,10
LEARNERS
done
