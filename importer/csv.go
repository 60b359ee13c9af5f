package importer

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dtbench/dtbench/input"
)

// csvField is one field of a CSV record.
type csvField struct {
	text   string
	quoted bool
}

// csvReader splits CSV text into records. Its dialect:
//   - records end at LF, CRLF or a bare CR; a line holding only blanks
//     is skipped;
//   - fields are separated by delim; blanks (space, tab) around an
//     unquoted field are trimmed;
//   - or, with blanks (format whitespace), fields are separated by runs
//     of blanks, and blanks at either end of a record are ignored
//     (Turney's ann-train.data: "0.73 0 1 … 0.146 3  "), so no field is
//     empty;
//   - a field that starts with quote runs to the matching quote, a doubled
//     quote standing for one; it may hold delimiters, blanks and line
//     ends (read as LF); blanks may follow the closing quote, then a
//     delimiter (with blanks: another field) or the end of the record; a
//     quote inside an unquoted field is literal;
//   - a UTF-8 byte-order mark at the start of the file is skipped.
type csvReader struct {
	r      *bufio.Reader
	file   string
	delim  byte // 0 with blanks
	blanks bool // fields are separated by runs of blanks
	quote  byte // 0: no quoting
	line   int  // lines read so far
	buf    []byte
	ends   [3]int // line ends met so far, by kind (endLF, endCRLF, endCR)
}

func newCSVReader(r io.Reader, file string, o Options) *csvReader {
	c := &csvReader{r: bufio.NewReaderSize(r, 64<<10), file: file}
	if o.Format == FormatWhitespace {
		c.blanks = true
	} else {
		c.delim = o.Delimiter[0]
	}
	if o.Quote != NoQuote {
		c.quote = o.Quote[0]
	}
	return c
}

// readLine returns the next physical line without its line end, and
// false at the end of the input. A line ends at LF, CRLF or a bare CR
// (old Mac files, such as UCI's HTRU_2.csv), whichever the file uses;
// each kind met is counted for messages (dialect).
func (c *csvReader) readLine() (string, bool, error) {
	c.buf = c.buf[:0]
	for {
		if c.r.Buffered() == 0 {
			if _, err := c.r.Peek(1); err != nil {
				if !errors.Is(err, io.EOF) {
					return "", false, &input.Error{File: c.file, Line: c.line + 1, Err: err}
				}
				if len(c.buf) == 0 {
					return "", false, nil
				}
				return c.endLine()
			}
		}
		b, _ := c.r.Peek(c.r.Buffered())
		i := bytes.IndexAny(b, "\r\n")
		if i < 0 {
			c.buf = append(c.buf, b...)
			_, _ = c.r.Discard(len(b)) // buffered: cannot fail
			continue
		}
		c.buf = append(c.buf, b[:i]...)
		end := b[i]
		_, _ = c.r.Discard(i + 1)
		switch {
		case end == '\n':
			c.ends[endLF]++
		case c.crlf():
			c.ends[endCRLF]++
		default:
			c.ends[endCR]++
		}
		return c.endLine()
	}
}

// crlf consumes the LF after a CR, reporting whether there was one.
func (c *csvReader) crlf() bool {
	next, err := c.r.Peek(1)
	if err == nil && next[0] == '\n' {
		_, _ = c.r.Discard(1)
		return true
	}
	return false
}

// endLine returns the line in c.buf, checked as UTF-8, without a
// byte-order mark on the first line.
func (c *csvReader) endLine() (string, bool, error) {
	c.line++
	text := string(c.buf)
	if err := input.UTF8(c.file, c.line, text); err != nil {
		return "", false, err
	}
	if c.line == 1 {
		text = strings.TrimPrefix(text, "\uFEFF")
	}
	return text, true, nil
}

// Line ends, as csvReader.ends counts them.
const (
	endLF = iota
	endCRLF
	endCR
)

var endNames = [...]string{"LF", "CRLF", "CR"}

// dialect says how the reader has split the file so far, for a message
// about a record count that looks wrong: the delimiter and the line ends
// met (with counts when there are several kinds, so that a file with
// mixed ends says so), e.g. `delimiter ",", line ends CR (1 line)`.
func (c *csvReader) dialect() string {
	var ends []string
	kinds := 0
	for _, n := range c.ends {
		if n > 0 {
			kinds++
		}
	}
	for k, n := range c.ends {
		switch {
		case n == 0:
		case kinds > 1:
			ends = append(ends, fmt.Sprintf("%s ×%d", endNames[k], n))
		default:
			ends = append(ends, endNames[k])
		}
	}
	le := "none (1 line)"
	if len(ends) > 0 {
		le = strings.Join(ends, ", ")
	}
	lines := "lines"
	if c.line == 1 {
		lines = "line"
	}
	sep := fmt.Sprintf("delimiter %q", string(c.delim))
	if c.blanks {
		sep = "fields separated by blanks"
	}
	return fmt.Sprintf("read with %s, line ends %s (%d %s so far)", sep, le, c.line, lines)
}

// record reads the next record into dst, returning it and the line it
// starts on; at the end of the input it returns nil.
func (c *csvReader) record(dst []csvField) ([]csvField, int, error) {
	for {
		text, ok, err := c.readLine()
		if err != nil || !ok {
			return nil, 0, err
		}
		if strings.Trim(text, " \t") == "" {
			continue
		}
		start := c.line
		dst, err = c.fields(dst[:0], text, start)
		return dst, start, err
	}
}

// fields splits the record that begins with line text, reading more lines
// while a quoted field is open.
func (c *csvReader) fields(dst []csvField, text string, start int) ([]csvField, error) {
	i := 0
	for {
		i = c.skipBlanks(text, i)
		if c.blanks && i == len(text) {
			return dst, nil // blanks at the end of a record end it
		}
		if c.quote != 0 && i < len(text) && text[i] == c.quote {
			var field string
			var err error
			if field, text, i, err = c.quoted(text, i+1, start); err != nil {
				return nil, err
			}
			dst = append(dst, csvField{text: field, quoted: true})
			closed := i
			i = c.skipBlanks(text, i)
			switch {
			case i == len(text):
				return dst, nil
			case c.blanks && i > closed:
				continue
			case c.blanks || text[i] != c.delim:
				return nil, input.Filef(c.file, c.line, "field %d: text after the closing quote", len(dst))
			}
			i++
			continue
		}
		if c.blanks {
			j := strings.IndexAny(text[i:], " \t")
			if j < 0 {
				return append(dst, csvField{text: text[i:]}), nil
			}
			dst = append(dst, csvField{text: text[i : i+j]})
			i += j
			continue
		}
		j := strings.IndexByte(text[i:], c.delim)
		if j < 0 {
			dst = append(dst, csvField{text: strings.TrimRight(text[i:], " \t")})
			return dst, nil
		}
		dst = append(dst, csvField{text: strings.TrimRight(text[i:i+j], " \t")})
		i += j + 1
	}
}

// quoted reads a quoted field whose text starts at text[i], just after
// the opening quote, reading more lines while it is open. It returns the
// field, the line it closes on and the index just after the closing quote.
func (c *csvReader) quoted(text string, i, start int) (string, string, int, error) {
	var b strings.Builder
	for {
		j := strings.IndexByte(text[i:], c.quote)
		if j < 0 {
			b.WriteString(text[i:])
			b.WriteByte('\n')
			next, ok, err := c.readLine()
			if err != nil {
				return "", "", 0, err
			}
			if !ok {
				return "", "", 0, input.Filef(c.file, start, "quoted field not closed before the end of the file")
			}
			text, i = next, 0
			continue
		}
		b.WriteString(text[i : i+j])
		i += j + 1
		if i < len(text) && text[i] == c.quote {
			b.WriteByte(c.quote)
			i++
			continue
		}
		return b.String(), text, i, nil
	}
}

// skipBlanks skips spaces and tabs that are not the delimiter.
func (c *csvReader) skipBlanks(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') && text[i] != c.delim {
		i++
	}
	return i
}

// readCSV reads a CSV file into a table: the header row or the names
// given, then one row per record, every column text to be typed later.
func readCSV(r io.Reader, file string, o Options) (*table, error) {
	c := newCSVReader(r, file, o)
	first, line, err := c.record(nil)
	if err != nil {
		return nil, err
	}
	if first == nil {
		return nil, input.Filef(file, 0, "empty file: no header and no data rows")
	}
	if len(first) == 1 && o.sniffBlanks && !first[0].quoted && len(strings.Fields(first[0].text)) >= 2 {
		// A .data file named without a format whose first record has no
		// comma but blanks between values: no CSV reading of it has the
		// two columns a dataset needs, and a blank-separated one does.
		c.blanks, c.delim = true, 0
		if first, err = c.fields(nil, first[0].text, line); err != nil {
			return nil, err
		}
	}
	if len(first) < 2 {
		// One field is no dataset (a class and a feature at least), and
		// may be no CSV at all: say so without quoting it.
		if c.blanks {
			return nil, input.At(file, line, 1, "1 field; want a class and at least one feature column (%s)", c.dialect())
		}
		return nil, input.At(file, line, 1, "1 field; want a class and at least one feature column: is the delimiter %q right? (set delimiter; %s)", o.Delimiter, c.dialect())
	}
	var names []string
	headerLine := line
	switch {
	case o.Header:
		for i, f := range first {
			if f.text == "" {
				return nil, input.Filef(file, line, "header: column %d has no name", i+1)
			}
			names = append(names, f.text)
		}
	case o.Names != nil:
		if len(o.Names) != len(first) {
			return nil, &input.Error{File: file, Line: line, Key: "names",
				Err: fmt.Errorf("%d names for %d fields (%s)", len(o.Names), len(first), c.dialect())}
		}
		names = o.Names
	case o.NamesFile != "":
		if names, err = ReadNames(o.NamesFile, len(first)); err != nil {
			return nil, withDataDialect(err, file, len(first), c)
		}
	default:
		return nil, &input.Error{File: file, Key: "header", Err: errors.New("a CSV without a header row needs names or names_file")}
	}
	if err := checkNames(file, headerLine, names); err != nil {
		return nil, err
	}
	if o.Header {
		if first, line, err = c.record(nil); err != nil {
			return nil, err
		}
		if first == nil {
			return nil, input.Filef(file, headerLine, "no data rows after the header")
		}
	}
	t := &table{file: file, format: FormatCSV}
	if c.blanks {
		t.format = FormatWhitespace
	}
	for _, n := range names {
		t.cols = append(t.cols, newColumn(n, Text))
	}
	rec := first
	for rec != nil {
		if len(rec) != len(names) {
			return nil, input.Filef(file, line, "%d fields; want %d, one per column (%s)", len(rec), len(names), c.dialect())
		}
		for j, f := range rec {
			if !f.quoted && (f.text == "" || f.text == o.MissingMarker) {
				t.cols[j].addMissing()
				continue
			}
			if err := t.cols[j].add(f.text, false); err != nil {
				return nil, input.Filef(file, line, "%v", err)
			}
		}
		t.lines = append(t.lines, line)
		t.rows++
		if rec, line, err = c.record(rec); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// withDataDialect adds to a names file's error how the data file was
// split, since a names file that "lists no 143185 names" usually means
// the data file was misread (a wrong delimiter, line ends).
func withDataDialect(err error, file string, fields int, c *csvReader) error {
	var ie *input.Error
	if !errors.As(err, &ie) {
		return err
	}
	e := *ie
	e.Err = fmt.Errorf("%w; data file %s: first record of %d fields, %s", ie.Err, file, fields, c.dialect())
	return &e
}

// checkNames rejects column names that are empty or repeated, since
// options pick columns by name.
func checkNames(file string, line int, names []string) error {
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if n == "" {
			return input.Filef(file, line, "column %d has no name", i+1)
		}
		if j, dup := seen[n]; dup {
			return input.Filef(file, line, "columns %d and %d are both named %s", j+1, i+1, input.Excerpt(n))
		}
		seen[n] = i
	}
	return nil
}

func trimBOM(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		return b[3:]
	}
	return b
}
