package tree

import (
	"strconv"

	"github.com/dtbench/dtbench/dataset"
)

// Names labels a tree's features, feature values and classes for display.
// Any label that is missing — the zero Names has none — falls back to a
// default: "f3" for feature 3, and the bare code ("0", "1", …) for a value
// or a class. Names never changes what a tree computes.
type Names struct {
	Features []string   // Features[f]: name of feature f
	Values   [][]string // Values[f][v]: label of value v of feature f
	Classes  []string   // Classes[c]: label of class c
	// Title, when not empty, says what the tree is (the data and the
	// task it was grown on): WriteText writes it on a first line,
	// followed by an empty one, WriteDOT as the graph's label.
	Title string
}

// NamesOf returns the names a dataset schema gives its features, their
// values and its classes, for rendering a tree learned from that dataset.
func NamesOf(s dataset.Schema) Names {
	n := Names{
		Features: make([]string, len(s.Features)),
		Values:   make([][]string, len(s.Features)),
		Classes:  append([]string(nil), s.Class.Values...),
	}
	for f, a := range s.Features {
		n.Features[f] = a.Name
		n.Values[f] = append([]string(nil), a.Values...)
	}
	return n
}

// Feature returns the name of feature f, or "f<f>" when it has none.
func (n Names) Feature(f int) string {
	if f >= 0 && f < len(n.Features) {
		return n.Features[f]
	}
	return "f" + strconv.Itoa(f)
}

// Value returns the label of value v of feature f, or the code v when it has none.
func (n Names) Value(f, v int) string {
	if f >= 0 && f < len(n.Values) && v >= 0 && v < len(n.Values[f]) {
		return n.Values[f][v]
	}
	return strconv.Itoa(v)
}

// Class returns the label of class c, or the code c when it has none.
func (n Names) Class(c int) string {
	if c >= 0 && c < len(n.Classes) {
		return n.Classes[c]
	}
	return strconv.Itoa(c)
}
