package input

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ExcerptBytes is the most of a file's text a message quotes.
const ExcerptBytes = 32

// Excerpt returns s quoted for a message about a file: at most
// ExcerptBytes bytes of it, cut at a character boundary and marked "…"
// when cut, in Go's double-quoted syntax, which escapes every byte that
// is not printable UTF-8 (a control character, a tab, an invalid byte),
// so that a message stays one printable line whatever the file holds.
// It is the one way a message quotes a file's contents.
func Excerpt(s string) string {
	if len(s) <= ExcerptBytes {
		return strconv.Quote(s)
	}
	cut := ExcerptBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

// ExcerptItems is the most items of a file's list a message quotes.
const ExcerptItems = 8

// Excerpts returns a list of a file's items (column names, say) for a
// message: the first ExcerptItems, each an Excerpt, comma-separated, and
// how many more there are.
func Excerpts(items []string) string {
	var b strings.Builder
	for i, s := range items {
		if i == ExcerptItems {
			fmt.Fprintf(&b, " and %d more", len(items)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(Excerpt(s))
	}
	return b.String()
}
