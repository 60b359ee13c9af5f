#!/usr/bin/env bash
# Makes the Weka fixtures of the numeric learners: SimpleCart's (and RandomTree's) trees and 10-fold
# cross-validations on the shared datasets with numbers and missing values kept, as WekaTreeDump.java prints them.
# usage: stages/train/testdata/weka-trees.sh [../shared/datasets]   (from the repository's root; rewrites the fixtures)
# ONLY=simplecart|randomtree|randomforest|j48 rewrites that learner's fixtures alone.
# The ARFF files are made by Weka alone, by internal/wekasets/testdata/arff.sh (CSVLoader on the .data
# file with a header line of column names, "?" missing, then NumericToNominal on the columns read as nominal), with
# hepatitis's class (its first column) moved last by Reorder, where dtbench's ARFF files have it; hepatitis-classfirst
# keeps it first (-classfirst, Weka's -c 1).
set -euo pipefail
shared=${1:-../shared/datasets}
out=stages/train/testdata
jar=/usr/share/java/weka.jar
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
weka() { java -Xmx2g -cp "$jar:$tmp" "$@" 2>/dev/null; }
javac -cp "$jar" -d "$tmp" "$out/WekaTreeDump.java" 2>/dev/null

internal/wekasets/testdata/arff.sh "$shared" "$tmp"
mv "$tmp/hepatitis.arff" "$tmp/hepatitis-classfirst.arff"
weka weka.filters.unsupervised.attribute.Reorder -R 2-last,1 -i "$tmp/hepatitis-classfirst.arff" -o "$tmp/hepatitis.arff"
sets=""
for d in credit-approval heart-disease hepatitis breast-cancer soybean vote; do sets="$sets $d=$tmp/$d.arff"; done

# want NAME: NAME's fixtures are to be made (ONLY unset, or NAME).
want() { [ -z "${ONLY:-}" ] || [ "$ONLY" = "$1" ]; }

# fixture FILE DESCRIPTION ARGS...: the header, then WekaTreeDump ARGS.
fixture() {
  local file=$1 what=$2; shift 2
  {
    echo "# Weka 3.6.14 (Debian's weka): $what, trained on every row of each dataset (trees) and 10-fold"
    echo "# cross-validations (the same as java -cp /usr/share/java/weka.jar CLASSIFIER OPTIONS -t FILE.arff -x 10 -s SEED,"
    echo "# with more digits), as WekaTreeDump.java prints them; made by stages/train/testdata/weka-trees.sh:"
    echo "#   java -cp /usr/share/java/weka.jar:/tmp WekaTreeDump ${*//$tmp\//}"
    weka WekaTreeDump "$@"
  } > "$out/$file"
}
if want simplecart; then
# shellcheck disable=SC2086
fixture simplecart_numeric.txt "SimpleCart, defaults (-M 2 -N 5 -S 1, pruned)" SimpleCart -seeds 1,2,3 -- $sets
# shellcheck disable=SC2086
fixture simplecart_numeric_unpruned.txt "SimpleCart -U (unpruned)" SimpleCart -U -seeds 1 -- $sets
{
  echo "# hepatitis with its class first (-c 1):"
  weka WekaTreeDump SimpleCart -classfirst -seeds 1,2,3 -- hepatitis-classfirst="$tmp/hepatitis-classfirst.arff"
} >> "$out/simplecart_numeric.txt"
fi
# RandomTree and RandomForest: HotSpot's libm intrinsics off, so that Math.log is fdlibm's, as Go's math.Log
# (their gains compare logarithms; SimpleCart's do not).
wekalog() { java -Xmx2g -XX:+UnlockDiagnosticVMOptions -XX:-UseLibmIntrinsic -cp "$jar:$tmp" "$@" 2>/dev/null; }
want randomtree && {
  echo "# Weka 3.6.14 (Debian's weka) with HotSpot's libm intrinsics off (Math.log as fdlibm, as Go's math.Log): RandomTree"
  echo "# defaults (-K 0 -M 1 -S 1) and, as NAME-kall, -K 100 (every attribute); made by stages/train/testdata/weka-trees.sh."
  # shellcheck disable=SC2086
  wekalog WekaTreeDump RandomTree -seeds 1,2 -- $sets
  # shellcheck disable=SC2086
  wekalog WekaTreeDump RandomTree -K 100 -seeds 1,2 -- $sets | sed 's/^tree \(.*\)$/tree \1-kall/; s/^cv \([^ ]*\) /cv \1-kall /'
} > "$out/randomtree_numeric.txt"
want randomforest && {
  echo "# Weka 3.6.14 (Debian's weka) with HotSpot's libm intrinsics off: RandomForest -I 10 (-K 0 -S 1), cross-validations;"
  echo "# made by stages/train/testdata/weka-trees.sh."
  # shellcheck disable=SC2086
  wekalog WekaTreeDump RandomForest -I 10 -seeds 1,2 -- $sets
} > "$out/randomforest_numeric.txt"
if want j48; then
# shellcheck disable=SC2086
fixture j48_numeric.txt "J48, defaults (-C 0.25 -M 2, subtree raising)" J48 -seeds 1,2,3 -- $sets
{
  echo "# J48 -U (unpruned), -S (no subtree raising), -C 0.1 and -M 5, as NAME-U, NAME-S, NAME-C0.1 and NAME-M5:"
  for v in "-U U" "-S S" "-C,0.1 C0.1" "-M,5 M5"; do
    set -- $v
    # shellcheck disable=SC2086
    weka WekaTreeDump J48 ${1//,/ } -seeds 1 -- $sets | sed "s/^tree \(.*\)$/tree \1-$2/; s/^cv \([^ ]*\) /cv \1-$2 /"
  done
} >> "$out/j48_numeric.txt"
fi
