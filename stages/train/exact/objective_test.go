package exact

import (
	"testing"
)

// checkDepthObjective compares a fit of objective Depth with the brute
// force: the least depth at the least error, a proven optimum, class
// counts that match the rows, and no fewer leaves than the minimum.
func checkDepthObjective(t *testing.T, c smallCase, br bruteResult, m *Model) {
	t.Helper()
	got := m.Tree()
	if got.Depth() != br.depth {
		t.Fatalf("depth %d; brute force %d", got.Depth(), br.depth)
	}
	if got.Leaves() < br.want.leaves {
		t.Fatalf("leaves %d below the brute force's minimum %d", got.Leaves(), br.want.leaves)
	}
	if e := trainingErrors(got, c.d, c.rows); e != br.want.errors || m.TrainingErrors() != e {
		t.Fatalf("training errors %d (reported %d); brute force %d", e, m.TrainingErrors(), br.want.errors)
	}
	if !m.Optimal() {
		t.Fatal("Optimal() = false without a time budget")
	}
	checkCounts(t, got, c.d, c.rows)
}

func TestDepthObjectiveMatchesBruteForce(t *testing.T) {
	for _, consistent := range []bool{true, false} {
		for _, c := range smallCases(t, 11, 200, consistent) {
			t.Run(c.name, func(t *testing.T) {
				br := bruteSolve(c)
				forEngines(t, func(t *testing.T) {
					checkDepthObjective(t, c, br, fit(t, opts(0, Depth), c.d, c.bits))
				})
			})
		}
	}
}

// TestDepthObjectiveUnderMaxDepth checks that a depth bound the data
// exceed gives the same answer for both objectives: fewest errors, then
// leaves.
func TestDepthObjectiveUnderMaxDepth(t *testing.T) {
	for _, c := range smallCases(t, 12, 100, false) {
		t.Run(c.name, func(t *testing.T) {
			bf := &brute{d: c.d, used: make([]bool, c.d.NumFeatures())}
			depth, _ := bf.minDepth(c.rows)
			for bound := 1; bound < depth; bound++ {
				want := fit(t, opts(bound, DepthThenLeaves), c.d, c.bits)
				got := fit(t, opts(bound, Depth), c.d, c.bits)
				if diff := sameTree(got.Tree(), want.Tree()); diff != "" || got.Optimal() != want.Optimal() {
					t.Fatalf("MaxDepth %d: objective depth differs from depth-then-leaves %s", bound, diff)
				}
			}
		})
	}
}

func TestParseObjective(t *testing.T) {
	for _, o := range []Objective{DepthThenLeaves, Depth} {
		got, err := ParseObjective(o.String())
		if err != nil || got != o {
			t.Errorf("ParseObjective(%q) = %v, %v; want %v", o.String(), got, err, o)
		}
	}
	for _, bad := range []string{"", "leaves", "Depth"} {
		if _, err := ParseObjective(bad); err == nil {
			t.Errorf("ParseObjective(%q) = nil error; want one", bad)
		}
	}
	for _, bad := range []string{"", "leaves", (Depth + 1).String()} {
		if err := (Options{TimeBudget: "0", Objective: bad}).Validate(); err == nil {
			t.Errorf("Validate() of objective %q = nil; want an error", bad)
		}
	}
}
