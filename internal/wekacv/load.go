package wekacv

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/dataset"
)

// column is one attribute as read: numeric values or nominal labels.
type column struct {
	name    string
	numeric bool
	nums    []float64 // NaN = missing
	codes   []uint8   // MissingCode = missing
	values  []string
}

// LoadCSV reads a headerless comma-separated .data file as Weka 3.6's
// CSVLoader reads it once given the header row names: "?" is missing; a
// column is numeric when every other value parses as a number, nominal
// otherwise, its values in order of first appearance; the class column
// is nominal (CSVLoader's -N). Values are trimmed of blanks.
func LoadCSV(path string, names []string, class string) (*dataset.Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var recs [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		rec := strings.Split(line, ",")
		if len(rec) != len(names) {
			return nil, fmt.Errorf("%s: %d fields, want %d: %q", path, len(rec), len(names), line)
		}
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		recs = append(recs, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	cols := make([]column, len(names))
	for a, name := range names {
		c := column{name: name, numeric: name != class}
		for _, rec := range recs {
			if rec[a] == "?" {
				continue
			}
			if _, err := strconv.ParseFloat(rec[a], 64); err != nil {
				c.numeric = false
				break
			}
		}
		index := map[string]uint8{}
		for _, rec := range recs {
			v := rec[a]
			switch {
			case c.numeric && v == "?":
				c.nums = append(c.nums, math.NaN())
			case c.numeric:
				x, _ := strconv.ParseFloat(v, 64)
				c.nums = append(c.nums, x)
			case v == "?":
				c.codes = append(c.codes, dataset.MissingCode)
			default:
				code, ok := index[v]
				if !ok {
					code = uint8(len(c.values))
					index[v] = code
					c.values = append(c.values, v)
				}
				c.codes = append(c.codes, code)
			}
		}
		cols[a] = c
	}
	return build(path, cols, class)
}

// LoadARFF reads an ARFF file with its nominal and numeric attributes and
// missing values as they are; the class is the attribute named class.
func LoadARFF(path, class string) (*dataset.Dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := dataset.NewARFFReader(f, path)
	var cols []column
	for {
		a, err := r.Attribute()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch a.Type {
		case dataset.ARFFNominal:
			cols = append(cols, column{name: a.Name, values: a.Values})
		case dataset.ARFFNumeric:
			cols = append(cols, column{name: a.Name, numeric: true})
		default:
			return nil, fmt.Errorf("%s: attribute %s has type %s", path, a.Name, a.Type)
		}
	}
	for {
		v, err := r.Value()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		c := &cols[v.Attr]
		switch {
		case c.numeric && v.Missing:
			c.nums = append(c.nums, math.NaN())
		case c.numeric:
			x, err := strconv.ParseFloat(v.Text, 64)
			if err != nil {
				return nil, fmt.Errorf("%s line %d: %w", path, r.Line(), err)
			}
			c.nums = append(c.nums, x)
		case v.Missing:
			c.codes = append(c.codes, dataset.MissingCode)
		default:
			c.codes = append(c.codes, uint8(v.Code))
		}
	}
	return build(path, cols, class)
}

// build makes the dataset of the columns, the class one apart. A row
// whose class is missing is dropped, as Weka's classifiers drop it.
func build(path string, cols []column, class string) (*dataset.Dataset, error) {
	ci := -1
	for i, c := range cols {
		if c.name == class {
			ci = i
		}
	}
	if ci < 0 || cols[ci].numeric {
		return nil, fmt.Errorf("%s: no nominal class attribute %s", path, class)
	}
	var keep []int
	for r, c := range cols[ci].codes {
		if c != dataset.MissingCode {
			keep = append(keep, r)
		}
	}
	var schema dataset.Schema
	var codes [][]uint8
	var nums [][]float64
	for i, c := range cols {
		if i == ci {
			schema.Class = dataset.Attribute{Name: c.name, Values: c.values}
			continue
		}
		schema.Features = append(schema.Features, dataset.Attribute{Name: c.name, Values: c.values, Numeric: c.numeric})
		if c.numeric {
			col := make([]float64, len(keep))
			for j, r := range keep {
				col[j] = c.nums[r]
			}
			codes, nums = append(codes, nil), append(nums, col)
		} else {
			col := make([]uint8, len(keep))
			for j, r := range keep {
				col[j] = c.codes[r]
			}
			codes, nums = append(codes, col), append(nums, nil)
		}
	}
	labels := make([]uint8, len(keep))
	for j, r := range keep {
		labels[j] = cols[ci].codes[r]
	}
	d, err := dataset.NewMixed(schema, codes, nums, labels)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}
