#!/bin/sh
# derive.sh makes the fixtures that are other encodings of weather.csv and
# weather.data (run from this folder; each output is checked in):
#   weather-cr.csv   weather.csv with bare CR line ends (old Mac files,
#                    as UCI's HTRU_2.csv is)
set -eu
cd "$(dirname "$0")"
tr '\n' '\r' < weather.csv > weather-cr.csv
