#!/usr/bin/env bash
# Makes weka-cv.txt: Weka 3.6.14's (Debian's weka) 10-fold cross-validation, seed 1, on the Weka-check datasets of
# package wekasets with numeric attributes and missing values kept as they are, for the learners that take them.
# usage (from the repository's root): internal/wekasets/testdata/weka-cv.sh [../shared/datasets] > internal/wekasets/testdata/weka-cv.txt
# ONLY=NAME (a dtbench learner: c45, smo, ...) prints only that learner's lines, the header left out, to redo them alone.
# The ARFF files are Weka's own reading of the data (arff.sh beside this script), so dtbench's importer is not part
# of the truth.
set -euo pipefail
shared=${1:-../shared/datasets}
here=$(dirname "$0")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$here/arff.sh" "$shared" "$tmp"
# RandomForest compares gains, logarithms, exactly, and HotSpot's Math.log intrinsic may differ from StrictMath's
# (fdlibm's, as Go's math.Log) in the last bit: its lines are made with the intrinsic off, so that they are Weka's
# on any JVM (see README.md, "Where dtbench is not Weka's exactly").
jvm=()
weka() { java -Xmx2g "${jvm[@]}" -cp /usr/share/java/weka.jar "$@"; }

[ -z "${ONLY:-}" ] && {
echo "# Weka 3.6.14 (Debian's weka): 10-fold cross-validation, seed 1: correct rows and mean absolute error,"
echo "# numeric attributes and missing values as they are; made by internal/wekasets/testdata/weka-cv.sh:"
echo "#   java -cp /usr/share/java/weka.jar CLASSIFIER OPTIONS -t FILE.arff [-c 1] -x 10 -s 1 -o"
echo "# (RandomForest with -XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic: Math.log as StrictMath's)"
echo "# FILE: credit-approval, heart-disease (num, five classes), hepatitis (class first): the .data file with a header"
echo "# of column names through weka.core.converters.CSVLoader, then NumericToNominal on the nominal columns;"
echo "# breast-cancer, soybean, vote: the .arff as distributed (arff.sh)."
echo "# dataset learner options correct mae   (options: - for none; commas for spaces)"
}
for d in credit-approval heart-disease hepatitis breast-cancer soybean vote; do
  cls=(); [ "$d" = hepatitis ] && cls=(-c 1)
  while read -r name class opts; do
    [ -n "${ONLY:-}" ] && [ "$name" != "$ONLY" ] && continue
    jvm=(); [ "$name" = randomforest ] && jvm=(-XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic)
    # shellcheck disable=SC2086
    out=$(weka "$class" ${opts//,/ } -t "$tmp/$d.arff" "${cls[@]}" -x 10 -s 1 -o 2>&1) || { echo "# $d $name $opts: $out" >&2; exit 1; }
    cv=$(sed -n '/Stratified cross-validation/,$p' <<<"$out")
    correct=$(awk '/^Correctly Classified Instances/ {print $4}' <<<"$cv")
    mae=$(awk '/^Mean absolute error/ {print $4}' <<<"$cv")
    echo "$d $name ${opts:--} $correct $mae"
  done <<'LEARNERS'
c45 weka.classifiers.trees.J48
c45 weka.classifiers.trees.J48 -U
c45 weka.classifiers.trees.J48 -C,0.1
c45 weka.classifiers.trees.J48 -M,5
c45 weka.classifiers.trees.J48 -S
naivebayes weka.classifiers.bayes.NaiveBayes
naivebayes weka.classifiers.bayes.NaiveBayes -K
naivebayes weka.classifiers.bayes.NaiveBayes -D
smo weka.classifiers.functions.SMO
smo weka.classifiers.functions.SMO -N,1
smo weka.classifiers.functions.SMO -M,-V,-1
cart weka.classifiers.trees.SimpleCart
randomforest weka.classifiers.trees.RandomForest -I,10
LEARNERS
done

# heart-disease-dtbench: RandomForest on the ARFF dtbench writes of heart-disease (dtbench import), whose nominal
# labels are the file's text (1.0) where NumericToNominal's are 1. RandomTree seeds its generator with the hash of
# an instance's text (Instances.getRandomNumberGenerator), so Weka's forest on heart-disease.arff is not the one
# dtbench can grow from the .data file; on this ARFF it is.
if [ -z "${ONLY:-}" ] || [ "$ONLY" = randomforest ]; then
  go run ./cmd/dtbench import "$shared/heart-disease/processed.cleveland.data" --class num --discretize none --missing keep \
    --names age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num \
    --nominal sex,cp,fbs,restecg,exang,slope,ca,thal --out "$tmp/heart-disease-dtbench.arff" 2>/dev/null
  jvm=(-XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic)
  out=$(weka weka.classifiers.trees.RandomForest -I 10 -t "$tmp/heart-disease-dtbench.arff" -x 10 -s 1 -o 2>&1)
  cv=$(sed -n '/Stratified cross-validation/,$p' <<<"$out")
  echo "heart-disease-dtbench randomforest -I,10 $(awk '/^Correctly Classified Instances/ {print $4}' <<<"$cv") $(awk '/^Mean absolute error/ {print $4}' <<<"$cv")"
fi
