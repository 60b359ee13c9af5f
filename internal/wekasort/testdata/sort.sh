#!/usr/bin/env bash
# Makes sort.txt: Weka 3.6.14's (Debian's weka) Utils.sort on arrays with many ties, the ones Ranker meets
# (equal merits, equal mean ranks) and longer ones, each line "values<TAB>positions in Weka's order".
# usage: internal/wekasort/testdata/sort.sh > internal/wekasort/testdata/sort.txt
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
javac -d "$tmp" -cp /usr/share/java/weka.jar "$here/UtilsSort.java"
{
  echo "0 3.2 3.5 3.6 3.7 3.2 7.3 7.4 7.6 7.7"
  echo "0.009 0.009 0.009 0.009 0.059 0.005 0.005 0.005 0.005"
  echo "1 1 1 1 1 1 1 1 1 1 1 1 1"
  echo "2 NaN 1 NaN 0 2 2 1"
  # pseudo-random arrays of few distinct values, lengths 2 to 60 (awk's rand with a fixed seed)
  awk 'BEGIN { srand(7); for (n = 2; n <= 60; n += 3) { s = ""; for (i = 0; i < n; i++) s = s (i ? " " : "") int(rand() * 5); print s } }'
} | java -cp "$tmp:/usr/share/java/weka.jar" UtilsSort
