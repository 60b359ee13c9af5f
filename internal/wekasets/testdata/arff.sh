#!/usr/bin/env bash
# usage: internal/wekasets/testdata/arff.sh SHARED_DATASETS OUT_DIR
# Writes OUT_DIR/NAME.arff for the six Weka-check datasets of package wekasets, made by Weka alone: CSVLoader on the
# .data file with a header line of the column names ("?" is missing), then NumericToNominal on the columns that
# wekasets lists as nominal (and the class); breast-cancer, soybean and vote: the .arff as distributed. The one
# place where Weka's side of the numeric checks reads the data; keep it in step with wekasets.Sets.
set -euo pipefail
shared=${1:?shared datasets}; out=${2:?out dir}
weka() { java -Xmx2g -cp /usr/share/java/weka.jar "$@" 2>/dev/null; }
csv2arff() {
  { echo "$3"; cat "$2"; } > "$out/$1.csv"
  weka weka.core.converters.CSVLoader "$out/$1.csv" > "$out/$1-raw.arff"
  weka weka.filters.unsupervised.attribute.NumericToNominal -R "$4" -i "$out/$1-raw.arff" -o "$out/$1.arff"
  rm "$out/$1.csv" "$out/$1-raw.arff"
}
csv2arff credit-approval "$shared/credit-approval/crx.data" "A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16" "16"
csv2arff heart-disease "$shared/heart-disease/processed.cleveland.data" \
  "age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num" "2,3,6,7,9,11,12,13,14"
csv2arff hepatitis "$shared/hepatitis/hepatitis.data" \
  "Class,AGE,SEX,STEROID,ANTIVIRALS,FATIGUE,MALAISE,ANOREXIA,LIVER BIG,LIVER FIRM,SPLEEN PALPABLE,SPIDERS,ASCITES,VARICES,BILIRUBIN,ALK PHOSPHATE,SGOT,ALBUMIN,PROTIME,HISTOLOGY" \
  "1,3,4,5,6,7,8,9,10,11,12,13,14,20"
for d in breast-cancer soybean vote; do cp "$shared/$d/$d.arff" "$out/$d.arff"; done
