package trainset

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtbench/dtbench/flow"
	"github.com/dtbench/dtbench/schemas"
	"github.com/dtbench/dtbench/stages/train"
)

// TestModelIDs: over every task of the plan, the ids of learner i of L
// are t·L·K + f·L + i on fold f of a cross-validated task (K folds) and
// t·L + i on a held-out task (the ids written to models/ and the results
// since the first release; cmd/dtbench's tree tests read them); they
// number the fits densely, 0 … T·L·K − 1, each once; and a tree's
// models/ record has its fit's id, fold, task and oracle.
func TestModelIDs(t *testing.T) {
	names := []string{"id3", "majority", "naivebayes", "intuitive", "cart"}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s := newSet(t, specs(names...)...)
			node := k.node(s)
			seen := map[int64]bool{}
			for id := range plan.Len() {
				b := runTask(t, k, node, id, false, nil)
				fits := flow.Fits.Get(b)
				if len(fits) != k.k*len(names) {
					t.Fatalf("task %d: %d fits; want %d", id, len(fits), k.k*len(names))
				}
				byID := map[int64]flow.Fit{}
				for _, f := range fits {
					i, fold := slices.Index(names, f.Learner), max(f.Fold, 0)
					var want int64
					if k.k == 1 {
						want = id*int64(len(names)) + int64(i)
					} else {
						want = id*int64(len(names)*k.k) + int64(fold*len(names)) + int64(i)
					}
					if f.ModelID != want {
						t.Errorf("task %d: %s fold %d has model id %d; want %d", id, f.Learner, f.Fold, f.ModelID, want)
					}
					if seen[f.ModelID] {
						t.Errorf("task %d: model id %d given twice", id, f.ModelID)
					}
					seen[f.ModelID] = true
					byID[f.ModelID] = f
				}
				models := schemas.ModelTable.Get(b)
				if len(models) != 2*k.k { // id3 and cart grow trees
					t.Errorf("task %d: %d models; want %d", id, len(models), 2*k.k)
				}
				wantOracle := int64(-1)
				if k.k == 1 {
					wantOracle = oracleID
				}
				for _, m := range models {
					f, ok := byID[m.ModelID]
					if !ok || f.Learner != m.Learner || int(m.Fold) != f.Fold || f.Tree != m.Tree || m.DatasetID != id || m.OracleID != wantOracle {
						t.Errorf("task %d: models record %d (%s, fold %d, task %d, oracle %d) does not match its fit %+v",
							id, m.ModelID, m.Learner, m.Fold, m.DatasetID, m.OracleID, f)
					}
				}
			}
			for id := range plan.Len() * int64(len(names)*k.k) {
				if !seen[id] {
					t.Errorf("model id %d given to no fit: the ids are not dense", id)
				}
			}
		})
	}
}

// TestReloadEqualsFit: the fits Reload rebuilds from models/ (written to
// Parquet and read back) and by fitting the other learners again are the
// fits Run made, in the same order — learner, id, fold, flags, tree, the
// optimality claim, and every prediction over the input space, a random
// classifier's draws included — and Reload logs no time and writes no
// models.
func TestReloadEqualsFit(t *testing.T) {
	names := []string{"id3", "cart", "naivebayes", "randomtree", "random", "majority", "exact"}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s := newSet(t, specs(names...)...)
			node := k.node(s)
			for _, id := range []int64{0, 4} {
				fitted := runTask(t, k, node, id, false, nil)
				stored := roundTrip(t, schemas.ModelTable.Get(fitted))
				reloaded := runTask(t, k, node, id, true, stored)
				want, got := flow.Fits.Get(fitted), flow.Fits.Get(reloaded)
				if len(got) != len(want) {
					t.Fatalf("task %d: reload gave %d fits; fit gave %d", id, len(got), len(want))
				}
				for j := range want {
					w, g := &want[j], &got[j]
					if g.Learner != w.Learner || g.ModelID != w.ModelID || g.Fold != w.Fold || g.Intuitive != w.Intuitive ||
						g.Extra != w.Extra || g.Status != w.Status || (g.Tree == nil) != (w.Tree == nil) ||
						(g.Optimal == nil) != (w.Optimal == nil) || g.Optimal != nil && *g.Optimal != *w.Optimal {
						t.Errorf("task %d fit %d: reload %+v; fit %+v", id, j, *g, *w)
						continue
					}
					if w.Tree != nil && !sameTree(g.Tree, w.Tree) {
						t.Errorf("task %d: %s fold %d: the reloaded tree differs from the fitted one", id, w.Learner, w.Fold)
					}
					if p, q := predictions(g.Model), predictions(w.Model); !slices.Equal(p, q) {
						t.Errorf("task %d: %s fold %d predicts %v reloaded; %v fitted", id, w.Learner, w.Fold, p, q)
					}
				}
				if n := len(flow.TimingLog.Get(reloaded)); n != 0 {
					t.Errorf("task %d: reload logged %d timings; want none", id, n)
				}
				if m := schemas.ModelTable.Get(reloaded); len(m) != len(stored) || len(m) > 0 && &m[0] != &stored[0] {
					t.Errorf("task %d: reload replaced the models it read", id)
				}
			}
		})
	}
}

// TestReloadWithoutModels: a reload that finds no tree of a tree learner
// in models/ refuses, telling to run train first, naming the fold of a
// cross-validated task.
func TestReloadWithoutModels(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			node := k.node(newSet(t, specs("majority", "id3")...))
			b := schemas.NewBag()
			k.input(t, b)
			schemas.ModelTable.Set(b, nil)
			task := plan.Task(1)
			err := node.Reload(&task, b)
			want := "no id3 tree for task 1"
			if k.k > 1 {
				want += " fold 0"
			}
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "run train first") {
				t.Errorf("reload without models: %v; want an error containing %q and 'run train first'", err, want)
			}
		})
	}
}

// TestExtraI: when no configured I runs on a task (none configured, its
// repetitions cap passed, or its datasets option leaving the task's data
// out) and the fold has held-out rows, each fold's fits end with the
// benchmark I fitted on the fold's training rows (Extra, model id −1),
// predicting what an I fitted directly on those rows predicts, its fit
// timed like the others; otherwise no fit is Extra. A held-out task
// without test rows gets none.
func TestExtraI(t *testing.T) {
	noTest := kindOf("holdout")
	noTest.name, noTest.input = "holdout without test rows", holdoutInput(flow.Holdouts, 0)
	capped := []train.Spec{{Name: "id3"}, {Name: train.Intuitive, Repetitions: 1}}
	elsewhere := []train.Spec{{Name: "id3"}, {Name: train.Intuitive, Datasets: []string{"other"}}}
	for _, tc := range []struct {
		name  string
		kind  kind
		specs []train.Spec
		rep   int64 // the task: its repetition
		extra bool
	}{
		{"cv, no I", kindOf("cv"), specs("id3", "majority"), 0, true},
		{"cv, I configured", kindOf("cv"), specs("id3", "intuitive"), 0, false},
		{"cv, I capped, repetition 0", kindOf("cv"), capped, 0, false},
		{"cv, I capped, repetition 1", kindOf("cv"), capped, 1, true},
		{"cv, I on other datasets", kindOf("cv"), elsewhere, 0, true},
		{"fit, no I", kindOf("fit"), specs("id3", "majority"), 0, true},
		{"holdout, no I", kindOf("holdout"), specs("id3", "majority"), 0, true},
		{"holdout, I configured", kindOf("holdout"), specs("intuitive", "id3"), 0, false},
		{"holdout, I capped, repetition 2", kindOf("holdout"), capped, 2, true},
		{"holdout without test rows, no I", noTest, specs("id3", "majority"), 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := runTask(t, tc.kind, tc.kind.node(newSet(t, tc.specs...)), tc.rep, false, nil)
			fits := flow.Fits.Get(b)
			if n := len(flow.TimingLog.Get(b)); n != len(fits) {
				t.Errorf("%d fit timings for %d fits; want one each", n, len(fits))
			}
			extras := 0
			for j, f := range fits {
				if f.Intuitive != (f.Learner == train.Intuitive) {
					t.Errorf("fit %d (%s) has Intuitive %v", j, f.Learner, f.Intuitive)
				}
				if !f.Extra {
					continue
				}
				extras++
				if f.Learner != train.Intuitive || f.ModelID != -1 || f.Tree != nil {
					t.Errorf("extra fit %d: %s, model id %d, tree %v; want intuitive, -1, none", j, f.Learner, f.ModelID, f.Tree != nil)
				}
				if j+1 < len(fits) && fits[j+1].Fold == f.Fold {
					t.Errorf("extra fit %d of fold %d is not its fold's last", j, f.Fold)
				}
				if p, q := predictions(f.Model), predictions(directI(t, b, f.Fold)); !slices.Equal(p, q) {
					t.Errorf("fold %d: the extra I predicts %v; I fitted on the fold's training rows %v", f.Fold, p, q)
				}
			}
			want := 0
			if tc.extra {
				want = tc.kind.k
			}
			if extras != want {
				t.Errorf("%d extra fits; want %d (one per fold)", extras, want)
			}
		})
	}
}

// directI fits I on the training rows of fold (NoFold: all of the held-out
// task's training rows) of the task's inputs in b.
func directI(t *testing.T, b *schemas.Bag, fold int) train.Model {
	t.Helper()
	l, err := train.Builtin().New(train.Spec{Name: train.Intuitive})
	if err != nil {
		t.Fatal(err)
	}
	var m train.Model
	if fold == schemas.NoFold {
		recs := append(flow.Holdouts.Get(b), schemas.DatasetTable.Get(b)...)
		m, err = l.Fit(recs[0].Train, recs[0].Train.All(), nil)
	} else {
		sp := flow.Splits.Get(b)[0]
		m, err = l.Fit(sp.Data, sp.TrainRows(fold), nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFoldTrainingOrder: on a cross-validated task whose fold scheme has
// a training order (Weka's), a learner that follows one (CART, which
// draws its pruning folds from it) gets each fold's rows in that order:
// its tree is the one FitOrdered grows on them, which is not, on every
// fold, the one Fit grows on the same rows.
func TestFoldTrainingOrder(t *testing.T) {
	k := kindOf("cv")
	b := runTask(t, k, k.node(newSet(t, specs("cart")...)), 0, false, nil)
	sp := flow.Splits.Get(b)[0]
	l, err := train.Builtin().New(train.Spec{Name: "cart"})
	if err != nil {
		t.Fatal(err)
	}
	ol := l.(train.OrderedLearner)
	task := plan.Task(0)
	differs := false
	for _, f := range flow.Fits.Get(b) {
		if f.Extra {
			continue // the benchmark I
		}
		ordered, err := ol.FitOrdered(sp.Data, sp.TrainOrder(f.Fold), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !sameTree(f.Tree, ordered.(train.TreeModel).Tree()) {
			t.Errorf("fold %d: the tree is not CART's on the fold's training order", f.Fold)
		}
		plain, err := l.Fit(sp.Data, sp.TrainRows(f.Fold), task.LearnerRand("cart/fold"+strconv.Itoa(f.Fold)))
		if err != nil {
			t.Fatal(err)
		}
		differs = differs || !sameTree(f.Tree, plain.(train.TreeModel).Tree())
	}
	if !differs {
		t.Error("on every fold, CART grows the same tree in row order: the test data cannot tell the orders apart")
	}
}
