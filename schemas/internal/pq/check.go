package pq

import (
	"fmt"
	"strings"

	"github.com/dtbench/dtbench/input"
	"github.com/parquet-go/parquet-go"
)

// CheckColumns compares the leaf columns of a file's schema with want's,
// in order, by path, physical type and repetition, and names the first
// difference in an *input.Error on path.
func CheckColumns(path string, got, want *parquet.Schema) error {
	g, w := DescribeColumns(got), DescribeColumns(want)
	for i := range max(len(g), len(w)) {
		switch {
		case i >= len(g):
			return input.Filef(path, 0, "missing column %s", w[i])
		case i >= len(w):
			return input.Filef(path, 0, "unexpected column %s", g[i])
		case g[i] != w[i]:
			return input.Filef(path, 0, "column %d is %s, want %s", i, g[i], w[i])
		}
	}
	return nil
}

// DescribeColumns returns "path type repetition" for every leaf column of
// s, in order ("doe DOUBLE optional"): what CheckColumns compares and its
// errors name.
func DescribeColumns(s *parquet.Schema) []string {
	var out []string
	for _, p := range s.Columns() {
		leaf, _ := s.Lookup(p...)
		rep := "required"
		switch {
		case leaf.MaxRepetitionLevel > 0:
			rep = "repeated"
		case leaf.MaxDefinitionLevel > 0:
			rep = "optional"
		}
		out = append(out, fmt.Sprintf("%s %s %s", strings.Join(p, "."), leaf.Node.Type().Kind(), rep))
	}
	return out
}
