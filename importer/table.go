package importer

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/dtbench/dtbench/input"
)

// missingCode marks a missing cell in rawColumn.codes.
const missingCode = -1

// table is a file as the readers hand it to the builder: named columns of
// interned cells, before any column is dropped, typed or discretized.
type table struct {
	file        string
	format      string
	compression string // "", Gzip or Compress
	cols        []*rawColumn
	rows        int
	// lines[r] is the line where row r starts (CSV, ARFF) in its file;
	// nil for Parquet, whose rows are named by number instead.
	lines []int
	// parts are the files the rows come from, in order, each with its
	// first row (ReadFiles); one for a table of one file.
	parts []part
}

// part is one file of a table: its path and the table row its rows start at.
type part struct {
	file  string
	start int
}

// at returns the file of row r and the error fields that place the row
// in it: its line, or (Parquet) its row number within the file as a key.
func (t *table) at(r int) (file string, line int, key string) {
	p := t.parts[0]
	for _, q := range t.parts[1:] {
		if q.start <= r {
			p = q
		}
	}
	if t.lines != nil {
		return p.file, t.lines[r], ""
	}
	return p.file, 0, "row " + strconv.Itoa(r-p.start+1)
}

// append adds the rows of u, the next file of the same dataset, to t:
// same columns (names, kinds and declared values), each cell interned
// again in t's column so that first appearance runs over both files. t's
// file becomes the list of both, for the errors about the whole table.
func (t *table) append(u *table) error {
	first, line, _ := u.at(0)
	if u.rows == 0 {
		line = 0
	}
	if len(u.cols) != len(t.cols) {
		return input.Filef(first, line, "%d columns; want %d, as %s has: the files of one dataset must have the same columns", len(u.cols), len(t.cols), t.parts[0].file)
	}
	for i, c := range u.cols {
		d := t.cols[i]
		switch {
		case c.name != d.name:
			return input.Filef(first, line, "column %d is %s; want %s, as in %s", i+1, input.Excerpt(c.name), input.Excerpt(d.name), t.parts[0].file)
		case c.kind != d.kind || !slices.Equal(c.dict[:c.declared], d.dict[:d.declared]):
			return input.Filef(first, line, "column %s is %s%s; want %s%s, as in %s", input.Excerpt(c.name), c.kind, declaredList(c), d.kind, declaredList(d), t.parts[0].file)
		}
	}
	for i, c := range u.cols {
		d := t.cols[i]
		for _, code := range c.codes {
			switch {
			case code == missingCode:
				d.addMissing()
			case c.numIndex != nil:
				d.addNumber(c.nums[code], func() string { return c.dict[code] })
			default:
				if err := d.add(c.dict[code], false); err != nil {
					return err // a number that parsed in u parses in t: no error
				}
			}
		}
	}
	for _, p := range u.parts {
		t.parts = append(t.parts, part{file: p.file, start: t.rows + p.start})
	}
	t.lines = append(t.lines, u.lines...)
	t.rows += u.rows
	t.file = t.file + " + " + u.file
	if t.compression != u.compression {
		t.compression = MixedCompression
	}
	return nil
}

// declaredList returns a column's declared values for a message, " {a, b}",
// or "" when it declares none.
func declaredList(c *rawColumn) string {
	if c.declared == 0 {
		return ""
	}
	return " {" + input.Excerpts(c.dict[:c.declared]) + "}"
}

// rawColumn holds one column's cells interned: codes[r] indexes dict, or
// is missingCode. dict lists the distinct values in order of first
// appearance, after the declared values (the first declared entries).
type rawColumn struct {
	name     string
	kind     Kind
	declared int               // leading dict entries declared by the file (ARFF nominal, Parquet boolean)
	dict     []string          // text of each value
	nums     []float64         // the number of each dict entry, for Numeric and Date columns
	index    map[string]int32  // dict entry of a text, while reading
	numIndex map[float64]int32 // dict entry of a number, while reading (Parquet)
	codes    []int32
	// parse turns a new text into its number (Numeric and Date columns);
	// nil for the other kinds. It runs once per distinct text.
	parse func(string) (float64, error)
}

func newColumn(name string, kind Kind) *rawColumn {
	return &rawColumn{name: name, kind: kind, index: map[string]int32{}}
}

// declare adds a declared value; it reports false when v is declared twice.
func (c *rawColumn) declare(v string) bool {
	if _, dup := c.index[v]; dup {
		return false
	}
	c.index[v] = int32(len(c.dict))
	c.dict = append(c.dict, v)
	c.declared++
	return true
}

// add appends a cell holding text v. For a column with declared values
// and no others allowed (closed), a new text is an error, as is a text
// that parse rejects.
func (c *rawColumn) add(v string, closed bool) error {
	code, ok := c.index[v]
	if !ok {
		if closed {
			return fmt.Errorf("value %s is not declared for attribute %s", input.Excerpt(v), input.Excerpt(c.name))
		}
		if c.parse != nil {
			x, err := c.parse(v)
			if err != nil {
				return fmt.Errorf("column %s: %w", input.Excerpt(c.name), err)
			}
			c.nums = append(c.nums, x)
		}
		code = int32(len(c.dict))
		c.index[v] = code
		c.dict = append(c.dict, v)
	}
	c.codes = append(c.codes, code)
	return nil
}

// addNumber appends a cell holding number x, written as text (Parquet
// numbers, which have no text of their own).
func (c *rawColumn) addNumber(x float64, text func() string) {
	if c.numIndex == nil {
		c.numIndex = map[float64]int32{}
	}
	code, ok := c.numIndex[x]
	if !ok {
		code = int32(len(c.dict))
		c.numIndex[x] = code
		c.dict = append(c.dict, text())
		c.nums = append(c.nums, x)
	}
	c.codes = append(c.codes, code)
}

// addMissing appends a missing cell.
func (c *rawColumn) addMissing() { c.codes = append(c.codes, missingCode) }

// finish drops the reading indexes.
func (c *rawColumn) finish() {
	c.index, c.numIndex = nil, nil
}

// parseNumber reads a number as ARFF and Parquet columns hold them:
// anything strconv.ParseFloat takes that is finite.
func parseNumber(s string) (float64, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, fmt.Errorf("%s is not a finite number", input.Excerpt(s))
	}
	return x, nil
}
