package train

import (
	"errors"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/importer"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/internal/shareddata"
)

// heartDisease reads the shared processed.cleveland.data as the cost
// study reads it (configs/cost-turney.yaml: the absence/presence task,
// numeric columns in Weka's five equal-frequency bins, "?" a value of its
// own), and the cost model of Turney's files with the 0/1 matrix. It
// skips t when the shared datasets are absent and fails on a read error.
func heartDisease(t testing.TB) (*dataset.Dataset, *costs.Model) {
	t.Helper()
	d := readShared(t, "heart-disease", importer.MissingCategory)
	base := filepath.Join(shareddata.DirOrSkip(t), "heart-disease", "costs", "heart-disease")
	spec, err := costs.ReadUCI(base)
	if err != nil {
		t.Fatal(err)
	}
	model, err := spec.Resolve(heartFeatures, 2)
	if err != nil {
		t.Fatal(err)
	}
	return d, model
}

// twoThirds returns a random two thirds of d's rows, the training rows of
// a 2:1 split (about 200 of heart-disease's 303).
func twoThirds(d *dataset.Dataset, seed uint64) dataset.Bitset {
	rows := dataset.NewBitset(d.Len())
	perm := rand.New(rand.NewPCG(seed, 23)).Perm(d.Len())
	for _, r := range perm[:d.Len()*2/3] {
		rows.Set(r)
	}
	return rows
}

// flattened returns m's full costs as flat costs: no group, each test
// costing its full cost, the delays and matrix of m. EG2 with this model
// is EG2 with the bias of ICET's seeded individual.
func flattened(m *costs.Model) *costs.Model {
	out := &costs.Model{Tests: slices.Clone(m.Tests), Matrix: m.Matrix}
	for f := range out.Tests {
		out.Tests[f].Cost = m.Full(f)
		out.Tests[f].Group = costs.NoGroup
	}
	return out
}

// icetCase is a dataset, training rows and a cost model for ICET's tests.
type icetCase struct {
	d     *dataset.Dataset
	rows  dataset.Bitset
	model *costs.Model
}

// icetCases are ICET's test cases by name, each made in its subtest (so
// that heart-disease skips alone when the shared datasets are absent):
// three noisy oracle samples with drawn costs (delays, groups, a 1:3
// matrix) and heart-disease with Turney's costs and errors costing 600.
var icetCases = []struct {
	name string
	make func(t testing.TB) icetCase
}{
	{"oracle0", func(t testing.TB) icetCase { return oracleICETCase(t, 0) }},
	{"oracle1", func(t testing.TB) icetCase { return oracleICETCase(t, 1) }},
	{"oracle2", func(t testing.TB) icetCase { return oracleICETCase(t, 2) }},
	{"heart-disease", func(t testing.TB) icetCase {
		d, m := heartDisease(t)
		m.Matrix = [][]float64{{0, 600}, {600, 0}}
		return icetCase{d, twoThirds(d, 1), m}
	}},
}

func oracleICETCase(t testing.TB, seed uint64) icetCase {
	rng := rand.New(rand.NewPCG(seed, 31))
	d := costNoisyData(t, rng, repeat(2, 10), 2, 6, 400)
	m, err := costs.Draw(rng, 10, 2, costs.DrawOptions{MinCost: 0, MaxCost: 0.2, Delayed: 0.3, Groups: 2, Grouped: 0.4, MinCommon: 0, MaxCommon: 0.3, Matrix: [][]float64{{0, 1}, {3, 0}}})
	if err != nil {
		t.Fatal(err)
	}
	return icetCase{d, d.All(), m}
}

// TestICETNeverWorseThanEG2 checks, on oracle samples with drawn costs
// (delays and groups) and on heart-disease with Turney's costs, that
// ICET's best individual is never worse on its fitness than the seeded
// one, EG2 with the real costs as its bias; and that the seeded
// individual's tree is EG2's: EG2 given the full costs as flat costs
// grows it on the same rows.
func TestICETNeverWorseThanEG2(t *testing.T) {
	for _, c := range icetCases {
		t.Run(c.name, func(t *testing.T) {
			tc := c.make(t)
			o := DefaultICETOptions()
			o.Trials = 300
			seed := uint64(5)
			got, err := ICET{Options: o, Costs: tc.model}.Fit(tc.d, tc.rows, rand.New(rand.NewPCG(seed, 1)))
			if err != nil {
				t.Fatal(err)
			}
			im := got.(*ICETModel)
			// The same generator state splits the rows the same way.
			grow, held, ok := splitRows(tc.d, tc.rows, o.Split, rand.New(rand.NewPCG(seed, 1)))
			if !ok {
				t.Fatal("no split")
			}
			s := newSearch(tc.d, tc.model, o)
			seedFit, err := s.fitness(s.seed(), grow, held)
			if err != nil {
				t.Fatal(err)
			}
			if im.Fitness > seedFit {
				t.Errorf("ICET's best fitness %.6g is worse than the seeded EG2's %.6g", im.Fitness, seedFit)
			}
			if im.Trials != o.Trials {
				t.Errorf("%d trials; want %d", im.Trials, o.Trials)
			}
			eg2 := fitTree(t, EG2{Options: DefaultEG2Options(), Costs: flattened(tc.model)}, tc.d, grow, 0)
			own, err := s.fit(s.seed(), grow)
			if err != nil {
				t.Fatal(err)
			}
			if diff := sameTree(eg2, own.Tree()); diff != "" {
				t.Errorf("the seeded individual's tree is not EG2's with the full costs: %s", diff)
			}
			// The model's genes grow its tree on all the rows.
			best := append(append(genome(nil), im.Biases...), im.Omega, im.Confidence)
			again, err := s.fit(best, tc.rows)
			if err != nil {
				t.Fatal(err)
			}
			if diff := sameTree(im.Tree(), again.Tree()); diff != "" {
				t.Errorf("ICET's tree is not its genes' tree on all rows: %s", diff)
			}
			t.Logf("fitness %.4g, seeded EG2 %.4g", im.Fitness, seedFit)
		})
	}
}

// TestICETDeterministic checks that a seed fixes ICET's result (tree,
// genes, fitness) and that another seed searches differently.
func TestICETDeterministic(t *testing.T) {
	tc := oracleICETCase(t, 0)
	o := DefaultICETOptions()
	o.Trials = 200
	fit := func(seed uint64) *ICETModel {
		m, err := ICET{Options: o, Costs: tc.model}.Fit(tc.d, tc.rows, rand.New(rand.NewPCG(seed, 2)))
		if err != nil {
			t.Fatal(err)
		}
		return m.(*ICETModel)
	}
	a, b := fit(1), fit(1)
	if diff := sameTree(a.Tree(), b.Tree()); diff != "" {
		t.Fatalf("same seed, different trees: %s", diff)
	}
	if !slices.Equal(a.Biases, b.Biases) || a.Omega != b.Omega || a.Confidence != b.Confidence || a.Fitness != b.Fitness {
		t.Fatalf("same seed, different genes or fitness: %+v vs %+v", a, b)
	}
	if c := fit(2); slices.Equal(a.Biases, c.Biases) {
		t.Errorf("seeds 1 and 2 found the same biases %v", a.Biases)
	}
	for i, x := range a.Biases {
		if !(x >= 0) {
			t.Errorf("bias %d = %v; want >= 0", i, x)
		}
	}
	if a.Omega < 0 || a.Omega > 1 || a.Confidence < minCF || a.Confidence > maxCF {
		t.Errorf("ω %v, CF %v outside [0, 1], [%v, %v]", a.Omega, a.Confidence, minCF, maxCF)
	}
}

// TestICETSmall checks the degenerate training sets: one row grows the
// seeded individual's tree, with no search.
func TestICETSmall(t *testing.T) {
	d := costHandData(t)
	one := dataset.NewBitset(d.Len())
	one.Set(3)
	m, err := ICET{Options: DefaultICETOptions()}.Fit(d, one, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if im := m.(*ICETModel); im.Trials != 0 || !math.IsNaN(im.Fitness) {
		t.Errorf("one row: %d trials, fitness %v; want none, NaN", im.Trials, im.Fitness)
	}
	if _, err := (ICET{Options: DefaultICETOptions()}).Fit(d, d.All(), rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
}

// TestGAOperators checks the GA's parts: codes round-trip, crossover
// keeps or exchanges whole genes exactly and recodes only the cut ones,
// mutation at rate 0 changes nothing and at rate 1 complements every
// code, and SUS draws each index ⌊e⌋ or ⌈e⌉ times.
func TestGAOperators(t *testing.T) {
	d := costHandData(t)
	s := newSearch(d, costs.Unit(2, 2, nil), DefaultICETOptions())
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 4 {
		for _, q := range []uint64{0, 1, 1234, 1<<geneBits - 1} {
			if got := s.code(i, s.decode(i, q)); got != q {
				t.Errorf("gene %d: code(decode(%d)) = %d", i, q, got)
			}
		}
	}
	a, b := genome{3.5, 7.25, 0.3, 0.1}, genome{9000, 1, 0.9, 0.45}
	for range 200 {
		x, y := slices.Clone(a), slices.Clone(b)
		s.crossover(x, y, a, b, rng)
		for i := range a {
			switch {
			case x[i] == a[i] && y[i] == b[i], x[i] == b[i] && y[i] == a[i]:
			default:
				// A cut gene: both children's codes are bitwise mixes of the parents'.
				qa, qb, qx, qy := s.code(i, a[i]), s.code(i, b[i]), s.code(i, x[i]), s.code(i, y[i])
				if qx^qy != qa^qb || (qx&^(qa^qb)) != (qa&qb) {
					t.Fatalf("gene %d: children codes %d, %d are no mix of %d and %d", i, qx, qy, qa, qb)
				}
			}
		}
	}
	o := DefaultICETOptions()
	o.Mutation = 0
	s0 := newSearch(d, costs.Unit(2, 2, nil), o)
	if g := s0.mutate(slices.Clone(a), rng); !slices.Equal(g, a) {
		t.Errorf("mutation 0 changed %v to %v", a, g)
	}
	o.Mutation = 1
	s1 := newSearch(d, costs.Unit(2, 2, nil), o)
	g := s1.mutate(slices.Clone(b), rng)
	for i := range b {
		if s1.code(i, g[i]) != s1.code(i, b[i])^(1<<geneBits-1) {
			t.Errorf("mutation 1: gene %d code %d; want the complement of %d", i, s1.code(i, g[i]), s1.code(i, b[i]))
		}
	}
	w := []float64{0, 1, 2, 3, 4, 0}
	parents := make([]int, 6)
	for range 50 {
		sus(slices.Clone(w), parents, rng)
		count := make([]int, len(w))
		for _, p := range parents {
			count[p]++
		}
		for i, c := range count {
			e := w[i] / 10 * 6
			if float64(c) < math.Floor(e) || float64(c) > math.Ceil(e) {
				t.Fatalf("SUS drew %d %d times; expected %.2f", i, c, e)
			}
		}
	}
}

// TestICETOptions checks the options' ranges through the registry.
func TestICETOptions(t *testing.T) {
	l, err := New(Spec{Name: "icet", Options: map[string]any{"trials": 500, "split": 0.6, "confidence": 0.1}})
	if err != nil {
		t.Fatal(err)
	}
	if o := l.(ICET).Options; o.Trials != 500 || o.Split != 0.6 || o.Confidence != 0.1 || o.Population != 50 || o.Crossover != 0.6 || o.Mutation != 0.001 {
		t.Errorf("icet options = %+v", o)
	}
	for _, tc := range []struct {
		opts map[string]any
		key  string
	}{
		{map[string]any{"population": 1}, "learners.icet.population"},
		{map[string]any{"trials": 10}, "learners.icet.trials"},
		{map[string]any{"crossover": 1.5}, "learners.icet.crossover"},
		{map[string]any{"mutation": -0.1}, "learners.icet.mutation"},
		{map[string]any{"split": 1.0}, "learners.icet.split"},
		{map[string]any{"max_bias": 0.0}, "learners.icet.max_bias"},
		{map[string]any{"omega": 2.0}, "learners.icet.omega"},
		{map[string]any{"confidence": 0.9}, "learners.icet.confidence"},
	} {
		_, err := New(Spec{Name: "icet", Options: tc.opts})
		var ie *input.Error
		if !errors.As(err, &ie) || ie.Key != tc.key {
			t.Errorf("options %v: %v; want an error keyed %s", tc.opts, err, tc.key)
		}
	}
}

// TestICETUnseededIsTurneysBaseline: with seeded: false no individual of
// the search carries the real costs. Every gene of the best individual is
// a value of the GA's code grid (a random draw, or bred from draws), where
// the seeded individual's biases are the tests' real costs, off the grid;
// with a single generation (trials = population) the seeded search keeps
// the seed when it is the fittest, the unseeded one cannot.
func TestICETUnseededIsTurneysBaseline(t *testing.T) {
	for _, c := range icetCases {
		t.Run(c.name, func(t *testing.T) {
			tc := c.make(t)
			o := DefaultICETOptions()
			o.Population, o.Trials = 20, 20
			s := newSearch(tc.d, tc.model, o)
			offGrid := 0
			for f, g := range s.seed()[:s.n] {
				if s.decode(f, s.code(f, g)) != g {
					offGrid++
				}
			}
			if offGrid == 0 {
				t.Fatalf("every real cost is on the code grid: the case cannot tell a seeded individual")
			}
			for _, seeded := range []bool{true, false} {
				o.Seeded = seeded
				got, err := ICET{Options: o, Costs: tc.model}.Fit(tc.d, tc.rows, rand.New(rand.NewPCG(9, 1)))
				if err != nil {
					t.Fatal(err)
				}
				im := got.(*ICETModel)
				if im.Seeded != seeded {
					t.Errorf("model says seeded %v; the options %v", im.Seeded, seeded)
				}
				onGrid := true
				for f, b := range im.Biases {
					onGrid = onGrid && s.decode(f, s.code(f, b)) == b
				}
				isSeed := slices.Equal(im.Biases, s.seed()[:s.n])
				if !seeded && (isSeed || !onGrid) {
					t.Errorf("unseeded: the best individual's biases %v are not all drawn ones", im.Biases)
				}
				if seeded && !onGrid && !isSeed {
					t.Errorf("seeded: biases %v are neither the seed's nor drawn", im.Biases)
				}
			}
		})
	}
}
