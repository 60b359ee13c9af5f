package input

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// UTF8 checks that text, which starts at line firstLine of file, is
// valid UTF-8, and otherwise returns an *Error naming the line and byte
// column of the first byte that is not, with its value: dtbench's tables
// hold text as UTF-8 (Parquet's STRING), so a file in another encoding
// is bad input, said where the reader meets it. text may hold several
// lines (LF-separated).
func UTF8(file string, firstLine int, text string) error {
	at := InvalidUTF8(text)
	if at < 0 {
		return nil
	}
	line := firstLine + strings.Count(text[:at], "\n")
	col := at - (strings.LastIndexByte(text[:at], '\n') + 1) + 1
	return At(file, line, col, "%s", NotUTF8(text[at]))
}

// NotUTF8 says that byte b is not UTF-8, and what to do about it.
func NotUTF8(b byte) string {
	return fmt.Sprintf("byte 0x%02x is not UTF-8 text; save the file as UTF-8 (from Latin-1: iconv -f latin1 -t utf-8)", b)
}

// InvalidUTF8 returns the offset of the first byte of s that is not
// part of a valid UTF-8 sequence, or -1 when s is valid.
func InvalidUTF8(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(s)
}
