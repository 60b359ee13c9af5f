package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// ARFFType is the type an ARFF attribute is declared with.
type ARFFType uint8

// The attribute types ARFFReader reads. Relational attributes and sparse
// rows are refused.
const (
	ARFFNominal ARFFType = iota // {a, b, …}: the declared values, in order
	ARFFNumeric                 // numeric, real or integer
	ARFFString                  // string
	ARFFDate                    // date [format]
)

var arffTypeNames = [...]string{"nominal", "numeric", "string", "date"}

func (t ARFFType) String() string {
	if int(t) < len(arffTypeNames) {
		return arffTypeNames[t]
	}
	return fmt.Sprintf("ARFFType(%d)", int(t))
}

// ARFFAttribute is one @attribute declaration.
type ARFFAttribute struct {
	Name string
	Type ARFFType
	// Values are a nominal attribute's declared values, in declaration
	// order: at least one, at most MaxValues, none twice.
	Values []string
	// DateFormat is a date attribute's format (a Java SimpleDateFormat
	// pattern) as written, or ARFFDefaultDateFormat when the declaration
	// gives none.
	DateFormat string
}

// ARFFDefaultDateFormat is Weka's format of a date attribute declared
// without one.
const ARFFDefaultDateFormat = "yyyy-MM-dd'T'HH:mm:ss"

// ARFFValue is one value of a data row.
type ARFFValue struct {
	// Attr is the index of the value's attribute, in declaration order;
	// 0 starts a row.
	Attr int
	// Text is the value, unquoted and unescaped.
	Text string
	// Missing says the value is a bare ? (a quoted '?' is a value).
	Missing bool
	// Code is the index of Text among a nominal attribute's Values; -1
	// for a missing value and for the other types.
	Code int
	// Col is the byte column (1-based) of the line where the value starts.
	Col int
}

// ARFFReader reads Weka's ARFF text, in the manner of encoding/csv's
// Reader: the declarations of its header one at a time (Attribute), then
// its data values one at a time, row after row (Value). It is dtbench's
// one reader of ARFF syntax: ParseARFF builds a nominal dataset from it,
// and the importer (importer.Read) a dataset of any attribute types.
//
// The syntax is Weka's: keywords in any case; names and values bare or
// quoted with ' or ", with Weka's backslash escapes (\\ \' \" \% \n \r \t
// \u001E) inside quotes; an unquoted % starts a comment that runs to the
// end of the line; blank lines are ignored; a byte-order mark may start
// the file. The reader checks what the syntax alone decides: every line is
// UTF-8, an attribute is declared once, a nominal domain lists 1 to
// MaxValues values with none twice, a row has one value per attribute and
// a nominal attribute's value is one it declares. Whether a numeric or a
// date value parses is its caller's to check.
//
// Every error it returns for a bad file is an *input.Error naming the
// file, the line and, where it applies, the byte column. A message quotes
// the file only through input.Excerpt, and quotes nothing of a file that
// fails from its first line (one that does not start with a header
// keyword): a password file named as a dataset is not printed.
type ARFFReader struct {
	file   string
	sc     *bufio.Scanner
	line   int
	header bool // a header keyword was read: messages may quote the file
	inData bool // @data was read
	done   bool // the end of the file was reached
	attrs  []ARFFAttribute
	// index[a] maps attribute a's labels to codes, for a nominal domain
	// of more than linearCodes values (nil otherwise)
	index []map[string]int

	// The data line being read: its lexer, the attribute of the next
	// value, and where the last value read starts (for messages).
	row    lexer
	inRow  bool
	next   int
	prevAt int // where the last value read starts (its text, for messages)
}

// maxARFFLine is the longest line ARFFReader reads.
const maxARFFLine = 256 << 20

// linearCodes is the largest nominal domain whose codes are looked up by
// comparing labels in order, which is cheaper than hashing them.
const linearCodes = 8

// NewARFFReader returns a reader of the ARFF text r; file names the input
// in errors.
func NewARFFReader(r io.Reader, file string) *ARFFReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxARFFLine)
	return &ARFFReader{file: file, sc: sc}
}

// Line returns the number of the line read last: after Attribute, the
// line of the declaration it returned; after Value, the line of the value.
func (r *ARFFReader) Line() int { return r.line }

// Attributes returns the attributes declared so far. Callers must not
// modify it.
func (r *ARFFReader) Attributes() []ARFFAttribute { return r.attrs }

// Attribute returns the next @attribute declaration of the header, and
// io.EOF once the @data line has been read. A file that ends before @data
// is an error ("empty file", "no @data section").
func (r *ARFFReader) Attribute() (ARFFAttribute, error) {
	if r.inData {
		return ARFFAttribute{}, io.EOF
	}
	for {
		text, err := r.scan()
		if err == io.EOF {
			if r.line == 0 {
				return ARFFAttribute{}, input.Filef(r.file, 0, "empty file")
			}
			return ARFFAttribute{}, input.Filef(r.file, 0, "no @data section")
		}
		if err != nil {
			return ARFFAttribute{}, err
		}
		l := &lexer{s: text}
		if l.atEnd() {
			continue // blank or comment
		}
		at := l.i
		word := l.word()
		switch strings.ToLower(word) {
		case "@relation":
			r.header = true
			continue
		case "@attribute":
			r.header = true
			a, err := r.parseAttribute(l)
			if err != nil {
				return ARFFAttribute{}, err
			}
			return a, nil
		case "@data":
			if len(r.attrs) == 0 {
				return ARFFAttribute{}, r.errorf("@data before any @attribute")
			}
			if !l.atEnd() {
				return ARFFAttribute{}, r.errorf("unexpected text after @data")
			}
			r.inData = true
			return ARFFAttribute{}, io.EOF
		}
		if !r.header {
			return ARFFAttribute{}, r.errorAt(at, "want @relation, @attribute or @data; this does not read as an ARFF file from its first line")
		}
		return ARFFAttribute{}, r.errorAt(at, "unexpected header line %s; want @relation, @attribute or @data", input.Excerpt(text[at:]))
	}
}

// Value returns the next value of the data section, and io.EOF at the end
// of the file. Values come in file order, a row's values in attribute
// order (Attr 0 starts a row). Called before the header has been read to
// its end, Value reads the rest of the header first.
func (r *ARFFReader) Value() (ARFFValue, error) {
	for !r.inData {
		if _, err := r.Attribute(); err != nil && err != io.EOF {
			return ARFFValue{}, err
		}
	}
	if r.inRow {
		if !r.row.atEnd() {
			if !r.row.consume(',') {
				return ARFFValue{}, r.errorAt(r.row.i, "want , after value %s", input.Excerpt(r.prevText()))
			}
			return r.value()
		}
		r.inRow = false
		if r.next != len(r.attrs) {
			return ARFFValue{}, r.errorf("%d values; want %d, one per attribute", r.next, len(r.attrs))
		}
	}
	for {
		text, err := r.scan()
		if err != nil {
			return ARFFValue{}, err
		}
		r.row = lexer{s: text}
		if r.row.atEnd() {
			continue // blank or comment
		}
		if r.row.peek() == '{' {
			return ARFFValue{}, r.errorf("sparse ARFF rows ({index value, …}) are not supported; " +
				"save the data as dense ARFF (Weka's filter unsupervised.instance.SparseToNonSparse)")
		}
		r.inRow, r.next = true, 0
		return r.value()
	}
}

// value reads the value at the lexer's position in the current row.
func (r *ARFFReader) value() (ARFFValue, error) {
	l := &r.row
	l.skipBlanks()
	at := l.i
	tok, err := l.token(",")
	if err != nil {
		return ARFFValue{}, r.errorAt(at, "value %d: %v", r.next+1, err)
	}
	if r.next == len(r.attrs) {
		return ARFFValue{}, r.errorAt(at, "more than %d values", len(r.attrs))
	}
	v := ARFFValue{Attr: r.next, Text: tok.text, Missing: tok.text == "?" && !tok.quoted, Code: -1, Col: at + 1}
	if a := &r.attrs[v.Attr]; a.Type == ARFFNominal && !v.Missing {
		if v.Code = r.code(v.Attr, tok.text); v.Code < 0 {
			return ARFFValue{}, r.errorAt(at, "value %s is not declared for attribute %s", input.Excerpt(tok.text), input.Excerpt(a.Name))
		}
	}
	r.next++
	r.prevAt = at
	return v, nil
}

// prevText returns the text of the last value read, read again from the
// row (keeping only its offset spares a pointer store per value).
func (r *ARFFReader) prevText() string {
	l := lexer{s: r.row.s, i: r.prevAt}
	tok, _ := l.token(",") // read once already: no error
	return tok.text
}

// code returns the code of label in nominal attribute a's domain, or -1.
func (r *ARFFReader) code(a int, label string) int {
	if m := r.index[a]; m != nil {
		if code, ok := m[label]; ok {
			return code
		}
		return -1
	}
	values := r.attrs[a].Values
	if len(label) == 1 { // the common one-letter label: compared without a call
		for v, x := range values {
			if len(x) == 1 && x[0] == label[0] {
				return v
			}
		}
		return -1
	}
	for v, x := range values {
		if x == label {
			return v
		}
	}
	return -1
}

// scan returns the next line, checked to be UTF-8 and without a leading
// byte-order mark, or io.EOF at the end of the input.
func (r *ARFFReader) scan() (string, error) {
	if r.done {
		return "", io.EOF
	}
	if !r.sc.Scan() {
		r.done = true
		if err := r.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				err = fmt.Errorf("line longer than %d MiB", maxARFFLine>>20)
			}
			return "", &input.Error{File: r.file, Line: r.line + 1, Err: err}
		}
		return "", io.EOF
	}
	r.line++
	text := r.sc.Text()
	if err := input.UTF8(r.file, r.line, text); err != nil {
		return "", err
	}
	if r.line == 1 {
		text = strings.TrimPrefix(text, "\uFEFF")
	}
	return text, nil
}

func (r *ARFFReader) errorf(format string, args ...any) error {
	return input.Filef(r.file, r.line, format, args...)
}

// errorAt is errorf at byte offset i of the line.
func (r *ARFFReader) errorAt(i int, format string, args ...any) error {
	return input.At(r.file, r.line, i+1, format, args...)
}
