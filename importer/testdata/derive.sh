#!/bin/sh
# derive.sh makes the fixtures that are other encodings of weather.csv and
# weather.data (run from this folder; each output is checked in):
#   weather-cr.csv   weather.csv with bare CR line ends (old Mac files,
#                    as UCI's HTRU_2.csv is)
set -eu
cd "$(dirname "$0")"
tr '\n' '\r' < weather.csv > weather-cr.csv
#   weather-blank.data  weather.data as Turney's thyroid files are written:
#                    fields separated by runs of blanks (one space, three,
#                    a tab, by line), two blanks at the end of each line,
#                    one at the start of every fourth
#   weather-blank.txt  weather.csv so written, its quoted header name
#                    "relative humidity" holding a blank (format: whitespace)
blank() {
	awk '{ sep = (NR % 3 == 0) ? "\t" : ((NR % 3 == 1) ? " " : "   ")
	       lead = (NR % 4 == 0) ? " " : ""
	       gsub(/,/, sep); print lead $0 "  " }' "$1"
}
blank weather.data > weather-blank.data
blank weather.csv > weather-blank.txt
#   weather.data.Z   weather.data through Unix compress(1) (ncompress,
#                    which exits 2 when the output is no smaller: fine)
compress -c < weather.data > weather.data.Z || [ $? -eq 2 ]
