package importer

import (
	"fmt"
	"io"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// readARFF reads a Weka ARFF file into a table, through
// dataset.ARFFReader (the syntax: keywords in any case; names and values
// bare or in ' or " quotes with Weka's backslash escapes; % comments;
// blank lines ignored; a bare ? is a missing value), with these attribute
// types:
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
	ar := dataset.NewARFFReader(r, file)
	t := &table{file: file, format: FormatARFF}
	for {
		a, err := ar.Attribute()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		c, err := arffColumn(a)
		if err != nil {
			return nil, input.Filef(file, ar.Line(), "%v", err)
		}
		t.cols = append(t.cols, c)
	}
	for {
		v, err := ar.Value()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if v.Attr == 0 {
			t.lines = append(t.lines, ar.Line())
			t.rows++
		}
		c := t.cols[v.Attr]
		switch {
		case v.Missing:
			c.addMissing()
		case v.Code >= 0:
			c.codes = append(c.codes, int32(v.Code)) // a declared value
		default:
			if err := c.add(v.Text, false); err != nil {
				return nil, input.At(file, ar.Line(), v.Col, "%v", err)
			}
		}
	}
	if t.rows == 0 {
		return nil, input.Filef(file, ar.Line(), "no data rows after @data")
	}
	return t, nil
}

// arffColumn returns the empty column of ARFF attribute a: a nominal one
// with its declared values, or a numeric, string or date one; an error
// for a date format the importer cannot read.
func arffColumn(a dataset.ARFFAttribute) (*rawColumn, error) {
	switch a.Type {
	case dataset.ARFFNominal:
		c := newColumn(a.Name, Nominal)
		for _, v := range a.Values {
			c.declare(v)
		}
		return c, nil
	case dataset.ARFFNumeric:
		c := newColumn(a.Name, Numeric)
		c.parse = parseNumber
		return c, nil
	case dataset.ARFFString:
		return newColumn(a.Name, String), nil
	case dataset.ARFFDate:
		layout, err := compileDatePattern(a.DateFormat)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: date format %s: %v", input.Excerpt(a.Name), input.Excerpt(a.DateFormat), err)
		}
		c := newColumn(a.Name, Date)
		c.parse = layout.parse
		return c, nil
	}
	panic(fmt.Sprintf("importer: ARFF attribute type %v", a.Type))
}
