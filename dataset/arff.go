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
// stage, not here. Rows with a missing value ("?") are an error for now.
// Errors are *input.Error values naming the file and line.
func ReadARFF(path, class string) (*Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	defer f.Close()
	d, err := parseARFF(f, path, class)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func parseARFF(r io.Reader, path, class string) (*Dataset, error) {
	var attrs []Attribute
	index := []map[string]uint8{}
	var rows [][]uint8
	inData := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "%") {
			continue
		}
		if !inData {
			lower := strings.ToLower(text)
			switch {
			case strings.HasPrefix(lower, "@relation"):
			case strings.HasPrefix(lower, "@attribute"):
				a, err := parseAttribute(text[len("@attribute"):])
				if err != nil {
					return nil, input.Filef(path, line, "%v", err)
				}
				if len(a.Values) > MaxValues {
					return nil, input.Filef(path, line, "attribute %s has %d values, more than %d", a.Name, len(a.Values), MaxValues)
				}
				m := make(map[string]uint8, len(a.Values))
				for i, v := range a.Values {
					m[v] = uint8(i)
				}
				attrs = append(attrs, a)
				index = append(index, m)
			case strings.HasPrefix(lower, "@data"):
				inData = true
			default:
				return nil, input.Filef(path, line, "unexpected header line %q", text)
			}
			continue
		}
		fields := splitARFF(text)
		if len(fields) != len(attrs) {
			return nil, input.Filef(path, line, "%d values, want %d", len(fields), len(attrs))
		}
		row := make([]uint8, len(fields))
		for i, v := range fields {
			code, ok := index[i][v]
			if !ok {
				return nil, input.Filef(path, line, "value %q not in the domain of %s", v, attrs[i].Name)
			}
			row[i] = code
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	if len(attrs) < 2 {
		return nil, input.Filef(path, 0, "need at least one feature and a class, got %d attributes", len(attrs))
	}
	ci := len(attrs) - 1
	if class != "" {
		ci = -1
		for i, a := range attrs {
			if a.Name == class {
				ci = i
			}
		}
		if ci < 0 {
			return nil, input.Filef(path, 0, "no attribute named %q for the class", class)
		}
	}
	var schema Schema
	x := make([][]uint8, len(rows))
	y := make([]uint8, len(rows))
	for i, a := range attrs {
		if i == ci {
			schema.Class = a
		} else {
			schema.Features = append(schema.Features, a)
		}
	}
	for r, row := range rows {
		y[r] = row[ci]
		x[r] = append(append([]uint8(nil), row[:ci]...), row[ci+1:]...)
	}
	d, err := FromRows(schema, x, y)
	if err != nil {
		return nil, &input.Error{File: path, Err: err}
	}
	return d, nil
}

// parseAttribute parses `name {v1, v2, …}` (name possibly quoted).
func parseAttribute(s string) (Attribute, error) {
	s = strings.TrimSpace(s)
	var name string
	if s != "" && (s[0] == '\'' || s[0] == '"') {
		end := strings.IndexByte(s[1:], s[0])
		if end < 0 {
			return Attribute{}, fmt.Errorf("unterminated attribute name in %q", s)
		}
		name, s = s[1:end+1], strings.TrimSpace(s[end+2:])
	} else {
		i := strings.IndexAny(s, " \t{")
		if i < 0 {
			return Attribute{}, fmt.Errorf("attribute %q has no type", s)
		}
		name, s = s[:i], strings.TrimSpace(s[i:])
	}
	if !strings.HasPrefix(s, "{") || !strings.HasSuffix(s, "}") {
		return Attribute{}, fmt.Errorf("attribute %s is not nominal (type %q)", name, s)
	}
	values := splitARFF(s[1 : len(s)-1])
	if len(values) == 0 {
		return Attribute{}, fmt.Errorf("attribute %s has an empty domain", name)
	}
	return Attribute{Name: name, Values: values}, nil
}

// splitARFF splits a comma-separated list, trimming spaces and quotes.
func splitARFF(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		if len(p) >= 2 && (p[0] == '\'' || p[0] == '"') && p[len(p)-1] == p[0] {
			p = p[1 : len(p)-1]
		}
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
