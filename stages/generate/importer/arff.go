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
}

func (p *arffReader) errorf(format string, args ...any) error {
	return input.Filef(p.t.file, p.line, format, args...)
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
	word := l.word()
	switch strings.ToLower(word) {
	case "@relation":
		return nil
	case "@attribute":
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
	return p.errorf("unexpected header line %q; want @relation, @attribute or @data", text)
}

// parseAttribute parses the rest of an @attribute line.
func (p *arffReader) parseAttribute(l *lexer) error {
	name, err := l.token("{")
	if err != nil {
		return p.errorf("attribute name: %v", err)
	}
	for i, c := range p.t.cols {
		if c.name == name.text {
			return p.errorf("attribute %q declared twice (attributes %d and %d)", name.text, i+1, len(p.t.cols)+1)
		}
	}
	if l.atEnd() {
		return p.errorf("attribute %q has no type", name.text)
	}
	if l.consume('{') {
		return p.parseDomain(l, name.text)
	}
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
				return p.errorf("attribute %q: date format: %v", name.text, err)
			}
			pattern = tok.text
		}
		layout, err := compileDatePattern(pattern)
		if err != nil {
			return p.errorf("attribute %q: date format %q: %v", name.text, pattern, err)
		}
		c = newColumn(name.text, Date)
		c.parse = layout.parse
	case "relational":
		return p.errorf("attribute %q is relational; relational attributes are not supported", name.text)
	default:
		return p.errorf("attribute %q has unknown type %q; want numeric, real, integer, string, date or {values}", name.text, typ)
	}
	if !l.atEnd() {
		return p.errorf("attribute %q: unexpected text after the type", name.text)
	}
	p.t.cols = append(p.t.cols, c)
	return nil
}

// parseDomain parses "v1, v2, …}" of a nominal attribute.
func (p *arffReader) parseDomain(l *lexer, name string) error {
	c := newColumn(name, Nominal)
	if l.consume('}') {
		return p.errorf("attribute %q has an empty domain", name)
	}
	for {
		v, err := l.token(",{}")
		if err != nil {
			return p.errorf("attribute %q: %v", name, err)
		}
		if !c.declare(v.text) {
			return p.errorf("attribute %q lists value %q twice", name, v.text)
		}
		if c.declared > dataset.MaxValues {
			return p.errorf("attribute %q has more than %d values", name, dataset.MaxValues)
		}
		if l.consume('}') {
			break
		}
		if !l.consume(',') {
			return p.errorf("attribute %q: want , or } after value %q", name, v.text)
		}
	}
	if !l.atEnd() {
		return p.errorf("attribute %q: unexpected text after }", name)
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
		v, err := l.token(",")
		if err != nil {
			return p.errorf("value %d: %v", a+1, err)
		}
		if a == len(cols) {
			return p.errorf("more than %d values", len(cols))
		}
		c := cols[a]
		if v.text == "?" && !v.quoted {
			c.addMissing()
		} else if err := c.add(v.text, c.kind == Nominal); err != nil {
			return p.errorf("%v", err)
		}
		a++
		if l.atEnd() {
			break
		}
		if !l.consume(',') {
			return p.errorf("want , after value %q", v.text)
		}
	}
	if a != len(cols) {
		return p.errorf("%d values; want %d, one per attribute", a, len(cols))
	}
	p.t.lines = append(p.t.lines, p.line)
	p.t.rows++
	return nil
}
