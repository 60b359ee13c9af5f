package dataset

import (
	"fmt"
	"strings"
)

// lexer reads the tokens of one ARFF line: the one tokenizer of ARFF in
// dtbench (ARFFReader uses it, and ParseARFF and the importer read
// through ARFFReader).
type lexer struct {
	s string
	i int
}

// isBlank reports whether c separates tokens; only ASCII blanks do.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

func (l *lexer) skipBlanks() {
	for l.i < len(l.s) && isBlank(l.s[l.i]) {
		l.i++
	}
}

// atEnd skips blanks and reports whether only a comment (or nothing) is left.
func (l *lexer) atEnd() bool {
	l.skipBlanks()
	return l.i == len(l.s) || l.s[l.i] == '%'
}

// peek returns the next non-blank byte, or 0 at the end.
func (l *lexer) peek() byte {
	l.skipBlanks()
	if l.i == len(l.s) {
		return 0
	}
	return l.s[l.i]
}

// consume skips blanks and the byte c if it comes next.
func (l *lexer) consume(c byte) bool {
	if l.peek() == c {
		l.i++
		return true
	}
	return false
}

// word returns the next run of bytes up to a blank, a % or a {.
func (l *lexer) word() string {
	l.skipBlanks()
	start := l.i
	for l.i < len(l.s) && !isBlank(l.s[l.i]) && l.s[l.i] != '%' && l.s[l.i] != '{' {
		l.i++
	}
	return l.s[start:l.i]
}

// token is a name or value and whether it was quoted (a quoted '?' is a
// value, a bare ? a missing value).
type token struct {
	text   string
	quoted bool
}

// token reads a quoted string, or a bare one that ends before a byte of
// stop, a %, or the end of the line, with blanks trimmed. Blanks inside a
// bare token are kept, except in a name, which ends at the first blank
// (stop is "{" only when reading a name).
func (l *lexer) token(stop string) (token, error) {
	l.skipBlanks()
	if l.i < len(l.s) && (l.s[l.i] == '\'' || l.s[l.i] == '"') {
		return l.quoted()
	}
	start := l.i
	name := stop == "{"
	for l.i < len(l.s) {
		c := l.s[l.i]
		if c == '%' || isStop(stop, c) || (name && isBlank(c)) {
			break
		}
		l.i++
	}
	end := l.i
	for end > start && isBlank(l.s[end-1]) {
		end--
	}
	if end == start {
		return token{}, fmt.Errorf("empty value")
	}
	return token{text: l.s[start:end]}, nil
}

// isStop reports whether c is one of the bytes of stop (a few bytes,
// compared in a loop that inlines, unlike strings.IndexByte).
func isStop(stop string, c byte) bool {
	for i := 0; i < len(stop); i++ {
		if stop[i] == c {
			return true
		}
	}
	return false
}

// quoted reads a string in ' or " quotes with Weka's backslash escapes
// (\\ \' \" \% \n \r \t \u001E); any other backslash is kept as it is.
// A string without a backslash is the text between the quotes, returned
// without a copy.
func (l *lexer) quoted() (token, error) {
	q := l.s[l.i]
	l.i++
	if end := strings.IndexByte(l.s[l.i:], q); end >= 0 && strings.IndexByte(l.s[l.i:l.i+end], '\\') < 0 {
		text := l.s[l.i : l.i+end]
		l.i += end + 1
		return token{text: text, quoted: true}, nil
	}
	var b strings.Builder
	for l.i < len(l.s) {
		c := l.s[l.i]
		l.i++
		switch {
		case c == q:
			return token{text: b.String(), quoted: true}, nil
		case c == '\\' && l.i < len(l.s):
			e := l.s[l.i]
			l.i++
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case '\\', '\'', '"', '%':
				b.WriteByte(e)
			default:
				if e == 'u' && strings.HasPrefix(l.s[l.i:], "001E") {
					b.WriteByte(0x1e)
					l.i += 4
					continue
				}
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return token{}, fmt.Errorf("unterminated quoted string")
}
