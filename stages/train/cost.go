package train

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/dtbench/dtbench/costs"
	"github.com/dtbench/dtbench/dataset"
	"github.com/dtbench/dtbench/input"
	"github.com/dtbench/dtbench/stages/train/internal/grow"
)

// The cost-sensitive learners of the cost study (Turney 1995, section
// 3): IDX, CS-ID3 and EG2 are C4.5 with its selection measure replaced,
// as Turney built them by changing C4.5's source ("we modified C4.5 so
// that it selects the attribute that maximizes ICF"), so each is fitJ48
// with its criterion and J48's options (defaults, min_leaf, pruning). A
// cost criterion's gain, which J48's rule averages, is its measure
// itself, so the average-gain rule never excludes the best split: the
// test chosen is the one of largest measure among J48's valid splits
// (ties to the lowest feature), with J48's tolerance (a measure must
// exceed 1e-6). ICET (icet.go) searches EG2's biases with a genetic
// algorithm.
// The measures, with ΔI a split's information gain (J48's) and C its
// test's cost at the node:
//
//	IDX (Norton 1989):         ΔI / C
//	CS-ID3 (Tan 1993):         ΔI² / C
//	EG2 (Núñez 1991):          (2^ΔI − 1) / (C + 1)^ω,  ω ∈ [0, 1]
//
// C includes the test's group's common cost while no member of the group
// is tested on the path to the node (a pathCriterion). A test of cost 0
// counts as costing minCost in IDX and CS-ID3, so free tests rank by gain,
// ahead of any test that costs. Delayed tests change nothing here: only
// the evaluation of a tree (package costs), and so ICET's fitness, sees
// them.

// CostSensitive is a learner that is fitted with the cost model of the
// dataset it trains on. The pipeline hands it each dataset's model with
// WithCosts before fitting, as it would any option; a cost-sensitive
// learner given no model uses unit costs (costs.Unit: every test costs
// 1, no group, the 0/1 matrix).
type CostSensitive interface {
	Learner
	// WithCosts returns the learner with cost model m (nil = unit costs).
	WithCosts(m *costs.Model) Learner
}

// WithCosts returns l with cost model m when l is CostSensitive, else l
// unchanged: what the pipeline calls on every learner of a task whose
// dataset has a cost model.
func WithCosts(l Learner, m *costs.Model) Learner {
	if cs, ok := l.(CostSensitive); ok {
		return cs.WithCosts(m)
	}
	return l
}

// minCost is the cost IDX and CS-ID3 divide by for a free test.
const minCost = 1e-9

// testCosts is C_f at the node being split: feature f's Cost, plus its
// group's common cost while no member of the group is tested on the
// path. One value serves one fit (it holds the current node's costs).
type testCosts struct {
	own     []float64 // per feature
	group   []int     // per feature: a group, or costs.NoGroup
	common  []float64 // per group
	members [][]int   // per group
	c       []float64 // per feature, at the current node
}

// newTestCosts returns the costs of model m's tests.
func newTestCosts(m *costs.Model) *testCosts {
	tc := &testCosts{
		own:     make([]float64, len(m.Tests)),
		group:   make([]int, len(m.Tests)),
		common:  make([]float64, len(m.Groups)),
		members: make([][]int, len(m.Groups)),
		c:       make([]float64, len(m.Tests)),
	}
	for g, gr := range m.Groups {
		tc.common[g] = gr.Common
	}
	for f, t := range m.Tests {
		tc.own[f], tc.group[f] = t.Cost, t.Group
		if t.Group != costs.NoGroup {
			tc.members[t.Group] = append(tc.members[t.Group], f)
		}
	}
	tc.root()
	return tc
}

// biasCosts returns flat costs: C_f = bias[f] at every node (ICET's
// biases, which replace the tests' costs and know no groups).
func biasCosts(bias []float64) *testCosts {
	tc := &testCosts{own: bias, group: make([]int, len(bias)), c: make([]float64, len(bias))}
	for f := range tc.group {
		tc.group[f] = costs.NoGroup
	}
	tc.root()
	return tc
}

// root sets the costs of a node with nothing tested above it.
func (tc *testCosts) root() {
	for f, x := range tc.own {
		if g := tc.group[f]; g != costs.NoGroup {
			x += tc.common[g]
		}
		tc.c[f] = x
	}
}

// refresh sets the costs of node n from its path and reports whether
// they may have changed; with no group they never do.
func (tc *testCosts) refresh(n *grow.Node) bool { return tc.refreshBy(n.Tested) }

// refreshBy sets the costs of a node at which tested(f) reports whether
// feature f is tested on its path, and reports whether they may have
// changed; with no group they never do.
func (tc *testCosts) refreshBy(tested func(f int) bool) bool {
	if len(tc.common) == 0 {
		return false
	}
	copy(tc.c, tc.own)
	for g, ms := range tc.members {
		paid := false
		for _, f := range ms {
			if tested(f) {
				paid = true
				break
			}
		}
		if !paid {
			for _, f := range ms {
				tc.c[f] += tc.common[g]
			}
		}
	}
	return true
}

func (tc *testCosts) atNode(n *grow.Node) { tc.refresh(n) }

// atPath is atNode for the J48 port (c45_weka.go), which knows a node's
// path as tested[f].
func (tc *testCosts) atPath(tested []bool) { tc.refreshBy(func(f int) bool { return tested[f] }) }

// idxCriterion is IDX's measure ΔI / C (merit and gain).
type idxCriterion struct{ *testCosts }

func (c idxCriterion) score(s *nodeSums, f int, t []int) (float64, float64) {
	gain, _ := s.j48Criteria(s.terms(t))
	m := gain / max(c.c[f], minCost)
	return m, m
}

// j48Merit is IDX's measure from J48's gain of the split (the J48 port's
// measure: a numeric split's gain is at its cut, penalty included).
func (c idxCriterion) j48Merit(f int, infoGain, _ float64) (float64, float64) {
	m := infoGain / max(c.c[f], minCost)
	return m, m
}

// csid3Criterion is CS-ID3's measure ΔI² / C (merit and gain).
type csid3Criterion struct{ *testCosts }

func (c csid3Criterion) score(s *nodeSums, f int, t []int) (float64, float64) {
	gain, _ := s.j48Criteria(s.terms(t))
	m := gain * gain / max(c.c[f], minCost)
	return m, m
}

// j48Merit is CS-ID3's measure from J48's gain of the split.
func (c csid3Criterion) j48Merit(f int, infoGain, _ float64) (float64, float64) {
	m := infoGain * infoGain / max(c.c[f], minCost)
	return m, m
}

// eg2Criterion is EG2's information cost function
// (2^ΔI − 1) / (C + 1)^ω (merit and gain); den holds (C_f + 1)^ω at the
// node.
type eg2Criterion struct {
	*testCosts
	omega float64
	den   []float64
}

func newEG2Criterion(tc *testCosts, omega float64) *eg2Criterion {
	c := &eg2Criterion{testCosts: tc, omega: omega, den: make([]float64, len(tc.c))}
	c.powers()
	return c
}

func (c *eg2Criterion) powers() {
	for f, x := range c.c {
		c.den[f] = math.Pow(x+1, c.omega)
	}
}

func (c *eg2Criterion) atNode(n *grow.Node) {
	if c.refresh(n) {
		c.powers()
	}
}

func (c *eg2Criterion) atPath(tested []bool) {
	if c.refreshBy(func(f int) bool { return tested[f] }) {
		c.powers()
	}
}

// j48Merit is EG2's measure from J48's gain of the split.
func (c *eg2Criterion) j48Merit(f int, infoGain, _ float64) (float64, float64) {
	m := (math.Exp2(infoGain) - 1) / c.den[f]
	return m, m
}

func (c *eg2Criterion) score(s *nodeSums, f int, t []int) (float64, float64) {
	gain, _ := s.j48Criteria(s.terms(t))
	m := (math.Exp2(gain) - 1) / c.den[f]
	return m, m
}

// modelFor returns m, or unit costs when m is nil, after checking that it
// fits d; errors name the learner.
func modelFor(name string, m *costs.Model, d *dataset.Dataset) (*costs.Model, error) {
	if m == nil {
		names := make([]string, d.NumFeatures())
		for f, a := range d.Schema().Features {
			names[f] = a.Name
		}
		return costs.Unit(d.NumFeatures(), d.Classes(), names), nil
	}
	if err := m.Fits(d.NumFeatures(), d.Classes()); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// IDX is Norton's IDX as Turney ran it: C4.5 (J48's options) selecting
// by ΔI / C. Costs nil means unit costs.
type IDX struct {
	Options C45Options
	Costs   *costs.Model
}

// Capabilities: C4.5's (C45.Capabilities), whose J48 port it grows on.
func (IDX) Capabilities() Capabilities { return C45{}.Capabilities() }

// WithCosts returns l with cost model m.
func (l IDX) WithCosts(m *costs.Model) Learner { l.Costs = m; return l }

// Fit grows and prunes an IDX tree on the rows of d in rows.
func (l IDX) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	m, err := modelFor("idx", l.Costs, d)
	if err != nil {
		return nil, err
	}
	return fitJ48("idx", d, rows, l.Options, idxCriterion{newTestCosts(m)}, rng)
}

// FitOrdered is Fit on the rows listed in order, which the J48 port
// follows on numbers and missing values (C45.FitOrdered).
func (l IDX) FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (Model, error) {
	m, err := modelFor("idx", l.Costs, d)
	if err != nil {
		return nil, err
	}
	return fitJ48Ordered("idx", d, order, l.Options, idxCriterion{newTestCosts(m)}, rng)
}

// CSID3 is Tan's CS-ID3 as Turney ran it: C4.5 selecting by ΔI² / C.
type CSID3 struct {
	Options C45Options
	Costs   *costs.Model
}

// Capabilities: C4.5's (C45.Capabilities), whose J48 port it grows on.
func (CSID3) Capabilities() Capabilities { return C45{}.Capabilities() }

// WithCosts returns l with cost model m.
func (l CSID3) WithCosts(m *costs.Model) Learner { l.Costs = m; return l }

// Fit grows and prunes a CS-ID3 tree on the rows of d in rows.
func (l CSID3) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	m, err := modelFor("csid3", l.Costs, d)
	if err != nil {
		return nil, err
	}
	return fitJ48("csid3", d, rows, l.Options, csid3Criterion{newTestCosts(m)}, rng)
}

// FitOrdered is Fit on the rows listed in order (C45.FitOrdered).
func (l CSID3) FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (Model, error) {
	m, err := modelFor("csid3", l.Costs, d)
	if err != nil {
		return nil, err
	}
	return fitJ48Ordered("csid3", d, order, l.Options, csid3Criterion{newTestCosts(m)}, rng)
}

// EG2Options are C4.5's (J48's defaults) and EG2's ω.
type EG2Options struct {
	C45Options `mapstructure:",squash"`
	// Omega is ω in [0, 1], the strength of the bias towards cheap tests:
	// 0 ignores costs (selection by gain), 1 (Turney's setting) the most.
	Omega float64 `mapstructure:"omega"`
}

// DefaultEG2Options returns J48's defaults and ω = 1.
func DefaultEG2Options() EG2Options {
	return EG2Options{C45Options: DefaultC45Options(), Omega: 1}
}

// Validate checks every option's range.
func (o EG2Options) Validate() error {
	if err := o.C45Options.Validate(); err != nil {
		return err
	}
	return checkOmega(o.Omega)
}

func checkOmega(w float64) error {
	if !(w >= 0 && w <= 1) {
		return input.Keyf("omega", "must be in [0, 1], got %v", w)
	}
	return nil
}

// EG2 is Núñez's EG2 as Turney ran it: C4.5 selecting by the
// information cost function (2^ΔI − 1) / (C + 1)^ω.
type EG2 struct {
	Options EG2Options
	Costs   *costs.Model
}

// Capabilities: C4.5's (C45.Capabilities), whose J48 port it grows on.
func (EG2) Capabilities() Capabilities { return C45{}.Capabilities() }

// WithCosts returns l with cost model m.
func (l EG2) WithCosts(m *costs.Model) Learner { l.Costs = m; return l }

// Fit grows and prunes an EG2 tree on the rows of d in rows.
func (l EG2) Fit(d *dataset.Dataset, rows dataset.Bitset, rng *rand.Rand) (Model, error) {
	if err := l.Options.Validate(); err != nil {
		return nil, fmt.Errorf("eg2: %w", err)
	}
	m, err := modelFor("eg2", l.Costs, d)
	if err != nil {
		return nil, err
	}
	return fitJ48("eg2", d, rows, l.Options.C45Options, newEG2Criterion(newTestCosts(m), l.Options.Omega), rng)
}

// FitOrdered is Fit on the rows listed in order (C45.FitOrdered).
func (l EG2) FitOrdered(d *dataset.Dataset, order []int, rng *rand.Rand) (Model, error) {
	if err := l.Options.Validate(); err != nil {
		return nil, fmt.Errorf("eg2: %w", err)
	}
	m, err := modelFor("eg2", l.Costs, d)
	if err != nil {
		return nil, err
	}
	return fitJ48Ordered("eg2", d, order, l.Options.C45Options, newEG2Criterion(newTestCosts(m), l.Options.Omega), rng)
}
