#!/bin/sh
# regen.sh rewrites the Weka fixtures of package smo from Weka 3.6.14
# (Debian's /usr/share/java/weka.jar). Run it from this directory:
#
#   sh regen.sh [/path/to/shared/datasets]
#
# For every dataset it trains weka.classifiers.functions.SMO with its
# default options, and again with -M (logistic models), on
#   full:  all rows, predicting the same rows;
#   split: the rows whose 0-based data index r has r % 3 != 2, predicting
#          the rows with r % 3 == 2;
#   common (car only): the rows of classes unacc and acc, predicting all;
#   reversed (vote only): all rows in reverse order, predicting them;
# and writes NAME.SCENARIO.txt (and NAME.SCENARIO.M.txt) with SMODump.java.
# The .data files get the ARFF headers of ../headers. As a cross-check, the
# default full predictions are compared with those of Weka's own command
#   java -cp weka.jar weka.classifiers.functions.SMO -t full.arff -T full.arff -p 0
set -eu
DATA=${1:-../../../../../../shared/datasets}
WEKA=${WEKA:-/usr/share/java/weka.jar}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
javac -nowarn -cp "$WEKA" -d "$TMP" SMODump.java

# header FILE: the lines up to and including @data; rows FILE: the data rows.
header() { awk '{print} tolower($1) == "@data" {exit}' "$1"; }
rows() { awk 'p && NF && $0 !~ /^%/ {print} tolower($1) == "@data" {p = 1}' "$1"; }

make_full() { # name arff|data path -> $TMP/name.full.arff
	if [ "$2" = data ]; then
		{ cat "../headers/$1.arff"; awk 'NF' "$3"; } >"$TMP/$1.full.arff"
	else
		cp "$3" "$TMP/$1.full.arff"
	fi
	header "$TMP/$1.full.arff" >"$TMP/$1.header"
	rows "$TMP/$1.full.arff" >"$TMP/$1.rows"
	{ cat "$TMP/$1.header"; awk 'NR % 3 != 0' "$TMP/$1.rows"; } >"$TMP/$1.train.arff"
	{ cat "$TMP/$1.header"; awk 'NR % 3 == 0' "$TMP/$1.rows"; } >"$TMP/$1.test.arff"
}

dump() { # name scenario train test [options] -> fixture
	name=$1 scen=$2 train=$3 test=$4
	shift 4
	n=$(rows "$test" | wc -l)
	every=$(( (n + 99) / 100 ))
	suffix=""
	pairs=10
	if [ $# -gt 0 ]; then suffix=".M"; pairs=0; fi
	out="$name.$scen$suffix.txt"
	{
		echo "# Weka 3.6.14 SMO on $name ($scen), written by regen.sh:"
		echo "#   java -cp $WEKA:. SMODump $(basename "$train") $(basename "$test") $pairs $every $*"
		java -cp "$WEKA:$TMP" SMODump "$train" "$test" $pairs $every "$@"
	} >"$out"
	echo "wrote $out"
}

for spec in \
	weather-nominal:arff:weather-nominal/weather.nominal.arff \
	contact-lenses:arff:contact-lenses/contact-lenses.arff \
	vote:arff:vote/vote.arff \
	breast-cancer:arff:breast-cancer/breast-cancer.arff \
	soybean:arff:soybean/soybean.arff \
	tic-tac-toe:data:tic-tac-toe/tic-tac-toe.data \
	car:data:car/car.data \
	nursery:data:nursery/nursery.data; do
	name=${spec%%:*}
	rest=${spec#*:}
	kind=${rest%%:*}
	path=$DATA/${rest#*:}
	make_full "$name" "$kind" "$path"
	dump "$name" full "$TMP/$name.full.arff" "$TMP/$name.full.arff"
	dump "$name" split "$TMP/$name.train.arff" "$TMP/$name.test.arff"
	dump "$name" full "$TMP/$name.full.arff" "$TMP/$name.full.arff" -M
	dump "$name" split "$TMP/$name.train.arff" "$TMP/$name.test.arff" -M
	if [ "$name" = car ]; then
		# Two classes absent from training: pairs with one class, and one
		# pair with none.
		{ cat "$TMP/car.header"; awk -F, '$NF == "unacc" || $NF == "acc"' "$TMP/car.rows"; } >"$TMP/car.common.arff"
		dump car common "$TMP/car.common.arff" "$TMP/car.full.arff"
		dump car common "$TMP/car.common.arff" "$TMP/car.full.arff" -M
	fi
	if [ "$name" = vote ]; then
		# The same rows in reverse order: Weka's SMO depends on row order.
		{ cat "$TMP/vote.header"; tac "$TMP/vote.rows"; } >"$TMP/vote.reversed.arff"
		dump vote reversed "$TMP/vote.reversed.arff" "$TMP/vote.reversed.arff"
	fi
	# Cross-check with Weka's command line (predicted "k:label" is 1-based).
	java -cp "$WEKA" weka.classifiers.functions.SMO -t "$TMP/$name.full.arff" -T "$TMP/$name.full.arff" -p 0 |
		awk '$1 ~ /^[0-9]+$/ {split($3, a, ":"); print a[1] - 1}' >"$TMP/cli"
	awk '$1 == "pred" {for (i = 2; i <= NF; i++) print $i}' "$name.full.txt" >"$TMP/dump"
	cmp -s "$TMP/cli" "$TMP/dump" || { echo "$name: SMODump and -p 0 disagree" >&2; exit 1; }
done
