package interop

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// A second reader that trusts the statistics: polars (nodejs-polars,
// pinned in package.json, installed by `npm ci`), whose lazy scan prunes
// row groups by them. polars.js answers, for every column of every table
// file of the statistics runs, how many rows are null, not null, and
// below, equal to and above a pivot value; every answer must be the
// truth's (Arrow's). Before issue 20 its isNull filter found 0 rows in
// columns that held hundreds of nulls.

// polarsQuestion is one line of polars.js's input; polarsAnswer one of
// its output.
type polarsQuestion struct {
	Path   string `json:"path"`
	Column string `json:"column"`
	Pivot  any    `json:"pivot"`
}

type polarsAnswer struct {
	IsNull    int64  `json:"isNull"`
	IsNotNull int64  `json:"isNotNull"`
	NullCount int64  `json:"nullCount"`
	Lt        *int64 `json:"lt,omitempty"`
	Eq        *int64 `json:"eq,omitempty"`
	Gt        *int64 `json:"gt,omitempty"`
}

// polars runs polars.js on the questions, skipping the test when node or
// the npm modules are not there.
func polars(t *testing.T, qs []polarsQuestion) []polarsAnswer {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH: polars, the second reader, is not checked")
	}
	if _, err := os.Stat(filepath.Join("node_modules", "nodejs-polars")); err != nil {
		t.Skip("nodejs-polars is not installed: run `npm ci` in interop/ (.ci/run does); polars, the second reader, is not checked")
	}
	in, err := json.Marshal(qs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "polars.js")
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("polars.js: %v\n%s", err, stderr.Bytes())
	}
	var answers []polarsAnswer
	if err := json.Unmarshal(out, &answers); err != nil || len(answers) != len(qs) {
		t.Fatalf("polars.js gave %d answers to %d questions (%v):\n%s", len(answers), len(qs), err, out)
	}
	return answers
}

// TestPolarsAgrees asks polars of every column of every table file of the
// statistics runs what TestNullsAndBoundsStatisticsOnOff asks DuckDB.
func TestPolarsAgrees(t *testing.T) {
	type truth struct {
		file  string
		col   column
		pivot bool
		below int64
		equal int64
		above int64
	}
	var qs []polarsQuestion
	var want []truth
	for _, path := range tableFiles(t) {
		for _, c := range arrowColumns(t, path) {
			q := polarsQuestion{Path: path, Column: c.name}
			w := truth{file: path, col: c}
			if v, below, equal, above, ok := c.pivot(); ok && !hasNaN(c) {
				q.Pivot, w.pivot = v, true
				w.below, w.equal, w.above = int64(below), int64(equal), int64(above)
			}
			qs = append(qs, q)
			want = append(want, w)
		}
	}
	for i, a := range polars(t, qs) {
		w := want[i]
		n, nulls := int64(len(w.col.cells)), int64(w.col.nulls())
		rel, _ := filepath.Rel(base, w.file)
		if a.IsNull != nulls || a.IsNotNull != n-nulls || a.NullCount != nulls {
			t.Errorf("%s column %s: polars finds %d null, %d not null, null_count %d; the data has %d null of %d",
				rel, w.col.name, a.IsNull, a.IsNotNull, a.NullCount, nulls, n)
		}
		if w.pivot && (a.Lt == nil || a.Eq == nil || a.Gt == nil || *a.Lt != w.below || *a.Eq != w.equal || *a.Gt != w.above) {
			t.Errorf("%s column %s around %v: polars finds %v below, %v equal, %v above; the data has %d, %d, %d",
				rel, w.col.name, qs[i].Pivot, deref(a.Lt), deref(a.Eq), deref(a.Gt), w.below, w.equal, w.above)
		}
	}
}

// hasNaN reports whether a column holds a NaN, which polars and DuckDB
// order differently; polars is not asked to compare with such a column.
func hasNaN(c column) bool {
	for _, v := range c.cells {
		if f, ok := v.(float64); ok && math.IsNaN(f) {
			return true
		}
	}
	return false
}

func deref(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}
