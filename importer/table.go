package importer

import (
	"fmt"
	"math"
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
	// lines[r] is the line where row r starts (CSV, ARFF); nil for
	// Parquet, whose rows are named by number instead.
	lines []int
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
