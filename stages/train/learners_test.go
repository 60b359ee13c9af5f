package train

import (
	"math/rand/v2"
	"testing"
)

// TestEveryLearnerOnOracleSamples runs every registered learner, through
// the registry, on noise-free samples of random oracles (binary and
// ternary features, 2 and 3 classes) and checks what must hold for all:
// same seed, same model; tree models pass Validate; unpruned tree
// learners fit their training rows (the exact learner perfectly, the
// greedy ones up to the rare rows at leaves where no feature has any
// gain, as in parity); every model predicts a valid class.
func TestEveryLearnerOnOracleSamples(t *testing.T) {
	options := map[string]map[string]any{
		"c45":  {"pruning": "none", "min_leaf": 1},
		"cart": {"pruning": "none", "min_leaf": 1},
		// The cost learners (unit costs here) unpruned too; ICET is not
		// checked for fit: it trades training errors for test costs.
		"idx":   {"pruning": "none", "min_leaf": 1},
		"csid3": {"pruning": "none", "min_leaf": 1},
		"eg2":   {"pruning": "none", "min_leaf": 1},
	}
	shapes := []struct {
		domains []int
		classes int
		depth   int
	}{
		{[]int{2, 2, 2, 2, 2, 2, 2, 2}, 2, 5},
		{[]int{3, 3, 3, 3, 3, 3}, 3, 3},
		{[]int{2, 3, 4, 2, 3, 2}, 2, 4},
	}
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			for si, sh := range shapes {
				for seed := range uint64(4) {
					d := oracleData(t, 100*uint64(si)+seed, sh.domains, sh.classes, sh.depth, 400)
					l, err := New(Spec{Name: name, Options: options[name]})
					if err != nil {
						t.Fatal(err)
					}
					fit := func() Model {
						m, err := l.Fit(d, d.All(), rand.New(rand.NewPCG(seed, 7)))
						if err != nil {
							t.Fatal(err)
						}
						return m
					}
					m1, m2 := fit(), fit()
					wrong := 0
					x := make([]uint8, 0, d.NumFeatures())
					for r := range d.Len() {
						x = d.Row(r, x)
						c := m1.Predict(x)
						if c < 0 || c >= d.Classes() {
							t.Fatalf("predicted class %d outside 0..%d", c, d.Classes()-1)
						}
						if c != int(d.Label(r)) {
							wrong++
						}
					}
					tm, isTree := m1.(TreeModel)
					if !isTree {
						continue
					}
					if err := tm.Tree().Validate(); err != nil {
						t.Fatalf("shape %d seed %d: %v", si, seed, err)
					}
					if diff := sameTree(tm.Tree(), m2.(TreeModel).Tree()); diff != "" {
						t.Errorf("shape %d seed %d: same seed, different trees: %s", si, seed, diff)
					}
					if name == "icet" {
						continue
					}
					limit := d.Len() / 50
					if name == "exact" {
						limit = 0
					}
					if wrong > limit {
						t.Errorf("shape %d seed %d: %d of %d training rows misclassified (limit %d)", si, seed, wrong, d.Len(), limit)
					}
				}
			}
		})
	}
}
