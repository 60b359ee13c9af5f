package dataset

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// ReadARFF reads a nominal ARFF file. The class is the attribute named
// class, or the last attribute when class is "". Every attribute must be
// nominal ({a, b, …}); numeric attributes are discretized by the import
// stage, not here. Missing values ("?") and sparse rows are errors for now.
// Errors are *input.Error values naming the file and, when it applies, the
// line.
func ReadARFF(path, class string) (*Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	defer f.Close() // read only: Close cannot lose data
	return ParseARFF(f, path, class)
}

// ParseARFF reads nominal ARFF text from r as ReadARFF does; name stands
// for the input in error messages.
//
// The syntax accepted is Weka's for nominal data: keywords in any case;
// names and values bare or quoted with ' or ", with Weka's backslash escapes
// (\\ \' \" \n \r \t \%) inside quotes; an unquoted % starts a comment that
// runs to the end of the line; blank lines are ignored. An attribute named
// twice, a value listed twice in one domain, or a domain of more than
// MaxValues values is an error.
func ParseARFF(r io.Reader, name, class string) (*Dataset, error) {
	p := arffParser{file: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for sc.Scan() {
		p.line++
		if p.inData && p.fastRow(sc.Bytes()) {
			continue
		}
		text := sc.Text()
		if p.line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // byte-order mark
		}
		if err := p.parseLine(text); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &input.Error{File: name, Line: p.line + 1, Err: err}
	}
	return p.dataset(class)
}

// arffParser holds the state of one ARFF read.
type arffParser struct {
	file   string
	line   int
	attrs  []Attribute
	index  []map[string]uint8 // index[a][label] = code
	inData bool
	rows   [][]uint8 // rows[r][a], attributes in file order
	// singles[a][c] is 1 + the code of attribute a's label c when that
	// label is the one letter or digit c, else 0 (fastRow); set at @data.
	singles [][256]uint8
}

// isLabelByte reports whether c is a letter or a digit: a one-byte label
// fastRow reads, which the lexer reads the same way.
func isLabelByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// fastRow reads a data row of one-letter or one-digit labels, "v,v,…,v"
// with nothing else on the line, the common case of nominal data, without
// the lexer: it reports false, having read nothing, for any other line,
// which parseRow then reads (and rejects, if it must, with its errors).
func (p *arffParser) fastRow(line []byte) bool {
	n := len(p.attrs)
	if len(line) != 2*n-1 {
		return false
	}
	row := make([]uint8, n)
	for a := range n {
		code := p.singles[a][line[2*a]]
		if code == 0 || a < n-1 && line[2*a+1] != ',' {
			return false
		}
		row[a] = code - 1
	}
	p.rows = append(p.rows, row)
	return true
}

func (p *arffParser) errorf(format string, args ...any) error {
	return input.Filef(p.file, p.line, format, args...)
}

// parseLine handles one line of header or data.
func (p *arffParser) parseLine(text string) error {
	l := &lexer{s: text}
	if l.atEnd() {
		return nil // blank or comment
	}
	if p.inData {
		return p.parseRow(l)
	}
	word := l.word()
	switch strings.ToLower(word) {
	case "@relation":
		return nil
	case "@attribute":
		return p.parseAttribute(l)
	case "@data":
		if len(p.attrs) == 0 {
			return p.errorf("@data before any @attribute")
		}
		p.inData = true
		p.singles = make([][256]uint8, len(p.attrs))
		for a, attr := range p.attrs {
			for v, label := range attr.Values {
				if len(label) == 1 && isLabelByte(label[0]) {
					p.singles[a][label[0]] = uint8(v) + 1
				}
			}
		}
		return nil
	}
	return p.errorf("unexpected header line %q", text)
}

// parseAttribute parses the rest of `@attribute name {v1, v2, …}`.
func (p *arffParser) parseAttribute(l *lexer) error {
	name, err := l.token("{")
	if err != nil {
		return p.errorf("attribute name: %v", err)
	}
	for i, a := range p.attrs {
		if a.Name == name.text {
			return p.errorf("attribute %q declared twice (attributes %d and %d)", name.text, i+1, len(p.attrs)+1)
		}
	}
	if l.atEnd() {
		return p.errorf("attribute %q has no type", name.text)
	}
	if !l.consume('{') {
		return p.errorf("attribute %q has type %s; only nominal attributes ({a, b, …}) are read, numeric ones are discretized by dtbench import", name.text, l.word())
	}
	var values []string
	index := map[string]uint8{}
	if l.consume('}') {
		return p.errorf("attribute %q has an empty domain", name.text)
	}
	for {
		v, err := l.token(",{}")
		if err != nil {
			return p.errorf("attribute %q: %v", name.text, err)
		}
		if _, dup := index[v.text]; dup {
			return p.errorf("attribute %q lists value %q twice", name.text, v.text)
		}
		if len(values) == MaxValues {
			return p.errorf("attribute %q has more than %d values", name.text, MaxValues)
		}
		index[v.text] = uint8(len(values))
		values = append(values, v.text)
		if l.consume('}') {
			break
		}
		if !l.consume(',') {
			return p.errorf("attribute %q: want , or } after value %q", name.text, v.text)
		}
	}
	if !l.atEnd() {
		return p.errorf("attribute %q: unexpected text after }", name.text)
	}
	p.attrs = append(p.attrs, Attribute{Name: name.text, Values: values})
	p.index = append(p.index, index)
	return nil
}

// parseRow parses one data row of comma-separated values.
func (p *arffParser) parseRow(l *lexer) error {
	if l.peek() == '{' {
		return p.errorf("sparse rows ({index value, …}) are not supported")
	}
	row := make([]uint8, 0, len(p.attrs))
	for {
		v, err := l.token(",")
		if err != nil {
			return p.errorf("value %d: %v", len(row)+1, err)
		}
		a := len(row)
		if a == len(p.attrs) {
			return p.errorf("more than %d values", len(p.attrs))
		}
		if v.text == "?" && !v.quoted {
			return p.errorf("missing value (?) for attribute %q; missing values are not supported", p.attrs[a].Name)
		}
		code, ok := p.code(a, v.text)
		if !ok {
			return p.errorf("value %q not in the domain of attribute %q", v.text, p.attrs[a].Name)
		}
		row = append(row, code)
		if l.atEnd() {
			break
		}
		if !l.consume(',') {
			return p.errorf("want , after value %q", v.text)
		}
	}
	if len(row) != len(p.attrs) {
		return p.errorf("%d values, want %d", len(row), len(p.attrs))
	}
	p.rows = append(p.rows, row)
	return nil
}

// code returns the code of label in attribute a's domain. A domain of a
// few labels is searched in order, which is cheaper than hashing the label.
func (p *arffParser) code(a int, label string) (uint8, bool) {
	if values := p.attrs[a].Values; len(values) <= 8 {
		for v, x := range values {
			if x == label {
				return uint8(v), true
			}
		}
		return 0, false
	}
	code, ok := p.index[a][label]
	return code, ok
}

// dataset splits the class column off and builds the Dataset.
func (p *arffParser) dataset(class string) (*Dataset, error) {
	if !p.inData {
		return nil, input.Filef(p.file, 0, "no @data section")
	}
	if len(p.attrs) < 2 {
		return nil, input.Filef(p.file, 0, "need at least one feature and a class, got %d attribute(s)", len(p.attrs))
	}
	ci := len(p.attrs) - 1
	if class != "" {
		ci = -1
		names := make([]string, len(p.attrs))
		for i, a := range p.attrs {
			names[i] = a.Name
			if a.Name == class {
				ci = i
			}
		}
		if ci < 0 {
			return nil, input.Filef(p.file, 0, "no attribute named %q for the class (attributes: %s)", class, strings.Join(names, ", "))
		}
	}
	var schema Schema
	for i, a := range p.attrs {
		if i == ci {
			schema.Class = a
		} else {
			schema.Features = append(schema.Features, a)
		}
	}
	n := len(p.rows)
	cols := make([][]uint8, len(schema.Features))
	for f := range cols {
		a := f
		if f >= ci {
			a++
		}
		cols[f] = make([]uint8, n)
		for r, row := range p.rows {
			cols[f][r] = row[a]
		}
	}
	labels := make([]uint8, n)
	for r, row := range p.rows {
		labels[r] = row[ci]
	}
	d, err := New(schema, cols, labels)
	if err != nil {
		return nil, &input.Error{File: p.file, Err: err}
	}
	return d, nil
}

// lexer reads the tokens of one ARFF line.
type lexer struct {
	s string
	i int
}

// isSpace reports whether c separates tokens; only ASCII blanks do, so a
// bare label may begin with any other byte.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

func (l *lexer) skipSpace() {
	for l.i < len(l.s) && isSpace(l.s[l.i]) {
		l.i++
	}
}

// atEnd skips blanks and reports whether only a comment (or nothing) is left.
func (l *lexer) atEnd() bool {
	l.skipSpace()
	return l.i == len(l.s) || l.s[l.i] == '%'
}

// peek returns the next non-blank byte, or 0 at the end.
func (l *lexer) peek() byte {
	l.skipSpace()
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

// word returns the next run of non-blank bytes.
func (l *lexer) word() string {
	l.skipSpace()
	start := l.i
	for l.i < len(l.s) && !isSpace(l.s[l.i]) {
		l.i++
	}
	return l.s[start:l.i]
}

// arffToken is a name or value and whether it was quoted (a quoted '?' is
// a label, a bare ? a missing value).
type arffToken struct {
	text   string
	quoted bool
}

// token reads a quoted string, or a bare one that ends before a byte of
// stop, a %, or the end of the line, with blanks trimmed. Blanks inside a
// bare token are kept, except in a name, which ends at the first blank
// (stop contains '{' only when reading a name).
func (l *lexer) token(stop string) (arffToken, error) {
	l.skipSpace()
	if l.i < len(l.s) && (l.s[l.i] == '\'' || l.s[l.i] == '"') {
		return l.quoted()
	}
	start := l.i
	name := stop == "{"
	for l.i < len(l.s) {
		c := l.s[l.i]
		if c == '%' || strings.IndexByte(stop, c) >= 0 || (name && isSpace(c)) {
			break
		}
		l.i++
	}
	end := l.i
	for end > start && isSpace(l.s[end-1]) {
		end--
	}
	text := l.s[start:end]
	if text == "" {
		return arffToken{}, fmt.Errorf("empty value")
	}
	return arffToken{text: text}, nil
}

// quoted reads a string in ' or " quotes with Weka's backslash escapes.
func (l *lexer) quoted() (arffToken, error) {
	q := l.s[l.i]
	l.i++
	var b strings.Builder
	for l.i < len(l.s) {
		c := l.s[l.i]
		l.i++
		switch {
		case c == q:
			return arffToken{text: b.String(), quoted: true}, nil
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
	return arffToken{}, fmt.Errorf("unterminated quoted string")
}
