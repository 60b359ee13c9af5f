#!/bin/sh
# make.sh writes the fixtures of package unixcompress (run from anywhere;
# needs ncompress's compress(1), Debian package ncompress):
#   text.txt       40 KB of deterministic pseudo-random lines (an LCG in
#                  awk), the first half over 4 words, the rest over 41:
#                  codes of 9 up to 14 bits, and with a small table a
#                  ratio that falls, so that compress clears it
#   text.b10.Z     compress -b 10: the table fills at 1024 entries, so the
#                  stream clears and restarts
#   text.b12.Z     compress -b 12
#   text.Z         compress's default, 16 bits
#   empty.Z        compress of no bytes: the header alone
#   one.Z          compress of one byte (for these two compress exits 2:
#                  no saving)
#   noblock.Z      "aaaa" without block mode (the format of compress 2.0,
#                  no clear code, entries from 256), packed by hand: codes
#                  97, 256, 97 of 9 bits; ncompress 4.2.4.6's -C (and -b 9)
#                  output is read back neither by its own uncompress nor by
#                  gzip, so it makes none of these
# Every .Z is checked here against gzip -d, an independent decoder.
set -eu
cd "$(dirname "$0")"
awk 'BEGIN { x = 12345; split("the of and a to in is was for on with as by at from tree node leaf split gain ratio entropy cost test 0 1 2 3 4 5 6 7 8 9 , . ?", w, " ")
	for (line = 0; line < 2400; line++) { s = ""
		for (i = 0; i < 4 + line % 5; i++) { x = (x * 1103515245 + 12345) % 2147483648; s = s w[1 + int(x / 65536) % (line < 1200 ? 4 : 41)] " " }
		print s } }' > text.txt
compress -c -b 10 < text.txt > text.b10.Z
compress -c -b 12 < text.txt > text.b12.Z
compress -c < text.txt > text.Z
compress -c < /dev/null > empty.Z || [ $? -eq 2 ]
printf 'x' | compress -c > one.Z || [ $? -eq 2 ]
# 97 | 256<<9 | 97<<18 = 0x1860061, 27 bits, least significant byte first
printf '\037\235\020\141\000\206\001' > noblock.Z
for f in text.b10 text.b12 text; do gzip -dc < $f.Z | cmp - text.txt; done
gzip -dc < empty.Z | cmp - /dev/null
[ "$(gzip -dc < one.Z)" = x ]
[ "$(gzip -dc < noblock.Z)" = aaaa ]
