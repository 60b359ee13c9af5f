package schemas

import "testing"

// TableKind is one kind of table of the tests, for the external tests of this
// directory (arrowcheck_test.go).
type TableKind struct {
	Name  string
	Write func(path string) (FileInfo, error)
}

// Tables returns every table kind dtbench writes, with a writer of a small
// random file of it (tables).
func Tables(t *testing.T) []TableKind {
	var out []TableKind
	for _, tc := range tables(t) {
		out = append(out, TableKind{Name: tc.name, Write: tc.write})
	}
	return out
}
