#!/usr/bin/env bash
# Regenerates the *-summary.tsv fixtures in this folder with Debian's Weka
# 3.6.14 (/usr/share/java/weka.jar): what Weka's own loader makes of each
# dataset, column by column (WekaSummary.java: kind, missing count, the sum
# of a numeric column's values or a nominal column's number of values).
# Headerless UCI files get a header row (the names of their .names file)
# and go through Weka's CSVLoader; ARFF files through its ArffLoader.
# Run from anywhere: testdata/weka/summary.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here" && git rev-parse --show-toplevel)
shared=${SHARED_DATASETS:-$root/../shared/datasets}
weka=${WEKA_JAR:-/usr/share/java/weka.jar}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
java=(java -Duser.timezone=UTC)
javac -cp "$weka" -d "$tmp" "$here/WekaSummary.java"
version=$("${java[@]}" -cp "$weka" weka.core.Version 2>/dev/null | head -1)

# summary NAME FILE SHOWN: writes NAME-summary.tsv from FILE (SHOWN is how
# the header names it).
summary() {
  {
    echo "# Weka $version: java -Duser.timezone=UTC -cp weka.jar:. WekaSummary $3"
    echo "# column<TAB>kind<TAB>missing<TAB>sum of the values (Double.toHexString) or number of nominal values"
    "${java[@]}" -cp "$weka:$tmp" WekaSummary "$2" 2>/dev/null
  } > "$here/$1-summary.tsv"
}
# csv NAME HEADER DATAFILE: DATAFILE with a header row, as NAME.csv.
csv() {
  { echo "$2"; cat "$3"; } > "$tmp/$1.csv"
  summary "$1" "$tmp/$1.csv" "$1.csv (the header row '$2', then ${3#"$shared/"})"
}
csv crx 'A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16' \
  "$shared/credit-approval/crx.data"
csv cleveland 'age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num' \
  "$shared/heart-disease/processed.cleveland.data"
csv hepatitis 'Class,AGE,SEX,STEROID,ANTIVIRALS,FATIGUE,MALAISE,ANOREXIA,LIVER BIG,LIVER FIRM,SPLEEN PALPABLE,SPIDERS,ASCITES,VARICES,BILIRUBIN,ALK PHOSPHATE,SGOT,ALBUMIN,PROTIME,HISTOLOGY' \
  "$shared/hepatitis/hepatitis.data"
for name in breast-cancer soybean vote; do
  summary "$name" "$shared/$name/$name.arff" "$name/$name.arff"
done
summary edges "$here/edges.arff" "testdata/weka/edges.arff"
