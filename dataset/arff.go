package dataset

import (
	"io"
	"os"

	"github.com/dtbench/dtbench/input"
)

// ReadARFF reads a nominal ARFF file. The class is the attribute named
// class, or the last attribute when class is "". Every attribute must be
// nominal ({a, b, …}); numeric attributes are discretized by the importer
// (importer.Read), not here. Missing values ("?") and sparse rows are
// errors. Errors are *input.Error values naming the file and, when it
// applies, the line and column.
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
// The syntax is ARFFReader's. Every attribute must be nominal, and a
// missing value (a bare ?) is an error: the importer (importer.Read)
// reads the other types and missing values. A file may have no rows.
func ParseARFF(r io.Reader, name, class string) (*Dataset, error) {
	ar := NewARFFReader(r, name)
	var attrs []Attribute
	for {
		a, err := ar.Attribute()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if a.Type != ARFFNominal {
			return nil, input.Filef(name, ar.Line(), "attribute %s has type %s; only nominal attributes ({a, b, …}) are read, numeric ones are discretized by dtbench import",
				input.Excerpt(a.Name), a.Type)
		}
		attrs = append(attrs, Attribute{Name: a.Name, Values: a.Values})
	}
	var codes []uint8 // row-major: one append per value, columns at the end
	for {
		v, err := ar.Value()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if v.Missing {
			return nil, input.At(name, ar.Line(), v.Col, "missing value (?) for attribute %s; missing values are not supported here (dtbench import reads them)",
				input.Excerpt(attrs[v.Attr].Name))
		}
		codes = append(codes, uint8(v.Code))
	}
	n := len(codes) / len(attrs)
	cols := make([][]uint8, len(attrs))
	for a := range cols {
		cols[a] = make([]uint8, n)
		for r := range n {
			cols[a][r] = codes[r*len(attrs)+a]
		}
	}
	return build(name, attrs, cols, class)
}

// build splits the class column off attrs and cols (cols[a][row], one
// per attribute) and builds the Dataset; file names the input in errors.
func build(file string, attrs []Attribute, cols [][]uint8, class string) (*Dataset, error) {
	if len(attrs) < 2 {
		return nil, input.Filef(file, 0, "need at least one feature and a class, got %d attribute(s)", len(attrs))
	}
	ci := len(attrs) - 1
	if class != "" {
		ci = -1
		names := make([]string, len(attrs))
		for i, a := range attrs {
			names[i] = a.Name
			if a.Name == class {
				ci = i
			}
		}
		if ci < 0 {
			return nil, input.Filef(file, 0, "no attribute named %s for the class (attributes: %s)", input.Excerpt(class), input.Excerpts(names))
		}
	}
	var schema Schema
	var features [][]uint8
	for i, a := range attrs {
		if i == ci {
			schema.Class = a
		} else {
			schema.Features = append(schema.Features, a)
			features = append(features, cols[i])
		}
	}
	d, err := New(schema, features, cols[ci])
	if err != nil {
		return nil, &input.Error{File: file, Err: err}
	}
	return d, nil
}
