package importer

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
)

// build turns a table into the dataset: it picks the class and the kept
// columns, drops rows, types and discretizes columns, and codes values.
func build(t *table, o Options) (*dataset.Dataset, Report, error) {
	rep := Report{File: t.file, Format: t.format, Compression: t.compression, Rows: t.rows}
	for i, p := range t.parts {
		end := t.rows
		if i+1 < len(t.parts) {
			end = t.parts[i+1].start
		}
		rep.Files = append(rep.Files, FileRows{File: p.file, Rows: end - p.start})
	}
	byName := make(map[string]int, len(t.cols))
	names := make([]string, len(t.cols))
	for i, c := range t.cols {
		byName[c.name] = i
		names[i] = c.name
	}
	unknown := func(key, what, name string) error {
		return &input.Error{File: t.file, Key: key,
			Err: fmt.Errorf("no column named %s %s (columns: %s)", input.Excerpt(name), what, input.Excerpts(names))}
	}
	ci, ok := byName[o.Class]
	if !ok {
		return nil, rep, unknown("class", "for the class", o.Class)
	}
	dropped := make([]bool, len(t.cols))
	for _, n := range o.Drop {
		i, ok := byName[n]
		if !ok {
			return nil, rep, unknown("drop", "to drop", n)
		}
		dropped[i] = true
	}
	nominal := make([]bool, len(t.cols))
	for _, n := range o.Nominal {
		i, ok := byName[n]
		if !ok {
			return nil, rep, unknown("nominal", "to read as nominal", n)
		}
		nominal[i] = true
	}
	var feats []int
	for i := range t.cols {
		switch {
		case dropped[i]:
			rep.DroppedColumns = append(rep.DroppedColumns, t.cols[i].name)
		case i != ci:
			feats = append(feats, i)
		}
	}
	if len(feats) == 0 {
		return nil, rep, input.Filef(t.file, 0, "no feature columns: every column but the class %q is dropped", o.Class)
	}

	if len(o.ClassMap) > 0 {
		c, err := recodeClass(t, t.cols[ci], o.ClassMap)
		if err != nil {
			return nil, rep, err
		}
		t.cols[ci] = c
	}
	keep := keptRows(t, ci, feats, o.Missing == MissingDrop, &rep)
	if len(keep) == 0 {
		return nil, rep, input.Filef(t.file, 0, "no rows left: %d rows read, %d with a missing class, %d with a missing value",
			rep.Rows, rep.DroppedClass, rep.DroppedMissing)
	}

	var schema dataset.Schema
	class, labels, err := nominalColumn(t, t.cols[ci], keep, false) // kept rows have a class
	if err != nil {
		return nil, rep, err
	}
	if err := checkClass(t, t.cols[ci], class, labels); err != nil {
		return nil, rep, err
	}
	schema.Class = class
	rep.Class = Column{Name: class.Name, Kind: t.cols[ci].kind}
	rep.Missing = o.Missing
	keepMissing := o.Missing == MissingKeep
	cols := make([][]uint8, len(feats))
	var nums [][]float64 // allocated at the first numeric column
	for f, i := range feats {
		c := t.cols[i]
		var a dataset.Attribute
		numbers := isNumbers(c) // types CSV text first, for the report
		col := Column{Name: c.name, Kind: c.kind}
		missing := countMissing(c, keep)
		switch {
		case numbers && !nominal[i] && o.Discretize.Numeric():
			if missing > 0 && o.Missing == MissingCategory {
				return nil, rep, &input.Error{File: t.file, Key: "missing", Err: fmt.Errorf(
					"numeric column %s has %d missing values, and a number has no category %q to put them in (discretize: %s): use missing: %s (or drop)",
					input.Excerpt(c.name), missing, MissingLabel, NoDiscretization, MissingKeep)}
			}
			if nums == nil {
				nums = make([][]float64, len(feats))
			}
			a, nums[f] = numericColumn(c, keep)
			col.Numeric = true
		case numbers && !nominal[i]:
			a, cols[f], col = discretizeColumn(c, keep, o.Discretize, keepMissing)
		default:
			if a, cols[f], err = nominalColumn(t, c, keep, keepMissing); err != nil {
				return nil, rep, err
			}
		}
		col.Missing = missing
		schema.Features = append(schema.Features, a)
		if i > ci {
			schema.FeaturesAfterClass++
		}
		rep.Features = append(rep.Features, col)
	}
	d, err := dataset.NewMixed(schema, cols, nums, labels)
	if err != nil {
		return nil, rep, &input.Error{File: t.file, Err: err}
	}
	return d, rep, nil
}

// keptRows returns the rows to keep: those with a class, and with
// dropMissing those with no missing value in a feature either.
func keptRows(t *table, ci int, feats []int, dropMissing bool, rep *Report) []int {
	keep := make([]int, 0, t.rows)
	class := t.cols[ci].codes
rows:
	for r := range t.rows {
		if class[r] == missingCode {
			rep.DroppedClass++
			continue
		}
		if dropMissing {
			for _, i := range feats {
				if t.cols[i].codes[r] == missingCode {
					rep.DroppedMissing++
					continue rows
				}
			}
		}
		keep = append(keep, r)
	}
	return keep
}

// checkClass rejects a class with fewer than two values among the kept rows.
func checkClass(t *table, c *rawColumn, a dataset.Attribute, labels []uint8) error {
	seen := make([]bool, len(a.Values))
	n := 0
	for _, v := range labels {
		if !seen[v] {
			seen[v] = true
			n++
		}
	}
	if n < 2 {
		return &input.Error{File: t.file, Key: "class",
			Err: fmt.Errorf("class column %s has one value, %s, in every row kept: nothing to classify", input.Excerpt(c.name), input.Excerpt(a.Values[labels[0]]))}
	}
	return nil
}

// isNumbers reports whether a column is to be discretized: a numeric or
// date column, or CSV text whose every value is a decimal number.
func isNumbers(c *rawColumn) bool {
	if c.kind.discretized() {
		return true
	}
	if c.kind != Text || len(c.dict) == 0 {
		return false
	}
	nums := make([]float64, len(c.dict))
	for i, s := range c.dict {
		x, ok := decimal(s)
		if !ok {
			return false
		}
		nums[i] = x
	}
	c.kind, c.nums = Numeric, nums
	return true
}

// decimal parses s when it is a finite decimal number: an optional sign,
// digits with an optional point, an optional exponent. Words such as
// "inf" and "NaN", hex and underscores are not numbers here.
func decimal(s string) (float64, bool) {
	i, digits := 0, 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		}
		if i == start {
			return 0, false
		}
	}
	if i != len(s) {
		return 0, false
	}
	x, err := strconv.ParseFloat(s, 64)
	return x, err == nil // err: out of range, so not finite
}

// numericColumn keeps a numeric (or date) column's kept rows as numbers,
// NaN where missing.
func numericColumn(c *rawColumn, keep []int) (dataset.Attribute, []float64) {
	x := make([]float64, len(keep))
	for k, r := range keep {
		if code := c.codes[r]; code != missingCode {
			x[k] = c.nums[code]
		} else {
			x[k] = math.NaN()
		}
	}
	return dataset.Attribute{Name: c.name, Numeric: true}, x
}

// discretizeColumn cuts a numeric column into bins at the cut points of
// its kept rows' values. A missing value gets the missing category, or
// with keepMissing dataset.MissingCode.
func discretizeColumn(c *rawColumn, keep []int, d Discretization, keepMissing bool) (dataset.Attribute, []uint8, Column) {
	counts := make([]int, len(c.nums)) // kept rows per distinct value
	missing := false
	for _, r := range keep {
		if code := c.codes[r]; code != missingCode {
			counts[code]++
		} else {
			missing = true
		}
	}
	var used []int32
	for code, n := range counts {
		if n > 0 {
			used = append(used, int32(code))
		}
	}
	slices.SortFunc(used, func(x, y int32) int { return cmp.Compare(c.nums[x], c.nums[y]) })
	var values []float64
	var weights []int
	for _, code := range used {
		x := c.nums[code]
		if k := len(values) - 1; k >= 0 && values[k] == x { // "0" and "-0", "1" and "1.0"
			weights[k] += counts[code]
			continue
		}
		values = append(values, x)
		weights = append(weights, counts[code])
	}
	cuts := d.cuts(values, weights)
	a := dataset.Attribute{Name: c.name, Values: BinLabels(cuts, c.kind == Date)}
	missingCodeOut := dataset.MissingCode
	if missing && !keepMissing {
		a.Values = append(a.Values, MissingLabel)
		missingCodeOut = uint8(len(cuts) + 1)
	}
	bins := make([]uint8, len(c.nums)) // the bin of each distinct value
	for i, x := range c.nums {
		bins[i] = uint8(Bin(cuts, x))
	}
	codes := make([]uint8, len(keep))
	for k, r := range keep {
		if code := c.codes[r]; code != missingCode {
			codes[k] = bins[code]
		} else {
			codes[k] = missingCodeOut
		}
	}
	return a, codes, Column{Name: c.name, Kind: c.kind, Discretized: true, Cuts: cuts}
}

// nominalColumn codes a column as it stands: its declared values, then
// the others in order of first appearance among the kept rows — or, when
// the column holds numbers, in ascending numeric order (ties by text) —
// then the missing category when a kept row lacks a value; with
// keepMissing a missing value is dataset.MissingCode instead, and no
// category is added.
func nominalColumn(t *table, c *rawColumn, keep []int, keepMissing bool) (dataset.Attribute, []uint8, error) {
	isNumbers(c) // numbers are ordered as numbers
	remap := make([]int32, len(c.dict))
	for i := range remap {
		remap[i] = missingCode
	}
	a := dataset.Attribute{Name: c.name, Values: slices.Clone(c.dict[:c.declared])}
	for i := range c.declared {
		remap[i] = int32(i)
	}
	var used []int32 // undeclared values, in order of first appearance
	missing := false
	for _, r := range keep {
		code := c.codes[r]
		if code == missingCode {
			missing = true
			continue
		}
		if remap[code] != missingCode {
			continue
		}
		if len(a.Values)+len(used) == dataset.MaxValues {
			return a, nil, tooMany(t, c, r, fmt.Sprintf("its value %s is value %d", input.Excerpt(c.dict[code]), dataset.MaxValues+1))
		}
		remap[code] = 0 // seen; numbered below
		used = append(used, code)
	}
	if c.nums != nil {
		slices.SortStableFunc(used, func(x, y int32) int {
			if d := cmp.Compare(c.nums[x], c.nums[y]); d != 0 {
				return d
			}
			return strings.Compare(c.dict[x], c.dict[y])
		})
	}
	for _, code := range used {
		remap[code] = int32(len(a.Values))
		a.Values = append(a.Values, c.dict[code])
	}
	if len(a.Values) == 0 { // keepMissing, every kept row missing
		return a, nil, input.Filef(t.file, 0, "column %s has no value in any row kept, only missing ones: drop it", input.Excerpt(c.name))
	}
	missingCodeOut := dataset.MissingCode
	if missing && !keepMissing {
		if slices.Contains(a.Values, MissingLabel) {
			return a, nil, input.Filef(t.file, 0,
				"column %s has a value %q and missing values too, which would share its label; use missing: drop", input.Excerpt(c.name), MissingLabel)
		}
		if len(a.Values) == dataset.MaxValues {
			return a, nil, tooMany(t, c, -1, "with the missing category")
		}
		a.Values = append(a.Values, MissingLabel)
		missingCodeOut = uint8(len(a.Values) - 1)
	}
	codes := make([]uint8, len(keep))
	for k, r := range keep {
		if code := c.codes[r]; code != missingCode {
			codes[k] = uint8(remap[code])
		} else {
			codes[k] = missingCodeOut
		}
	}
	return a, codes, nil
}

// tooMany reports a column with more than dataset.MaxValues values, at
// row r (-1: no row in particular).
func tooMany(t *table, c *rawColumn, r int, detail string) error {
	e := &input.Error{File: t.file, Err: fmt.Errorf(
		"column %s has more than %d distinct values (%s); a nominal column may have at most %d: drop it",
		input.Excerpt(c.name), dataset.MaxValues, detail, dataset.MaxValues)}
	if r >= 0 {
		e.File, e.Line, e.Key = t.at(r)
	}
	return e
}

// countMissing counts the kept rows with no value in c.
func countMissing(c *rawColumn, keep []int) int {
	n := 0
	for _, r := range keep {
		if c.codes[r] == missingCode {
			n++
		}
	}
	return n
}

// recodeClass returns the class column recoded by the rules of
// Options.ClassMap: its values are the rules' distinct labels, declared in
// rule order, and each cell gets the label of the first rule matching its
// text. A missing cell stays missing.
func recodeClass(t *table, c *rawColumn, rules []ClassRule) (*rawColumn, error) {
	out := newColumn(c.name, Nominal)
	for _, r := range rules {
		out.declare(r.Label) // a label repeated by a later rule is declared once
	}
	res := make([]*regexp.Regexp, len(rules))
	for i, r := range rules {
		res[i] = regexp.MustCompile(r.Match) // Validate compiled it
	}
	const unmatched = missingCode - 1
	to := make([]int32, len(c.dict)) // code of each old value
	for v, text := range c.dict {
		to[v] = unmatched
		for i, re := range res {
			if re.MatchString(text) {
				to[v] = out.index[rules[i].Label]
				break
			}
		}
	}
	out.codes = make([]int32, len(c.codes))
	for r, code := range c.codes {
		switch {
		case code == missingCode:
			out.codes[r] = missingCode
		case to[code] == unmatched:
			file, line, _ := t.at(r)
			return nil, &input.Error{File: file, Line: line, Key: "class_map",
				Err: fmt.Errorf("class value %s of column %s matches no rule", input.Excerpt(c.dict[code]), input.Excerpt(c.name))}
		default:
			out.codes[r] = to[code]
		}
	}
	out.finish()
	return out, nil
}
