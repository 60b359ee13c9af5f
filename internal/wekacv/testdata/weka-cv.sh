#!/bin/sh
# Makes weka-cv.txt: Weka 3.6.14's (Debian's weka) 10-fold cross-validation, seed 1, of NaiveBayes (default, -K, -D)
# and SMO (default, -N 1, -M -V -1) on the shared datasets with numeric attributes and missing values kept as they are.
# Run from the repository root:
#   sh internal/wekacv/testdata/weka-cv.sh ../shared/datasets > internal/wekacv/testdata/weka-cv.txt
set -e
D=${1:-../shared/datasets}
W=/usr/share/java/weka.jar
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# The .data files get a header row (these names) and go through Weka's CSVLoader, which makes a column numeric when
# every value parses as a number and nominal otherwise (values in order of appearance), ? missing; -N forces the class
# nominal. wekacv.LoadCSV reads them the same way.
(echo A1,A2,A3,A4,A5,A6,A7,A8,A9,A10,A11,A12,A13,A14,A15,A16; cat "$D/credit-approval/crx.data") > "$T/credit-approval.csv"
(echo age,sex,cp,trestbps,chol,fbs,restecg,thalach,exang,oldpeak,slope,ca,thal,num; cat "$D/heart-disease/processed.cleveland.data") > "$T/heart-disease.csv"
(echo Class,AGE,SEX,STEROID,ANTIVIRALS,FATIGUE,MALAISE,ANOREXIA,LIVER_BIG,LIVER_FIRM,SPLEEN_PALPABLE,SPIDERS,ASCITES,VARICES,BILIRUBIN,ALK_PHOSPHATE,SGOT,ALBUMIN,PROTIME,HISTOLOGY; cat "$D/hepatitis/hepatitis.data") > "$T/hepatitis.csv"
java -cp $W weka.core.converters.CSVLoader "$T/credit-approval.csv" -N last > "$T/credit-approval.arff" 2>/dev/null
java -cp $W weka.core.converters.CSVLoader "$T/heart-disease.csv" -N last > "$T/heart-disease.arff" 2>/dev/null
java -cp $W weka.core.converters.CSVLoader "$T/hepatitis.csv" -N first > "$T/hepatitis.arff" 2>/dev/null
for n in breast-cancer soybean vote; do cp "$D/$n/$n.arff" "$T/$n.arff"; done
echo "# Weka 3.6.14's 10-fold cross-validation (Debian's weka), made by internal/wekacv/testdata/weka-cv.sh:"
echo "#   java -cp $W CLASSIFIER OPTIONS -t FILE.arff -c CLASS -x 10 -s 1 -o"
echo "# FILE: credit-approval (crx.data, class A16), heart-disease (processed.cleveland.data, class num, its 5 values),"
echo "# hepatitis (hepatitis.data, class Class, first): the .data file with a header row through"
echo "#   java -cp $W weka.core.converters.CSVLoader FILE.csv -N CLASS > FILE.arff;"
echo "# breast-cancer, soybean, vote: the shared .arff as it is (class last), missing values kept."
echo "# The correct rows and the mean absolute error of the 'Stratified cross-validation' section; options '-' = none."
echo "# dataset classifier options correct mae"
for s in credit-approval:last heart-disease:last hepatitis:first breast-cancer:last soybean:last vote:last; do
  n=${s%%:*}; c=${s#*:}
  for run in "weka.classifiers.bayes.NaiveBayes NaiveBayes -" "weka.classifiers.bayes.NaiveBayes NaiveBayes -K" \
             "weka.classifiers.bayes.NaiveBayes NaiveBayes -D" "weka.classifiers.functions.SMO SMO -" \
             "weka.classifiers.functions.SMO SMO -N_1" "weka.classifiers.functions.SMO SMO -M_-V_-1"; do
    set -- $run
    opts=$(echo "$3" | tr _ ' '); [ "$opts" = - ] && opts=
    [ "$c" = first ] && ci=1 || ci=last
    java -cp $W $1 $opts -t "$T/$n.arff" -c $ci -x 10 -s 1 -o 2>/dev/null |
      awk -v n=$n -v c=$2 -v o="$3" '/Stratified cross-validation/ {cv = 1}
        cv && /^Correctly Classified Instances/ {k = $4}
        cv && /^Mean absolute error/ {print n, c, o, k, $4; exit}'
  done
done
