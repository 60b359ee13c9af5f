package smo

import (
	"fmt"
	"math"
	"testing"
)

// scenario is one comparison with Weka: which rows train, which rows are
// predicted (in order), and the fixture holding Weka's answers.
type scenario struct {
	name  string
	train func(tb *table, r int) bool
	test  func(tb *table, r int) bool
}

var (
	all    = func(*table, int) bool { return true }
	full   = scenario{"full", all, all}
	split  = scenario{"split", func(_ *table, r int) bool { return splitTrain(r) }, func(_ *table, r int) bool { return !splitTrain(r) }}
	common = scenario{"common", func(tb *table, r int) bool { return tb.label(r) < 2 }, all} // car: unacc and acc only
)

// TestWekaAgreement trains on the shared datasets as
// testdata/weka/regen.sh trained Weka 3.6.14's SMO and checks that every
// predicted class, the first pairs' weights and biases, and the sampled
// distributions agree; on car also with two classes absent from training
// (pairs of one class, and a pair of none). '?' cells are replaced by the training mode, as
// Weka's ReplaceMissingValues does, so the three datasets with missing
// values are compared too.
func TestWekaAgreement(t *testing.T) {
	for _, s := range realSets {
		t.Run(s.name, func(t *testing.T) {
			tb := readTable(t, s)
			scenarios := []scenario{full, split}
			if s.name == "car" {
				scenarios = append(scenarios, common)
			}
			for _, sc := range scenarios {
				for _, probs := range []bool{false, true} {
					name := sc.name
					if probs {
						name += ".M"
					}
					t.Run(name, func(t *testing.T) {
						compareWeka(t, tb, s.name, sc, probs)
					})
				}
			}
		})
	}
}

func compareWeka(t *testing.T, tb *table, name string, sc scenario, probs bool) {
	file := name + "." + sc.name
	if probs {
		file += ".M"
	}
	fx := readFixture(t, file+".txt")
	train := func(r int) bool { return sc.train(tb, r) }
	d := tb.dataset(t, train)
	o := DefaultOptions()
	o.Probabilities = probs
	m, err := Learner{Options: o}.Fit(d, rowsWhere(d.Len(), train), nil)
	if err != nil {
		t.Fatalf("Fit: %v", err)
	}

	// Machines: Weka prints the non-zero weights of its sparse vector.
	exact, weights := 0, 0
	for _, p := range fx.pairs {
		w, b, ok := m.Machine(p.i, p.j)
		if ok != p.trained {
			t.Fatalf("pair (%d,%d): trained = %v; Weka %v", p.i, p.j, ok, p.trained)
		}
		if !ok {
			continue
		}
		check := func(what string, got, want float64) {
			weights++
			// The solver repeats Weka's floating-point operations in
			// Weka's order, so the doubles are the same, not just close.
			if got == want {
				exact++
			} else {
				t.Errorf("pair (%d,%d) %s = %.17g; Weka %.17g", p.i, p.j, what, got, want)
			}
		}
		check("bias", b, p.bias)
		for c, v := range w {
			check(fmt.Sprintf("w[%d]", c), v, p.w[c])
		}
	}

	x := make([]uint8, d.NumFeatures())
	dist := make([]float64, d.Classes())
	agree, n, worst := 0, 0, 0.0
	for r := range d.Len() {
		if !sc.test(tb, r) {
			continue
		}
		d.Row(r, x)
		got := m.Predict(x)
		if n >= len(fx.preds) {
			t.Fatalf("fixture has %d predictions; the test set has more", len(fx.preds))
		}
		if got == fx.preds[n] {
			agree++
		} else {
			t.Errorf("row %d: Predict = %d; Weka %d", r, got, fx.preds[n])
		}
		if want, ok := fx.dists[n]; ok {
			m.Distribution(x, dist)
			for c := range dist {
				worst = max(worst, math.Abs(dist[c]-want[c]))
			}
		}
		n++
	}
	if n != len(fx.preds) {
		t.Fatalf("predicted %d rows; fixture has %d", n, len(fx.preds))
	}
	t.Logf("%s: %d/%d predictions agree; %d/%d weights and biases bit-identical; largest distribution difference %.3g",
		file, agree, n, exact, weights, worst)
	tol := 1e-12
	if probs {
		tol = 1e-6
	}
	if worst > tol {
		t.Errorf("distributions differ from Weka's by up to %.3g; want <= %g", worst, tol)
	}
}
