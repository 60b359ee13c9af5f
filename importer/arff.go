package importer

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// readARFF reads a Weka ARFF file into a table. The syntax is
// dataset.ParseARFF's (keywords in any case; names and values bare or in
// ' or " quotes with Weka's backslash escapes; % comments; blank lines
// ignored; a bare ? is a missing value), with more attribute types:
//
//   - {a, b, …} nominal: the declared values, in order;
//   - numeric, real, integer: numbers, discretized;
//   - string: its distinct values, in order of first appearance;
//   - date [format]: a Java SimpleDateFormat pattern (default
//     yyyy-MM-dd'T'HH:mm:ss), read in UTC as milliseconds since 1970 and
//     discretized like a number, as Weka does.
//
// Relational attributes and sparse rows ({index value, …}) are rejected.
func readARFF(r io.Reader, file string) (*table, error) {
	p := &arffReader{t: &table{file: file, format: FormatARFF}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 256<<20)
	for sc.Scan() {
		p.line++
		text := sc.Text()
		if err := input.UTF8(file, p.line, text); err != nil {
			return nil, err
		}
		if p.line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		if err := p.parseLine(text); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("line longer than 256 MiB")
		}
		return nil, &input.Error{File: file, Line: p.line + 1, Err: err}
	}
	if p.line == 0 {
		return nil, input.Filef(file, 0, "empty file")
	}
	if !p.inData {
		return nil, input.Filef(file, 0, "no @data section")
	}
	if p.t.rows == 0 {
		return nil, input.Filef(file, p.line, "no data rows after @data")
	}
	return p.t, nil
}

// arffReader holds the state of one ARFF read.
type arffReader struct {
	t      *table
	line   int
	inData bool
	// header says a header line (@relation, @attribute) was read: until
	// then a message quotes nothing of the file, which may be no ARFF
	// file at all
	header bool
}

func (p *arffReader) errorf(format string, args ...any) error {
	return input.Filef(p.t.file, p.line, format, args...)
}

// errorAt is errorf at byte offset i of the line.
func (p *arffReader) errorAt(i int, format string, args ...any) error {
	return input.At(p.t.file, p.line, i+1, format, args...)
}

// parseLine handles one line of header or data.
func (p *arffReader) parseLine(text string) error {
	l := &lexer{s: text}
	if l.atEnd() {
		return nil
	}
	if p.inData {
		return p.parseRow(l)
	}
	at := l.i
	word := l.word()
	switch strings.ToLower(word) {
	case "@relation":
		p.header = true
		return nil
	case "@attribute":
		p.header = true
		return p.parseAttribute(l)
	case "@data":
		if len(p.t.cols) == 0 {
			return p.errorf("@data before any @attribute")
		}
		if !l.atEnd() {
			return p.errorf("unexpected text after @data")
		}
		p.inData = true
		return nil
	}
	if !p.header {
		return p.errorAt(at, "want @relation, @attribute or @data; this does not read as an ARFF file from its first line")
	}
	return p.errorAt(at, "unexpected header line %s; want @relation, @attribute or @data", input.Excerpt(text[at:]))
}

// parseAttribute parses the rest of an @attribute line.
func (p *arffReader) parseAttribute(l *lexer) error {
	l.skipBlanks()
	at := l.i
	name, err := l.token("{")
	if err != nil {
		return p.errorAt(at, "attribute name: %v", err)
	}
	q := input.Excerpt(name.text)
	for i, c := range p.t.cols {
		if c.name == name.text {
			return p.errorAt(at, "attribute %s declared twice (attributes %d and %d)", q, i+1, len(p.t.cols)+1)
		}
	}
	if l.atEnd() {
		return p.errorAt(l.i, "attribute %s has no type", q)
	}
	if l.consume('{') {
		return p.parseDomain(l, name.text)
	}
	l.skipBlanks()
	at = l.i
	typ := l.word()
	var c *rawColumn
	switch strings.ToLower(typ) {
	case "numeric", "real", "integer":
		c = newColumn(name.text, Numeric)
		c.parse = parseNumber
	case "string":
		c = newColumn(name.text, String)
	case "date":
		pattern := defaultDatePattern
		if !l.atEnd() {
			tok, err := l.token("")
			if err != nil {
				return p.errorf("attribute %s: date format: %v", q, err)
			}
			pattern = tok.text
		}
		layout, err := compileDatePattern(pattern)
		if err != nil {
			return p.errorf("attribute %s: date format %s: %v", q, input.Excerpt(pattern), err)
		}
		c = newColumn(name.text, Date)
		c.parse = layout.parse
	case "relational":
		return p.errorAt(at, "attribute %s is relational; relational attributes are not supported", q)
	default:
		return p.errorAt(at, "attribute %s has unknown type %s; want numeric, real, integer, string, date or {values}", q, input.Excerpt(typ))
	}
	if !l.atEnd() {
		return p.errorAt(l.i, "attribute %s: unexpected text after the type", q)
	}
	p.t.cols = append(p.t.cols, c)
	return nil
}

// parseDomain parses "v1, v2, …}" of a nominal attribute.
func (p *arffReader) parseDomain(l *lexer, name string) error {
	c := newColumn(name, Nominal)
	q := input.Excerpt(name)
	if l.consume('}') {
		return p.errorAt(l.i-1, "attribute %s has an empty domain", q)
	}
	for {
		l.skipBlanks()
		at := l.i
		v, err := l.token(",{}")
		if err != nil {
			return p.errorAt(at, "attribute %s: %v", q, err)
		}
		if !c.declare(v.text) {
			return p.errorAt(at, "attribute %s lists value %s twice", q, input.Excerpt(v.text))
		}
		if c.declared > dataset.MaxValues {
			return p.errorAt(at, "attribute %s has more than %d values", q, dataset.MaxValues)
		}
		if l.consume('}') {
			break
		}
		if !l.consume(',') {
			return p.errorAt(l.i, "attribute %s: want , or } after value %s", q, input.Excerpt(v.text))
		}
	}
	if !l.atEnd() {
		return p.errorAt(l.i, "attribute %s: unexpected text after }", q)
	}
	p.t.cols = append(p.t.cols, c)
	return nil
}

// parseRow parses one data row of comma-separated values.
func (p *arffReader) parseRow(l *lexer) error {
	if l.peek() == '{' {
		return p.errorf("sparse ARFF rows ({index value, …}) are not supported; " +
			"save the data as dense ARFF (Weka's filter unsupervised.instance.SparseToNonSparse)")
	}
	cols := p.t.cols
	a := 0
	for {
		l.skipBlanks()
		at := l.i
		v, err := l.token(",")
		if err != nil {
			return p.errorAt(at, "value %d: %v", a+1, err)
		}
		if a == len(cols) {
			return p.errorAt(at, "more than %d values", len(cols))
		}
		c := cols[a]
		if v.text == "?" && !v.quoted {
			c.addMissing()
		} else if err := c.add(v.text, c.kind == Nominal); err != nil {
			return p.errorAt(at, "%v", err)
		}
		a++
		if l.atEnd() {
			break
		}
		if !l.consume(',') {
			return p.errorAt(l.i, "want , after value %s", input.Excerpt(v.text))
		}
	}
	if a != len(cols) {
		return p.errorf("%d values; want %d, one per attribute", a, len(cols))
	}
	p.t.lines = append(p.t.lines, p.line)
	p.t.rows++
	return nil
}
