#!/usr/bin/env bash
# usage: stages/generate/testdata/rank-arffs.sh SHARED_DATASETS OUT_DIR
# Writes OUT_DIR/NAME.arff for the datasets the ranking checks hold dtbench to Weka on, made by Weka alone: the six
# Weka-check datasets of package wekasets (internal/wekasets/testdata/arff.sh), and the nominal tic-tac-toe, car and
# nursery (CSVLoader on the .data file with a header line of the names that rank_weka_test.go's rankCVSets gives them),
# where equal merits tie. The one place weka-gainratio.sh and weka-gainratio-cv.sh get their data from.
set -euo pipefail
shared=${1:?shared datasets}; out=${2:?out dir}
"$(dirname "$0")/../../../internal/wekasets/testdata/arff.sh" "$shared" "$out"
nominal() {
  { echo "$3"; cat "$2"; } > "$out/$1.csv"
  java -Xmx2g -cp /usr/share/java/weka.jar weka.core.converters.CSVLoader "$out/$1.csv" > "$out/$1.arff" 2>/dev/null
  rm "$out/$1.csv"
}
nominal tic-tac-toe "$shared/tic-tac-toe/tic-tac-toe.data" \
  "top-left-square,top-middle-square,top-right-square,middle-left-square,middle-middle-square,middle-right-square,bottom-left-square,bottom-middle-square,bottom-right-square,Class"
nominal car "$shared/car/car.data" "buying,maint,doors,persons,lug_boot,safety,class"
nominal nursery "$shared/nursery/nursery.data" "parents,has_nurs,form,children,housing,finance,social,health,class"
