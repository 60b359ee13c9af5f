package evaluate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/tree"
)

// sameFloat reports whether got equals want within tol, NaN matching NaN.
func sameFloat(got, want, tol float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= tol
}

func TestAccuracy(t *testing.T) {
	schema := dataset.Schema{
		Features: []dataset.Attribute{{Name: "a", Values: []string{"x", "y", "z"}}, {Name: "b", Values: []string{"n", "p"}}},
		Class:    dataset.Attribute{Name: "c", Values: []string{"0", "1"}},
	}
	// Rows (a, b) → class; the tree below predicts class 1 exactly when a = y.
	x := [][]uint8{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {0, 1}, {1, 0}}
	y := []uint8{0, 1, 0, 1, 0, 1}
	d, err := dataset.FromRows(schema, x, y)
	if err != nil {
		t.Fatalf("FromRows: %v", err)
	}
	b := tree.NewBuilder(schema.Domains(), 2)
	kids := b.Split(b.Root(), 0, []int{0, 1, 0})
	b.SetLeaf(kids[0], 0)
	b.SetLeaf(kids[1], 1)
	model := b.Tree()

	rows := func(rs ...int) dataset.Bitset {
		s := dataset.NewBitset(d.Len())
		for _, r := range rs {
			s.Set(r)
		}
		return s
	}
	cases := []struct {
		name string
		rows dataset.Bitset
		want float64
	}{
		{"all rows", d.All(), 4.0 / 6}, // wrong on rows 2 (a=y, class 0) and 3 (a=z, class 1)
		{"correct rows", rows(0, 1, 4, 5), 1},
		{"wrong rows", rows(2, 3), 0},
		{"one of each", rows(2, 5), 0.5},
		{"no rows", rows(), math.NaN()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Accuracy(model, d, tc.rows); !sameFloat(got, tc.want, 1e-15) {
				t.Errorf("Accuracy = %g; want %g", got, tc.want)
			}
		})
	}
}

func TestRandomAccuracy(t *testing.T) {
	cases := []struct {
		name        string
		train, eval []int
		want        float64
	}{
		{"same distribution", []int{3, 1}, []int{6, 2}, 0.75*0.75 + 0.25*0.25},
		{"uniform priors", []int{1, 1}, []int{10, 0}, 0.5},
		{"three classes", []int{2, 0, 2}, []int{1, 1, 2}, (1*0.5 + 2*0.5) / 4},
		{"eval lacks a class", []int{1, 1, 2}, []int{2, 2}, (2*0.25 + 2*0.25) / 4},
		{"train lacks a class", []int{1, 1}, []int{1, 1, 2}, (1*0.5 + 1*0.5) / 4},
		{"no training rows", []int{0, 0}, []int{1, 1}, math.NaN()},
		{"no evaluation rows", []int{1, 1}, []int{0, 0}, math.NaN()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := RandomAccuracy(tc.train, tc.eval); !sameFloat(got, tc.want, 1e-15) {
				t.Errorf("RandomAccuracy(%v, %v) = %g; want %g", tc.train, tc.eval, got, tc.want)
			}
		})
	}
	t.Run("Σ p² when eval = train distribution", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		for range 200 {
			train := make([]int, 2+rng.IntN(6))
			n := 0
			for j := range train {
				train[j] = rng.IntN(50)
				n += train[j]
			}
			if n == 0 {
				continue
			}
			scale := 1 + rng.IntN(5)
			eval := make([]int, len(train))
			want := 0.0
			for j, c := range train {
				eval[j] = c * scale
				p := float64(c) / float64(n)
				want += p * p
			}
			if got := RandomAccuracy(train, eval); !sameFloat(got, want, 1e-12) {
				t.Fatalf("RandomAccuracy(%v, %v) = %.15g; want Σ p² = %.15g", train, eval, got, want)
			}
		}
	})
}

func TestMajorityAccuracy(t *testing.T) {
	cases := []struct {
		name        string
		train, eval []int
		want        float64
	}{
		{"clear majority", []int{1, 5}, []int{4, 6}, 0.6},
		{"tie goes to lowest code", []int{2, 2, 1}, []int{1, 3, 4}, 1.0 / 8},
		{"majority absent from eval", []int{0, 0, 7}, []int{5, 5}, 0},
		{"no training rows: class 0", []int{0, 0}, []int{3, 1}, 0.75},
		{"no evaluation rows", []int{1, 2}, []int{0, 0}, math.NaN()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := MajorityAccuracy(tc.train, tc.eval); !sameFloat(got, tc.want, 1e-15) {
				t.Errorf("MajorityAccuracy(%v, %v) = %g; want %g", tc.train, tc.eval, got, tc.want)
			}
		})
	}
}

// fixedDist predicts class 1 with probability p1 (of 3 classes: p1 on
// class 1, the rest on class 0).
type fixedDist struct{ p1 float64 }

func (f fixedDist) Predict([]uint8) int {
	if f.p1 >= 0.5 {
		return 1
	}
	return 0
}

func (f fixedDist) Distribution(_ []uint8, dst []float64) {
	clear(dst)
	dst[0], dst[1] = 1-f.p1, f.p1
}

// oneHot predicts class c without probabilities.
type oneHot int

func (c oneHot) Predict([]uint8) int { return int(c) }

func TestScore(t *testing.T) {
	schema := dataset.Schema{
		Features: []dataset.Attribute{{Name: "a", Values: []string{"x", "y"}}},
		Class:    dataset.Attribute{Name: "c", Values: []string{"0", "1", "2"}},
	}
	// Classes of the four rows: 1, 1, 0, 2.
	d, err := dataset.FromRows(schema, [][]uint8{{0}, {1}, {0}, {1}}, []uint8{1, 1, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	rows := NewRows(d, d.All())
	// p = (0.2, 0.8, 0) on every row, K = 3: |errors| per row are
	// class 1: 0.2 + 0.2 + 0 = 0.4; class 0: 0.8 + 0.8 + 0 = 1.6;
	// class 2: 0.2 + 0.8 + 1 = 2; the sum 0.4+0.4+1.6+2 = 4.4, /3 per row.
	conf := make([]int, 9)
	s := rows.Score(fixedDist{0.8}, 3, conf)
	if s.Correct != 2 || s.Total != 4 || !sameFloat(s.MAE(), 4.4/3/4, 1e-12) || s.Accuracy() != 0.5 {
		t.Errorf("Score = %+v, MAE %v; want 2 of 4 correct, MAE %v", s, s.MAE(), 4.4/3/4)
	}
	if want := []int{0, 1, 0, 0, 2, 0, 0, 1, 0}; !slices.Equal(conf, want) {
		t.Errorf("confusion = %v; want %v (actual × predicted)", conf, want)
	}
	// A model without probabilities: MAE = 2·error/K, as the paper's
	// Table 5 shows for I and V.
	s = rows.Score(oneHot(1), 3, nil)
	if !sameFloat(s.MAE(), 2*(2.0/4)/3, 1e-12) {
		t.Errorf("one-hot MAE = %v; want %v", s.MAE(), 2*(2.0/4)/3)
	}
	if s := (Score{}); !math.IsNaN(s.MAE()) || !math.IsNaN(s.Accuracy()) {
		t.Error("a score of no rows is not NaN")
	}
}

// thresholdModel predicts class 1 when feature 0 exceeds 2, class 0 when
// it does not, and (0.5, 0.5) where it is missing: a model that reads
// Weka instances.
type thresholdModel struct{}

func (thresholdModel) Predict([]uint8) int { panic("a mixed row was scored through codes") }
func (thresholdModel) PredictValues(x []float64) int {
	if x[0] > 2 {
		return 1
	}
	return 0
}
func (thresholdModel) DistributionValues(x []float64, dst []float64) {
	switch {
	case math.IsNaN(x[0]):
		dst[0], dst[1] = 0.5, 0.5
	case x[0] > 2:
		dst[0], dst[1] = 0, 1
	default:
		dst[0], dst[1] = 1, 0
	}
}

// TestScoreMixedRows: rows with a numeric feature and a missing value are
// scored through the model's values walks: correct rows, the confusion
// counts and the mean absolute error as Weka's Evaluation sums them.
func TestScoreMixedRows(t *testing.T) {
	s := dataset.Schema{Features: []dataset.Attribute{{Name: "x", Numeric: true}}, Class: dataset.Attribute{Name: "c", Values: []string{"0", "1"}}}
	d, err := dataset.NewMixed(s, [][]uint8{nil}, [][]float64{{1, 3, math.NaN(), 5}}, []uint8{0, 1, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	rows := NewRows(d, d.All())
	if !rows.Mixed() {
		t.Fatal("rows of a dataset with a numeric feature must be Weka instances")
	}
	conf := make([]int, 4)
	sc := rows.Score(thresholdModel{}, 2, conf)
	// Row 0: 0 right; row 1: 1 right; row 2 (missing): predicts 0, actual 1,
	// error (0.5+0.5)/2; row 3: predicts 1, actual 0, error (1+1)/2.
	if sc.Correct != 2 || sc.Total != 4 || !sameFloat(sc.MAE(), (0+0+0.5+1)/4, 1e-12) {
		t.Errorf("score = %+v (MAE %v), want 2 of 4 correct, MAE 0.375", sc, sc.MAE())
	}
	if want := []int{1, 1, 1, 1}; !slices.Equal(conf, want) {
		t.Errorf("confusion = %v, want %v", conf, want)
	}
	if acc := rows.Accuracy(thresholdModel{}); acc != 0.5 {
		t.Errorf("Accuracy = %v, want 0.5", acc)
	}
}

// tabledTree is a tree model that hands out its leaf table, as the
// trainer's tree models do (LeafTabler).
type tabledTree struct{ t *tree.Tree }

func (m tabledTree) Predict(x []uint8) int                 { return m.t.Predict(x) }
func (m tabledTree) Distribution(x []uint8, dst []float64) { m.t.Distribution(x, dst) }
func (m tabledTree) LeafTable() (*tree.Tree, []float64)    { return m.t, m.t.LeafDistributions() }
func (m tabledTree) PredictDistribution(x []uint8, dst []float64) int {
	return m.t.PredictDistribution(x, dst)
}

// TestScoreByLeaf: a tree model scored through its leaf table with
// nothing told per row (scoreLeaves: each row's errors read from a table
// per leaf and class) has the score and confusion matrix of the row by
// row walk (a RowFunc forces it), bit for bit, on random trees with class
// counts (uneven leaf distributions).
func TestScoreByLeaf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	bySpace := 0
	for trial := range 120 {
		lt, rows, k := randomCountedCase(t, rng, 200)
		if trial%2 == 1 {
			// A small space of binary (and unary) features, scored by
			// labelling the space with the tree's leaves when there are
			// rows enough.
			domains := randomDomains(rng, 1+rng.IntN(maxSpaceFeatures), 1, 2)
			for f := range domains {
				if rng.IntN(4) != 0 {
					domains[f] = 2
				}
			}
			lt, rows, k = countedCase(t, rng, domains, 1500)
			if rows.spaceLeaves(lt, nil) != nil {
				bySpace++
			}
		}
		m := tabledTree{lt}
		gotConf, wantConf := make([]int, k*k), make([]int, k*k)
		got := rows.Score(m, k, gotConf)
		want, _ := rows.ScoreRows(m, nil, k, wantConf, func(int, int, []float64, TableRow, float64) {})
		if got.Correct != want.Correct || got.Total != want.Total ||
			math.Float64bits(got.AbsErr) != math.Float64bits(want.AbsErr) || math.Float64bits(got.SqErr) != math.Float64bits(want.SqErr) {
			t.Errorf("trial %d: by leaf %+v, row by row %+v", trial, got, want)
		}
		if !slices.Equal(gotConf, wantConf) {
			t.Errorf("trial %d: confusion by leaf %v, row by row %v", trial, gotConf, wantConf)
		}
		// With the weighted AUC: scored by leaf (no call per row) and by
		// the row walk telling each row to the ROC rows, they agree too.
		var byLeaf, byRow ROCRows
		byLeaf.K, byRow.K = k, k
		clear(gotConf)
		clear(wantConf)
		got, _ = rows.score(m, nil, k, gotConf, nil, &byLeaf)
		want, _ = rows.ScoreRows(m, nil, k, wantConf, func(i, p int, probs []float64, from TableRow, _ float64) {
			byRow.addRow(rows.Label(i), p, probs, from)
		})
		if got != want || !slices.Equal(gotConf, wantConf) ||
			math.Float64bits(byLeaf.WeightedAUC()) != math.Float64bits(byRow.WeightedAUC()) {
			t.Errorf("trial %d: by leaf %+v (AUC %v), row by row %+v (AUC %v)", trial, got, byLeaf.WeightedAUC(), want, byRow.WeightedAUC())
		}
	}
	if bySpace < 20 {
		t.Errorf("%d trials scored by labelling the space, want at least 20", bySpace)
	}
}

// plainTree is a tree model with a distribution and nothing else.
type plainTree struct{ t *tree.Tree }

func (m plainTree) Predict(x []uint8) int                 { return m.t.Predict(x) }
func (m plainTree) Distribution(x []uint8, dst []float64) { m.t.Distribution(x, dst) }
func (m plainTree) PredictDistribution(x []uint8, dst []float64) int {
	return m.t.PredictDistribution(x, dst)
}

// batchTree is plainTree giving its rows' distributions at once
// (BatchDistributor), formed last row first, so that a row read from the
// wrong place of the batch shows.
type batchTree struct{ plainTree }

func (m batchTree) PredictDistributions(x []uint8, features int, pred []int, dst []float64) {
	k := m.t.Classes
	for r := len(pred) - 1; r >= 0; r-- {
		pred[r] = m.t.PredictDistribution(x[r*features:(r+1)*features], dst[r*k:(r+1)*k])
	}
}

// TestScoreBatch: a BatchDistributor scored from its batch of
// distributions has the score, confusion matrix, weighted AUC and rows
// told of the row by row walk, bit for bit.
func TestScoreBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for trial := range 40 {
		lt, rows, k := randomCountedCase(t, rng, 300)
		type told struct {
			p     int
			probs []float64
		}
		run := func(m Predictor) (Score, []int, float64, []told) {
			conf := make([]int, k*k)
			var roc ROCRows
			roc.K = k
			var each []told
			s, _ := rows.score(m, nil, k, conf, func(i, p int, probs []float64, _ TableRow, _ float64) {
				each = append(each, told{p, slices.Clone(probs)})
			}, &roc)
			return s, conf, roc.WeightedAUC(), each
		}
		gs, gc, ga, ge := run(batchTree{plainTree{lt}})
		ws, wc, wa, we := run(plainTree{lt})
		if gs != ws || !slices.Equal(gc, wc) || math.Float64bits(ga) != math.Float64bits(wa) {
			t.Fatalf("trial %d: batch %+v %v AUC %v, row by row %+v %v AUC %v", trial, gs, gc, ga, ws, wc, wa)
		}
		for i := range we {
			if ge[i].p != we[i].p || !slices.Equal(ge[i].probs, we[i].probs) {
				t.Fatalf("trial %d row %d: batch told %v, row by row %v", trial, i, ge[i], we[i])
			}
		}
	}
}

// randomCountedCase returns a random tree over 2 to 4 classes whose nodes
// carry random class counts (uneven leaf distributions), and 1 to maxRows
// random rows of its features with random classes.
func randomCountedCase(t *testing.T, rng *rand.Rand, maxRows int) (*tree.Tree, *Rows, int) {
	t.Helper()
	return countedCase(t, rng, randomDomains(rng, 5, 2, 4), maxRows)
}

// countedCase is randomCountedCase over the given domains.
func countedCase(t *testing.T, rng *rand.Rand, domains []int, maxRows int) (*tree.Tree, *Rows, int) {
	t.Helper()
	k := 2 + rng.IntN(3)
	lt := randomLearned(rng, domains, k, id3Like(4, 1, 0.7))
	lt.Counts = make([]int32, lt.Len()*k)
	for i := range lt.Counts {
		lt.Counts[i] = int32(rng.IntN(7))
	}
	schema := dataset.Schema{Class: dataset.Attribute{Name: "c"}}
	for f, z := range domains {
		a := dataset.Attribute{Name: fmt.Sprint("f", f)}
		for v := range z {
			a.Values = append(a.Values, fmt.Sprint(v))
		}
		schema.Features = append(schema.Features, a)
	}
	for c := range k {
		schema.Class.Values = append(schema.Class.Values, fmt.Sprint(c))
	}
	n := 1 + rng.IntN(maxRows)
	xs, ys := make([][]uint8, n), make([]uint8, n)
	for i := range xs {
		for _, z := range domains {
			xs[i] = append(xs[i], uint8(rng.IntN(z)))
		}
		ys[i] = uint8(rng.IntN(k))
	}
	d, err := dataset.FromRows(schema, xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	return lt, NewRows(d, d.All()), k
}
