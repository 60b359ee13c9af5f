#!/usr/bin/env bash
# Regenerates the Weka cut-point fixtures *.tsv in this folder with Debian's
# Weka 3.6.14 (/usr/share/java/weka.jar). See README.md for what each file
# holds. Run from anywhere: testdata/weka/regen.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here" && git rev-parse --show-toplevel)
shared=${SHARED_DATASETS:-$root/../shared/datasets}
weka=${WEKA_JAR:-/usr/share/java/weka.jar}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Weka chatters on stderr (editors, JDBC drivers); keep it, show it on failure.
log=$tmp/stderr.log
trap 'echo "regen.sh failed; Weka said:" >&2; cat "$log" >&2' ERR
# Dates are parsed in the JVM's zone; UTC is what the importer uses.
java=(java -Duser.timezone=UTC)

javac -cp "$weka" -d "$tmp" "$here/WekaCuts.java"

# csv NAME HEADER DATAFILE: a CSV with a header row, for Weka's CSVLoader.
csv() {
  { echo "$2"; cat "$3"; } > "$tmp/$1.csv"
  "${java[@]}" -cp "$weka" weka.core.converters.CSVLoader "$tmp/$1.csv" > "$tmp/$1.arff" 2>>"$log"
}
csv crx 'A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16' \
  "$shared/credit-approval/crx.data"
csv cleveland 'age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num' \
  "$shared/heart-disease/processed.cleveland.data"
csv hepatitis 'Class,AGE,SEX,STEROID,ANTIVIRALS,FATIGUE,MALAISE,ANOREXIA,LIVER BIG,LIVER FIRM,SPLEEN PALPABLE,SPIDERS,ASCITES,VARICES,BILIRUBIN,ALK PHOSPHATE,SGOT,ALBUMIN,PROTIME,HISTOLOGY' \
  "$shared/hepatitis/hepatitis.data"
cp "$here/edges.arff" "$tmp/edges.arff"
# Weka 3.6 reads no byte-order mark; the importer's test file has one.
sed '1s/^\xEF\xBB\xBF//' "$here/../weather.arff" > "$tmp/weather.arff"

# fixture DATASET CLASS TAG OPTIONS...: runs Weka's command-line filter on
# the columns in $range (default first-last) and writes TAG's fixture.
fixture() {
  local name=$1 class=$2 tag=$3
  shift 3
  local cmd=(weka.filters.unsupervised.attribute.Discretize "$@" -R "${range:-first-last}" -c "$class"
    -i "$tmp/$name.arff" -o "$tmp/$name-$tag.arff")
  "${java[@]}" -cp "$weka" "${cmd[@]}" 2>>"$log"
  {
    echo "# Weka $("${java[@]}" -cp "$weka" weka.core.Version 2>>"$log" | head -1): ${cmd[*]}" |
      sed "s|$tmp/||g"
    echo "# column<TAB>cut points (Double.toHexString, - for none)<TAB>bin labels of the output file"
    "${java[@]}" -cp "$weka:$tmp" WekaCuts "$tmp/$name.arff" "$tmp/$name-$tag.arff" "$class" "$@" -R "${range:-first-last}" 2>>"$log"
  } > "$here/$name-$tag.tsv"
}
for spec in "crx last" "cleveland last" "hepatitis first" "edges last" "weather last"; do
  set -- $spec
  fixture "$1" "$2" freq5 -F -B 5
  fixture "$1" "$2" width5 -B 5
  fixture "$1" "$2" freq3 -F -B 3
  # With 10 bins, Weka 3.6 itself fails on edges.arff's column "tiny": two
  # cut points print alike at 6 decimals, giving duplicate labels.
  [ "$1" = edges ] && range=1-6,8-last
  fixture "$1" "$2" freq10 -F -B 10
  unset range
done
# The ARFF Weka read each CSV as, so a reader can compare column types.
for name in crx cleveland hepatitis; do
  grep -i '^@attribute' "$tmp/$name.arff" > "$here/$name-types.txt"
done
